//! robot-maze: a robot in a 0/1 maze prints its shortest path, 1-indexed (seed 001).
//!
//! Input `R C r1 c1 r2 c2`, then `R` rows of `C` cells, `0` free and `1` wall. Output
//! the cells of a shortest path from (r1, c1) to (r2, c2), one `r c` per line, or `-1`.
//!
//! Which path: the seed's BFS tries up, down, left, right and keeps the first parent,
//! which prints the lexicographically smallest shortest move sequence under
//! U < D < L < R. The start may be a wall (the robot stands there and may leave it); a
//! walled finish is unreachable unless it is the start.
//!
//! Approach: the input buffer becomes the grid; the BFS kernel stores in each cell the
//! direction it was entered by; the parent chain from the finish is then reversed in
//! place, so the path streams from the start with no memory beyond the grid.
//! Complexity: O(R * C) time, O(R * C) bytes (the input's own) plus the widest BFS layer.

use crate::core::bfs::Bfs;
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::path;
use crate::core::scan::{CellSet, Scanner, Shape, MAX_GRID_BYTES};

/// The seed's order of trying moves; it fixes which shortest path is printed.
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

const CELLS: CellSet = CellSet::new(b"01", "`0` or `1`", &[]);
const FREE: u8 = b'0';
/// Grid bytes after the search: 0..4 are `Dir` codes (the move into the cell, or after
/// [`solve`] the move out of it along the path), [`path::END`] the finish; this one the
/// start until the path is threaded.
const START: u8 = 4;

/// A parsed maze: the grid (in the input buffer) and the two cells, 0-based indices.
pub struct Instance<'a> {
    pub grid: Grid<'a>,
    pub start: u32,
    pub finish: u32,
}

/// Parses the whole input. Coordinates become 0-based grid indices here.
pub fn parse(input: &mut Vec<u8>) -> Result<Instance<'_>, InputError> {
    let mut scanner = Scanner::new(input);
    let header_line = {
        scanner.at_end();
        scanner.line()
    };
    let max = u64::from(u32::MAX);
    let rows = scanner.uint_in("the number of rows R", 1, max)?;
    let cols = scanner.uint_in("the number of columns C", 1, max)?;
    if rows * (cols + 1) > MAX_GRID_BYTES {
        return Err(InputError::new(
            header_line,
            format!("R x (C + 1) of at most {MAX_GRID_BYTES}"),
            format!("R = {rows}, C = {cols}"),
        ));
    }
    let r1 = scanner.uint_in("the start row r1", 1, rows)?;
    let c1 = scanner.uint_in("the start column c1", 1, cols)?;
    let r2 = scanner.uint_in("the finish row r2", 1, rows)?;
    let c2 = scanner.uint_in("the finish column c2", 1, cols)?;
    // In range: rows and cols were checked against u32 above.
    let (rows, cols) = (rows as u32, cols as u32);
    let shape = Shape {
        rows: Some(rows),
        cols: Some(cols),
    };
    let dims = scanner.read_grid(shape, &CELLS)?;
    scanner.expect_end("the last row of the maze")?;
    let grid = scanner.into_grid(dims);
    let start = grid.index(r1 as u32 - 1, c1 as u32 - 1);
    let finish = grid.index(r2 as u32 - 1, c2 as u32 - 1);
    Ok(Instance {
        grid,
        start,
        finish,
    })
}

/// The searched maze: when the finish was reached, the path is threaded through the
/// grid from `start` (see [`path::thread`]).
pub struct Answer<'a> {
    grid: Grid<'a>,
    start: u32,
    moves: Option<u32>,
}

impl Answer<'_> {
    /// The number of moves of a shortest path, `None` if the finish is unreachable.
    pub fn moves(&self) -> Option<u32> {
        self.moves
    }
}

/// Searches from the start and, if the finish is reached, reverses the parent chain
/// so the path can be written from the start.
pub fn solve(instance: Instance<'_>) -> Answer<'_> {
    let Instance {
        mut grid,
        start,
        finish,
    } = instance;
    // Any byte but FREE keeps the search out of the start, wall or not.
    grid.cells_mut()[start as usize] = START;
    let moves = if start == finish {
        Some(0)
    } else {
        Bfs::new()
            .search(
                &mut grid,
                FREE,
                start,
                &ORDER,
                |k, _| ORDER[k] as u8,
                |cell, _| cell == finish,
            )
            .map(|(_, layer)| layer)
    };
    if moves.is_some() {
        path::thread(&mut grid, start, finish);
    }
    Answer { grid, start, moves }
}

/// Writes the path, 1-based `r c` per line, or `-1`.
pub fn write(answer: &Answer<'_>, out: &mut Output) {
    if answer.moves.is_none() {
        out.bytes(b"-1\n");
        return;
    }
    path::walk(&answer.grid, answer.start, |row, col| {
        out.uint(u64::from(row) + 1);
        out.byte(b' ');
        out.uint(u64::from(col) + 1);
        out.byte(b'\n');
    });
}

/// Parses, solves and writes one maze.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let instance = parse(input)?;
    let answer = solve(instance);
    write(&answer, out);
    Ok(())
}
