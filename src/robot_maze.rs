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
//! Approach: the input streams through a 256 KiB buffer straight into bitboards
//! ([`read_plain`]; input in any other form, or malformed, goes through [`parse`] whole,
//! which reports the error); the free cells are 8x8 tiles of bits ([`BitGrid`]). A
//! bit-parallel BFS from the finish marks distances (mod 3) a tile at a time, and the
//! path is walked from the start taking the first of U, D, L, R that gets one step
//! closer: the lexicographically smallest shortest path, which is the seed's. It
//! streams out with no memory beyond the bitboards.
//! Complexity: O(R * C) time; 3 bits per cell plus 2 bytes per 64 cells (a 10^8-cell
//! maze peaks at 41 MiB; input not in the plain form is also held whole).

use crate::core::bits::{walk_bytes, BitGrid, Searched};
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::scan::{CellSet, Scanner, Shape};
use crate::core::stream::{read_plain, streamable, Streamed};
use std::io::{self, Read};

/// The seed's order of trying moves; it fixes which shortest path is printed.
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

const CELLS: CellSet = CellSet::new(b"01", "`0` or `1`", &[]);
const FREE: u8 = b'0';
const WALL: u8 = b'1';

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

/// The searched maze: distance marks towards the finish, when it was reached from a
/// start elsewhere.
pub struct Answer<'a> {
    grid: Option<Grid<'a>>,
    marks: Option<Searched>,
    start: (u32, u32),
    finish: (u32, u32),
}

/// Searches from the finish until the start is reached, so that the path can then be
/// walked (and written) from the start.
pub fn solve(instance: Instance<'_>) -> Answer<'_> {
    let Instance {
        mut grid,
        start,
        finish,
    } = instance;
    let (start_cell, finish_cell) = (grid.coords(start), grid.coords(finish));
    // A walled finish is reached only by standing on it; a walled start may be left.
    let marks = if start == finish || grid.cells()[finish as usize] != FREE {
        None
    } else {
        match Searched::run(&mut grid, FREE, finish, start) {
            (marks, Some(_)) => Some(marks),
            (_, None) => None,
        }
    };
    Answer {
        grid: Some(grid),
        marks,
        start: start_cell,
        finish: finish_cell,
    }
}

/// [`solve`] on the maze as bitboards, with 0-based (row, col) cells.
pub fn solve_bits(mut bits: BitGrid, start: (u32, u32), finish: (u32, u32)) -> Answer<'static> {
    // As in `solve`.
    let reached = start != finish && bits.is_free(finish.0, finish.1) && {
        bits.set_free(start.0, start.1);
        bits.search(finish, start).is_some()
    };
    Answer {
        grid: None,
        marks: reached.then_some(Searched::Bits(bits)),
        start,
        finish,
    }
}

/// Writes the path, 1-based `r c` per line, or `-1`.
pub fn write(answer: &mut Answer<'_>, out: &mut Output) {
    if answer.start == answer.finish {
        // Standing on the finish: a path of one cell, searched or not.
        let (row, col) = answer.start;
        out.pair_line(u64::from(row) + 1, u64::from(col) + 1);
        return;
    }
    let (start, finish) = (answer.start, answer.finish);
    match (&answer.marks, &mut answer.grid) {
        // Along a row only the column changes: `pair_run` counts its digits.
        (Some(Searched::Bits(bits)), _) => {
            bits.walk_rows(start, finish, &ORDER, |row, col, cells, right| {
                out.pair_run(u64::from(row) + 1, u64::from(col) + 1, cells, right)
            })
        }
        // Not `Searched::walk`: the bundle keeps only the walks it calls.
        (Some(Searched::Bytes), Some(grid)) => {
            walk_bytes(grid, start, finish, &ORDER, |_, row, col| {
                out.pair_line(u64::from(row) + 1, u64::from(col) + 1)
            })
        }
        _ => out.bytes(b"-1\n"),
    }
}

/// Parses, solves and writes one maze held whole.
pub fn run_whole(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let instance = parse(input)?;
    let mut answer = solve(instance);
    write(&mut answer, out);
    Ok(())
}

/// Reads, solves and writes one maze: streamed into bitboards when the input is plain
/// (see [`read_plain`]: a 10^8-cell maze is never held whole), else through [`parse`],
/// which reads the same bytes and reports any error.
pub fn run_stream(source: &mut dyn Read, out: &mut Output) -> io::Result<Result<(), InputError>> {
    let streamed = read_plain(
        source,
        FREE,
        WALL,
        [],
        |&[rows, cols, r1, c1, r2, c2], _| {
            // What `parse` accepts (anything else goes to it for the error), in a shape
            // that streams.
            let within = |value, max| (1..=max).contains(&value);
            streamable(rows, cols)
                && within(r1, rows)
                && within(c1, cols)
                && within(r2, rows)
                && within(c2, cols)
        },
    )?;
    Ok(match streamed {
        Streamed::Grid {
            numbers: [_, _, r1, c1, r2, c2],
            grid,
            ..
        } => {
            let cell = |row: u64, col: u64| (row as u32 - 1, col as u32 - 1);
            write(&mut solve_bits(grid, cell(r1, c1), cell(r2, c2)), out);
            Ok(())
        }
        Streamed::Whole(mut input) => run_whole(&mut input, out),
    })
}

/// [`run_stream`] over input in memory.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    run_stream(&mut input.as_slice(), out).expect("reading a slice cannot fail")
}
