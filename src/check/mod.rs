//! Checkers: accept any valid optimal answer, reject anything else with a reason.
//!
//! Each follows testlib's convention: `check(input, output, answer)` gets the test's
//! input, the contestant's output and the jury's answer, and returns `Ok(())` to accept
//! or `Err(reason)` to reject, the reason saying what is wrong and where ("cell 5
//! (2, 3) is a wall"). The optimum is computed from the input with the problem's own
//! solver; the jury's answer must agree with it (a disagreement is reported as a bad
//! answer file, never silently trusted). Output is read leniently about whitespace at
//! line ends (CRLF, trailing spaces) and blank lines at the end, strictly about content.
//!
//! A rejection for a wrong path is named: its reason starts with one of the phrases of
//! [`Mistake`] (`illegal move: step 3: cell 4 (2 2) is a wall`), so a contestant reads the
//! kind of mistake before its details; [`tie`] explains a valid answer that is not the one
//! the judge prints.
//!
//! Complexity: linear in the grid and the output.

pub mod chase;
pub mod pushing_boxes;
pub mod robot_maze;
pub mod tie;
pub mod trace;
pub mod wave;

/// The kinds of wrong answer a checker names. The kind is carried by the reason's first
/// words (one of [`Mistake::phrase`]), not by a separate value, so that every consumer of
/// a checker's one line of text (the judge, `oj`, a person) sees it the same way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A move the rules forbid: off the grid, into a wall, a jump, a box pushed into a wall.
    IllegalMove,
    /// A legal answer with more moves (pushes, then walks) than the optimum.
    NotShortest,
    /// A shortest answer, but not the one the judge prints.
    WrongTieBreak,
    /// Anything else: a wrong count line, malformed output, a path that stops short.
    Other,
}

impl Mistake {
    /// The named kinds, in the order a reason is tested against them.
    pub const NAMED: [Mistake; 3] = [
        Mistake::IllegalMove,
        Mistake::NotShortest,
        Mistake::WrongTieBreak,
    ];

    /// The words a reason of this kind starts with (empty for [`Mistake::Other`]).
    pub fn phrase(self) -> &'static str {
        match self {
            Mistake::IllegalMove => "illegal move",
            Mistake::NotShortest => "not shortest",
            Mistake::WrongTieBreak => "wrong tie-break",
            Mistake::Other => "",
        }
    }

    /// The kind a reason names by its first words.
    pub fn of(reason: &str) -> Mistake {
        for kind in Mistake::NAMED {
            if reason.starts_with(kind.phrase()) {
                return kind;
            }
        }
        Mistake::Other
    }

    /// `reason` led by this kind's phrase.
    pub fn say(self, reason: &str) -> String {
        match self {
            Mistake::Other => reason.to_string(),
            named => format!("{}: {reason}", named.phrase()),
        }
    }
}

use crate::core::grid::Grid;

/// `bytes` without trailing spaces, tabs and carriage returns.
fn trim_end(bytes: &[u8]) -> &[u8] {
    crate::core::scan::trim_end(bytes)
}

