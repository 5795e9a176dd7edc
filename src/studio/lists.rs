//! The word lists a studio offers: the one it was started with, the
//! embedded default beside it, and lists the constructor adds from the page.
//!
//! Each list is kept twice, as the index the engine searches and as the
//! list itself, whose clue field drafts clues. Requests name a list; a list
//! added under a name already taken replaces it, so a constructor who edits
//! a list and adds it again gets the new words.
//!
//! Lists are what could exhaust the machine, so they are bounded three
//! ways: the text of one added list ([`MOST_LIST_TEXT`]), the number of
//! lists ([`MOST_LISTS`]) and the memory of all of them together
//! ([`LIST_MEMORY`]). An upload reserves its estimated memory before it is
//! read, so concurrent uploads cannot together pass the budget; once
//! indexed, the reservation becomes the list's measured size.

use std::sync::{Arc, Mutex, RwLock};

use serde_json::{json, Value};

use super::error::ApiError;
use crate::wordlist::index::Index;
use crate::wordlist::{megabytes, WordList, DEFAULT_MIN_SCORE};
use crate::Result;

/// Lists held at most.
pub(crate) const MOST_LISTS: usize = 16;

/// Text of one list added from the page, at most (a big published list is
/// a few tens of MB).
pub const MOST_LIST_TEXT: usize = 60_000_000;

/// Memory all the studio's lists may hold together, unless the studio is
/// started with another budget.
pub const LIST_MEMORY: usize = 2_000_000_000;

/// Memory a list takes per byte of its text, at most: measured at 6.7 to
/// 7.1 on lists of short words with no clues, the densest kind (see the
/// README's performance section); a list holds its text and index only
/// once it is read, so the reservation covers it.
const MEMORY_PER_TEXT_BYTE: usize = 8;

/// One list, ready to search and to clue from.
pub struct WordSource {
    pub name: String,
    pub list: WordList,
    pub index: Index,
}

impl WordSource {
    /// The source for `list`, indexed in memory.
    pub fn new(name: impl Into<String>, list: WordList) -> Result<WordSource> {
        let index = Index::build(&list, 0)?;
        Ok(WordSource {
            name: name.into(),
            list,
            index,
        })
    }

    /// Bytes of memory the list and its index hold.
    pub fn memory(&self) -> usize {
        self.list.heap_bytes() + self.index.heap_bytes()
    }
}

/// The lists, first the default one.
#[derive(Clone)]
pub struct Lists {
    sources: Arc<RwLock<Vec<Arc<WordSource>>>>,
    /// Memory of the lists held plus that reserved by uploads under way.
    used: Arc<Mutex<usize>>,
    /// Memory all lists may hold.
    budget: usize,
    /// The minimum score a request uses unless it names one: the floor the
    /// command line read the lists with.
    min_score: u8,
}

impl Lists {
    /// The lists the studio starts with, under the [`LIST_MEMORY`] budget.
    pub fn new(sources: Vec<WordSource>) -> Lists {
        Lists::with_budget(sources, LIST_MEMORY)
    }

    /// The lists the studio starts with, which count against `budget`
    /// bytes but are never refused (the command line chose them).
    pub fn with_budget(sources: Vec<WordSource>, budget: usize) -> Lists {
        let used = sources.iter().map(WordSource::memory).sum();
        Lists {
            sources: Arc::new(RwLock::new(sources.into_iter().map(Arc::new).collect())),
            used: Arc::new(Mutex::new(used)),
            budget,
            min_score: DEFAULT_MIN_SCORE,
        }
    }

    /// With `min_score` as the requests' default minimum score.
    pub fn with_min_score(self, min_score: u8) -> Lists {
        Lists { min_score, ..self }
    }

    /// The minimum score a request uses unless it names one.
    pub fn min_score(&self) -> u8 {
        self.min_score
    }

