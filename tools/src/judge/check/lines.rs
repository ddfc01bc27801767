//! The exact comparison, streamed: two output files are equal when they are equal line by
//! line once each line loses its trailing whitespace (so CRLF and LF agree) and trailing
//! blank lines are dropped. Leading and inner whitespace counts.
//!
//! Neither file is held in memory: each is read through a small buffer and turned into a
//! canonical stream of elements (a byte, a run of inner whitespace, a line break) which are
//! compared one by one. A whitespace run is kept as its length and a hash until the next byte
//! says whether it was inner (it counts) or trailing (it is dropped), so even a line of a
//! gigabyte of spaces costs a few words. Complexity: O(size of both files), O(1) memory.

use std::io::{self, Read};
use std::path::Path;

/// One element of a canonical stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Elem {
    Byte(u8),
    /// A run of whitespace inside a line: its length and FNV-1a hash.
    Space {
        len: u64,
        hash: u64,
    },
    Newline,
}

use crate::run::hash::{OFFSET as FNV_OFFSET, PRIME as FNV_PRIME};

/// A reader's canonical stream.
struct Canonical<R> {
    reader: R,
    buf: Box<[u8]>,
    pos: usize,
    filled: usize,
    /// Line breaks seen but not yet emitted: they count only if a byte follows.
    newlines: u64,
    /// Whitespace seen on the current line but not yet emitted, as (length, hash).
    space: Option<(u64, u64)>,
    /// A byte that has arrived, to be emitted after the pending line breaks and space.
    byte: Option<u8>,
}

impl<R: Read> Canonical<R> {
    fn new(reader: R) -> Self {
        Canonical {
            reader,
            buf: vec![0; 64 * 1024].into_boxed_slice(),
            pos: 0,
            filled: 0,
            newlines: 0,
            space: None,
            byte: None,
        }
    }

    fn read_byte(&mut self) -> io::Result<Option<u8>> {
        if self.pos == self.filled {
            self.filled = crate::run::sys::retry_interrupted(|| self.reader.read(&mut self.buf))?;
            self.pos = 0;
            if self.filled == 0 {
                return Ok(None);
            }
        }
        self.pos += 1;
        Ok(Some(self.buf[self.pos - 1]))
    }

    /// Whether a byte that is not whitespace comes within the next `cap` bytes (`true` when
    /// none has come by then).
    fn content_follows(&mut self, cap: u64) -> io::Result<bool> {
        let mut seen = 0;
        while seen < cap {
            if self.pos == self.filled {
                match self.read_byte()? {
                    None => return Ok(false),
                    // It took the first byte of a fresh buffer: look at that one too.
                    Some(_) => self.pos -= 1,
                }
            }
            let chunk = &self.buf[self.pos..self.filled];
            if chunk.iter().any(|b| !b.is_ascii_whitespace()) {
                return Ok(true);
            }
            seen += chunk.len() as u64;
            self.pos = self.filled;
        }
        Ok(true)
    }

    fn next(&mut self) -> io::Result<Option<Elem>> {
        loop {
            if let Some(b) = self.byte {
                if self.newlines > 0 {
                    self.newlines -= 1;
                    return Ok(Some(Elem::Newline));
                }
                if let Some((len, hash)) = self.space.take() {
                    return Ok(Some(Elem::Space { len, hash }));
                }
                self.byte = None;
                return Ok(Some(Elem::Byte(b)));
            }
            match self.read_byte()? {
                None => return Ok(None),
                Some(b'\n') => {
                    self.space = None;
                    self.newlines += 1;
                }
                Some(b) if b.is_ascii_whitespace() => {
                    let (len, hash) = self.space.get_or_insert((0, FNV_OFFSET));
                    *len += 1;
                    *hash = (*hash ^ u64::from(b)).wrapping_mul(FNV_PRIME);
                }
                Some(b) => self.byte = Some(b),
            }
        }
    }
}

/// Where two outputs first differ: the 1-based line, and that line of each side (trailing
/// whitespace removed, cut at [`LINE_CAP`] bytes), `None` where that side has already ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub line: u64,
    pub expected: Option<Vec<u8>>,
    pub got: Option<Vec<u8>>,
}

/// The most of a line a [`Difference`] keeps.
pub const LINE_CAP: usize = 4096;

/// The first difference between two readers' outputs under the exact comparison.
fn first_difference_in(expected: impl Read, got: impl Read) -> io::Result<Option<u64>> {
    let (mut e, mut g) = (Canonical::new(expected), Canonical::new(got));
    let mut line = 1;
    loop {
        let (a, b) = (e.next()?, g.next()?);
        if a == b {
            match a {
                None => return Ok(None),
                Some(Elem::Newline) => line += 1,
                Some(_) => {}
            }
            continue;
        }
        // One side ends its line where the other ends its output: the line itself agreed,
        // and the difference is the next line, present on one side only.
        return Ok(Some(match (a, b) {
            (Some(Elem::Newline), None) | (None, Some(Elem::Newline)) => line + 1,
            _ => line,
        }));
    }
}

