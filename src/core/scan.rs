//! Reading the whole input: tokens, numbers and grid rows, with line numbers.
//!
//! A [`Scanner`] owns a mutable view of the entire input. Tokens are separated by any
//! ASCII whitespace (so CRLF, tabs and trailing spaces are accepted everywhere).
//! Grid rows are read line by line and compacted in place to the front of the buffer
//! (see [`Scanner::read_grid`]), so a grid of 10^8 cells costs no memory beyond the
//! input itself. Nothing is ever allocated by a size the input claims.

use super::error::{quote, InputError};
use super::grid::Grid;
use crate::ext::memchr::memchr;

/// The bytes a grid cell may be, with a description for error messages.
#[derive(Clone, Debug)]
pub struct CellSet {
    allowed: [bool; 256],
    /// The allowed bytes, the first repeated to fill all eight places.
    chars: [u8; 8],
    /// Lists the allowed characters for a message, e.g. "`0` or `1`".
    pub description: &'static str,
    /// Markers that must occur exactly once in the grid (at most [`MAX_MARKERS`]).
    pub unique: &'static [u8],
}

/// The most markers a [`CellSet`] can require (pushing-boxes has `S`, `B`, `T`).
pub const MAX_MARKERS: usize = 4;

impl CellSet {
    /// The set of the bytes in `chars`; `description` names them in error messages;
    /// each byte of `unique` must occur exactly once in a grid.
    pub const fn new(chars: &[u8], description: &'static str, unique: &'static [u8]) -> Self {
        assert!(unique.len() <= MAX_MARKERS);
        assert!(!chars.is_empty() && chars.len() <= 8);
        let mut allowed = [false; 256];
        let mut padded = [chars[0]; 8];
        let mut i = 0;
        while i < chars.len() {
            allowed[chars[i] as usize] = true;
            padded[i] = chars[i];
            i += 1;
        }
        CellSet {
            allowed,
            chars: padded,
            description,
            unique,
        }
    }

    /// Whether `byte` is a cell of this set.
    #[inline]
    pub fn contains(&self, byte: u8) -> bool {
        self.allowed[byte as usize]
    }

    /// Whether every byte of `bytes` is a cell of this set. Compares with each allowed
    /// byte instead of looking bytes up in the table: comparisons vectorize, lookups
    /// do not, and a 10^8-cell grid is checked byte by byte.
    pub fn contains_all(&self, bytes: &[u8]) -> bool {
        let c = self.chars;
        bytes.chunks(256).all(|chunk| {
            let mut stray = 0u8;
            for &b in chunk {
                let known = (b == c[0])
                    | (b == c[1])
                    | (b == c[2])
                    | (b == c[3])
                    | (b == c[4])
                    | (b == c[5])
                    | (b == c[6])
                    | (b == c[7]);
                stray |= u8::from(!known);
            }
            stray == 0
        })
    }
}

/// How many rows and columns a grid should have; `None` means "learn it from the input":
/// columns from the first row, rows by reading until the end of the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub rows: Option<u32>,
    pub cols: Option<u32>,
}

/// The dimensions of a grid that [`Scanner::read_grid`] has compacted into the buffer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GridDims {
    pub rows: u32,
    pub cols: u32,
    /// Cell index (`row * (cols + 1) + col`) of each marker of [`CellSet::unique`], in order.
    pub markers: [u32; MAX_MARKERS],
}

/// The byte stored after every compacted row: the grid's wall column.
pub const SENTINEL: u8 = b'\n';

/// The grid's size bound (see [`MAX_GRID_BYTES`]), a fact of the flat grid's indices.
pub use super::grid::MAX_GRID_BYTES;

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

#[inline]
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

/// A cursor over the whole input with the current line number.
pub struct Scanner<'a> {
    buf: &'a mut [u8],
    pos: usize,
    line: usize,
}