    fn read(&self) -> std::sync::RwLockReadGuard<'_, Vec<Arc<WordSource>>> {
        // A panic elsewhere cannot leave the vector half changed: every
        // change is one push, removal or assignment.
        self.sources.read().unwrap_or_else(|e| e.into_inner())
    }

    fn write(&self) -> std::sync::RwLockWriteGuard<'_, Vec<Arc<WordSource>>> {
        self.sources.write().unwrap_or_else(|e| e.into_inner())
    }

    /// Changes the memory in use by `add` bytes less `release`.
    fn account(&self, add: usize, release: usize) {
        let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
        *used = (*used + add).saturating_sub(release);
    }

    /// Bytes of memory the lists hold (and uploads under way reserve).
    pub fn memory(&self) -> usize {
        *self.used.lock().unwrap_or_else(|e| e.into_inner())
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

    /// `GET /api/lists`: each list's name and word count, the default
    /// first, and the memory they hold against the budget.
    pub fn describe(&self) -> Value {
        let lists: Vec<Value> = self
            .read()
            .iter()
            .map(|s| json!({ "name": s.name, "words": s.list.len() }))
            .collect();
        json!({ "lists": lists, "memory": self.memory(), "budget": self.budget })
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
        if text.len() > MOST_LIST_TEXT {
            return Err(refusal(
                413,
                format!(
                    "{name}: {} of text is too big for a list added from the page (at most {})",
                    megabytes(text.len() as u64),
                    megabytes(MOST_LIST_TEXT as u64)
                ),
            ));
        }
        self.check_slot(name)?;
        let estimate = text.len() * MEMORY_PER_TEXT_BYTE;
        {
            let mut used = self.used.lock().unwrap_or_else(|e| e.into_inner());
            if *used + estimate > self.budget {
                return Err(refusal(
                    507,
                    format!(
                        "{name}: a list of {} of text takes up to {} of memory, and the studio's lists already hold {} of their {}; remove a list (DELETE /api/lists?name=…) first",
                        megabytes(text.len() as u64),
                        megabytes(estimate as u64),
                        megabytes(*used as u64),
                        megabytes(self.budget as u64)
                    ),
                ));
            }
            *used += estimate;
        }
        // The reservation is released whatever happens next.
        let built = (|| {
            let (list, read) = WordList::parse(text, name);
            if list.is_empty() {
                return Err(refusal(
                    422,
                    format!("{name}: no usable word in the list ({read})"),
                ));
            }
            let source =
                WordSource::new(name, list).map_err(|e| refusal(422, format!("{name}: {e}")))?;
            Ok((Arc::new(source), read))
        })();
        let (source, read) = match built {
            Ok(built) => built,
            Err(e) => {
                self.account(0, estimate);
                return Err(e);
            }
        };
        let held = source.memory();
        let mut sources = self.write();
        // Checked again: another request may have changed the lists.
        let replaced = match slot(&sources, name) {
            Err(e) => {
                self.account(0, estimate);
                return Err(e);
            }
            Ok(Some(at)) => Some(std::mem::replace(&mut sources[at], source)),
            Ok(None) => {
                sources.push(source);
                None
            }
        };
        self.account(held, estimate + replaced.map_or(0, |old| old.memory()));
        Ok(json!({
            "name": name,
            "words": read.words,
            "skipped": read.skipped,
            "duplicates": read.duplicates,
            "report": read.to_string(),
        }))
    }

    /// Refuses early an addition that could not be placed.
    fn check_slot(&self, name: &str) -> Result<(), ApiError> {
        slot(&self.read(), name).map(|_| ())
    }

    /// `DELETE /api/lists?name=NAME`: removes a list the page added (or the
    /// command line's own list, but never the default), freeing its memory
    /// once the requests using it finish.
    pub fn remove(&self, name: &str) -> Result<Value, ApiError> {
        let mut sources = self.write();
        match sources.iter().position(|s| s.name == name) {
            Some(0) => Err(refusal(
                409,
                format!("{name:?} is the studio's default list; it stays"),
            )),
            Some(at) => {
                let old = sources.remove(at);
                self.account(0, old.memory());
                Ok(json!({ "removed": name }))
            }
            None => Err(refusal(
                404,
                format!("{name:?} is not one of the studio's lists"),
            )),
        }
    }
}

/// Where a list called `name` goes among `sources`: in place of the one
/// of that name, or (None) at the end.
fn slot(sources: &[Arc<WordSource>], name: &str) -> Result<Option<usize>, ApiError> {
    match sources.iter().position(|s| s.name == name) {
        // The default list is the one the studio was started with.
        Some(0) => Err(default_list_refusal(name)),
        Some(at) => Ok(Some(at)),
        None if sources.len() >= MOST_LISTS => Err(refusal(
            409,
            format!("the studio holds {MOST_LISTS} lists at most"),
        )),
        None => Ok(None),
    }
}

fn default_list_refusal(name: &str) -> ApiError {
    refusal(
        409,
        format!("{name:?} is the studio's default list; add yours under another name"),
    )
}

fn refusal(status: u16, message: String) -> ApiError {
    ApiError {
        status,
        message,
        extra: Value::Null,
    }
}
