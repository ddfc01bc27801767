//! Reading a plain two-symbol grid straight into bitboards, through one small buffer.
//!
//! A 10^8-cell robot-maze input is 100 MB; held whole, it was the solver's peak memory.
//! [`read_plain`] instead reads a header of numbers, then rows of exactly `cols` cell
//! bytes each followed by a newline, through a reused 256 KiB buffer, packing each row
//! into a [`BitGrid`] as it passes (3 bits a cell with the search's marks).
//!
//! Only that plain form is streamed. Anything else (spaced or CRLF rows, blank lines,
//! a bad byte, a short row, a header it does not accept) hands back the whole input, byte
//! for byte: what was already consumed is rebuilt from the header's bytes and the rows
//! packed so far (their bytes are known exactly), so the caller's whole-input parser
//! reads the same bytes it would have read from stdin and reports any error with the
//! same line and quote.

use super::bits::BitGrid;
use std::io::{self, Read};

/// Bytes read from the source at a time.
const BUFFER: usize = 256 << 10;

/// The header's numbers fit `u64` with this many digits at most (more: not plain).
const MAX_DIGITS: usize = 19;

/// What [`read_plain`] read.
pub enum Streamed<const N: usize> {
    /// The plain form: the header's numbers and the grid, `numbers[0]` rows of
    /// `numbers[1]` columns.
    Grid { numbers: [u64; N], grid: BitGrid },
    /// Any other input, whole.
    Whole(Vec<u8>),
}

/// Reads `source` to its end: `N >= 2` whitespace-separated numbers, then a grid of
/// `numbers[0]` rows of `numbers[1]` cells, each `free` or `wall`, and nothing but
/// whitespace after it. `accept` sees the numbers before any row is read; if it says
/// no, or the input is not in the plain form, the whole input is returned instead.
pub fn read_plain<const N: usize>(
    source: &mut dyn Read,
    free: u8,
    wall: u8,
    accept: impl FnOnce(&[u64; N]) -> bool,
) -> io::Result<Streamed<N>> {
    let mut buffer = Buffer {
        bytes: vec![0; BUFFER],
        start: 0,
        end: 0,
        source,
    };
    // The header must lie in the first buffer.
    while buffer.end < BUFFER && buffer.fill()? {}
    let numbers = match header_numbers::<N>(&buffer.bytes[..buffer.end]) {
        Some((numbers, rows_at)) if accept(&numbers) => {
            buffer.start = rows_at;
            numbers
        }
        _ => return buffer.whole(Vec::new()),
    };
    let header = buffer.bytes[..buffer.start].to_vec();
    let (rows, cols) = (numbers[0] as u32, numbers[1] as usize);
    let mut grid = BitGrid::new(rows, cols as u32);
    // On leaving the plain form: the input read so far, rebuilt, then the rest.
    let rebuild = |grid: &BitGrid, row: u32, col: usize| {
        let mut input = header.clone();
        for r in 0..row {
            grid.unpack(r, cols, free, wall, &mut input);
            input.push(b'\n');
        }
        grid.unpack(row, col, free, wall, &mut input);
        input
    };
    for row in 0..rows {
        let mut col = 0;
        while col < cols {
            let ready = buffer.end - buffer.start;
            if ready < (cols - col).min(8) {
                if !buffer.fill()? {
                    return buffer.whole(rebuild(&grid, row, col));
                }
                continue;
            }
            // Whole words, except for the row's last cells.
            let take = if ready >= cols - col {
                cols - col
            } else {
                ready & !7
            };
            let cells = &buffer.bytes[buffer.start..buffer.start + take];
            if !grid.pack_plain(row, col, cells, free, wall) {
                return buffer.whole(rebuild(&grid, row, col));
            }
            col += take;
            buffer.start += take;
        }
        if buffer.start == buffer.end && !buffer.fill()? {
            if row + 1 == rows {
                // The last row without a final newline.
                break;
            }
            return buffer.whole(rebuild(&grid, row, cols));
        }
        if buffer.bytes[buffer.start] != b'\n' {
            return buffer.whole(rebuild(&grid, row, cols));
        }
        buffer.start += 1;
    }
    // Only whitespace may follow.
    loop {
        let rest = &buffer.bytes[buffer.start..buffer.end];
        if !rest
            .iter()
            .all(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        {
            return buffer.whole(rebuild(&grid, rows, 0));
        }
        buffer.start = buffer.end;
        if !buffer.fill()? {
            return Ok(Streamed::Grid { numbers, grid });
        }
    }
}

/// The first `N` whitespace-separated tokens of `bytes` as numbers, and where the
/// first row starts (after the whitespace that follows them); `None` unless they are
/// plain numbers that end before `bytes` does.
fn header_numbers<const N: usize>(bytes: &[u8]) -> Option<([u64; N], usize)> {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\r' | b'\n');
    let mut at = 0;
    let mut numbers = [0; N];
    for number in numbers.iter_mut() {
        at += bytes[at..].iter().position(|b| !is_space(b))?;
        let digits = bytes[at..].iter().position(is_space)?;
        if digits > MAX_DIGITS {
            return None;
        }
        for &b in &bytes[at..at + digits] {
            if !b.is_ascii_digit() {
                return None;
            }
            *number = *number * 10 + u64::from(b - b'0');
        }
        at += digits;
    }
    at += bytes[at..].iter().position(|b| !is_space(b))?;
    Some((numbers, at))
}

/// The reused buffer: `bytes[start..end]` read and not yet used.
struct Buffer<'a> {
    bytes: Vec<u8>,
    start: usize,
    end: usize,
    source: &'a mut dyn Read,
}

impl Buffer<'_> {
    /// Moves the unused bytes to the front and reads more after them; `false` at the
    /// end of the input.
    fn fill(&mut self) -> io::Result<bool> {
        self.bytes.copy_within(self.start..self.end, 0);
        self.end -= self.start;
        self.start = 0;
        loop {
            match self.source.read(&mut self.bytes[self.end..]) {
                Ok(read) => {
                    self.end += read;
                    return Ok(read > 0);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The whole input: `consumed` (the bytes before the unused ones, rebuilt), the
    /// unused bytes, and the rest of the source.
    fn whole<const N: usize>(self, mut consumed: Vec<u8>) -> io::Result<Streamed<N>> {
        consumed.extend_from_slice(&self.bytes[self.start..self.end]);
        self.source.read_to_end(&mut consumed)?;
        Ok(Streamed::Whole(consumed))
    }
}
