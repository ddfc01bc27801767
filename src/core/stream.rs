//! Reading a plain two-symbol grid straight into bitboards, through one small buffer.
//!
//! A 10^8-cell robot-maze input is 100 MB; held whole, it was the solver's peak memory.
//! [`read_plain`] instead reads a header of numbers, then rows of exactly `cols` cell
//! bytes each followed by a newline, through a reused 256 KiB buffer, packing each row
//! into a [`BitGrid`] as it passes (3 bits a cell with the search's marks).
//!
//! A grid may also hold marker bytes, each exactly once (chase's `S` and `E`): they are
//! packed as walls and their cells handed back. A word that is not all `free` and
//! `wall` is looked at byte by byte, which happens once a marker.
//!
//! Only that plain form is streamed. Anything else (spaced or CRLF rows, blank lines,
//! a bad byte, a short row, a header it does not accept) hands back the whole input, byte
//! for byte: what was already consumed is rebuilt from the header's bytes and the rows
//! packed so far (their bytes are known exactly), so the caller's whole-input parser
//! reads the same bytes it would have read from stdin and reports any error with the
//! same line and quote.

use super::bits::BitGrid;
use super::scan::MAX_GRID_BYTES;
use std::io::{self, Read};

/// Bytes read from the source at a time.
const BUFFER: usize = 256 << 10;

/// The header's numbers fit `u64` with this many digits at most (more: not plain).
const MAX_DIGITS: usize = 19;

/// The widest grid that is streamed: a row of tiles is 3 bytes a column.
const MAX_STREAMED_COLS: u64 = 1 << 20;

/// Whether a `rows x cols` grid is one to stream: a size the whole-input parser
/// accepts (`Scanner::grid_size`), whose bitboards fit, and whose rows are not so long
/// that memory for one would be taken before its bytes are read.
pub fn streamable(rows: u64, cols: u64) -> bool {
    let within = |value, max| (1..=max).contains(&value);
    within(rows, u64::from(u32::MAX))
        && within(cols, MAX_STREAMED_COLS)
        && rows * (cols + 1) <= MAX_GRID_BYTES
        && BitGrid::fits(rows as u32, cols as u32)
}

/// What [`read_plain`] read.
pub enum Streamed<const N: usize, const M: usize> {
    /// The plain form: the header's numbers, the grid, `numbers[0]` rows of
    /// `numbers[1]` columns, and the 0-based (row, col) of each marker.
    Grid {
        numbers: [u64; N],
        grid: BitGrid,
        markers: [(u32, u32); M],
    },
    /// Any other input, whole.
    Whole(Vec<u8>),
}