/// The first difference between the files `expected` and `got`, `None` when they are equal.
pub fn first_difference(expected: &Path, got: &Path) -> io::Result<Option<Difference>> {
    let open = open_output;
    let Some(line) = first_difference_in(open(expected)?, open(got)?)? else {
        return Ok(None);
    };
    Ok(Some(Difference {
        line,
        expected: line_of(|| open(expected), line)?,
        got: line_of(|| open(got), line)?,
    }))
}

/// Opens an output or an answer to compare, never blocking: a FIFO or a device in its place
/// is an error naming it, not a wait or an endless read. `/dev/null` is the empty answer (an
/// invalid-input case's without a `NAME.out`).
pub fn open_output(p: &Path) -> io::Result<std::fs::File> {
    if p == Path::new("/dev/null") {
        return std::fs::File::open(p);
    }
    crate::run::sys::open_regular(p)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))
}

/// Line `n` (1-based) as written, trailing whitespace removed and cut at [`LINE_CAP`] bytes;
/// `None` when the canonical output has fewer lines (trailing blank lines do not count).
/// `open` gives a fresh reader of the output each time: one pass asks whether the line
/// exists, the other reads it as it is, tabs and all.
fn line_of<R: Read>(open: impl Fn() -> io::Result<R>, n: u64) -> io::Result<Option<Vec<u8>>> {
    if !has_line(open()?, n)? {
        return Ok(None);
    }
    let mut raw = Canonical::new(open()?);
    let mut line = 1;
    let mut text = Vec::new();
    while let Some(b) = raw.read_byte()? {
        if b == b'\n' {
            line += 1;
            if line > n {
                break;
            }
        } else if line == n {
            // What is past the cap is never shown, so never read: a line of a gigabyte
            // costs what its first LINE_CAP bytes do.
            if text.len() == LINE_CAP {
                break;
            }
            text.push(b);
        }
    }
    let end = text
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(0, |p| p + 1);
    text.truncate(end);
    Ok(Some(text))
}

/// Lines `first..=last` (1-based) of a file as written, each without trailing whitespace and
/// cut at [`LINE_CAP`] bytes; fewer where the file ends, and none past its last non-blank
/// line. A line longer than the cap ends the window (what follows it is not read), so the
/// window costs at most `last` lines of [`LINE_CAP`] bytes, whatever the file holds after.
pub fn lines_between(path: &Path, first: u64, last: u64) -> io::Result<Vec<Vec<u8>>> {
    lines_between_in(open_output(path)?, first, last)
}

fn lines_between_in(reader: impl Read, first: u64, last: u64) -> io::Result<Vec<Vec<u8>>> {
    let mut raw = Canonical::new(reader);
    let mut lines = Vec::new();
    let mut current = Vec::new();
    let mut line = 1;
    let mut ended = true;
    let mut cut = false;
    while let Some(b) = raw.read_byte()? {
        ended = false;
        if b == b'\n' {
            if line >= first {
                lines.push(std::mem::take(&mut current));
            }
            line += 1;
            ended = true;
            if line > last {
                break;
            }
        } else if line >= first {
            if current.len() == LINE_CAP {
                cut = true;
                break;
            }
            current.push(b);
        }
    }
    if cut || (!ended && line >= first && line <= last) {
        lines.push(current);
    }
    for l in &mut lines {
        let end = l
            .iter()
            .rposition(|c| !c.is_ascii_whitespace())
            .map_or(0, |p| p + 1);
        l.truncate(end);
    }
    // Trailing blank lines are no part of the output: the window's blank tail is dropped
    // unless something other than whitespace follows it.
    if !cut && !raw.content_follows(TAIL_SCAN)? {
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
    }
    Ok(lines)
}

/// How far past a window [`lines_between`] looks for content that makes its blank tail
/// count; past it the tail is shown (only a window's blank lines hang on it).
const TAIL_SCAN: u64 = 16 << 20;

/// Whether the canonical output has a line `n`.
fn has_line(reader: impl Read, n: u64) -> io::Result<bool> {
    Ok(line_count(reader, n)? >= n)
}

