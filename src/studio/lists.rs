//! The word lists a studio offers: the one it was started with, the
//! embedded default beside it, and lists the constructor adds from the page.
//!
//! Each list is kept twice, as the index the engine searches and as the
//! list itself, whose clue field drafts clues. Requests name a list; a list
//! added under a name already taken replaces it, so a constructor who edits
//! a list and adds it again gets the new words, and the studio never holds
//! more than [`MOST_LISTS`].

use std::sync::{Arc, RwLock};

use serde_json::{json, Value};

use super::api::ApiError;
use crate::wordlist::index::Index;
use crate::wordlist::WordList;

/// Lists held at most.
pub const MOST_LISTS: usize = 16;

/// One list, ready to search and to clue from.
pub struct WordSource {
    pub name: String,
    pub list: WordList,
    pub index: Index,
}

impl WordSource {
    /// The source for `list`, indexed in memory.
    pub fn new(name: impl Into<String>, list: WordList) -> WordSource {
        let index = Index::build(&list, 0);
        WordSource {
            name: name.into(),
            list,
            index,
        }
    }
}

/// The lists, first the default one.
#[derive(Clone)]
pub struct Lists {
    sources: Arc<RwLock<Vec<Arc<WordSource>>>>,
}

impl Lists {
    pub fn new(sources: Vec<WordSource>) -> Lists {
        Lists {
            sources: Arc::new(RwLock::new(sources.into_iter().map(Arc::new).collect())),
        }
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<WordSource>>> {
        // A panic elsewhere cannot leave the vector half changed: every
        // change is one push or one assignment.
        self.sources.read().unwrap_or_else(|e| e.into_inner())
    }

    /// The list called `name`, or the default one for `None`.
    pub fn get(&self, name: Option<&str>) -> Result<Arc<WordSource>, ApiError> {
        let sources = self.read();
        let found = match name {
            None => sources.first(),
            Some(name) => sources.iter().find(|s| s.name == name),
        };
        found.cloned().ok_or_else(|| {
            let names: Vec<String> = sources.iter().map(|s| format!("{:?}", s.name)).collect();
            ApiError::bad_request(format!(
                "\"list\" {:?} is not one of the studio's lists: {}",
                name.unwrap_or(""),
                names.join(", ")
            ))
        })
    }

    /// `GET /api/lists`: each list's name and word count, the default first.
    pub fn describe(&self) -> Value {
        let lists: Vec<Value> = self
            .read()
            .iter()
            .map(|s| json!({ "name": s.name, "words": s.list.len() }))
            .collect();
        json!({ "lists": lists })
    }

    /// `POST /api/lists`: adds the list in `text` (the word list format:
    /// `WORD;SCORE[;clue]` or one word per line) as `name`, replacing a
    /// list of that name; the reply says what reading it kept and skipped.
    pub fn add(&self, name: &str, text: &str) -> Result<Value, ApiError> {
        let name = name.trim();
        if name.is_empty() || name.chars().count() > 100 {
            return Err(ApiError::bad_request(
                "\"name\" must be 1 to 100 characters",
            ));
        }
        let (list, read) = WordList::parse(text, name);
        if list.is_empty() {
            return Err(ApiError {
                status: 422,
                message: format!("{name}: no usable word in the list ({read})"),
                extra: Value::Null,
            });
        }
        let source = Arc::new(WordSource::new(name, list));
        let mut sources = self.sources.write().unwrap_or_else(|e| e.into_inner());
        match sources.iter().position(|s| s.name == name) {
            // The default list is the one the studio was started with.
            Some(0) => {
                return Err(ApiError {
                    status: 409,
                    message: format!(
                        "{name:?} is the studio's default list; add yours under another name"
                    ),
                    extra: Value::Null,
                })
            }
            Some(at) => sources[at] = source,
            None if sources.len() >= MOST_LISTS => {
                return Err(ApiError {
                    status: 409,
                    message: format!("the studio holds {MOST_LISTS} lists at most"),
                    extra: Value::Null,
                })
            }
            None => sources.push(source),
        }
        Ok(json!({
            "name": name,
            "words": read.words,
            "skipped": read.skipped,
            "duplicates": read.duplicates,
            "report": read.to_string(),
        }))
    }
}
