//! DMOJ's named checkers (`checker: NAME` or `checker: {name: NAME, args: {...}}` in a
//! problem's `init.yml`), as DMOJ's documentation describes them and its judge runs them:
//!
//! - `standard` (the default): the files' tokens are equal byte for byte, and so is the
//!   shape of the whitespace between them as far as "a line break or not" goes: spaces and
//!   tabs may differ, blank lines and leading or trailing whitespace do not count.
//! - `floats` (`precision` P, default 6; `error_mode` `default`, `absolute` or `relative`;
//!   `floatsabs` and `floatsrel` fix the mode): line by line (blank lines aside) with the
//!   same number of tokens on each; an answer token that reads as a number accepts an output
//!   number within 10^-P (`default`: absolute, or relative when the answer is at least 10^-P
//!   in size), any other answer token only itself.
//! - `identical` (`pe_allowed`, default true): the bytes are the same; with `pe_allowed`,
//!   an output that `standard` would accept is told that only its whitespace is wrong.
//! - `sorted` (`split_on` `lines` or `whitespace`; `unordered` is the second): the same
//!   lines, each compared as its tokens, or the same tokens, in any order.
//! - `linecount`: the fraction of the answer's lines (blank lines aside) that the output
//!   has at the same place, up to surrounding whitespace; an output with more lines than
//!   the answer scores nothing. The one partial checker: a case with a line wrong is a
//!   wrong answer (DMOJ's verdict, which ends a batch) that scores that fraction. As DMOJ's
//!   `run_on_error`, it also judges a failed run's output (`session::grade`).
//! - `rstripped` (`filter_new_line`): line by line (split at each CR or LF) with trailing
//!   whitespace dropped; the number of lines must agree, blank ones included unless
//!   `filter_new_line`.
//! - `easy`: the same characters the same number of times, whitespace and letter case
//!   aside.
//!
//! The answer is first normalised as DMOJ normalises its answer files (CRLF and a lone CR
//! become LF, and a final LF is added), which matters to `identical` and `rstripped`.
//!
//! Cost: both files are read whole, as DMOJ's judge reads them (an output is bounded by the
//! output limit); each checker is one pass, O(size) time and no memory beyond the files,
//! except `sorted`, which sorts the lines or tokens: O(n log n) time and a slice per item.

use std::io::Read;
use std::path::Path;

use super::lines::open_output;
use super::{CheckError, Judgement, Why};

/// The names DMOJ's judge knows (its `dmoj/checkers/`), in the order its documentation gives
/// them; `bridged` (a compiled checker of the package's own) is read by the format.
pub const KNOWN: &[&str] = &[
    "standard",
    "easy",
    "floats",
    "floatsabs",
    "floatsrel",
    "identical",
    "linecount",
    "sorted",
    "unordered",
    "rstripped",
    "bridged",
];

/// How `floats` measures an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorMode {
    /// Absolute, or relative when the answer is at least epsilon in size.
    Default,
    Absolute,
    Relative,
}

/// What `sorted` reorders.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitOn {
    Lines,
    Whitespace,
}

/// One of DMOJ's named checkers, with its arguments.
#[derive(Clone, Debug, PartialEq)]
pub enum Named {
    Standard,
    Floats { precision: i32, mode: ErrorMode },
    Identical { pe_allowed: bool },
    Sorted(SplitOn),
    Linecount,
    Rstripped { filter_new_line: bool },
    Easy,
}

impl Named {
    /// The checker as an `init.yml` names it, with the arguments that differ from DMOJ's
    /// defaults (for headers).
    pub fn describe(&self) -> String {
        match self {
            Named::Standard => "DMOJ standard".to_string(),
            Named::Floats { precision, mode } => {
                let name = match mode {
                    ErrorMode::Default => "floats",
                    ErrorMode::Absolute => "floatsabs",
                    ErrorMode::Relative => "floatsrel",
                };
                format!("DMOJ {name}, precision {precision} (error 1e-{precision})")
            }
            Named::Identical { pe_allowed: true } => "DMOJ identical".to_string(),
            Named::Identical { pe_allowed: false } => {
                "DMOJ identical, pe_allowed false".to_string()
            }
            Named::Sorted(SplitOn::Lines) => "DMOJ sorted (lines)".to_string(),
            Named::Sorted(SplitOn::Whitespace) => "DMOJ sorted (tokens)".to_string(),
            Named::Linecount => "DMOJ linecount (partial by lines)".to_string(),
            Named::Rstripped {
                filter_new_line: false,
            } => "DMOJ rstripped".to_string(),
            Named::Rstripped {
                filter_new_line: true,
            } => "DMOJ rstripped, filter_new_line".to_string(),
            Named::Easy => "DMOJ easy".to_string(),
        }
    }

