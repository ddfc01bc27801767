//! The token comparison: Kattis' default output validator, as its specification describes it,
//! for any folder (`--compare tokens`, `--float-tolerance EPS`) and for Kattis packages
//! (where it is the default, with the package's `validator_flags` / `output_validator_args`).
//!
//! Both files are split into tokens on runs of whitespace (space, tab, CR, LF, VT, FF) and
//! compared one by one: up to ASCII case unless `case_sensitive`; with a float tolerance set,
//! an answer token that parses as a number accepts any output token that parses as a number
//! within the absolute or the relative tolerance (either suffices: `|s - a| <= eps` or
//! `|s - a| <= eps * |a|`), whatever its formatting (`3.14e-2` for `0.0314`). With
//! `space_change_sensitive`, the whitespace runs between tokens (leading and trailing ones
//! included) must be the same bytes as well.
//!
//! Streamed: each file is read through a buffer and one token is held at a time (cut at
//! [`TOKEN_CAP`] bytes for the message; longer tokens are compared by length and hash), so
//! the cost is O(size of both files) time and O(1) memory.

use std::io::{self, BufReader, Read};
use std::path::Path;

/// The most of a token kept for comparing and showing; the rest is hashed.
pub const TOKEN_CAP: usize = 256;

/// How tokens are compared: the default validator's flags.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Rules {
    pub case_sensitive: bool,
    pub space_change_sensitive: bool,
    pub float_absolute: Option<f64>,
    pub float_relative: Option<f64>,
}

impl Rules {
    /// The rules of the default validator's command-line flags (`case_sensitive`,
    /// `space_change_sensitive`, `float_tolerance EPS`, `float_absolute_tolerance EPS`,
    /// `float_relative_tolerance EPS`); an unknown flag or a bad number is an error.
    pub fn from_flags<S: AsRef<str>>(flags: &[S]) -> Result<Rules, String> {
        let mut rules = Rules::default();
        let mut it = flags.iter().map(AsRef::as_ref);
        while let Some(flag) = it.next() {
            let mut eps = |name: &str| -> Result<f64, String> {
                let v = it
                    .next()
                    .ok_or_else(|| format!("{name} needs a number after it"))?;
                match v.parse::<f64>() {
                    Ok(x) if x >= 0.0 && x.is_finite() => Ok(x),
                    _ => Err(format!(
                        "{name} {v}: expected a non-negative number, found `{v}`"
                    )),
                }
            };
            match flag {
                "case_sensitive" => rules.case_sensitive = true,
                "space_change_sensitive" => rules.space_change_sensitive = true,
                "float_tolerance" => {
                    let e = eps(flag)?;
                    rules.float_absolute = Some(e);
                    rules.float_relative = Some(e);
                }
                "float_absolute_tolerance" => rules.float_absolute = Some(eps(flag)?),
                "float_relative_tolerance" => rules.float_relative = Some(eps(flag)?),
                other => {
                    return Err(format!(
                        "unknown flag `{other}` for the default validator (known: case_sensitive, \
                         space_change_sensitive, float_tolerance EPS, float_absolute_tolerance EPS, \
                         float_relative_tolerance EPS)"
                    ))
                }
            }
        }
        Ok(rules)
    }

    /// The flags as the default validator takes them (for headers and reproduce commands).
    pub fn describe(&self) -> String {
        let mut v = vec!["tokens".to_string()];
        if self.case_sensitive {
            v.push("case_sensitive".into());
        }
        if self.space_change_sensitive {
            v.push("space_change_sensitive".into());
        }
        match (self.float_absolute, self.float_relative) {
            (Some(a), Some(r)) if a == r => v.push(format!("float_tolerance {a}")),
            (a, r) => {
                if let Some(a) = a {
                    v.push(format!("float_absolute_tolerance {a}"));
                }
                if let Some(r) = r {
                    v.push(format!("float_relative_tolerance {r}"));
                }
            }
        }
        v.join(" ")
    }

    fn floats(&self) -> bool {
        self.float_absolute.is_some() || self.float_relative.is_some()
    }
}

