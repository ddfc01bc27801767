//! Lexing: just enough of Rust to tell code from comments and literals, so that the
//! bundler never mistakes `memchr::` in a string or a comment for a path. One pass over
//! the bytes, each token read by the scanner its first bytes choose: linear in the text.

use super::error::{CodeError, Fault};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Ident,
    /// `::`
    PathSep,
    Punct,
    Literal,
    Lifetime,
    Comment,
    DocComment,
    Space,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Token {
    pub(crate) kind: Kind,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

pub(crate) fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// The tokens of `src`, covering it entirely.
pub(crate) fn lex(src: &str) -> Result<Vec<Token>, CodeError> {
    let s = src.as_bytes();
    let mut tokens = Vec::new();
    let mut start = 0;
    while start < s.len() {
        let (kind, end) = token(s, start)
            .map_err(|what| CodeError::new(line_at(src, start), Fault::Unterminated(what)))?;
        tokens.push(Token { kind, start, end });
        start = end;
    }
    Ok(tokens)
}

/// The 1-based line of byte `at` of `src`.
pub(crate) fn line_at(src: &str, at: usize) -> usize {
    src[..at].matches('\n').count() + 1
}

/// The kind and end of the token that starts at `i`; `Err` names what a literal or
/// comment left open at the end of `s` is.
fn token(s: &[u8], i: usize) -> Result<(Kind, usize), &'static str> {
    let b = s[i];
    Ok(if b.is_ascii_whitespace() {
        (Kind::Space, run_end(s, i, u8::is_ascii_whitespace))
    } else if s[i..].starts_with(b"//") {
        line_comment(s, i)
    } else if s[i..].starts_with(b"/*") {
        block_comment(s, i)?
    } else if is_ident_byte(b) && !b.is_ascii_digit() {
        word(s, i)?
    } else if b.is_ascii_digit() {
        // Suffixes and exponents are identifier bytes; `1.5` but not `1..5` or `1.max()`.
        let mut end = i;
        while end < s.len()
            && (is_ident_byte(s[end])
                || (s[end] == b'.' && s.get(end + 1).is_some_and(u8::is_ascii_digit)))
        {
            end += 1;
        }
        (Kind::Literal, end)
    } else if b == b'"' {
        (Kind::Literal, quoted_end(s, i, b'"').ok_or("string")?)
    } else if b == b'\'' {
        char_or_lifetime(s, i)?
    } else if s[i..].starts_with(b"::") {
        (Kind::PathSep, i + 2)
    } else {
        // One character of punctuation (whole, if not ASCII).
        (Kind::Punct, run_end(s, i + 1, |&b| (b & 0xc0) == 0x80))
    })
}

/// The end of the run of bytes from `i` that satisfy `more`.
fn run_end(s: &[u8], i: usize, more: impl Fn(&u8) -> bool) -> usize {
    i + s[i..].iter().take_while(|b| more(b)).count()
}

/// A `//` comment up to the end of its line: doc (`///`, `//!`) or not.
fn line_comment(s: &[u8], i: usize) -> (Kind, usize) {
    let end = run_end(s, i, |&b| b != b'\n');
    let text = &s[i..end];
    let doc = text.starts_with(b"//!") || (text.starts_with(b"///") && !text.starts_with(b"////"));
    (if doc { Kind::DocComment } else { Kind::Comment }, end)
}

/// A `/* */` comment, nested ones inside it: doc (`/**`, `/*!`) or not.
fn block_comment(s: &[u8], start: usize) -> Result<(Kind, usize), &'static str> {
    let mut i = start;
    let mut depth = 0;
    loop {
        if i >= s.len() {
            return Err("block comment");
        }
        if s[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if s[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    let text = &s[start..i];
    let doc = text.starts_with(b"/*!")
        || (text.starts_with(b"/**") && !text.starts_with(b"/***") && text.len() > 4);
    Ok((if doc { Kind::DocComment } else { Kind::Comment }, i))
}

/// A word: an identifier (`r#name` too), or the prefix of a literal it opens (`b"..."`,
/// `b'.'`, `r#"..."#`, `br"..."`, `c"..."`).
fn word(s: &[u8], start: usize) -> Result<(Kind, usize), &'static str> {
    let i = run_end(s, start, |&b| is_ident_byte(b));
    let word = &s[start..i];
    let next = s.get(i).copied();
    let raw = matches!(word, b"r" | b"br" | b"cr") && matches!(next, Some(b'"') | Some(b'#'));
    Ok(match raw.then(|| raw_string_end(s, i)).flatten() {
        Some(end) => (Kind::Literal, end),
        // A raw identifier, r#name.
        None if word == b"r" && next == Some(b'#') => {
            (Kind::Ident, run_end(s, i + 1, |&b| is_ident_byte(b)))
        }
        None if matches!(word, b"b" | b"c") && next == Some(b'"') => {
            (Kind::Literal, quoted_end(s, i, b'"').ok_or("string")?)
        }
        None if word == b"b" && next == Some(b'\'') => {
            (Kind::Literal, quoted_end(s, i, b'\'').ok_or("byte")?)
        }
        None => (Kind::Ident, i),
    })
}

/// At a `'`: a character literal, or a lifetime or label (`'a`, with no closing quote
/// after its first character).
fn char_or_lifetime(s: &[u8], i: usize) -> Result<(Kind, usize), &'static str> {
    let char_len = match s.get(i + 1) {
        Some(b'\\') => None,
        Some(&c) if c < 0x80 => Some(1),
        Some(&c) if c >= 0xf0 => Some(4),
        Some(&c) if c >= 0xe0 => Some(3),
        Some(_) => Some(2),
        None => return Err("character"),
    };
    match char_len {
        Some(n) if s.get(i + 1 + n) != Some(&b'\'') => {
            Ok((Kind::Lifetime, run_end(s, i + 1, |&b| is_ident_byte(b))))
        }
        _ => Ok((Kind::Literal, quoted_end(s, i, b'\'').ok_or("character")?)),
    }
}

/// The end of a quoted literal opened by `quote` at `open`, skipping `\` escapes.
fn quoted_end(s: &[u8], open: usize, quote: u8) -> Option<usize> {
    let mut i = open + 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            c if c == quote => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

/// The end of a raw string whose `#`s or `"` start at `at`.
fn raw_string_end(s: &[u8], at: usize) -> Option<usize> {
    let hashes = s[at..].iter().take_while(|&&b| b == b'#').count();
    if s.get(at + hashes) != Some(&b'"') {
        return None;
    }
    let mut closing = vec![b'"'];
    closing.resize(closing.len() + hashes, b'#');
    let body = at + hashes + 1;
    s[body..]
        .windows(closing.len())
        .position(|w| w == closing.as_slice())
        .map(|p| body + p + closing.len())
}
