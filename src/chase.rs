//! chase: a monster `S` chases the player `E` on a `. # S E` grid (seed 000).
//!
//! Input: an optional header `R C`, then rows of cells `.` free, `#` wall, `S`, `E`,
//! written together (`S..#`) or space-separated (`S . . #`, as the seed draws them);
//! exactly one `S` and one `E`, all rows the same width. Without a header the rows run
//! to the end of the input. Output the fewest steps from S to E, or `-1`.
//!
//! `--path` ([`run_path`]) prints instead the cells of a shortest path, 0-indexed, as
//! `(r, c)` separated by one space on one line (an empty line when E is unreachable).
//! Which path: the seed's exercise tries down, up, right, left and keeps the first
//! parent, which gives the lexicographically smallest shortest move sequence under
//! D < U < R < L.
//!
//! Approach: a map with a header whose rows are written together streams through a
//! 256 KiB buffer straight into 8x8 bitboard tiles, `S` and `E` found as it is packed
//! ([`read_plain`]); any other input, or a malformed one, goes through [`parse`] whole,
//! which reports the error, and its free cells become the tiles ([`Searched`]: the
//! grid's own bytes for a grid a few cells wide). A bit-parallel BFS from E marks distances (mod 3)
//! and stops with the layer that reaches S, whose number is the answer. For `--path`
//! the path is walked from S taking the first of D, U, R, L that gets one step closer:
//! the lexicographically smallest shortest path, which is the seed's (see
//! [`BitGrid::walk`](crate::core::bits::BitGrid::walk)). It streams out.
//! Complexity: O(R * C) time; 3 bits per cell, plus the input's own bytes when it is
//! not streamed.

use crate::core::bits::{BitGrid, Searched};
use crate::core::dir::Dir;
use crate::core::error::{quote, InputError};
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::scan::{CellSet, Scanner, Shape};
use crate::core::stream::{read_plain, streamable, Streamed};
use std::io::{self, Read};

/// The seed's order of trying moves (`dr = {1, -1, 0, 0}`, `dc = {0, 0, 1, -1}`);
/// it fixes which shortest path `--path` prints.
pub const ORDER: [Dir; 4] = [Dir::Down, Dir::Up, Dir::Right, Dir::Left];

const CELLS: CellSet = CellSet::new(b".#SE", "`.`, `#`, `S` or `E`", b"SE");
const FREE: u8 = b'.';
const WALL: u8 = b'#';

/// What to print: the distance, or the cells of the path (`--path`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Distance,
    Path,
}

/// The command-line usage, for error messages.
pub const USAGE: &str = "usage: chase [--path] < maze";

impl Mode {
    /// The mode the command-line arguments (without the program name) ask for; an
    /// error message naming the first argument it does not know otherwise.
    pub fn from_args<I: IntoIterator<Item = String>>(args: I) -> Result<Mode, String> {
        let mut mode = Mode::Distance;
        for arg in args {
            match arg.as_str() {
                "--path" => mode = Mode::Path,
                other => return Err(format!("unknown argument {other:?}; {USAGE}")),
            }
        }
        Ok(mode)
    }
}

/// A parsed map: the grid (in the input buffer), the monster and the player.
pub struct Instance<'a> {
    pub grid: Grid<'a>,
    pub monster: u32,
    pub player: u32,
}

/// Whether `token` looks like an integer: digits, perhaps after a minus sign. Such a
/// token is never a grid cell, so the header is optional without ambiguity.
fn is_number(token: &[u8]) -> bool {
    let digits = token.strip_prefix(b"-").unwrap_or(token);
    !digits.is_empty() && digits.iter().all(u8::is_ascii_digit)
}

/// The tokens of a line.
fn tokens(line: &[u8]) -> impl Iterator<Item = &[u8]> {
    line.split(|&b| b == b' ' || b == b'\t')
        .filter(|t| !t.is_empty())
}

/// Parses the whole input.
pub fn parse(input: &mut Vec<u8>) -> Result<Instance<'_>, InputError> {
    let mut scanner = Scanner::new(input);
    let first = scanner.peek_line();
    // A first line of numbers is the header: its sizes are checked as such, so that
    // `-3 4` is reported as a bad size rather than a bad row.
    let numbers = tokens(first).all(is_number);
    let count = tokens(first).count();
    let found = quote(first);
    let line = scanner.line();
    let shape = if numbers && count == 2 {
        let (rows, cols) = scanner.grid_size("R", "C")?;
        Shape {
            rows: Some(rows),
            cols: Some(cols),
        }
    } else if numbers {
        // An empty input too (no tokens at all).
        return Err(InputError::new(
            line,
            "a header `R C` (two whole numbers) or the first row of the map",
            found,
        ));
    } else {
        Shape {
            rows: None,
            cols: None,
        }
    };
    let dims = scanner.read_grid(shape, &CELLS)?;
    scanner.expect_end("the last row of the map")?;
    let grid = scanner.into_grid(dims);
    Ok(Instance {
        grid,
        monster: dims.markers[0],
        player: dims.markers[1],
    })
}

