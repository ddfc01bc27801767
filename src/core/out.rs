//! Buffered output: bytes and integers into one large buffer, written in ~1 MiB chunks.
//!
//! Answers can be millions of lines (a robot-maze path through a serpentine grid), so
//! the buffer is flushed whenever it passes [`CHUNK`] and memory stays bounded while the
//! output streams. The first write error is kept and reported by [`Output::finish`];
//! later writes are dropped so a closed pipe costs nothing.
//!
//! The buffer is a fixed block with [`SLACK`] bytes beyond [`CHUNK`], so that a short
//! piece (a number, a path line) is written with fixed-size copies and one bounds
//! check, and the chunk is flushed after it: a path line costs a few dozen
//! instructions, not four calls that each grow a `Vec`.

use std::io::{self, Write};

/// The size at which the buffer is handed to the writer.
pub const CHUNK: usize = 1 << 20;

/// Room past [`CHUNK`] for one short piece written before the flush check.
const SLACK: usize = 64;

/// The longest decimal `u64`.
const MAX_DIGITS: usize = 20;

/// An output buffer over any writer (stdout in the binaries, a `Vec<u8>` in tests).
pub struct Output<'w> {
    /// `CHUNK + SLACK` bytes once anything is written (allocated on first use).
    buf: Vec<u8>,
    /// Bytes of `buf` filled.
    len: usize,
    sink: &'w mut dyn Write,
    error: Option<io::Error>,
    /// [`Output::pair_line`]'s cache: the last line written, its two numbers and length.
    pair: PairLine,
}

impl<'w> Output<'w> {
    pub fn new(sink: &'w mut dyn Write) -> Self {
        Output {
            buf: Vec::new(),
            len: 0,
            sink,
            error: None,
            pair: PairLine {
                text: [0; PAIR_LINE],
                len: 0,
            },
        }
    }

    /// The unfilled part of the buffer, at least `SLACK` bytes.
    #[inline]
    fn spare(&mut self) -> &mut [u8] {
        if self.buf.is_empty() {
            self.buf = vec![0; CHUNK + SLACK];
        }
        &mut self.buf[self.len..]
    }

    #[inline]
    fn maybe_flush(&mut self) {
        if self.len >= CHUNK {
            self.flush_buffer();
        }
    }

    fn flush_buffer(&mut self) {
        self.write_through(..self.len);
        self.len = 0;
    }

