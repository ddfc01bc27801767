//! wave: the wave (Lee) algorithm on a `# . s f` maze, distance and path (seed 004).
//!
//! Input `n m`, then `n` rows of `m` cells: `#` wall, `.` free, `s` start, `f` finish,
//! one of each. Output `-1` if f cannot be reached; otherwise the number of moves `L`
//! of a shortest path, then the maze with every cell of one shortest path other than
//! s and f replaced by `*`. (The seed prints f's wave number, which counts cells: L + 1.)
//!
//! Which path: number the cells by the wave from s, then walk back from f, each time
//! stepping to the first neighbour, in the order up, right, down, left, whose wave
//! number is one less.
//!
//! Approach: the free cells become 8x8 bitboard tiles ([`Searched`]); a bit-parallel
//! BFS from s stores each cell's wave number modulo 3 in two bitplanes. That is enough
//! for the walk back, because the wave numbers of two neighbours differ by at most 1,
//! so among the neighbours of a cell at distance `d` the marked ones are at `d - 1`,
//! `d` or `d + 1`, three different residues. The path's cells become `*` in the grid
//! (the input buffer), which is written out as it lies in memory: its wall column is
//! the newline after each row. A grid a few cells wide, whose bitboards would be mostly
//! border, keeps the marks in its own bytes instead and restores them afterwards.
//! Complexity: O(n * m) time; the input's own bytes plus 3 bits per cell.

use crate::core::bits::{walk_bytes, Searched};
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::{Output, CHUNK};
use crate::core::scan::{CellSet, Scanner, Shape};

/// The seed's order (`di = {-1, 0, 1, 0}`, `dj = {0, 1, 0, -1}`): up, right, down, left.
/// The walk back tries neighbours in this order, which fixes the printed path; the
/// wave itself may visit cells in any order.
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

const CELLS: CellSet = CellSet::new(b"#.sf", "`#`, `.`, `s` or `f`", b"sf");
const FREE: u8 = b'.';
const PATH: u8 = b'*';
/// Grid bytes below this are wave marks (distance modulo 3); every input byte and the
/// wall column are above it.
const MARKS: u8 = 3;

/// A parsed maze: the grid (in the input buffer), the start and the finish.
pub struct Instance<'a> {
    pub grid: Grid<'a>,
    pub start: u32,
    pub finish: u32,
}

/// Parses the whole input.
pub fn parse(input: &mut Vec<u8>) -> Result<Instance<'_>, InputError> {
    let mut scanner = Scanner::new(input);
    let (rows, cols) = scanner.grid_size("n", "m")?;
    let shape = Shape {
        rows: Some(rows),
        cols: Some(cols),
    };
    let dims = scanner.read_grid(shape, &CELLS)?;
    scanner.expect_end("the last row of the maze")?;
    let grid = scanner.into_grid(dims);
    Ok(Instance {
        grid,
        start: dims.markers[0],
        finish: dims.markers[1],
    })
}

/// The solved maze: the number of moves and, if f was reached, the grid with the path
/// drawn in `*`, ready to print.
pub struct Answer<'a> {
    grid: Grid<'a>,
    moves: Option<u32>,
}

impl Answer<'_> {
    /// The number of moves of a shortest path, `None` if f is unreachable.
    pub fn moves(&self) -> Option<u32> {
        self.moves
    }

    /// The maze as it will be printed (rows each followed by `\n`); meaningful only
    /// when f was reached.
    pub fn grid(&self) -> &Grid<'_> {
        &self.grid
    }
}

/// Runs the wave from s until f is reached, walks back drawing the path, and restores
/// every other cell.
pub fn solve(instance: Instance<'_>) -> Answer<'_> {
    let Instance {
        mut grid,
        start,
        finish,
    } = instance;
    let (marks, moves) = Searched::run(&mut grid, FREE, start, finish);
    // Only a reached f prints the maze; otherwise the marks may stay.
    if moves.is_some() {
        let (s, f) = (grid.coords(start), grid.coords(finish));
        let width = grid.width();
        match marks {
            // The marks are in the bitboards: only the path is drawn into the grid.
            Searched::Bits(bits) => {
                let cells = grid.cells_mut();
                bits.walk(f, s, &ORDER, |row, col| {
                    cells[(row * width + col) as usize] = PATH;
                });
            }
            // A path cell is rewritten once the walk has stepped on it, which the walk
            // allows; then every other mark turns back into `.`.
            Searched::Bytes => {
                walk_bytes(&mut grid, f, s, &ORDER, |cells, row, col| {
                    cells[(row * width + col) as usize] = PATH;
                });
                for byte in grid.cells_mut() {
                    *byte = if *byte < MARKS { FREE } else { *byte };
                }
            }
        }
        let cells = grid.cells_mut();
        cells[start as usize] = b's';
        cells[finish as usize] = b'f';
    }
    Answer { grid, moves }
}

/// Writes `-1`, or the number of moves and the maze with the path.
pub fn write(answer: &Answer<'_>, out: &mut Output) {
    let moves = match answer.moves {
        Some(moves) => moves,
        None => {
            out.bytes(b"-1\n");
            return;
        }
    };
    out.uint(u64::from(moves));
    out.byte(b'\n');
    // The grid's wall column is the newline ending each row.
    for chunk in answer.grid.cells().chunks(CHUNK) {
        out.bytes(chunk);
    }
}

/// Parses, solves and writes one maze.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let instance = parse(input)?;
    let answer = solve(instance);
    write(&answer, out);
    Ok(())
}