/// The searched map: distance marks towards E, when S was reached.
pub struct Answer<'a> {
    /// The grid held whole; `None` when it was streamed into the marks' bitboards.
    grid: Option<Grid<'a>>,
    marks: Searched,
    monster: (u32, u32),
    player: (u32, u32),
    steps: Option<u32>,
    mode: Mode,
}

impl Answer<'_> {
    /// The fewest steps from S to E, `None` if E is unreachable.
    pub fn steps(&self) -> Option<u32> {
        self.steps
    }
}

/// Searches from the player until the monster's layer is complete, so that the path
/// can be walked (and written) from the monster. S and E are distinct cells (one of
/// each in the grid), so S is at least one step away.
pub fn solve(instance: Instance<'_>, mode: Mode) -> Answer<'_> {
    let Instance {
        mut grid,
        monster,
        player,
    } = instance;
    let (monster_cell, player_cell) = (grid.coords(monster), grid.coords(player));
    // The monster's cell is free to enter; the player's is the source.
    let (marks, steps) = Searched::run(&mut grid, FREE, player, monster);
    Answer {
        grid: Some(grid),
        marks,
        monster: monster_cell,
        player: player_cell,
        steps,
        mode,
    }
}

/// [`solve`] on the map as bitboards (`S` and `E` walls in them), with 0-based
/// (row, col) cells.
pub fn solve_bits(
    mut bits: BitGrid,
    monster: (u32, u32),
    player: (u32, u32),
    mode: Mode,
) -> Answer<'static> {
    // As `Searched::run` does: the monster's cell is the target, entered.
    bits.set_free(monster.0, monster.1);
    let steps = bits.search(player, monster);
    Answer {
        grid: None,
        marks: Searched::Bits(bits),
        monster,
        player,
        steps,
        mode,
    }
}

/// Writes the distance or `-1`; or for [`Mode::Path`] the cells `(r, c)` on one line,
/// an empty line if there is no path.
pub fn write(answer: &mut Answer<'_>, out: &mut Output) {
    match (answer.mode, answer.steps) {
        (Mode::Distance, Some(steps)) => {
            out.uint(u64::from(steps));
            out.byte(b'\n');
        }
        (Mode::Distance, None) => out.bytes(b"-1\n"),
        (Mode::Path, None) => out.byte(b'\n'),
        (Mode::Path, Some(_)) => {
            let mut separator: &[u8] = b"";
            let (from, to) = (answer.monster, answer.player);
            let visit = |row: u32, col: u32| {
                out.bytes(separator);
                separator = b" ";
                out.byte(b'(');
                out.uint(u64::from(row));
                out.bytes(b", ");
                out.uint(u64::from(col));
                out.byte(b')');
            };
            match (&answer.marks, &mut answer.grid) {
                (Searched::Bits(bits), _) => bits.walk(from, to, &ORDER, visit),
                // Byte marks are in a grid held whole.
                (marks, grid) => marks.walk(grid.as_mut().unwrap(), from, to, &ORDER, visit),
            }
            out.byte(b'\n');
        }
    }
}

/// Parses, solves and writes one map held whole in `mode`.
pub fn run_whole(input: &mut Vec<u8>, out: &mut Output, mode: Mode) -> Result<(), InputError> {
    let instance = parse(input)?;
    let mut answer = solve(instance, mode);
    write(&mut answer, out);
    Ok(())
}

/// Whether `header` (the bytes before the first row) is the first line of the input
/// after any blank lines, `R C` separated by spaces and tabs, as [`parse`] takes it: the
/// two numbers on one line and the rows on later ones.
fn one_line(header: &[u8]) -> bool {
    // The header holds its two numbers' digits: there are a first and a last.
    let first = header.iter().position(u8::is_ascii_digit).unwrap_or(0);
    let last = header.iter().rposition(u8::is_ascii_digit).unwrap_or(0);
    !header[first..last]
        .iter()
        .any(|&b| b == b'\n' || b == b'\r')
        && header[last..].contains(&b'\n')
}

/// Reads, solves and writes one map in `mode`: streamed into bitboards when it has a
/// header and its rows are written together, one a line (see [`read_plain`]), else
/// through [`parse`], which reads the same bytes and reports any error.
pub fn run_stream(
    source: &mut dyn Read,
    out: &mut Output,
    mode: Mode,
) -> io::Result<Result<(), InputError>> {
    let streamed = read_plain(source, FREE, WALL, [b'S', b'E'], |&[rows, cols], header| {
        // What `parse` accepts (anything else goes to it for the error).
        streamable(rows, cols) && one_line(header)
    })?;
    Ok(match streamed {
        Streamed::Grid {
            grid,
            markers: [monster, player],
            ..
        } => {
            write(&mut solve_bits(grid, monster, player, mode), out);
            Ok(())
        }
        Streamed::Whole(mut input) => run_whole(&mut input, out, mode),
    })
}

/// [`run_stream`] over input in memory.
pub fn run_mode(input: &mut Vec<u8>, out: &mut Output, mode: Mode) -> Result<(), InputError> {
    run_stream(&mut input.as_slice(), out, mode).expect("reading a slice cannot fail")
}

/// Prints the distance (the default mode).
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    run_mode(input, out, Mode::Distance)
}

/// Prints the path (`--path`).
pub fn run_path(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    run_mode(input, out, Mode::Path)
}