    /// Judges the output file `got` against the answer file `expected`.
    pub fn judge_files(&self, expected: &Path, got: &Path) -> Result<Judgement, CheckError> {
        let read = |p: &Path| -> Result<Vec<u8>, CheckError> {
            let mut v = Vec::new();
            open_output(p)
                .and_then(|mut f| f.read_to_end(&mut v))
                .map_err(CheckError::comparing)?;
            Ok(v)
        };
        Ok(self.judge(&read(expected)?, &read(got)?))
    }

    /// Judges the output `got` against the answer `expected`: AC or WA; a `linecount` WA
    /// that got some lines right has their fraction as its score.
    pub fn judge(&self, expected: &[u8], got: &[u8]) -> Judgement {
        let answer = normalised(expected);
        let e: &[u8] = &answer;
        let wrong = |why: Option<String>| Judgement::of(why.map(Why::Reason));
        match *self {
            Named::Standard => wrong(standard(e, got)),
            Named::Floats { precision, mode } => wrong(floats(e, got, precision, mode)),
            Named::Identical { pe_allowed } => wrong(identical(e, got, pe_allowed)),
            Named::Sorted(split) => wrong(sorted(e, got, split)),
            Named::Linecount => linecount(e, got),
            Named::Rstripped { filter_new_line } => wrong(rstripped(e, got, filter_new_line)),
            Named::Easy => wrong(easy(e, got)),
        }
    }
}

/// The answer as DMOJ's judge hands it to a checker: CRLF and a lone CR as LF, and a final
/// LF where a non-empty answer lacks one.
fn normalised(answer: &[u8]) -> std::borrow::Cow<'_, [u8]> {
    if !answer.contains(&b'\r') && (answer.is_empty() || answer.ends_with(b"\n")) {
        return answer.into();
    }
    let mut v = Vec::with_capacity(answer.len() + 1);
    let mut i = 0;
    while i < answer.len() {
        match answer[i] {
            b'\r' => {
                v.push(b'\n');
                if answer.get(i + 1) == Some(&b'\n') {
                    i += 1;
                }
            }
            b => v.push(b),
        }
        i += 1;
    }
    if !v.ends_with(b"\n") {
        v.push(b'\n');
    }
    v.into()
}

/// Whitespace as Python's `bytes.split()` and DMOJ's C checker see it (and Kattis' default
/// validator: `tokens`).
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)
}

fn is_break(b: &u8) -> bool {
    matches!(b, b'\r' | b'\n')
}

/// The lines split at every CR or LF, blank (empty) ones dropped, as DMOJ's checkers split.
fn lines(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(is_break).filter(|l| !l.is_empty())
}

fn tokens(s: &[u8]) -> impl Iterator<Item = &[u8]> {
    s.split(|&b| is_space(b)).filter(|t| !t.is_empty())
}

/// A token or line for a message: escaped, cut at 40 bytes.
pub(super) fn shown(t: &[u8]) -> String {
    let mut s = crate::text::printable(&t[..t.len().min(40)]);
    if t.len() > 40 {
        s.push('…');
    }
    s
}

/// The tokens of a text with, for each, whether a line break came since the one before.
struct Words<'a> {
    s: &'a [u8],
    pos: usize,
    /// Tokens read so far, and lines begun (blank ones aside), for messages.
    count: u64,
    line: u64,
}

impl<'a> Words<'a> {
    fn new(s: &'a [u8]) -> Self {
        Words {
            s,
            pos: 0,
            count: 0,
            line: 0,
        }
    }