/// The lines of `text`, each without trailing whitespace, blank lines at the end dropped.
pub(crate) fn lines(text: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = text.split(|&b| b == b'\n').map(trim_end).collect();
    while lines.last().map_or(false, |l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// A line or token shown in a reason: quoted and cut like input errors.
pub(crate) fn show(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        "an empty line".to_string()
    } else {
        crate::core::error::quote(bytes)
    }
}

/// `text` as an integer, sign allowed.
pub(crate) fn int(text: &[u8]) -> Option<i64> {
    std::str::from_utf8(text).ok()?.trim().parse().ok()
}

/// The shortest distance a solver found, as its output prints it (`-1` for none).
pub(crate) fn as_printed(moves: Option<u32>) -> i64 {
    moves.map_or(-1, i64::from)
}

/// Fails unless the jury's claimed optimum equals the one computed from the input.
pub(crate) fn agree(claimed: Option<i64>, optimum: i64) -> Result<(), String> {
    match claimed {
        Some(c) if c == optimum => Ok(()),
        Some(c) => Err(format!(
            "bad answer file: it gives {c}, but the optimum computed from the input is {optimum}"
        )),
        None => Err("bad answer file: cannot read its optimum".to_string()),
    }
}

/// How a problem's output numbers a cell's row and column: what a message that quotes cells
/// says of them, so that a path printed from 0 where 1 is asked (or the other way) reads as
/// such.
#[derive(Clone, Copy)]
pub(crate) enum Base {
    Zero,
    One,
}

/// Checks that `path` (0-based `(row, col)` cells in printed order) is a shortest path
/// of adjacent cells from `start` to `finish` (cell indices) on `grid` with `moves` moves, every cell
/// after the first `walkable`. `name(row, col)` writes a cell as the output prints it, its
/// numbers from `base`, which every message quoting a cell says.
pub(crate) fn check_path(
    grid: &Grid<'_>,
    path: &[(u64, u64)],
    (start, finish): (u32, u32),
    moves: u32,
    walkable: impl Fn(u8) -> bool,
    name: impl Fn(u64, u64) -> String,
    base: Base,
) -> Result<(), String> {
    let counted = match base {
        Base::Zero => "rows and columns count from 0",
        Base::One => "rows and columns count from 1",
    };
    if path.is_empty() {
        return Err("the path is empty, but the finish is reachable".to_string());
    }
    check_cells(grid, path, (start, finish), walkable, &name)
        .map_err(|why| format!("{why}; {counted}"))?;
    let taken = path.len() as u64 - 1;
    if taken != u64::from(moves) {
        let what = format!("the path has {taken} moves, a shortest one has {moves}");
        return Err(if taken > u64::from(moves) {
            Mistake::NotShortest.say(&format!(
                "{} moves longer than the optimum: {what}",
                taken - u64::from(moves)
            ))
        } else {
            what
        });
    }
    Ok(())
}

/// [`check_path`]'s walk: every cell in the grid and next to the one before it, the first
/// the start, every later one `walkable`, the last the finish; else the message that quotes
/// the cell (by `name`).
fn check_cells(
    grid: &Grid<'_>,
    path: &[(u64, u64)],
    (start, finish): (u32, u32),
    walkable: impl Fn(u8) -> bool,
    name: &impl Fn(u64, u64) -> String,
) -> Result<(), String> {
    let (rows, cols) = (u64::from(grid.rows()), u64::from(grid.cols()));
    let shown = |(r, c): (u32, u32)| name(u64::from(r), u64::from(c));
    let mut previous: Option<(u64, u64)> = None;
    for (i, &(r, c)) in path.iter().enumerate() {
        let number = i + 1;
        if r >= rows || c >= cols {
            let what = format!(
                "cell {number} {} is outside the {rows}x{cols} grid",
                name(r, c)
            );
            let step = if number == 1 {
                "before step 1".to_string()
            } else {
                format!("step {i} leaves the grid")
            };
            return Err(Mistake::IllegalMove.say(&format!("{step}: {what}")));
        }
        // In range: checked against the grid's u32 sizes just above.
        let index = grid.index(r as u32, c as u32);
        match previous {
            None if index != start => {
                return Err(Mistake::IllegalMove.say(&format!(
                    "before step 1: cell 1 {} is not the start {}",
                    name(r, c),
                    shown(grid.coords(start))
                )));
            }
            None => {}
            Some((pr, pc)) => {
                if r.abs_diff(pr) + c.abs_diff(pc) != 1 {
                    return Err(Mistake::IllegalMove.say(&format!(
                        "step {i} jumps: cell {number} {} is not next to cell {i} {}",
                        name(r, c),
                        name(pr, pc)
                    )));
                }
                if !walkable(grid.cells()[index as usize]) {
                    return Err(Mistake::IllegalMove.say(&format!(
                        "step {i} enters a wall: cell {number} {} is a wall",
                        name(r, c)
                    )));
                }
            }
        }
        previous = Some((r, c));
    }
    match previous {
        Some((r, c)) if grid.index(r as u32, c as u32) != finish => Err(format!(
            "the path ends at {}, not at the finish {}",
            name(r, c),
            shown(grid.coords(finish))
        )),
        _ => Ok(()),
    }
}
