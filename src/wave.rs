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
//! Approach: the free cells become 8x8 bitboard tiles ([`BitGrid`]); a bit-parallel
//! BFS from s stores each cell's wave number modulo 3 in two bitplanes. That is enough
//! for the walk back, because the wave numbers of two neighbours differ by at most 1,
//! so among the neighbours of a cell at distance `d` the marked ones are at `d - 1`,
//! `d` or `d + 1`, three different residues.
//!
//! A maze in the plain form (`n m` on the first line, then the rows, one a line)
//! streams through a small buffer straight into the bitboards ([`read_plain`]), as
//! robot-maze's does: the input is never held whole. The walk back sets the path's
//! cells in a bitset of its own, and the maze is written from the bitboards, eight
//! cells at a time ([`write_bits`]). Input in any other form, or malformed, is parsed
//! whole ([`parse`], which reports any error): then the path's cells become `*` in the
//! grid (the input buffer), which is written out as it lies in memory, its wall column
//! the newline after each row; a grid a few cells wide, whose bitboards would be
//! mostly border, keeps the marks in its own bytes instead and restores them after.
//! Complexity: O(n * m) time; 4 bits per cell plus 2 bytes per 64 cells when
//! streamed, the input's own bytes plus 3 bits per cell when held whole.

use crate::core::bits::{walk_bytes, BitGrid, Searched};
use crate::core::dir::Dir;
use crate::core::error::InputError;
use crate::core::grid::Grid;
use crate::core::out::Output;
use crate::core::scan::{CellSet, Scanner, Shape};
use crate::core::stream::{read_plain, streamable, Streamed};
use std::io::{self, Read};

/// The seed's order (`di = {-1, 0, 1, 0}`, `dj = {0, 1, 0, -1}`): up, right, down, left.
/// The walk back tries neighbours in this order, which fixes the printed path; the
/// wave itself may visit cells in any order.
pub const ORDER: [Dir; 4] = [Dir::Up, Dir::Right, Dir::Down, Dir::Left];

const CELLS: CellSet = CellSet::new(b"#.sf", "`#`, `.`, `s` or `f`", b"sf");
const FREE: u8 = b'.';
const WALL: u8 = b'#';
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
            // The marks are in the bitboards: only the path is drawn into the grid, a
            // stretch along a row at a time.
            Searched::Bits(bits) => {
                let cells = grid.cells_mut();
                bits.walk_rows(f, s, &ORDER, |row, col, len, right| {
                    let first = if right { col } else { col + 1 - len };
                    let at = (row * width + first) as usize;
                    cells[at..at + len as usize].fill(PATH);
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
    // The grid's wall column is the newline ending each row. Written in one piece, it
    // goes from the input buffer to the sink without a copy into the output buffer.
    out.bytes(answer.grid.cells());
}

/// Parses, solves and writes one maze held whole.
pub fn run_whole(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    let instance = parse(input)?;
    let answer = solve(instance);
    write(&answer, out);
    Ok(())
}

/// Runs the wave on a maze streamed into bitboards (`s` and `f` walls in them), from s
/// to f, 0-based (row, col) cells, and writes the answer as [`write`] does.
pub fn write_bits(mut bits: BitGrid, start: (u32, u32), finish: (u32, u32), out: &mut Output) {
    // As `Searched::run` does: f is entered whatever its byte.
    bits.set_free(finish.0, finish.1);
    let moves = match bits.search(start, finish) {
        Some(moves) => moves,
        None => return out.bytes(b"-1\n"),
    };
    out.uint(u64::from(moves));
    out.byte(b'\n');
    let (rows, cols) = (bits.rows() as usize, bits.cols() as usize);
    let words = (cols + 63) / 64;
    let mut path = vec![0u64; rows * words];
    bits.walk_rows(finish, start, &ORDER, |row, col, len, right| {
        let first = if right { col } else { col + 1 - len } as usize;
        set_bits(
            &mut path[row as usize * words..][..words],
            first,
            len as usize,
        );
    });
    // Eight cells a step: `#`, then `.` where free; then `*` where on the path, in
    // the few words of the path's bitset that hold any.
    let line = |byte: u8| u64::from_le_bytes([byte; 8]);
    let (walls, frees, stars) = (line(WALL), line(FREE), line(PATH));
    let mut text = vec![0u8; (cols + 7) / 8 * 8 + 1];
    for (row, on_path) in path.chunks_exact(words).enumerate() {
        for (eight, free) in text.chunks_exact_mut(8).zip(bits.free_bytes(row as u32)) {
            let word = walls ^ (SPREAD[usize::from(free)] & (walls ^ frees));
            eight.copy_from_slice(&word.to_le_bytes());
        }
        for (k, &word) in on_path.iter().enumerate().filter(|&(_, &word)| word != 0) {
            for (j, byte) in word.to_le_bytes().into_iter().enumerate() {
                if byte != 0 {
                    let at = 64 * k + 8 * j;
                    let eight = &mut text[at..at + 8];
                    let cells = u64::from_le_bytes(eight.try_into().expect("8 bytes"));
                    let path = SPREAD[usize::from(byte)];
                    eight.copy_from_slice(&(cells ^ (path & (cells ^ stars))).to_le_bytes());
                }
            }
        }
        text[cols] = b'\n';
        for ((r, c), byte) in [(start, b's'), (finish, b'f')] {
            if r as usize == row {
                text[c as usize] = byte;
            }
        }
        out.bytes(&text[..=cols]);
    }
}

/// Sets bits `first..first + len` of `row`, a word at a time.
fn set_bits(row: &mut [u64], first: usize, len: usize) {
    let (mut at, end) = (first, first + len);
    while at < end {
        let (word, bit) = (at / 64, at % 64);
        let count = (64 - bit).min(end - at);
        row[word] |= (u64::MAX >> (64 - count)) << bit;
        at += count;
    }
}

/// Each byte value's bits as bytes: bit `i` set makes byte `i` `0xff`.
const SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut value = 0;
    while value < 256 {
        let mut bit = 0;
        while bit < 8 {
            if value >> bit & 1 != 0 {
                table[value] |= 0xff << (8 * bit);
            }
            bit += 1;
        }
        value += 1;
    }
    table
};

/// Reads, solves and writes one maze: streamed into bitboards when it is in the plain
/// form (see [`read_plain`]: the maze is never held whole), else through [`parse`],
/// which reads the same bytes and reports any error.
pub fn run_stream(source: &mut dyn Read, out: &mut Output) -> io::Result<Result<(), InputError>> {
    let streamed = read_plain(source, FREE, WALL, [b's', b'f'], |&[rows, cols], _| {
        // What `parse` accepts (anything else goes to it for the error), in a shape
        // that streams.
        streamable(rows, cols)
    })?;
    Ok(match streamed {
        Streamed::Grid {
            grid,
            markers: [start, finish],
            ..
        } => {
            write_bits(grid, start, finish, out);
            Ok(())
        }
        Streamed::Whole(mut input) => run_whole(&mut input, out),
    })
}

/// [`run_stream`] over input in memory.
pub fn run(input: &mut Vec<u8>, out: &mut Output) -> Result<(), InputError> {
    run_stream(&mut input.as_slice(), out).expect("reading a slice cannot fail")
}