/// Reads `source` to its end: `N >= 2` whitespace-separated numbers, then a grid of
/// `numbers[0]` rows of `numbers[1]` cells, each `free` or `wall`, and nothing but
/// whitespace after it; each byte of `markers` stands in exactly one cell (a wall in
/// the grid). `accept` sees the numbers and the header's bytes (up to the first row)
/// before any row is read; if it says no, or the input is not in the plain form, the
/// whole input is returned instead.
pub fn read_plain<const N: usize, const M: usize>(
    source: &mut dyn Read,
    free: u8,
    wall: u8,
    markers: [u8; M],
    accept: impl FnOnce(&[u64; N], &[u8]) -> bool,
) -> io::Result<Streamed<N, M>> {
    let mut buffer = Window {
        bytes: vec![0; BUFFER],
        start: 0,
        end: 0,
        source,
    };
    // The header must lie in the first buffer.
    while buffer.end < BUFFER && buffer.fill()? {}
    let numbers = match header_numbers::<N>(&buffer.bytes[..buffer.end]) {
        Some((numbers, rows_at)) if accept(&numbers, &buffer.bytes[..rows_at]) => {
            buffer.start = rows_at;
            numbers
        }
        _ => return buffer.whole(Vec::new()),
    };
    let header = buffer.bytes[..buffer.start].to_vec();
    let (rows, cols) = (numbers[0] as u32, numbers[1] as usize);
    let mut grid = BitGrid::new(rows, cols as u32);
    // Where each marker was found, row-major order: `None` until it is.
    let mut found: [Option<(u32, u32)>; M] = [None; M];
    // On leaving the plain form: the input read so far, rebuilt (the markers found in
    // it put back), then the rest.
    let rebuild = |grid: &BitGrid, found: &[Option<(u32, u32)>; M], row: u32, col: usize| {
        let mut input = header.clone();
        for r in 0..row {
            grid.unpack(r, cols, free, wall, &mut input);
            input.push(b'\n');
        }
        grid.unpack(row, col, free, wall, &mut input);
        for (&marker, cell) in markers.iter().zip(found) {
            if let Some((r, c)) = *cell {
                let at = header.len() + r as usize * (cols + 1) + c as usize;
                // Only the markers within what was read so far.
                if let Some(byte) = input.get_mut(at) {
                    *byte = marker;
                }
            }
        }
        input
    };
    let mut newline = true;
    for row in 0..rows {
        let mut col = 0;
        while col < cols {
            let ready = buffer.end - buffer.start;
            if ready < (cols - col).min(8) {
                if !buffer.fill()? {
                    return buffer.whole(rebuild(&grid, &found, row, col));
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
            if !grid.pack_plain(row, col, cells, free, wall)
                && !find_markers(cells, free, wall, &markers, &mut found, (row, col))
            {
                return buffer.whole(rebuild(&grid, &found, row, col));
            }
            col += take;
            buffer.start += take;
        }
        if buffer.start == buffer.end && !buffer.fill()? {
            if row + 1 == rows {
                // The last row without a final newline.
                newline = false;
                break;
            }
            return buffer.whole(rebuild(&grid, &found, row, cols));
        }
        if buffer.bytes[buffer.start] != b'\n' {
            return buffer.whole(rebuild(&grid, &found, row, cols));
        }
        buffer.start += 1;
    }
    if found.iter().any(Option::is_none) {
        return buffer.whole(if newline {
            rebuild(&grid, &found, rows, 0)
        } else {
            // The last row read, without the final newline it lacked.
            rebuild(&grid, &found, rows - 1, cols)
        });
    }
    let markers = found.map(Option::unwrap);
    // Only whitespace may follow.
    loop {
        let rest = &buffer.bytes[buffer.start..buffer.end];
        if !rest
            .iter()
            .all(|&b| matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
        {
            return buffer.whole(rebuild(&grid, &found, rows, 0));
        }
        buffer.start = buffer.end;
        if !buffer.fill()? {
            return Ok(Streamed::Grid {
                numbers,
                grid,
                markers,
            });
        }
    }
}

/// Records where each marker among `cells` (row `row` from column `col`) stands;
/// `false` if a byte is neither `free`, `wall` nor a marker not yet found.
fn find_markers<const M: usize>(
    cells: &[u8],
    free: u8,
    wall: u8,
    markers: &[u8; M],
    found: &mut [Option<(u32, u32)>; M],
    (row, col): (u32, usize),
) -> bool {
    cells.iter().enumerate().all(|(at, &byte)| {
        byte == free
            || byte == wall
            || match markers.iter().position(|&m| m == byte) {
                Some(k) if found[k].is_none() => {
                    found[k] = Some((row, (col + at) as u32));
                    true
                }
                _ => false,
            }
    })
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

/// The reused buffer: `bytes[start..end]` read and not yet used. (Not named `Buffer`:
/// the bundler keeps items by name, and would keep the `itoa` stand-in's `Buffer` too.)
struct Window<'a> {
    bytes: Vec<u8>,
    start: usize,
    end: usize,
    source: &'a mut dyn Read,
}

impl Window<'_> {
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
    fn whole<const N: usize, const M: usize>(
        self,
        mut consumed: Vec<u8>,
    ) -> io::Result<Streamed<N, M>> {
        consumed.extend_from_slice(&self.bytes[self.start..self.end]);
        self.source.read_to_end(&mut consumed)?;
        Ok(Streamed::Whole(consumed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads `input` with markers `S` and `E`, any header accepted.
    fn read(input: &[u8]) -> Streamed<2, 2> {
        read_plain(&mut &input[..], b'.', b'#', [b'S', b'E'], |_, _| true).unwrap()
    }

    /// The rows of `grid`, markers put back, one a line.
    fn rows(grid: &BitGrid, markers: [(u32, u32); 2]) -> Vec<u8> {
        let mut text = Vec::new();
        for row in 0..grid.rows() {
            let start = text.len();
            grid.unpack(row, grid.cols() as usize, b'.', b'#', &mut text);
            for (&(r, c), marker) in markers.iter().zip(b"SE") {
                if r == row {
                    text[start + c as usize] = *marker;
                }
            }
            text.push(b'\n');
        }
        text
    }

    #[test]
    fn markers_stream_once_each_and_anything_else_comes_back_whole() {
        let header = b"3 9\n";
        let base = b"..#S.....\n#.......#\n...##..E.\n";
        let mut plain = header.to_vec();
        plain.extend_from_slice(base);
        match read(&plain) {
            Streamed::Grid { grid, markers, .. } => {
                assert_eq!(markers, [(0, 3), (2, 7)]);
                assert_eq!(rows(&grid, markers), base);
            }
            Streamed::Whole(_) => panic!("a plain map is streamed"),
        }
        // Every byte of the rows replaced, and every truncation: streamed only when
        // still plain with one of each marker, else handed back byte for byte.
        let mut inputs = Vec::new();
        for at in header.len()..plain.len() {
            for byte in *b"SE.#x\n\r " {
                let mut input = plain.clone();
                input[at] = byte;
                inputs.push(input);
            }
            inputs.push(plain[..at].to_vec());
        }
        for input in inputs {
            let count = |m: u8| input[header.len()..].iter().filter(|&&b| b == m).count();
            match read(&input) {
                Streamed::Grid { grid, markers, .. } => {
                    assert_eq!((count(b'S'), count(b'E')), (1, 1));
                    let text = rows(&grid, markers);
                    let rest = &input[header.len()..];
                    // The last row's newline may be missing; nothing but it.
                    assert_eq!(&text[..rest.len()], rest, "{input:?}");
                    assert!(text.len() - rest.len() <= 1);
                }
                Streamed::Whole(whole) => assert_eq!(whole, input),
            }
        }
    }
}