/// The number of lines of the canonical output, counted up to `cap`: one more than its line
/// breaks, and none at all when it is empty.
fn line_count(reader: impl Read, cap: u64) -> io::Result<u64> {
    let mut c = Canonical::new(reader);
    let mut lines = 0;
    while let Some(elem) = c.next()? {
        if lines == 0 {
            lines = 1;
        }
        if elem == Elem::Newline {
            lines += 1;
        }
        if lines >= cap {
            break;
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A difference as (line, expected line, got line).
    type Seen = (u64, Option<Vec<u8>>, Option<Vec<u8>>);

    fn diff(expected: &'static [u8], got: &'static [u8]) -> Option<Seen> {
        first_difference_in(expected, got).unwrap().map(|line| {
            let of = |b: &'static [u8]| line_of(|| Ok(b), line).unwrap();
            (line, of(expected), of(got))
        })
    }

    fn some(s: &str) -> Option<Vec<u8>> {
        Some(s.as_bytes().to_vec())
    }

    #[test]
    fn line_endings_trailing_space_and_blank_lines_are_ignored() {
        assert_eq!(diff(b"1 2\n3\n", b"1 2 \r\n3\t\r\n\r\n\n"), None);
        assert_eq!(diff(b"1\n\n2\n", b"1\n\n2"), None);
        assert_eq!(diff(b"", b"\n\n"), None);
        assert_eq!(diff(b"", b""), None);
        assert_eq!(diff(b"a  b\n", b"a  b   \n"), None);
    }

    #[test]
    fn the_first_differing_line_is_named_with_both_sides() {
        assert_eq!(diff(b"1\n2\n3\n", b"1\n2\n"), Some((3, some("3"), None)));
        assert_eq!(diff(b"1\n", b"1\n\nx\n"), Some((2, None, some(""))));
        assert_eq!(
            diff(b"a b\n", b" a b\n"),
            Some((1, some("a b"), some(" a b")))
        );
        assert_eq!(
            diff(b"a b\n", b"a  b\n"),
            Some((1, some("a b"), some("a  b")))
        );
        assert_eq!(
            diff(b"a b\n", b"a\tb\n"),
            Some((1, some("a b"), some("a\tb")))
        );
        assert_eq!(diff(b"12\n", b"1\n"), Some((1, some("12"), some("1"))));
        assert_eq!(diff(b"1\n2\n", b"1\n2\n3\n"), Some((3, None, some("3"))));
        assert_eq!(diff(b"x\n", b""), Some((1, some("x"), None)));
        assert_eq!(
            diff(b"1\n\n\n4\n", b"1\n\n\n5\n"),
            Some((4, some("4"), some("5")))
        );
    }

    /// A reader of `head` and then endless NUL bytes that fails once more than `budget`
    /// bytes have been read: reading past the first difference is an error, not a slow test.
    struct Budget<'a> {
        head: &'a [u8],
        budget: usize,
    }

    impl Read for Budget<'_> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            if self.budget == 0 {
                return Err(io::Error::other("read past the budget"));
            }
            let n = buf.len().min(self.budget);
            let from_head = n.min(self.head.len());
            buf[..from_head].copy_from_slice(&self.head[..from_head]);
            buf[from_head..n].fill(0);
            self.head = &self.head[from_head..];
            self.budget -= n;
            Ok(n)
        }
    }

    fn endless(head: &[u8]) -> Budget<'_> {
        Budget {
            head,
            budget: 1 << 20,
        }
    }

    #[test]
    fn an_endless_line_is_read_up_to_the_first_difference_only() {
        assert_eq!(
            first_difference_in(endless(b"secret\n"), &b"secret\n"[..]).unwrap(),
            Some(2)
        );
        let line = line_of(|| Ok(endless(b"secret\n")), 2).unwrap().unwrap();
        assert_eq!(line, vec![0; LINE_CAP]);
        // The window ends at a line longer than the cap.
        let window = lines_between_in(endless(b"a\nb\n"), 1, 5).unwrap();
        assert_eq!(window, [b"a".to_vec(), b"b".to_vec(), vec![0; LINE_CAP]]);
    }

    #[test]
    fn a_window_drops_only_the_outputs_trailing_blank_lines() {
        let w = |text: &[u8], first, last| lines_between_in(text, first, last).unwrap();
        assert_eq!(w(b"a\n\n \n\n", 1, 5), [b"a".to_vec()]);
        assert_eq!(w(b"a\n\n \nb\n", 1, 3), [b"a".to_vec(), vec![], vec![]]);
        assert_eq!(w(b"a\n\n\n", 2, 4), Vec::<Vec<u8>>::new());
        assert_eq!(w(b"a \r\nb\t\r\nc", 2, 3), [b"b".to_vec(), b"c".to_vec()]);
        assert_eq!(w(b"", 1, 3), Vec::<Vec<u8>>::new());
    }

    #[test]
    fn a_gigantic_line_of_spaces_costs_no_memory() {
        // 64 MiB of spaces, never held: the stream is generated as it is read.
        let spaces = io::repeat(b' ').take(64 << 20);
        let got = b"x".chain(spaces).chain(&b"\n"[..]);
        assert_eq!(first_difference_in(&b"x\n"[..], got).unwrap(), None);
        let inner = b"x"
            .chain(io::repeat(b' ').take(64 << 20))
            .chain(&b"y\n"[..]);
        let d = first_difference_in(&b"x y\n"[..], inner).unwrap();
        assert_eq!(d, Some(1));
    }
}
