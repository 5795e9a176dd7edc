//! A refusal of the studio: an HTTP status and a message for the
//! constructor, with any details beside it.
//!
//! Its own module because both the API ([`super::api`]) and the word lists
//! ([`super::lists`]) refuse requests, and the API reads the lists: with
//! the error here, imports run one way (api → lists → error).

use serde_json::{json, Value};

/// A refusal: the HTTP status and a message for the constructor, with any
/// details (`slots` at fault) in `extra`.
#[derive(Debug, PartialEq)]
pub struct ApiError {
    pub status: u16,
    pub message: String,
    pub extra: Value,
}

impl ApiError {
    pub(crate) fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError {
            status: 400,
            message: message.into(),
            extra: Value::Null,
        }
    }

    /// The whole reply body: `{"error": message, ...extra}`.
    pub fn body(&self) -> Value {
        let mut body = json!({ "error": self.message });
        if let (Some(body), Some(extra)) = (body.as_object_mut(), self.extra.as_object()) {
            body.extend(extra.clone());
        }
        body
    }
}

impl From<crate::Error> for ApiError {
    fn from(e: crate::Error) -> ApiError {
        ApiError::bad_request(e.to_string())
    }
}