    /// The next token and whether a line break precedes it (always true for the first).
    fn next(&mut self) -> Option<(bool, &'a [u8])> {
        let mut broke = self.count == 0;
        while self.pos < self.s.len() && is_space(self.s[self.pos]) {
            broke |= is_break(&self.s[self.pos]);
            self.pos += 1;
        }
        if self.pos == self.s.len() {
            return None;
        }
        let start = self.pos;
        while self.pos < self.s.len() && !is_space(self.s[self.pos]) {
            self.pos += 1;
        }
        self.count += 1;
        if broke {
            self.line += 1;
        }
        Some((broke, &self.s[start..self.pos]))
    }
}

/// `standard`: `None` when the output passes, else why not.
fn standard(expected: &[u8], got: &[u8]) -> Option<String> {
    let (mut e, mut g) = (Words::new(expected), Words::new(got));
    loop {
        let (a, b) = (e.next(), g.next());
        let at = || format!("line {} (blank lines aside), token {}", e.line, e.count);
        match (a, b) {
            (None, None) => return None,
            (Some((_, a)), None) => {
                return Some(format!(
                    "the output ends after {} tokens; expected `{}` on {}",
                    g.count,
                    shown(a),
                    at()
                ))
            }
            (None, Some((_, b))) => {
                return Some(format!(
                    "{} tokens expected, and the output has more: `{}`",
                    e.count,
                    shown(b)
                ))
            }
            (Some((ab, a)), Some((bb, b))) => {
                if a != b {
                    return Some(format!(
                        "{}: expected `{}`, found `{}`",
                        at(),
                        shown(a),
                        shown(b)
                    ));
                }
                if ab != bb {
                    let (want, has) = if ab {
                        ("starts a line", "continues the line before")
                    } else {
                        ("continues the line before", "starts a line")
                    };
                    return Some(format!(
                        "{}: `{}` {want} in the answer and {has} in the output \
                         (line breaks count, spaces do not)",
                        at(),
                        shown(a)
                    ));
                }
            }
        }
    }
}

/// Whether `got` is within `eps` of `want` by `mode`, as DMOJ's `floats` decides (NaN is
/// never within anything).
fn close(want: f64, got: f64, eps: f64, mode: ErrorMode) -> bool {
    let absolute = (got - want).abs() <= eps;
    match mode {
        ErrorMode::Absolute => absolute,
        ErrorMode::Relative => {
            let (x, y) = (want * (1.0 - eps), want * (1.0 + eps));
            x.min(y) <= got && got <= x.max(y)
        }
        ErrorMode::Default => absolute || (want.abs() >= eps && (1.0 - got / want).abs() <= eps),
    }
}

/// A token as Python's `float()` reads one (decimal, exponent, `inf`, `nan`).
fn number(t: &[u8]) -> Option<f64> {
    std::str::from_utf8(t).ok()?.parse().ok()
}

fn floats(expected: &[u8], got: &[u8], precision: i32, mode: ErrorMode) -> Option<String> {
    let count = |s: &[u8]| lines(s).count();
    let (ne, ng) = (count(expected), count(got));
    if ne != ng {
        return Some(format!(
            "{ne} lines expected (blank lines aside), the output has {ng}"
        ));
    }
    let eps = 10f64.powi(-precision);
    for (n, (le, lg)) in lines(expected).zip(lines(got)).enumerate() {
        let n = n + 1;
        let (te, tg) = (tokens(le).count(), tokens(lg).count());
        if te != tg {
            return Some(format!(
                "line {n} (blank lines aside): {te} tokens expected, found {tg}"
            ));
        }
        for (k, (a, b)) in tokens(le).zip(tokens(lg)).enumerate() {
            let at = format!("line {n}, token {}", k + 1);
            match number(a) {
                None if a != b => {
                    return Some(format!(
                        "{at}: expected `{}`, found `{}`",
                        shown(a),
                        shown(b)
                    ))
                }
                None => {}
                Some(x) => {
                    let Some(y) = number(b) else {
                        return Some(format!(
                            "{at}: expected the number `{}`, found `{}`",
                            shown(a),
                            shown(b)
                        ));
                    };
                    if y.is_nan() {
                        return Some(format!(
                            "{at}: expected `{}`, found `{}`, which is within no error",
                            shown(a),
                            shown(b)
                        ));
                    }
                    if !close(x, y, eps, mode) {
                        return Some(format!(
                            "{at}: expected `{}`, found `{}`: off by {:.2e}, over 1e-{precision}{}",
                            shown(a),
                            shown(b),
                            (x - y).abs(),
                            match mode {
                                ErrorMode::Default => " absolute or relative",
                                ErrorMode::Absolute => " absolute",
                                ErrorMode::Relative => " relative",
                            }
                        ));
                    }
                }
            }
        }
    }
    None
}