/// One token, or one run of whitespace (kept only under `space_change_sensitive`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Token {
    /// The first [`TOKEN_CAP`] bytes.
    head: Vec<u8>,
    len: u64,
    /// FNV-1a of the bytes past the head (lower-cased unless case-sensitive).
    rest: u64,
}

use crate::run::hash::{OFFSET as FNV_OFFSET, PRIME as FNV_PRIME};
// Kattis' whitespace is DMOJ's: space, tab, CR, LF, VT, FF.
use super::named::is_space;

/// A reader's tokens, and its whitespace runs when asked for.
struct Tokens<R> {
    bytes: io::Bytes<BufReader<R>>,
    peeked: Option<u8>,
    spaces: bool,
    fold: bool,
    /// Tokens read so far, for the message.
    count: u64,
}

#[derive(Debug, PartialEq, Eq)]
enum Item {
    Word(Token),
    Space(Token),
}

impl<R: Read> Tokens<R> {
    fn new(reader: R, spaces: bool, fold: bool) -> Self {
        Tokens {
            bytes: BufReader::with_capacity(64 * 1024, reader).bytes(),
            peeked: None,
            spaces,
            fold,
            count: 0,
        }
    }

    fn byte(&mut self) -> io::Result<Option<u8>> {
        if let Some(b) = self.peeked.take() {
            return Ok(Some(b));
        }
        self.bytes.next().transpose()
    }

    /// The next token (or run of whitespace, when kept), read up to `limit` bytes: a longer
    /// one comes back with `len == limit` and its rest unread, for a comparison that has its
    /// difference there (the other side's is shorter) and reads no further.
    fn next(&mut self, limit: u64) -> io::Result<Option<Item>> {
        let Some(first) = self.byte()? else {
            return Ok(None);
        };
        let space = is_space(first);
        let kept = !space || self.spaces;
        let mut t = Token::default();
        let mut b = Some(first);
        while let Some(c) = b {
            if is_space(c) != space || (kept && t.len == limit) {
                self.peeked = Some(c);
                break;
            }
            let c = if self.fold && !space {
                c.to_ascii_lowercase()
            } else {
                c
            };
            if t.head.len() < TOKEN_CAP {
                t.head.push(c);
            } else {
                t.rest = (t.rest ^ u64::from(c)).wrapping_mul(FNV_PRIME);
            }
            t.len += 1;
            b = self.byte()?;
        }
        if t.len > TOKEN_CAP as u64 {
            t.rest ^= FNV_OFFSET;
        }
        if space {
            if self.spaces {
                return Ok(Some(Item::Space(t)));
            }
            return self.next(limit);
        }
        self.count += 1;
        Ok(Some(Item::Word(t)))
    }
}

/// A number as the default validator reads one (decimal, optional exponent; `inf`/`nan`
/// are not numbers).
fn number(t: &Token) -> Option<f64> {
    if t.len > TOKEN_CAP as u64 {
        return None;
    }
    let s = std::str::from_utf8(&t.head).ok()?;
    let digits = s.bytes().any(|b| b.is_ascii_digit());
    let plain = s
        .bytes()
        .all(|b| b.is_ascii_digit() || matches!(b, b'+' | b'-' | b'.' | b'e' | b'E'));
    if !digits || !plain {
        return None;
    }
    s.parse::<f64>().ok().filter(|x| x.is_finite())
}

/// A token as the named checkers show one (its head, [`TOKEN_CAP`] bytes, is longer than
/// the 40 shown: cut where the token is).
fn shown(t: &Token) -> String {
    super::named::shown(&t.head)
}

/// Compares `expected` and `got` by `rules`; `None` when they agree, else the reason.
pub fn compare(expected: &Path, got: &Path, rules: &Rules) -> io::Result<Option<String>> {
    use super::lines::open_output;
    compare_readers(open_output(expected)?, open_output(got)?, rules)
}

