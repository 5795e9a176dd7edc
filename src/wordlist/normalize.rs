//! Turning a word-list entry into grid letters.
//!
//! Grids hold only `A`–`Z`, so entries are upper-cased, accents are folded
//! (É→E, Æ→AE, ß→SS) and the joiners of phrases (spaces, hyphens,
//! apostrophes) are dropped, running phrases together: ICE CREAM → ICECREAM.
//! Anything else (digits, other punctuation, other scripts) makes the entry
//! unusable and it is skipped.

/// The grid form of `raw`, or None if it holds a character no grid can.
pub fn normalize(raw: &str) -> Option<String> {
    let mut out = String::with_capacity(raw.len());
    for ch in raw.chars() {
        // Plain letters, nearly every character of a list, skip the lookup.
        match ch {
            'a'..='z' | 'A'..='Z' => out.push(ch.to_ascii_uppercase()),
            _ => out.push_str(&letters_of(ch)?),
        }
    }
    (!out.is_empty()).then_some(out)
}

/// The grid letters one character of an entry becomes: none for a joiner,
/// one or two for a letter; None for a character no grid can hold.
pub fn letters_of(ch: char) -> Option<std::borrow::Cow<'static, str>> {
    use std::borrow::Cow;
    Some(match ch {
        'a'..='z' | 'A'..='Z' => Cow::Owned(ch.to_ascii_uppercase().to_string()),
        ' ' | '-' | '\'' | '\u{2019}' | '\u{2010}' | '\u{2011}' | '\u{00A0}' => Cow::Borrowed(""),
        _ => Cow::Borrowed(fold(ch)?),
    })
}

/// ASCII letters for an accented Latin letter.
fn fold(ch: char) -> Option<&'static str> {
    let folded = match ch.to_uppercase().next()? {
        'À' | 'Á' | 'Â' | 'Ã' | 'Ä' | 'Å' | 'Ā' | 'Ă' | 'Ą' => "A",
        'Æ' => "AE",
        'Ç' | 'Ć' | 'Ĉ' | 'Ċ' | 'Č' => "C",
        'Ð' | 'Ď' | 'Đ' => "D",
        'È' | 'É' | 'Ê' | 'Ë' | 'Ē' | 'Ĕ' | 'Ė' | 'Ę' | 'Ě' => "E",
        'Ĝ' | 'Ğ' | 'Ġ' | 'Ģ' => "G",
        'Ĥ' | 'Ħ' => "H",
        'Ì' | 'Í' | 'Î' | 'Ï' | 'Ĩ' | 'Ī' | 'Ĭ' | 'Į' | 'İ' => "I",
        'Ĳ' => "IJ",
        'Ĵ' => "J",
        'Ķ' => "K",
        'Ĺ' | 'Ļ' | 'Ľ' | 'Ŀ' | 'Ł' => "L",
        'Ñ' | 'Ń' | 'Ņ' | 'Ň' => "N",
        'Ò' | 'Ó' | 'Ô' | 'Õ' | 'Ö' | 'Ø' | 'Ō' | 'Ŏ' | 'Ő' => "O",
        'Œ' => "OE",
        'Ŕ' | 'Ŗ' | 'Ř' => "R",
        'Ś' | 'Ŝ' | 'Ş' | 'Š' => "S",
        'Ţ' | 'Ť' | 'Ŧ' => "T",
        'Þ' => "TH",
        'Ù' | 'Ú' | 'Û' | 'Ü' | 'Ũ' | 'Ū' | 'Ŭ' | 'Ů' | 'Ű' | 'Ų' => "U",
        'Ŵ' => "W",
        'Ý' | 'Ÿ' | 'Ŷ' => "Y",
        'Ź' | 'Ż' | 'Ž' => "Z",
        _ if ch == 'ß' => "SS",
        _ => return None,
    };
    Some(folded)
}

#[cfg(test)]
mod tests {
    use super::normalize;

    #[test]
    fn letters_phrases_and_accents() {
        assert_eq!(normalize("ice cream").as_deref(), Some("ICECREAM"));
        assert_eq!(normalize("Ice-Cream").as_deref(), Some("ICECREAM"));
        assert_eq!(normalize("o'clock").as_deref(), Some("OCLOCK"));
        assert_eq!(normalize("rock ’n’ roll").as_deref(), Some("ROCKNROLL"));
        assert_eq!(normalize("Éclair").as_deref(), Some("ECLAIR"));
        assert_eq!(normalize("naïve").as_deref(), Some("NAIVE"));
        assert_eq!(normalize("Straße").as_deref(), Some("STRASSE"));
        assert_eq!(normalize("æsir").as_deref(), Some("AESIR"));
        assert_eq!(normalize("Łódź").as_deref(), Some("LODZ"));
    }

    #[test]
    fn unusable_entries() {
        for raw in ["R2D2", "AT&T", "U.S.A.", "", "  ", "-", "日本", "e=mc2"] {
            assert_eq!(normalize(raw), None, "{raw:?}");
        }
    }
}