    /// Hands `buf[range]` to the sink unless a write has already failed.
    fn write_through(&mut self, range: std::ops::RangeTo<usize>) {
        if self.error.is_none() {
            if let Err(e) = self.sink.write_all(&self.buf[range]) {
                self.error = Some(e);
            }
        }
    }

    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        if bytes.len() <= self.spare().len() {
            self.buf[self.len..self.len + bytes.len()].copy_from_slice(bytes);
            self.len += bytes.len();
            self.maybe_flush();
        } else {
            self.long_bytes(bytes);
        }
    }

    /// [`Output::bytes`] for a piece longer than the room left: what is buffered, then
    /// the piece itself, go to the sink.
    #[cold]
    fn long_bytes(&mut self, bytes: &[u8]) {
        self.flush_buffer();
        if bytes.len() < CHUNK {
            self.buf[..bytes.len()].copy_from_slice(bytes);
            self.len = bytes.len();
        } else if self.error.is_none() {
            if let Err(e) = self.sink.write_all(bytes) {
                self.error = Some(e);
            }
        }
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, byte: u8) {
        self.spare()[0] = byte;
        self.len += 1;
        self.maybe_flush();
    }

    /// Appends an unsigned integer in decimal.
    #[inline]
    pub fn uint(&mut self, value: u64) {
        let n = put_decimal(self.spare(), value);
        self.len += n;
        self.maybe_flush();
    }

    /// Appends a signed integer in decimal.
    #[inline]
    pub fn int(&mut self, value: i64) {
        let mut digits = crate::ext::itoa::Buffer::new();
        self.bytes(digits.format(value).as_bytes());
    }

    /// Writes the line `first second\n`, formatted into a line of its own first, which
    /// [`Output::pair_run`] takes as the template of the lines after it.
    #[inline(always)]
    pub fn pair_line(&mut self, first: u64, second: u64) {
        self.pair.format(first, second);
        if self.buf.is_empty() {
            self.buf = vec![0; CHUNK + SLACK];
        }
        // `len < CHUNK` here (see `maybe_flush`) and the buffer has `SLACK` bytes more.
        self.buf[self.len..self.len + PAIR_LINE].copy_from_slice(&self.pair.text);
        self.len += self.pair.len;
        self.maybe_flush();
    }

    /// Writes the `cells` lines `first second`, `first second+1`, ... (or counting
    /// down, unless `up`): a path's stretch along a row. A line whose last digit just
    /// counts is a digit update and a fixed-size copy.
    pub fn pair_run(&mut self, first: u64, second: u64, cells: u32, up: bool) {
        if cells == 0 {
            return;
        }
        self.pair_line(first, second);
        let mut value = second;
        let mut left = cells - 1;
        while left > 0 {
            let (line, len) = (self.pair.text, self.pair.len);
            // Lines before the last two digits wrap or the number loses a digit (none
            // for a one-digit number), and before the buffer is full.
            let low = (value % 100) as usize;
            let counting = match (value, up) {
                (0..=9, _) => 0,
                (_, true) => 99 - low,
                (10..=99, false) => low - 10,
                (_, false) => low,
            } as u32;
            let fit = (CHUNK.saturating_sub(self.len) / len + 1) as u32;
            let lines = left.min(counting).min(fit);
            if lines == 0 {
                // A carry or borrow.
                value = if up { value + 1 } else { value - 1 };
                self.pair_line(first, value);
                left -= 1;
                continue;
            }
            // `fit` lines end within `CHUNK` plus one line, and the buffer has `SLACK`
            // bytes more than `CHUNK`; `line` is written whole, `len` bytes kept.
            let end = self.len + lines as usize * len;
            let out = &mut self.buf[self.len..end - len + PAIR_LINE];
            let step = if up { 1 } else { usize::MAX };
            let low = if len <= 16 {
                count_lines::<16>(out, &line, len, lines, low, step)
            } else {
                count_lines::<PAIR_LINE>(out, &line, len, lines, low, step)
            };
            self.pair.text[len - 3..len - 1].copy_from_slice(&PAIRS[2 * low..2 * low + 2]);
            value = if up {
                value + u64::from(lines)
            } else {
                value - u64::from(lines)
            };
            self.len = end;
            self.maybe_flush();
            left -= lines;
        }
    }

    /// Writes everything buffered and flushes the writer; returns the first error seen.
    pub fn finish(&mut self) -> io::Result<()> {
        self.flush_buffer();
        if self.error.is_none() {
            if let Err(e) = self.sink.flush() {
                self.error = Some(e);
            }
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}

/// Writes `lines` copies of `line` (its first `len` bytes), one after another into
/// `out`, with its last two digits, `low` in `line`, counted on by `step` (wrapping: 1
/// or -1) in each; returns the last two digits written, as a number. The first `N`
/// bytes of `line` are copied whole, the template left untouched and the digits stored
/// after it, so that no copy waits on a byte store. (A hundred lines a call, not ten:
/// serpentine 4001x4000's 8 million lines took 16 instructions each with one digit.)
#[inline(always)]
fn count_lines<const N: usize>(
    out: &mut [u8],
    line: &[u8],
    len: usize,
    lines: u32,
    mut low: usize,
    step: usize,
) -> usize {
    let template: [u8; N] = line[..N].try_into().expect("N <= PAIR_LINE");
    let tens = len - 3;
    for at in (0..lines as usize).map(|i| i * len) {
        low = low.wrapping_add(step);
        let to = &mut out[at..at + N];
        to.copy_from_slice(&template);
        to[tens..tens + 2].copy_from_slice(&PAIRS[2 * low..2 * low + 2]);
    }
    low
}

/// The longest `first second\n` line, rounded up: 20 + 1 + 20 + 1 bytes.
const PAIR_LINE: usize = 48;

/// The last line [`Output::pair_line`] wrote (`len` 0 before the first).
struct PairLine {
    text: [u8; PAIR_LINE],
    len: usize,
}

impl PairLine {
    /// Formats the line.
    #[inline(always)]
    fn format(&mut self, first: u64, second: u64) {
        let n = put_decimal(&mut self.text, first);
        self.text[n] = b' ';
        let m = put_decimal(&mut self.text[n + 1..], second);
        self.text[n + 1 + m] = b'\n';
        self.len = n + m + 2;
    }
}

/// Two decimal digits of each number below 100.
const PAIRS: &[u8; 200] = b"0001020304050607080910111213141516171819\
2021222324252627282930313233343536373839\
4041424344454647484950515253545556575859\
6061626364656667686970717273747576777879\
8081828384858687888990919293949596979899";

/// The number of decimal digits of `value`.
#[inline]
fn decimal_len(value: u64) -> usize {
    let mut n = 1;
    let mut rest = value;
    while rest >= 100 {
        rest /= 100;
        n += 2;
    }
    n + usize::from(rest >= 10)
}

/// Writes `value` in decimal at the start of `dst` (which must have [`MAX_DIGITS`]
/// bytes), two digits at a time from the right; returns how many bytes it wrote.
#[inline]
fn put_decimal(dst: &mut [u8], value: u64) -> usize {
    let n = decimal_len(value);
    let digits = &mut dst[..MAX_DIGITS][..n];
    let mut rest = value;
    let mut end = n;
    while end >= 2 {
        let pair = (rest % 100) as usize * 2;
        rest /= 100;
        digits[end - 2..end].copy_from_slice(&PAIRS[pair..pair + 2]);
        end -= 2;
    }
    if end == 1 {
        digits[0] = b'0' + rest as u8;
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn written(f: impl FnOnce(&mut Output)) -> Vec<u8> {
        let mut sink = Vec::new();
        let mut out = Output::new(&mut sink);
        f(&mut out);
        out.finish().unwrap();
        sink
    }

    #[test]
    fn decimals_match_std_at_every_length() {
        let mut values = vec![0, 1, 9, 10, 99, 100, 101, u64::MAX, u64::MAX - 1];
        let mut p = 1u64;
        while let Some(q) = p.checked_mul(10) {
            values.extend([p - 1, p, p + 1, q - 1]);
            p = q;
        }
        for v in values {
            let mut dst = [b'x'; MAX_DIGITS];
            let n = put_decimal(&mut dst, v);
            assert_eq!(&dst[..n], v.to_string().as_bytes(), "{v}");
            assert_eq!(decimal_len(v), v.to_string().len(), "{v}");
        }
    }

    #[test]
    fn pieces_in_order_across_chunk_boundaries() {
        let mut expected = Vec::new();
        let got = written(|out| {
            let mut row = 1u64;
            for i in 0..400_000u64 {
                if i % 7 == 0 {
                    row += 1;
                }
                out.pair_line(row, i * 37);
                expected.extend_from_slice(format!("{row} {}\n", i * 37).as_bytes());
                match i % 5000 {
                    0 => {
                        let long = vec![b'a' + (i % 26) as u8; CHUNK + 3];
                        out.bytes(&long);
                        expected.extend_from_slice(&long);
                    }
                    1 => {
                        let mid = vec![b'm'; CHUNK / 2 + 7];
                        out.bytes(&mid);
                        expected.extend_from_slice(&mid);
                    }
                    _ => {
                        out.uint(u64::MAX - i);
                        out.byte(b' ');
                        out.int(-(i as i64));
                        out.bytes(b"\n");
                        expected.extend_from_slice(format!("{} -{i}\n", u64::MAX - i).as_bytes());
                    }
                }
            }
        });
        assert!(got == expected, "outputs differ");
    }

    #[test]
    fn pair_lines_walking_up_and_down_across_carries() {
        let mut expected = Vec::new();
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let got = written(|out| {
            let (mut a, mut b) = (1u64, 0u64);
            for _ in 0..200_000 {
                match next() % 16 {
                    0 => a = next() % 1000,
                    1 => b = next() >> (next() % 64),
                    2 => (a, b) = (u64::MAX, u64::MAX - next() % 3),
                    3 => b = 0,
                    4..=9 => b = b.wrapping_add(1),
                    _ => b = b.wrapping_sub(1),
                }
                out.pair_line(a, b);
                expected.extend_from_slice(format!("{a} {b}\n").as_bytes());
            }
        });
        assert!(got == expected, "outputs differ");
    }

    #[test]
    fn pair_runs_across_digit_counts_and_chunks() {
        // Runs up and down through 9/10, 99/100, 999/1000, ..., of every length up to a
        // few hundred, after pieces that leave the buffer anywhere short of a chunk.
        let mut expected = Vec::new();
        let mut rng = crate::gen::Rng::new(0x2545_F491_4F6C_DD1D);
        let mut next = move || rng.next_u64();
        let got = written(|out| {
            for _ in 0..30_000 {
                let row = next() % 20_000;
                let near = 10u64.pow((next() % 6) as u32);
                let second = (near + next() % 300).saturating_sub(150).max(1);
                let up = next() % 2 == 0;
                let cells = (next() % 400) as u32;
                let cells = if up { cells } else { cells.min(second as u32) };
                if next() % 4 == 0 {
                    let filler = vec![b'.'; (next() % 5000) as usize];
                    out.bytes(&filler);
                    expected.extend_from_slice(&filler);
                }
                out.pair_run(row, second, cells, up);
                for i in 0..u64::from(cells) {
                    let col = if up { second + i } else { second - i };
                    expected.extend_from_slice(format!("{row} {col}\n").as_bytes());
                }
            }
        });
        assert!(got == expected, "outputs differ");
    }

    #[test]
    fn nothing_written_is_nothing() {
        assert!(written(|_| {}).is_empty());
        assert_eq!(
            written(|out| out.int(i64::MIN)),
            i64::MIN.to_string().as_bytes()
        );
    }
}