fn compare_readers(
    expected: impl Read,
    got: impl Read,
    rules: &Rules,
) -> io::Result<Option<String>> {
    let fold = !rules.case_sensitive;
    let spaces = rules.space_change_sensitive;
    let (mut e, mut g) = (
        Tokens::new(expected, spaces, fold),
        Tokens::new(got, spaces, fold),
    );
    loop {
        // The output first (it is bounded by the output limit); of the answer, no more than
        // could still equal it: a token longer than the output's (and than any number) is a
        // difference already, however long it goes on.
        let b = g.next(u64::MAX)?;
        let longest = match &b {
            Some(Item::Word(t) | Item::Space(t)) => t.len,
            None => 0,
        };
        let a = e.next(longest.max(TOKEN_CAP as u64) + 1)?;
        let n = e.count.max(g.count);
        match (a, b) {
            (None, None) => return Ok(None),
            (Some(Item::Word(a)), None) => {
                return Ok(Some(format!(
                    "the output ends after {} tokens; expected token {n} `{}`",
                    g.count,
                    shown(&a)
                )))
            }
            (None, Some(Item::Word(b))) => {
                return Ok(Some(format!(
                    "{} tokens expected, and the output has more: token {n} `{}`",
                    e.count,
                    shown(&b)
                )))
            }
            (Some(Item::Word(a)), Some(Item::Word(b))) => {
                if a == b {
                    continue;
                }
                if rules.floats() {
                    if let Some(x) = number(&a) {
                        let Some(y) = number(&b) else {
                            return Ok(Some(format!(
                                "token {n}: expected the number `{}`, found `{}`",
                                shown(&a),
                                shown(&b)
                            )));
                        };
                        let diff = (x - y).abs();
                        let abs_ok = rules.float_absolute.is_some_and(|eps| diff <= eps);
                        let rel_ok = rules
                            .float_relative
                            .is_some_and(|eps| diff <= eps * x.abs());
                        if abs_ok || rel_ok {
                            continue;
                        }
                        return Ok(Some(format!(
                            "token {n}: expected `{}`, found `{}`: off by {diff:.2e}, over {}",
                            shown(&a),
                            shown(&b),
                            tolerance(rules)
                        )));
                    }
                }
                return Ok(Some(format!(
                    "token {n}: expected `{}`, found `{}`{}",
                    shown(&a),
                    shown(&b),
                    if !rules.case_sensitive || a.head.eq_ignore_ascii_case(&b.head) {
                        ""
                    } else {
                        " (case counts: case_sensitive)"
                    }
                )));
            }
            (Some(Item::Space(a)), Some(Item::Space(b))) if a == b => continue,
            (a, b) => {
                // Only under space_change_sensitive: a run of whitespace against a token, the
                // end, or another run.
                let what = |i: &Option<Item>| match i {
                    None => "the end".to_string(),
                    Some(Item::Word(t)) => format!("`{}`", shown(t)),
                    Some(Item::Space(t)) => format!("whitespace `{}`", shown(t)),
                };
                return Ok(Some(format!(
                    "after token {}: expected {}, found {} (space_change_sensitive)",
                    e.count.min(g.count),
                    what(&a),
                    what(&b)
                )));
            }
        }
    }
}

