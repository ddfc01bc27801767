//! Checker for wave: the first line is the optimal number of moves L (or `-1`, alone,
//! when f is unreachable); the maze follows unchanged except for `*` cells, which must
//! be free cells; and the `*` cells with s and f must form a path of adjacent cells of
//! L moves from s to f.
//!
//! The last condition is checked as: there are exactly L - 1 `*` cells, and f can be
//! reached from s through them. Any route from s to f has at least L moves, so one
//! inside the L + 1 cells `*`, s and f must use them all: they are exactly one
//! shortest path.

use super::{agree, as_printed, int, lines, show};
use crate::core::bfs::Distances;
use crate::core::grid::Grid;
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
                    return Err(format!(
                        "row {}, column {}: `*` on {}, only free cells can be on the path",
                        r + 1,
                        c + 1,
                        show(&[was])
                    ))
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
    if stars + 1 != u64::from(moves) {
        return Err(format!(
            "{stars} `*` cells, but a shortest path has {} cells between s and f",
            moves - 1
        ));
    }
    let (start, finish) = (instance.start, instance.finish);
    let mut grid = Grid::new(&mut path_cells, maze.rows(), maze.cols());
    Distances::new().run(&mut grid, b'.', start, |cells, _| {
        cells[finish as usize] != b'.'
    });
    let reached = grid.cells()[finish as usize] != b'.';
    if reached {
        Ok(())
    } else {
        Err("the `*` cells do not connect s to f".to_string())
    }
}
