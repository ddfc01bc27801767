//! Checker for wave: the first line is the optimal number of moves L (or `-1`, alone,
//! when f is unreachable); the maze follows unchanged except for `*` cells, which must
//! be free cells; and the `*` cells with s and f must form a path of adjacent cells of
//! L moves from s to f.
//!
//! The last condition is checked as: f can be reached from s through the `*` cells in L
//! moves, and there are exactly L - 1 of them. Any route from s to f has at least L
//! moves, so one inside the L + 1 cells `*`, s and f must use them all: they are exactly
//! one shortest path. A route through them that is longer is `not shortest`; none at all
//! is an `illegal move` (the path jumps where the `*` cells reached from s end).

use super::{agree, as_printed, int, lines, show, Mistake};
use crate::core::dir::Dir;
use crate::core::scan::SENTINEL;
use crate::wave;

/// Accepts `output` if it is a right answer for `input` (see the module documentation).
pub fn check(input: &[u8], output: &[u8], answer: &[u8]) -> Result<(), String> {
    let mut solved = input.to_vec();
    let instance = wave::parse(&mut solved).map_err(|e| format!("bad input: {e}"))?;
    let moves = wave::solve(instance).moves();
    let optimum = as_printed(moves);
    agree(lines(answer).first().and_then(|l| int(l)), optimum)?;

    let output_lines = lines(output);
    let Some((first, rows)) = output_lines.split_first() else {
        return Err(format!("empty output, expected {optimum}"));
    };
    match int(first) {
        Some(l) if l == optimum => {}
        Some(l) => return Err(format!("line 1 gives {l} moves, the optimum is {optimum}")),
        None => {
            return Err(format!(
                "line 1 is {}, expected the number {optimum}",
                show(first)
            ))
        }
    }
    let Some(moves) = moves else {
        return match rows.len() {
            0 => Ok(()),
            n => Err(format!(
                "f is unreachable, so nothing may follow -1; found {n} more lines"
            )),
        };
    };

    let mut pristine = input.to_vec();
    let instance = wave::parse(&mut pristine).map_err(|e| format!("bad input: {e}"))?;
    let maze = &instance.grid;
    if rows.len() != maze.rows() as usize {
        return Err(format!(
            "expected {} rows of the maze after line 1, found {}",
            maze.rows(),
            rows.len()
        ));
    }
    // The path cells as a grid of their own: `.` for `*` and f, `#` elsewhere.
    let mut path_cells = Vec::with_capacity(maze.cells().len());
    let mut stars = 0u64;
    for (r, (row, maze_row)) in rows.iter().zip(0..maze.rows()).enumerate() {
        let expected = maze.row(maze_row);
        if row.len() != expected.len() {
            return Err(format!(
                "row {} (line {}) has {} characters, the maze has {} columns",
                r + 1,
                r + 2,
                row.len(),
                expected.len()
            ));
        }
        for (c, (&got, &was)) in row.iter().zip(expected).enumerate() {
            let on_path = match (got, was) {
                (b'*', b'.') => {
                    stars += 1;
                    true
                }
                (b'*', _) => {
                    let what = format!(
                        "row {}, column {}: `*` on {}, only free cells can be on the path",
                        r + 1,
                        c + 1,
                        show(&[was])
                    );
                    return Err(if was == b'#' {
                        Mistake::IllegalMove.say(&format!("the path enters a wall: {what}"))
                    } else {
                        what
                    });
                }
                _ if got == was => was == b'f',
                _ => {
                    return Err(format!(
                        "row {}, column {}: found {} where the maze has {}",
                        r + 1,
                        c + 1,
                        show(&[got]),
                        show(&[was])
                    ))
                }
            };
            path_cells.push(if on_path { b'.' } else { b'#' });
        }
        path_cells.push(SENTINEL);
    }
    let (start, finish) = (instance.start, instance.finish);
    let width = maze.width();
    let at = |cell: u32| format!("row {}, column {}", cell / width + 1, cell % width + 1);
    let steps = path_steps(&path_cells, width, start);
    let (farthest, most) = steps
        .iter()
        .enumerate()
        .filter_map(|(cell, d)| d.map(|d| (cell as u32, d)))
        .max_by_key(|&(cell, d)| (d, std::cmp::Reverse(cell)))
        .unwrap_or((start, 0));
    match steps[finish as usize] {
        None => Err(Mistake::IllegalMove.say(&format!(
            "step {} jumps: the `*` cells do not connect s to f; from s they lead no further \
             than {} (after step {most})",
            most + 1,
            at(farthest)
        ))),
        Some(d) if d > moves => Err(Mistake::NotShortest.say(&format!(
            "{} moves longer than the optimum: the `*` cells make a path of {d} moves, a \
             shortest one has {moves}",
            d - moves
        ))),

        Some(_) if stars + 1 != u64::from(moves) => Err(format!(
            "{stars} `*` cells, but a shortest path has {} cells between s and f",
            moves - 1
        )),
        Some(_) => Ok(()),
    }
}

/// The moves from `start` to each cell through cells marked `.` in `cells` (a flat grid
/// `width` bytes per row), `None` for cells not reached.
fn path_steps(cells: &[u8], width: u32, start: u32) -> Vec<Option<u32>> {
    let mut steps = vec![None; cells.len()];
    steps[start as usize] = Some(0);
    let mut queue = std::collections::VecDeque::from(vec![start]);
    while let Some(cell) = queue.pop_front() {
        let d = steps[cell as usize].unwrap_or(0);
        for dir in Dir::ALL {
            let next = cell.wrapping_add(dir.step(width));
            if let Some(&byte) = cells.get(next as usize) {
                if byte == b'.' && steps[next as usize].is_none() {
                    steps[next as usize] = Some(d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    steps
}