fn identical(expected: &[u8], got: &[u8], pe_allowed: bool) -> Option<String> {
    if expected == got {
        return None;
    }
    let at = expected
        .iter()
        .zip(got)
        .position(|(a, b)| a != b)
        .unwrap_or(expected.len().min(got.len()));
    let line = 1 + expected[..at].iter().filter(|&&b| b == b'\n').count();
    let byte = |s: &[u8]| match s.get(at) {
        Some(b) => format!("`{}`", shown(std::slice::from_ref(b))),
        None => "the end".to_string(),
    };
    let mut why = format!(
        "byte {} (line {line}): expected {}, found {} (identical: every byte counts)",
        at + 1,
        byte(expected),
        byte(got)
    );
    if pe_allowed && standard(expected, got).is_none() {
        why = format!("presentation error, check your whitespace: {why}");
    }
    Some(why)
}

fn sorted(expected: &[u8], got: &[u8], split: SplitOn) -> Option<String> {
    // Each item is a line's tokens (lines) or a one-token line (whitespace).
    fn items(s: &[u8], split: SplitOn) -> Vec<Vec<&[u8]>> {
        let mut v: Vec<Vec<&[u8]>> = match split {
            SplitOn::Lines => lines(s).map(|l| tokens(l).collect()).collect(),
            SplitOn::Whitespace => tokens(s).map(|t| vec![t]).collect(),
        };
        v.sort_unstable();
        v
    }
    let (e, g) = (items(expected, split), items(got, split));
    let what = match split {
        SplitOn::Lines => "lines (blank lines aside)",
        SplitOn::Whitespace => "tokens",
    };
    if e.len() != g.len() {
        return Some(format!(
            "{} {what} expected, the output has {} (sorted: any order)",
            e.len(),
            g.len()
        ));
    }
    let (mut i, mut j) = (0, 0);
    while i < e.len() && j < g.len() {
        match e[i].cmp(&g[j]) {
            std::cmp::Ordering::Equal => (i, j) = (i + 1, j + 1),
            std::cmp::Ordering::Less => break,
            std::cmp::Ordering::Greater => {
                let item = g[j].join(&b' ');
                return Some(format!(
                    "the output has `{}` more often than the answer (sorted: any order)",
                    shown(&item)
                ));
            }
        }
    }
    if i == e.len() {
        return None;
    }
    let item = e[i].join(&b' ');
    Some(format!(
        "the answer has `{}` more often than the output (sorted: any order)",
        shown(&item)
    ))
}

fn linecount(expected: &[u8], got: &[u8]) -> Judgement {
    let wrong_answer = |why: String| Judgement::of(Some(Why::Reason(why)));
    let (ne, ng) = (lines(expected).count(), lines(got).count());
    if ng > ne {
        return wrong_answer(format!(
            "{ne} lines expected (blank lines aside), the output has {ng}: no points (linecount)"
        ));
    }
    if ne == 0 {
        return Judgement::of(None);
    }
    let trim = |l: &[u8]| l.trim_ascii().to_vec();
    let wrong: Vec<usize> = (1..=ne)
        .zip(lines(expected).map(Some).chain(std::iter::repeat(None)))
        .zip(lines(got).map(Some).chain(std::iter::repeat(None)))
        .filter(|((_, a), b)| a.map(trim) != b.map(trim))
        .map(|((n, _), _)| n)
        .collect();
    if wrong.is_empty() {
        return Judgement::of(None);
    }
    let listed: Vec<String> = wrong.iter().take(10).map(usize::to_string).collect();
    let why = format!(
        "{} of {ne} lines right; line{} {}{} differ{} (linecount)",
        ne - wrong.len(),
        if wrong.len() == 1 { "" } else { "s" },
        listed.join(", "),
        if wrong.len() > 10 { ", …" } else { "" },
        if wrong.len() == 1 { "s" } else { "" },
    );
    if wrong.len() == ne {
        return wrong_answer(why);
    }
    // DMOJ's linecount fails the case (a wrong answer, which ends its batch) and still
    // awards the lines' share of its points.
    Judgement {
        score: Some((ne - wrong.len()) as f64 / ne as f64),
        ..wrong_answer(why)
    }
}

