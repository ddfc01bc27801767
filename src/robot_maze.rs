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
//! Approach: the grid's free cells become bitboards ([`BitGrid`], 8x8 cells per word);
//! a bit-parallel BFS from the finish marks distances (mod 3) a tile at a time, and
//! the path is walked from the start taking the first of U, D, L, R that gets one step
//! closer: the lexicographically smallest shortest path, which is the seed's. It
//! streams out with no memory beyond the bitboards.
//! Complexity: O(R * C) time; O(R * C) bytes for the input plus 3 bits per cell.

use crate::core::bits::BitGrid;
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::scan::{CellSet, Scanner, Shape};

/// The seed's order of trying moves; it fixes which shortest path is printed.
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

const CELLS: CellSet = CellSet::new(b"01", "`0` or `1`", &[]);
const FREE: u8 = b'0';

/// A parsed maze: the grid (in the input buffer) and the two cells, 0-based indices.
pub struct Instance<'a> {
    pub grid: Grid<'a>,
    pub start: u32,
    pub finish: u32,
}

/// Parses the whole input. Coordinates become 0-based grid indices here.
pub fn parse(input: &mut Vec<u8>) -> Result<Instance<'_>, InputError> {
    let mut scanner = Scanner::new(input);
    let (rows, cols) = scanner.grid_size("R", "C")?;
    let (rows64, cols64) = (u64::from(rows), u64::from(cols));
    let r1 = scanner.uint_in("the start row r1", 1, rows64)?;
    let c1 = scanner.uint_in("the start column c1", 1, cols64)?;
    let r2 = scanner.uint_in("the finish row r2", 1, rows64)?;
    let c2 = scanner.uint_in("the finish column c2", 1, cols64)?;
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

/// The searched maze: distance marks towards the finish, when it was reached.
pub struct Answer {
    bits: BitGrid,
    start: (u32, u32),
    finish: (u32, u32),
    reached: bool,
}

/// Searches from the finish until the start is reached, so that the path can then be
/// walked (and written) from the start.
pub fn solve(instance: Instance<'_>) -> Answer {
    let Instance {
        grid,
        start,
        finish,
    } = instance;
    let mut bits = BitGrid::new(grid.rows(), grid.cols());
    for row in 0..grid.rows() {
        bits.pack_row(row, grid.row(row), FREE);
    }
    let (start, finish) = (grid.coords(start), grid.coords(finish));
    // A walled finish is reached only by standing on it; a walled start may be left.
    let reached = start == finish
        || (bits.is_free(finish.0, finish.1) && {
            bits.set_free(start.0, start.1);
            bits.search(finish, start).is_some()
        });
    Answer {
        bits,
        start,
        finish,
        reached,
    }
}

/// Writes the path, 1-based `r c` per line, or `-1`.
pub fn write(answer: &Answer, out: &mut Output) {
    if !answer.reached {
        out.bytes(b"-1\n");
        return;
    }
    answer.bits.walk(
        answer.start,
        answer.finish,
        &ORDER,
        // The row repeats along a row: `pair_line` reuses its digits.
        |row, col| out.pair_line(u64::from(row) + 1, u64::from(col) + 1),
    );
}

/// Parses, solves and writes one maze.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let instance = parse(input)?;
    let answer = solve(instance);
    write(&answer, out);
    Ok(())
}
