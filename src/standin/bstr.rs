//! Stand-in for the `bstr` crate: `ByteSlice::as_bstr` and the `Debug` form of a `BStr`.
//!
//! `format!("{:?}", bytes.as_bstr())` prints the bytes in double quotes exactly as bstr
//! does: valid UTF-8 as characters (`\0` for NUL, ASCII through `u8::escape_ascii`, other
//! characters through `char::escape_debug`), every byte of an invalid sequence as `\xNN`.
//! `BStr` here is a borrowed wrapper returned by value rather than bstr's unsized
//! `&BStr`, which needs an `unsafe` cast; the calls in `src/` read the same.

use std::fmt;

/// A byte string to show, as `bstr::BStr`.
#[derive(Clone, Copy)]
pub struct BStr<'a>(&'a [u8]);

/// Byte strings, as `bstr::ByteSlice` (only `as_bstr`).
pub trait ByteSlice {
    fn as_bstr(&self) -> BStr<'_>;
}

impl ByteSlice for [u8] {
    #[inline]
    fn as_bstr(&self) -> BStr<'_> {
        BStr(self)
    }
}

impl fmt::Debug for BStr<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("\"")?;
        let mut rest = self.0;
        while !rest.is_empty() {
            let (valid, invalid) = match std::str::from_utf8(rest) {
                Ok(text) => (text, 0),
                Err(e) => {
                    let valid = std::str::from_utf8(&rest[..e.valid_up_to()])
                        .expect("valid_up_to ends valid UTF-8");
                    // An incomplete sequence at the end is invalid through the end.
                    let bad = e.error_len().unwrap_or(rest.len() - e.valid_up_to());
                    (valid, bad)
                }
            };
            for ch in valid.chars() {
                match ch {
                    '\0' => f.write_str("\\0")?,
                    '\x01'..='\x7f' => write!(f, "{}", (ch as u8).escape_ascii())?,
                    _ => write!(f, "{}", ch.escape_debug())?,
                }
            }
            let end = valid.len() + invalid;
            for &b in &rest[valid.len()..end] {
                write!(f, "\\x{:02x}", b)?;
            }
            rest = &rest[end..];
        }
        f.write_str("\"")
    }
}
