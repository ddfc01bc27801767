//! Lexing: just enough of Rust to tell code from comments and literals, so that the
//! bundler never mistakes `memchr::` in a string or a comment for a path.

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
    let mut i = 0;
    let unterminated =
        |what: &'static str, at: usize| CodeError::new(line_at(src, at), Fault::Unterminated(what));
    while i < s.len() {
        let start = i;
        let b = s[i];
        let kind = if b.is_ascii_whitespace() {
            while i < s.len() && s[i].is_ascii_whitespace() {
                i += 1;
            }
            Kind::Space
        } else if s[i..].starts_with(b"//") {
            while i < s.len() && s[i] != b'\n' {
                i += 1;
            }
            let text = &s[start..i];
            let doc = text.starts_with(b"//!")
                || (text.starts_with(b"///") && !text.starts_with(b"////"));
            if doc {
                Kind::DocComment
            } else {
                Kind::Comment
            }
        } else if s[i..].starts_with(b"/*") {
            let mut depth = 0;
            loop {
                if i >= s.len() {
                    return Err(unterminated("block comment", start));
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
            if doc {
                Kind::DocComment
            } else {
                Kind::Comment
            }
        } else if is_ident_byte(b) && !b.is_ascii_digit() {
            while i < s.len() && is_ident_byte(s[i]) {
                i += 1;
            }
            let word = &s[start..i];
            let next = s.get(i).copied();
            let raw_prefix = matches!(word, b"r" | b"br" | b"cr");
            let plain_prefix = matches!(word, b"b" | b"c");
            if raw_prefix
                && matches!(next, Some(b'"') | Some(b'#'))
                && raw_string_end(s, i).is_some()
            {
                i = raw_string_end(s, i).unwrap_or(s.len());
                Kind::Literal
            } else if word == b"r" && next == Some(b'#') {
                // A raw identifier, r#name.
                i += 1;
                while i < s.len() && is_ident_byte(s[i]) {
                    i += 1;
                }
                Kind::Ident
            } else if plain_prefix && next == Some(b'"') {
                i = quoted_end(s, i, b'"').ok_or_else(|| unterminated("string", start))?;
                Kind::Literal
            } else if word == b"b" && next == Some(b'\'') {
                i = quoted_end(s, i, b'\'').ok_or_else(|| unterminated("byte", start))?;
                Kind::Literal
            } else {
                Kind::Ident
            }
        } else if b.is_ascii_digit() {
            while i < s.len()
                && (is_ident_byte(s[i])
                    || (s[i] == b'.' && s.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            Kind::Literal
        } else if b == b'"' {
            i = quoted_end(s, i, b'"').ok_or_else(|| unterminated("string", start))?;
            Kind::Literal
        } else if b == b'\'' {
            // A character literal, or a lifetime or label.
            let char_len = match s.get(i + 1) {
                Some(b'\\') => None,
                Some(&c) if c < 0x80 => Some(1),
                Some(&c) if c >= 0xf0 => Some(4),
                Some(&c) if c >= 0xe0 => Some(3),
                Some(_) => Some(2),
                None => return Err(unterminated("character", start)),
            };
            match char_len {
                Some(n) if s.get(i + 1 + n) != Some(&b'\'') => {
                    i += 1;
                    while i < s.len() && is_ident_byte(s[i]) {
                        i += 1;
                    }
                    Kind::Lifetime
                }
                _ => {
                    i = quoted_end(s, i, b'\'').ok_or_else(|| unterminated("character", start))?;
                    Kind::Literal
                }
            }
        } else if s[i..].starts_with(b"::") {
            i += 2;
            Kind::PathSep
        } else {
            // One character of punctuation (whole, if not ASCII).
            i += 1;
            while i < s.len() && (s[i] & 0xc0) == 0x80 {
                i += 1;
            }
            Kind::Punct
        };
        tokens.push(Token {
            kind,
            start,
            end: i,
        });
    }
    Ok(tokens)
}

/// The 1-based line of byte `at` of `src`.
pub(crate) fn line_at(src: &str, at: usize) -> usize {
    src[..at].matches('\n').count() + 1
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