impl<'a> Scanner<'a> {
    /// A scanner over `input`. A missing final newline is added, so that every line,
    /// the last one too, ends in `\n` (in-place grid compaction relies on it).
    pub fn new(input: &'a mut Vec<u8>) -> Self {
        if !input.is_empty() && input.last() != Some(&b'\n') {
            input.push(b'\n');
        }
        Scanner {
            buf: input.as_mut_slice(),
            pos: 0,
            line: 1,
        }
    }

    /// The 1-based line of the next unread byte; at the end of the input, the last line.
    pub fn line(&self) -> usize {
        if self.pos >= self.buf.len() && self.line > 1 {
            // Past the final newline there is no line of its own to blame.
            self.line - 1
        } else {
            self.line
        }
    }

    fn skip_space(&mut self) {
        while let Some(&b) = self.buf.get(self.pos) {
            if !is_space(b) {
                break;
            }
            if b == b'\n' {
                self.line += 1;
            }
            self.pos += 1;
        }
    }

    /// Whether only whitespace remains.
    pub fn at_end(&mut self) -> bool {
        self.skip_space();
        self.pos >= self.buf.len()
    }

    /// The next whitespace-separated token and its line; an empty token at the end.
    pub fn token(&mut self) -> (usize, &[u8]) {
        self.skip_space();
        let line = self.line();
        let start = self.pos;
        while self.pos < self.buf.len() && !is_space(self.buf[self.pos]) {
            self.pos += 1;
        }
        (line, &self.buf[start..self.pos])
    }

    /// The rest of the current line after leading whitespace, without consuming it
    /// (blank lines before it are consumed). Empty at the end of the input.
    pub fn peek_line(&mut self) -> &[u8] {
        self.skip_space();
        let rest = &self.buf[self.pos..];
        let end = memchr(b'\n', rest).unwrap_or(rest.len());
        trim_end(&rest[..end])
    }

    /// The next token as an unsigned integer; `what` names it in the error.
    pub fn uint(&mut self, what: &str) -> Result<u64, InputError> {
        let (line, token) = self.token();
        parse_uint(token).ok_or_else(|| {
            let found = if !token.is_empty() && token.iter().all(u8::is_ascii_digit) {
                format!("{} (beyond 64 bits)", quote(token))
            } else {
                quote(token)
            };
            InputError::new(line, format!("{what} (a whole number)"), found)
        })
    }

    /// The next token as an integer in `lo..=hi`; `what` names it in the error.
    pub fn uint_in(&mut self, what: &str, lo: u64, hi: u64) -> Result<u64, InputError> {
        let line_before = {
            self.skip_space();
            self.line()
        };
        let value = self.uint(what)?;
        if value < lo || value > hi {
            return Err(InputError::new(
                line_before,
                format!("{what} from {lo} to {hi}"),
                value.to_string(),
            ));
        }
        Ok(value)
    }

    /// Reads a grid header: the number of rows then of columns (`rows_name` and
    /// `cols_name` name them in errors, e.g. "R" and "C"), each at least 1, such that
    /// `rows * (cols + 1)` bytes fit [`MAX_GRID_BYTES`] (32-bit cell indices).
    pub fn grid_size(
        &mut self,
        rows_name: &str,
        cols_name: &str,
    ) -> Result<(u32, u32), InputError> {
        self.skip_space();
        let line = self.line();
        let max = u64::from(u32::MAX);
        let rows = self.uint_in(&format!("the number of rows {rows_name}"), 1, max)?;
        let cols = self.uint_in(&format!("the number of columns {cols_name}"), 1, max)?;
        if rows * (cols + 1) > MAX_GRID_BYTES {
            return Err(InputError::new(
                line,
                format!("{rows_name} x ({cols_name} + 1) of at most {MAX_GRID_BYTES}"),
                format!("{rows_name} = {rows}, {cols_name} = {cols}"),
            ));
        }
        // In range: both were checked against u32 above.
        Ok((rows as u32, cols as u32))
    }

