//! `POST /api/clues`: a clue drafted for every slot from the word list's
//! clues and the embedded clue database, and the database's other clues
//! for each answer to choose from.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::json;

use super::files::set_clue_texts;
use super::request::{parse_grid, Reply};
use super::ApiError;
use crate::clues::choose::suits;
use crate::clues::{attach, database, slot_name, Answers, Choosing, Level, Sources};
use crate::grid::DEFAULT_MIN_SLOT;
use crate::puzzle::Puzzle;
use crate::wordlist::dialect::{respell, Dialect};
use crate::wordlist::WordList;

request! {
    pub struct CluesRequest {
        list,
        grid,
        bars,
        /// Clues already written, by slot name; they are kept as they are.
        pub clues: Option<BTreeMap<String, String>>,
        /// `easy`, `medium` (the default) or `hard`: the levels of clue the
        /// drafts lean on.
        pub difficulty: Option<String>,
        /// Draft for British solvers: no clue only Americans would get, and
        /// British spellings.
        pub british: Option<bool>,
    }
}

/// One database clue offered for a slot beside the drafted one.
#[derive(Debug, PartialEq, Serialize)]
struct Alternative {
    text: String,
    level: &'static str,
    /// The word of the clue that uses another answer of the grid (or a
    /// root of one), as the clue writes it: why drafting passed it over.
    uses: Option<String>,
}

/// `POST /api/clues`: a clue for every slot: the ones given, the rest
/// drafted from the word list's own clues and the embedded clue database
/// where they know the answer (empty where they do not, or where the answer
/// is not complete), chosen for the request's difficulty and dialect; and
/// for every slot its `alternatives`, the database's clues for its answer
/// that suit the dialect, in the database's order, each marked with the
/// word by which it uses another answer, if it does.
pub fn clues(request: &CluesRequest, list: &WordList) -> Reply {
    let grid = parse_grid(&request.grid, &request.bars)?;
    let level = match &request.difficulty {
        None => Level::default(),
        Some(name) => name
            .parse()
            .map_err(|e: String| ApiError::bad_request(format!("\"difficulty\": {e}")))?,
    };
    let dialect = match request.british {
        Some(true) => Dialect::British,
        _ => Dialect::American,
    };
    let mut puzzle = Puzzle::from_grid(grid, DEFAULT_MIN_SLOT);
    set_clue_texts(&mut puzzle, &request.clues)?;
    let report = attach(
        &mut puzzle,
        &Sources {
            list: Some(list),
            database: true,
            ..Sources::default()
        },
        &Choosing {
            level,
            dialect,
            seed: 0,
            hold_spares: false,
        },
    );
    // The grid as the drafting saw it: complete answers only.
    let answers = Answers::of_puzzle(&puzzle);
    let mut clues = BTreeMap::new();
    let mut alternatives = BTreeMap::new();
    for clue in &puzzle.clues {
        let name = slot_name(clue.number, clue.direction);
        let offered: Vec<Alternative> = match clue.answer.contains('.') {
            true => Vec::new(),
            false => database()
                .clues(&clue.answer)
                .into_iter()
                .filter(|c| suits(dialect, c.region))
                .map(|c| Alternative {
                    text: match dialect {
                        Dialect::British => respell(c.text).into_owned(),
                        Dialect::American => c.text.to_string(),
                    },
                    level: c.level.name(),
                    uses: answers.used_in(c.text).map(str::to_string),
                })
                .collect(),
        };
        clues.insert(name.clone(), clue.text.as_str());
        alternatives.insert(name, offered);
    }
    Ok(json!({
        "clues": clues,
        "alternatives": alternatives,
        "report": report.to_string(),
    }))
}

#[cfg(test)]
mod tests {
    use super::super::request::request;
    use super::*;
    use serde_json::Value;

    /// The texts, levels and uses of a slot's alternatives.
    fn offered(reply: &Value, slot: &str) -> Vec<(String, String, Value)> {
        reply["alternatives"][slot]
            .as_array()
            .expect("alternatives for every slot")
            .iter()
            .map(|a| {
                (
                    a["text"].as_str().unwrap_or_default().to_string(),
                    a["level"].as_str().unwrap_or_default().to_string(),
                    a["uses"].clone(),
                )
            })
            .collect()
    }

    #[test]
    fn clues_offer_the_databases_alternatives_for_every_slot() {
        // AREA (a word of wordlists/curated/levels-01.txt), WIDTH and EST;
        // the list has no clues of its own, so every draft is the
        // database's.
        let (list, _) = WordList::parse("AREA;99\nWIDTH;80\nEST;60\n", "t");
        let grid = json!(["AREA#WIDTH#EST", "#############.", "#############."]);
        let reply = clues(&request(json!({ "grid": grid })), &list).expect("drafted");
        let area = offered(&reply, "1A");
        assert!(area.len() >= 3, "{area:?}");
        assert_eq!(
            area,
            [
                ("Region".into(), "easy".into(), Value::Null),
                ("Length times width".into(), "easy".into(), json!("width")),
                ("Field of study".into(), "medium".into(), Value::Null),
                ("Square footage".into(), "hard".into(), Value::Null),
            ]
        );
        // The draft is one of them, and not the one using WIDTH.
        let drafted = reply["clues"]["1A"].as_str().expect("a clue for 1A");
        assert!(
            area.iter()
                .any(|(t, _, uses)| t == drafted && uses.is_null()),
            "{drafted}"
        );
        assert_eq!(offered(&reply, "3A").len(), 4);
        // A slot not yet complete has a clue box but nothing to offer.
        assert_eq!(reply["alternatives"]["4D"], json!([]));
        assert_eq!(reply["clues"]["4D"], "");

        // British solvers are not offered a clue only Americans would get.
        let british =
            clues(&request(json!({ "grid": grid, "british": true })), &list).expect("drafted");
        let est: Vec<String> = offered(&british, "3A").into_iter().map(|a| a.0).collect();
        assert_eq!(
            est,
            ["Founded, on a sign", "Ballpark fig.", "Superlative suffix"]
        );

        // An easy puzzle never drafts a hard clue while an easier one is
        // left, whatever the seed's draw.
        let easy = clues(
            &request(json!({ "grid": grid, "difficulty": "easy" })),
            &list,
        )
        .expect("drafted");
        for slot in ["1A", "3A"] {
            let text = easy["clues"][slot].as_str().unwrap_or_default();
            let level = offered(&easy, slot)
                .into_iter()
                .find(|(t, _, _)| t == text)
                .map(|a| a.1);
            assert_ne!(level.as_deref(), Some("hard"), "{slot}: {text}");
        }

        let refused = clues(
            &request(json!({ "grid": grid, "difficulty": "extreme" })),
            &list,
        )
        .expect_err("no such difficulty");
        assert_eq!(
            refused,
            ApiError::bad_request("\"difficulty\": \"extreme\" is not easy, medium or hard")
        );
        assert_eq!(
            refused.body(),
            json!({ "error": "\"difficulty\": \"extreme\" is not easy, medium or hard" })
        );
    }
}
