//! A checker's reason as detail lines. A reason that names its mistake (`illegal move`, `not
//! shortest`, `wrong tie-break`: `bfs_judge::check::Mistake`, the convention of our checkers
//! and of `bfs-judge check`) is the one line a contestant must read whole: one line in a
//! pipe, wrapped to the terminal's width on a terminal, never cut. Any other reason is shown
//! as the checker's.

use bfs_judge::check::Mistake;

use crate::text::{detail, printable};

/// `reason` without testlib's `wrong answer: ` in front.
fn bare(reason: &str) -> &str {
    reason.strip_prefix("wrong answer: ").unwrap_or(reason)
}

/// Whether a checker's reason names one of the mistakes (`illegal move`, ...).
pub fn is_named(reason: &str) -> bool {
    Mistake::of(bare(reason)) != Mistake::Other
}

/// A rejection as a checker prints it: a named mistake as it is, any other reason after
/// testlib's `wrong answer: `.
pub fn rejection(reason: &str) -> String {
    match Mistake::of(reason) {
        Mistake::Other => format!("wrong answer: {reason}"),
        _ => reason.to_string(),
    }
}

/// The detail lines for a checker's reason: a named mistake leads with its name, anything
/// else says it is the checker's.
pub fn checker_detail(reason: &str) -> Vec<String> {
    let reason = bare(reason);
    let text = printable(reason.as_bytes());
    if Mistake::of(reason) == Mistake::Other {
        return vec![detail(&format!("checker: {text}"))];
    }
    let Some(width) = crate::text::terminal_width().filter(|_| !crate::text::json_mode()) else {
        // Whole in a pipe, a file and JSON.
        return vec![detail(&text)];
    };
    wrap(&text, width.saturating_sub(4).max(40))
        .iter()
        .enumerate()
        .map(|(i, line)| detail(&format!("{}{line}", if i == 0 { "" } else { "  " })))
        .collect()
}

/// `text` in lines of at most `width` characters, broken at spaces but never inside an
/// order of moves (`U < D < L < R`); a longer unit is cut later by [`detail`]; continuation
/// lines leave room for a two-space indent.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut units: Vec<String> = Vec::new();
    let mut glue = false;
    for word in text.split(' ') {
        match units.last_mut() {
            Some(last) if glue || word == "<" => {
                last.push(' ');
                last.push_str(word);
            }
            _ => units.push(word.to_string()),
        }
        glue = word == "<";
    }
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in &units {
        let limit = if lines.is_empty() { width } else { width - 2 };
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > limit {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_mistake_is_wrapped_not_cut() {
        let words = "wrong tie-break: step 1: you moved R; D also gets one step closer and comes first in U < D < L < R (at (1 1))";
        let lines = wrap(words, 60);
        assert!(lines.iter().all(|l| l.chars().count() <= 60), "{lines:?}");
        assert_eq!(lines.join(" "), words);
        assert_eq!(wrap("short", 60), ["short"]);
        let at_100 = wrap(words, 96);
        assert_eq!(at_100[1], "U < D < L < R (at (1 1))", "{at_100:?}");
    }

    #[test]
    fn a_rejection_names_its_mistake_or_says_wrong_answer() {
        assert_eq!(rejection("not shortest: 2 moves"), "not shortest: 2 moves");
        assert_eq!(
            rejection("line 2 is \"x\""),
            "wrong answer: line 2 is \"x\""
        );
        assert!(is_named("wrong answer: illegal move: step 1") && !is_named("line 2"));
    }
}