    /// Fails unless only whitespace remains.
    pub fn expect_end(&mut self, what_was_last: &str) -> Result<(), InputError> {
        if self.at_end() {
            return Ok(());
        }
        let line = self.line();
        let rest = self.peek_line();
        Err(InputError::new(
            line,
            format!("end of input after {what_was_last}"),
            quote(rest),
        ))
    }

    /// Reads a grid of `shape` whose cells are in `cells`, row by row, and compacts it
    /// in place to the front of the buffer: row `r` becomes bytes `r * (cols + 1) ..`,
    /// its cells followed by one [`SENTINEL`] byte. A row is its cells written together
    /// (`S..#`) or separated by single spaces or tabs (`S . . #`); leading and trailing
    /// whitespace and blank lines before a row are ignored.
    ///
    /// The compaction is safe because every input row occupies at least `cols + 1`
    /// bytes (its cells and its newline) at or after the place it is written to, and
    /// it is read before it is overwritten. Use [`Scanner::grid`] or
    /// [`Scanner::into_grid`] afterwards to look at it.
    ///
    /// Complexity: O(input bytes of the grid).
    pub fn read_grid(&mut self, shape: Shape, cells: &CellSet) -> Result<GridDims, InputError> {
        let mut cols = shape.cols;
        let mut rows_read: u32 = 0;
        let mut write = 0usize;
        let mut markers = [u32::MAX; MAX_MARKERS];
        loop {
            if let Some(rows) = shape.rows {
                if rows_read == rows {
                    break;
                }
            }
            self.skip_space();
            if self.pos >= self.buf.len() {
                if shape.rows.is_none() && rows_read > 0 {
                    break;
                }
                return Err(self.row_error(rows_read, shape.rows, cols, cells, b""));
            }
            let start = self.pos;
            let newline = start
                + memchr(b'\n', &self.buf[start..])
                    .expect("Scanner::new guarantees a final newline");
            let row = trim_end(&self.buf[start..newline]);
            let len = row.len();
            let width = match cols {
                Some(c) => c as usize,
                // Learn the width from the first row: a separator at index 1 means
                // the cells are spaced (cell bytes are never whitespace).
                None => {
                    let c = if len >= 3 && is_blank(row[1]) {
                        (len + 1) / 2
                    } else {
                        len
                    };
                    let c = u32::try_from(c).ok().filter(|&c| c < u32::MAX);
                    match c {
                        Some(c) => {
                            cols = Some(c);
                            c as usize
                        }
                        None => return Err(self.row_error(0, shape.rows, None, cells, row)),
                    }
                }
            };
            let grid_bytes = (u64::from(rows_read) + 1) * (width as u64 + 1);
            if grid_bytes > MAX_GRID_BYTES {
                return Err(InputError::new(
                    self.line,
                    format!("a grid of at most {MAX_GRID_BYTES} bytes (rows x (columns + 1))"),
                    format!("a grid larger than that at row {}", rows_read + 1),
                ));
            }
            // Checked before it moves: the row is compacted over bytes that may be its
            // own, and an error must quote it as it was written.
            let together = len == width && cells.contains_all(row);
            let spaced = !together
                && width > 0
                && len == 2 * width - 1
                && row.iter().skip(1).step_by(2).all(|&b| is_blank(b))
                && row.iter().step_by(2).all(|&b| cells.contains(b));
            if together {
                self.buf.copy_within(start..start + width, write);
            } else if spaced {
                for j in 0..width {
                    self.buf[write + j] = self.buf[start + 2 * j];
                }
            } else {
                let row = row.to_vec();
                return Err(self.row_error(rows_read, shape.rows, cols, cells, &row));
            }
            for (slot, &marker) in markers.iter_mut().zip(cells.unique) {
                let mut from = write;
                while let Some(at) = memchr(marker, &self.buf[from..write + width]) {
                    if *slot != u32::MAX {
                        return Err(InputError::new(
                            self.line,
                            format!("one {} in the grid", quote(&[marker])),
                            format!(
                                "a second one in row {}, column {}",
                                rows_read + 1,
                                from + at - write + 1
                            ),
                        ));
                    }
                    // In range: the whole grid was checked against MAX_GRID_BYTES.
                    *slot = (from + at) as u32;
                    from += at + 1;
                }
            }
            self.buf[write + width] = SENTINEL;
            write += width + 1;
            rows_read += 1;
            self.pos = newline + 1;
            self.line += 1;
        }
        for (slot, &marker) in markers.iter().zip(cells.unique) {
            if *slot == u32::MAX {
                return Err(InputError::new(
                    self.line - 1,
                    format!("one {} in the grid", quote(&[marker])),
                    "none".to_string(),
                ));
            }
        }
        Ok(GridDims {
            rows: rows_read,
            cols: cols.unwrap_or(0),
            markers,
        })
    }