fn rstripped(expected: &[u8], got: &[u8], filter_new_line: bool) -> Option<String> {
    fn split(s: &[u8], filter_new_line: bool) -> Vec<&[u8]> {
        s.split(is_break)
            .filter(|l| !filter_new_line || !l.is_empty())
            .collect()
    }
    let (e, g) = (
        split(expected, filter_new_line),
        split(got, filter_new_line),
    );
    if e.len() != g.len() {
        return Some(format!(
            "{} lines expected (split at each CR or LF, the one after the last line break \
             included), the output has {} (rstripped)",
            e.len(),
            g.len()
        ));
    }
    let rstrip =
        |l: &'_ [u8]| -> usize { l.iter().rposition(|&b| !is_space(b)).map_or(0, |i| i + 1) };
    for (n, (a, b)) in e.iter().zip(&g).enumerate() {
        let (a, b) = (&a[..rstrip(a)], &b[..rstrip(b)]);
        if a != b {
            return Some(format!(
                "line {}: expected `{}`, found `{}` (rstripped)",
                n + 1,
                shown(a),
                shown(b)
            ));
        }
    }
    None
}

fn easy(expected: &[u8], got: &[u8]) -> Option<String> {
    let counts = |s: &[u8]| {
        let mut c = [0u64; 256];
        for &b in s.iter().filter(|&&b| !is_space(b)) {
            c[usize::from(b.to_ascii_lowercase())] += 1;
        }
        c
    };
    let (e, g) = (counts(expected), counts(got));
    let b = (0..256).find(|&b| e[b] != g[b])?;
    Some(format!(
        "`{}` appears {} times in the answer and {} in the output (easy: whitespace and case \
         aside, any order)",
        shown(&[b as u8]),
        e[b],
        g[b]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judge::verdict::Verdict;

    fn ok(c: &Named, e: &str, g: &str) -> bool {
        c.judge(e.as_bytes(), g.as_bytes()).verdict == Verdict::Ac
    }

    fn why(c: &Named, e: &str, g: &str) -> String {
        match c.judge(e.as_bytes(), g.as_bytes()).why {
            Some(Why::Reason(w)) => w,
            _ => panic!("{e:?} accepted {g:?} under {c:?}"),
        }
    }

    #[test]
    fn standard_lets_spaces_vary_but_not_line_breaks() {
        let c = Named::Standard;
        assert!(ok(&c, "1 2\n3\n", "  1\t 2  \n\n\n3"));
        assert!(ok(&c, "", "\n \n"));
        assert!(!ok(&c, "Yes\n", "yes\n"));
        let w = why(&c, "1 2\n3\n", "1\n2 3\n");
        assert!(w.contains("line 1 (blank lines aside), token 2"), "{w}");
        assert!(w.contains("starts a line in the output"), "{w}");
        let w = why(&c, "1 2\n", "1 22\n");
        assert!(w.contains("expected `2`, found `22`"), "{w}");
        assert!(why(&c, "1 2\n", "1\n").contains("ends after 1 tokens"));
        assert!(why(&c, "1\n", "1 2\n").contains("has more: `2`"));
    }

    #[test]
    fn floats_follow_precision_and_error_mode() {
        let f = |precision, mode| Named::Floats { precision, mode };
        let c = f(6, ErrorMode::Default);
        assert!(ok(&c, "0.5 abc\n", "5.0000001e-1 abc\n"));
        assert!(ok(&c, "1000000\n", "1000000.9\n")); // relative 9e-7
        assert!(!ok(&c, "0.5 abc\n", "0.5 ABC\n"));
        let w = why(&c, "0.5\n", "0.500002\n");
        assert!(w.contains("off by 2.00e-6, over 1e-6"), "{w}");
        assert!(why(&c, "0.5\n", "x\n").contains("expected the number `0.5`"));
        assert!(why(&c, "1 2\n", "1\n2\n").contains("1 lines expected"));
        assert!(why(&c, "1 2\n3\n", "1\n2 3\n").contains("2 tokens expected, found 1"));
        assert!(why(&c, "1\n", "nan\n").contains("within no error"));
        // Blank lines do not count, line breaks do.
        assert!(ok(&c, "1\n\n2\n", "1\n2"));
        let two = f(2, ErrorMode::Default);
        assert!(ok(&two, "3.14159\n", "3.14\n"));
        let abs = f(2, ErrorMode::Absolute);
        assert!(!ok(&abs, "1000\n", "1000.5\n"));
        let rel = f(2, ErrorMode::Relative);
        assert!(ok(&rel, "1000\n", "1000.5\n"));
        assert!(!ok(&rel, "0\n", "0.001\n"));
        assert!(ok(&rel, "-1000\n", "-1005\n"));
    }

    #[test]
    fn identical_counts_every_byte_and_names_a_whitespace_slip() {
        let c = Named::Identical { pe_allowed: true };
        assert!(ok(&c, "1 2\n", "1 2\n"));
        // The answer is normalised (CRLF, no final LF), the output is not.
        assert!(ok(&c, "1 2\r\n3", "1 2\n3\n"));
        assert!(!ok(&c, "1 2\n", "1 2\r\n"));
        let w = why(&c, "1 2\n", "1  2\n");
        assert!(w.starts_with("presentation error"), "{w}");
        assert!(w.contains("byte 3 (line 1)"), "{w}");
        let strict = Named::Identical { pe_allowed: false };
        assert!(!why(&strict, "1 2\n", "1  2\n").contains("presentation"));
        assert!(why(&c, "1 2\n", "1 3\n").starts_with("byte 3"));
    }

    #[test]
    fn sorted_accepts_any_order_of_lines_or_tokens() {
        let lines = Named::Sorted(SplitOn::Lines);
        assert!(ok(&lines, "a b\nc d\n", "c  d\n\na b\n"));
        assert!(!ok(&lines, "a b\nc d\n", "b a\nc d\n"));
        let w = why(&lines, "a b\nc d\n", "a b\na b\n");
        assert!(w.contains("the output has `a b` more often"), "{w}");
        assert!(why(&lines, "a\n", "a\na\n").contains("1 lines"));
        let words = Named::Sorted(SplitOn::Whitespace);
        assert!(ok(&words, "1 2 3\n", "3\n2 1"));
        let w = why(&words, "1 2 3\n", "1 2 2\n");
        assert!(w.contains("the output has `2` more often"), "{w}");
    }

    #[test]
    fn linecount_scores_the_lines_in_place() {
        let c = Named::Linecount;
        assert!(ok(&c, "1\n2\n", " 1 \n2\n"));
        let half = "2 of 4 lines right; lines 2, 4 differ (linecount)".to_string();
        assert_eq!(
            c.judge(b"1\n2\n3\n4\n", b"1\nx\n3\n"),
            Judgement {
                verdict: Verdict::Wa,
                why: Some(Why::Reason(half)),
                checker_ms: None,
                score: Some(0.5),
            }
        );
        assert_eq!(c.judge(b"1\n", b"2\n").verdict, Verdict::Wa);
        let w = why(&c, "1\n", "1\n2\n");
        assert!(w.contains("no points"), "{w}");
        assert!(ok(&c, "", ""));
    }

    #[test]
    fn rstripped_and_easy() {
        let c = Named::Rstripped {
            filter_new_line: false,
        };
        assert!(ok(&c, "a \nb\n", "a\nb  \n"));
        assert!(!ok(&c, "a\nb\n", " a\nb\n"));
        // A final line break is part of the count, as DMOJ splits.
        assert!(why(&c, "a\n", "a").contains("2 lines expected"));
        let f = Named::Rstripped {
            filter_new_line: true,
        };
        assert!(ok(&f, "a\n\nb\n", "a\nb"));
        let e = Named::Easy;
        assert!(ok(&e, "Hello World\n", "dlrow\nOLLEH"));
        let w = why(&e, "aab\n", "abb\n");
        assert!(w.contains("`a` appears 2 times in the answer and 1"), "{w}");
    }
}
