//! The one error type for malformed input.
//!
//! Every problem reports bad input the same way: the line it was found on, what the
//! parser expected there, and what it found, quoted. The binary prints it as
//! `<binary>: line <L>: expected <what>, found <what>` and exits with code 1.

use crate::ext::bstr::ByteSlice;
use std::fmt;

/// Malformed input: where, what was expected, and what was found instead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// 1-based line number of the offending input.
    pub line: usize,
    /// The multi-case case number (1-based) the error belongs to, if any.
    pub case: Option<usize>,
    /// What the parser expected, without the word "expected".
    pub expected: String,
    /// What it found instead, already quoted (see [`quote`]).
    pub found: String,
}

impl InputError {
    /// An error on `line`: expected `expected`, found `found` (already quoted).
    pub fn new(line: usize, expected: impl Into<String>, found: impl Into<String>) -> Self {
        InputError {
            line,
            case: None,
            expected: expected.into(),
            found: found.into(),
        }
    }

    /// Names the multi-case case this error belongs to.
    pub fn in_case(mut self, case: usize) -> Self {
        self.case = Some(case);
        self
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        if let Some(case) = self.case {
            write!(f, "case {case}: ")?;
        }
        write!(f, "expected {}, found {}", self.expected, self.found)
    }
}

impl std::error::Error for InputError {}

/// The longest piece of input an error message quotes; longer ones are cut with `...`.
const QUOTE_LIMIT: usize = 40;

/// Quotes a piece of input for an error message: `end of input` when it is empty,
/// otherwise the bytes in double quotes with control bytes and invalid UTF-8 escaped
/// (so a message always stays on one line), cut after [`QUOTE_LIMIT`] bytes.
pub fn quote(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "end of input".to_string();
    }
    if bytes.len() <= QUOTE_LIMIT {
        return format!("{:?}", bytes.as_bstr());
    }
    let shown = format!("{:?}", bytes[..QUOTE_LIMIT].as_bstr());
    // Debug output ends in '"'; put the ellipsis inside the quotes.
    format!("{}...\" ({} bytes)", &shown[..shown.len() - 1], bytes.len())
}