    fn row_error(
        &self,
        index: u32,
        rows: Option<u32>,
        cols: Option<u32>,
        cells: &CellSet,
        row: &[u8],
    ) -> InputError {
        let which = match rows {
            Some(rows) => format!("row {} of {}", index + 1, rows),
            None => format!("row {}", index + 1),
        };
        let expected = match cols {
            Some(c) => format!(
                "{which} with {c} cells, each {} (written together or separated by single spaces)",
                cells.description
            ),
            None => format!("{which} of cells, each {}", cells.description),
        };
        let found = match row.iter().position(|&b| !is_blank(b) && !cells.contains(b)) {
            Some(bad) if !row.is_empty() => format!(
                "{} (character {} is {})",
                quote(row),
                bad + 1,
                quote(&row[bad..bad + 1])
            ),
            _ if row.len() == 1 => format!("{} (1 character)", quote(row)),
            _ if !row.is_empty() => format!("{} ({} characters)", quote(row), row.len()),
            _ => quote(row),
        };
        InputError::new(self.line(), expected, found)
    }

    /// The grid [`Scanner::read_grid`] compacted, borrowed until the scanner is used again.
    pub fn grid(&mut self, dims: GridDims) -> Grid<'_> {
        let len = dims.rows as usize * (dims.cols as usize + 1);
        Grid::new(&mut self.buf[..len], dims.rows, dims.cols)
    }

    /// The grid [`Scanner::read_grid`] compacted, keeping the input buffer's lifetime.
    pub fn into_grid(self, dims: GridDims) -> Grid<'a> {
        let len = dims.rows as usize * (dims.cols as usize + 1);
        Grid::new(&mut self.buf[..len], dims.rows, dims.cols)
    }
}

/// `bytes` without trailing spaces, tabs and carriage returns.
pub fn trim_end(bytes: &[u8]) -> &[u8] {
    let end = bytes
        .iter()
        .rposition(|&b| !is_blank(b))
        .map_or(0, |i| i + 1);
    &bytes[..end]
}

/// A token of ASCII digits as a `u64`; `None` when empty, not digits, or beyond 64 bits.
pub fn parse_uint(token: &[u8]) -> Option<u64> {
    if token.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &b in token {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    Some(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Regression: a bad row was quoted after the in-place compaction had already
    /// overwritten its first bytes (a short header puts the row's destination over
    /// the row itself), so `SB.\0T` was reported as `TB.\0T`.
    #[test]
    fn regression_bad_row_is_quoted_as_written() {
        const CELLS: CellSet = CellSet::new(b"#.SBT", "a cell", b"");
        for input in [&b"1 5\nSB.\0T\n"[..], b"1 5\nS B . \0 T\n"] {
            let mut input = input.to_vec();
            let mut scanner = Scanner::new(&mut input);
            assert_eq!(scanner.uint("rows"), Ok(1));
            assert_eq!(scanner.uint("columns"), Ok(5));
            let shape = Shape {
                rows: Some(1),
                cols: Some(5),
            };
            let error = scanner.read_grid(shape, &CELLS).unwrap_err();
            assert!(error.found.starts_with(r#""S"#), "{error}");
            assert!(error.found.contains(r"\0"), "{error}");
        }
    }
}
