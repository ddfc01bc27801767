//! Checker for robot-maze: any shortest path of free adjacent cells from the start to
//! the finish, as 1-indexed `r c` lines, or `-1` when the finish is unreachable.
//!
//! The start may be a wall (the robot stands there); every later cell must be free.

use super::{agree, as_printed, check_path, int, lines, show, Base};
use crate::core::run::run_bytes;
use crate::robot_maze;

/// Accepts `output` if it is a shortest path for `input` (see the module documentation).
pub fn check(input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
    // The optimum, from the solver's own output: its path's length.
    let (solved, result) = run_bytes(robot_maze::run, input);
    result.map_err(|e| format!("bad input: {e}"))?;
    let moves = match lines(&solved).as_slice() {
        [only] if *only == b"-1" => None,
        // In range: a path visits each of at most 2^32 cells once.
        path => Some(path.len() as u32 - 1),
    };
    let optimum = as_printed(moves);
    let claimed = match lines(answer).as_slice() {
        [] => None,
        [only] if int(only) == Some(-1) => Some(-1),
        answer_lines => Some(answer_lines.len() as i64 - 1),
    };
    agree(claimed, optimum)?;

    let mut pristine = input.to_vec();
    let instance = robot_maze::parse(&mut pristine).map_err(|e| format!("bad input: {e}"))?;
    let output_lines = lines(output);
    let Some(moves) = moves else {
        return match output_lines.as_slice() {
            [only] if *only == b"-1" => Ok(()),
            [] => Err("empty output, expected -1 (the finish is unreachable)".to_string()),
            [first, ..] => Err(format!(
                "line 1 is {}, expected -1 (the finish is unreachable)",
                show(first)
            )),
        };
    };
    let mut path = Vec::with_capacity(output_lines.len());
    for (i, line) in output_lines.iter().enumerate() {
        let cell = parse_cell(line).ok_or_else(|| {
            if *line == b"-1" {
                format!("printed -1, but the finish is reachable in {moves} moves")
            } else {
                format!(
                    "line {} is {}, expected a cell `r c` (rows and columns count from 1)",
                    i + 1,
                    show(line)
                )
            }
        })?;
        path.push(cell);
    }
    check_path(
        &instance.grid,
        &path,
        (instance.start, instance.finish),
        moves,
        |byte| byte == b'0',
        |r, c| format!("({} {})", r + 1, c + 1),
        Base::One,
    )
}

/// A line `r c` of two numbers from 1 as a 0-based cell.
fn parse_cell(line: &[u8]) -> Option<(u64, u64)> {
    let mut tokens = line
        .split(|&b| b == b' ' || b == b'\t')
        .filter(|t| !t.is_empty());
    let r = crate::core::scan::parse_uint(tokens.next()?)?;
    let c = crate::core::scan::parse_uint(tokens.next()?)?;
    if tokens.next().is_some() || r == 0 || c == 0 {
        return None;
    }
    Some((r - 1, c - 1))
}