fn tolerance(rules: &Rules) -> String {
    match (rules.float_absolute, rules.float_relative) {
        (Some(a), Some(r)) if a == r => format!("{a:e} absolute or relative"),
        (Some(a), Some(r)) => format!("{a:e} absolute and {r:e} relative"),
        (Some(a), None) => format!("{a:e} absolute"),
        (None, Some(r)) => format!("{r:e} relative"),
        (None, None) => "no tolerance".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmp(e: &str, g: &str, flags: &[&str]) -> Option<String> {
        let rules = Rules::from_flags(flags).unwrap();
        compare_readers(e.as_bytes(), g.as_bytes(), &rules).unwrap()
    }

    #[test]
    fn tokens_ignore_whitespace_and_case_by_default() {
        assert_eq!(cmp("hello am echo\n", "hello\nam   echo", &[]), None);
        assert_eq!(cmp("Yes\n", "yes\n", &[]), None);
        assert!(cmp("Yes\n", "yes\n", &["case_sensitive"]).is_some());
        let e = cmp("1 2 3\n", "1 2\n", &[]).unwrap();
        assert!(e.contains("ends after 2 tokens"), "{e}");
        let e = cmp("1 2\n", "1 2 3\n", &[]).unwrap();
        assert!(e.contains("token 3 `3`"), "{e}");
        assert_eq!(cmp("", " \n\n", &[]), None);
    }

    #[test]
    fn space_change_sensitive_compares_the_runs_too() {
        assert_eq!(cmp("a b\n", "a b\n", &["space_change_sensitive"]), None);
        assert!(cmp("a b\n", "a  b\n", &["space_change_sensitive"]).is_some());
        assert!(cmp("a b\n", "a b", &["space_change_sensitive"]).is_some());
    }

    #[test]
    fn floats_within_either_tolerance_are_accepted_in_any_format() {
        let t = ["float_tolerance", "1e-6"];
        assert_eq!(cmp("0.0314\n", "3.14000000e-2\n", &t), None);
        assert_eq!(cmp("1000000\n", "1000000.5\n", &t), None); // relative
        assert_eq!(cmp("0\n", "0.0000005\n", &t), None); // absolute
        let e = cmp("0\n", "0.001\n", &t).unwrap();
        assert!(
            e.contains("off by 1.00e-3, over 1e-6 absolute or relative"),
            "{e}"
        );
        let e = cmp("1.5\n", "abc\n", &t).unwrap();
        assert!(e.contains("expected the number"), "{e}");
        // Without a tolerance floats are strings; non-numbers stay strings with one.
        assert!(cmp("0.5\n", "0.50\n", &[]).is_some());
        assert!(cmp("inf\n", "INF\n", &t).is_none());
        let abs = ["float_absolute_tolerance", "0.1"];
        assert!(cmp("1000\n", "1000.5\n", &abs).is_some());
        let rel = ["float_relative_tolerance", "0.001"];
        assert!(cmp("1000\n", "1000.5\n", &rel).is_none());
    }

    #[test]
    fn long_tokens_are_compared_whole_and_an_endless_one_not_read_past_the_output() {
        let long = "x".repeat(1000);
        assert_eq!(cmp(&long, &format!("{long}\n"), &[]), None);
        let e = cmp(&long, &long[1..], &[]).unwrap();
        assert!(e.contains("token 1: expected `xxxx"), "{e}");
        assert!(cmp(&format!("{long}y"), &format!("{long}z"), &[]).is_some());
        // An answer whose second token never ends (it fails past 1 MiB) against the output
        // `a b`: decided after reading a little more of it than the output's token.
        let mut read = 0usize;
        let endless = std::iter::from_fn(|| {
            read += 1;
            (read <= 1 << 20).then_some(())
        });
        let answer = b"a b".chain(Endless(endless));
        let rules = Rules::default();
        let why = compare_readers(answer, &b"a b\n"[..], &rules)
            .unwrap()
            .unwrap();
        assert!(why.starts_with("token 2: expected `bxxxx"), "{why}");
        // Numbers are read whole, however long the output's token is.
        let t = ["float_tolerance", "1e-6"];
        assert_eq!(cmp("1.0000000001\n", "1\n", &t), None);
    }

    /// A reader of `x` bytes that fails when its budget runs out.
    struct Endless<I>(I);

    impl<I: Iterator<Item = ()>> Read for Endless<I> {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            for (i, b) in buf.iter_mut().enumerate() {
                if self.0.next().is_none() {
                    return if i == 0 {
                        Err(io::Error::other("read past the budget"))
                    } else {
                        Ok(i)
                    };
                }
                *b = b'x';
            }
            Ok(buf.len())
        }
    }

    #[test]
    fn bad_flags_are_errors() {
        assert!(Rules::from_flags(&["float_tolerance"]).is_err());
        assert!(Rules::from_flags(&["float_tolerance", "x"]).is_err());
        assert!(Rules::from_flags(&["ignore_case"]).is_err());
        assert_eq!(
            Rules::from_flags(&["float_tolerance", "1e-6"])
                .unwrap()
                .describe(),
            "tokens float_tolerance 0.000001"
        );
    }
}
