//! Explaining a wrong answer, ties included: the checker's reason when it rejects, and
//! `wrong tie-break: ...` when it accepts an answer that is not the one the judge prints.
//!
//! Why: in the exact mode a valid shortest path that breaks a tie the other way is a WA,
//! and the first differing line does not say why. Each problem prints the smallest route
//! under its order of moves, walking from one end and taking the first move that gets one
//! step closer to the other; so where the two routes first part, the judge's move and the
//! contestant's both get one step closer (both routes are shortest), and the judge's comes
//! first in the order. The message says exactly that, at that step. pushing-boxes' rule
//! (the seed's first-in first-out box search) has no such one-line reason; its message
//! names the first differing move and the rule.

use super::trace::{self, Picture};
use super::{lines, Mistake};
use crate::core::dir::Dir;

/// A checker: `check(input, output, answer)`, `Err(reason)` to reject.
pub type Check = fn(&[u8], &[u8], &[u8]) -> Result<(), String>;

/// The checker of `problem` (its folder name), if it has one.
pub fn checker(problem: &str) -> Option<Check> {
    match problem {
        "chase" => Some(super::chase::check),
        "pushing-boxes" => Some(super::pushing_boxes::check),
        "robot-maze" => Some(super::robot_maze::check),
        "wave" => Some(super::wave::check),
        _ => None,
    }
}

/// Like the checker of `problem`, but an answer it accepts that differs from `answer` is
/// rejected too, with `wrong tie-break: ...` (or, if only its writing differs, a reason of
/// its own). `Err` names the mistake; a problem without a checker is an `Err` as well.
pub fn explain(problem: &str, input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
    let check = match checker(problem) {
        Some(check) => check,
        None => return Err(format!("no checker for `{problem}`")),
    };
    check(input, output, answer)?;
    if lines(output) == lines(answer) {
        return Ok(());
    }
    Err(tie_break(problem, input, output, answer))
}

/// The move from `a` to the adjacent `b`.
fn dir_between(a: (i64, i64), b: (i64, i64)) -> Option<Dir> {
    Dir::ALL.iter().copied().find(|d| {
        let (dr, dc) = d.delta();
        (a.0 + i64::from(dr), a.1 + i64::from(dc)) == b
    })
}

/// Why an accepted `output` is not `answer`.
fn tie_break(problem: &str, input: &[u8], output: &[u8], answer: &[u8]) -> String {
    let written_differently = "the same answer as the judge's, written differently \
                               (spacing or number format)"
        .to_string();
    let picture = match trace::picture(problem, input, output, answer) {
        Some(p) => p,
        None => return written_differently,
    };
    let i = match picture.divergence() {
        Some(i) if i > 0 => i,
        _ => return written_differently,
    };
    if problem == "pushing-boxes" {
        return boxes(&picture, i);
    }
    let (e, g) = (&picture.expected.cells, &picture.got.cells);
    let (at, ours, theirs) = match (e.get(i - 1), e.get(i), g.get(i)) {
        (Some(&at), Some(&ours), Some(&theirs)) => (at, ours, theirs),
        _ => return written_differently,
    };
    let rule = &picture.rule;
    let (ours, theirs) = match (dir_between(at, ours), dir_between(at, theirs)) {
        (Some(o), Some(t)) => (rule.names[o as usize], rule.names[t as usize]),
        _ => return written_differently,
    };
    // The cell last: a line cut to the terminal's width keeps the reason.
    Mistake::WrongTieBreak.say(&format!(
        "step {i}{}: you moved {theirs}; {ours} also gets one step closer{} and comes first \
         in {} (at {})",
        rule.walk,
        rule.towards,
        rule.order_text(),
        (rule.cell)(at.0 as u32, at.1 as u32),
    ))
}

fn boxes(picture: &Picture, i: usize) -> String {
    let letter = |route: &trace::Route| {
        route
            .moves
            .get(i)
            .map_or("nothing (the plan ends)".to_string(), |&m| {
                format!("`{}`", char::from(m))
            })
    };
    let (r, c) = picture.expected.cells[i - 1];
    Mistake::WrongTieBreak.say(&format!(
        "case {}, move {i}: at {} you did {}, the judge's plan does {}; both plans have \
         the optimal pushes and walks, and among equal plans the judge prints the one its \
         first-in first-out box search finds first (pushes tried N, S, W, E; each walk the \
         first shortest in n, s, w, e)",
        picture.case,
        (picture.rule.cell)(r as u32, c as u32),
        letter(&picture.got),
        letter(&picture.expected)
    ))
}
