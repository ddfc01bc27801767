//! The one error of reading a package: the file it is about, the line (and column) in it
//! where known, and what is wrong, as a value expected and a value found where the message
//! has that shape. Its `Display` is the judge's message, `FILE: line L, column C: WHAT`,
//! each part present only when known. A helper deep in a reader returns what it knows (a
//! key and what was found); the reader adds the file ([`FormatError::in_file`]) and the
//! line where its parser gives one. The layers above still speak `String`: `?` there
//! turns a `FormatError` into its message. Cost: one allocation an error (boxed, so a
//! `Result` stays a word or two).

use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why a package could not be read: a [`Detail`], boxed so that a `Result` stays small.
#[derive(Debug)]
pub struct FormatError(Box<Detail>);

/// Where the error is and what it is.
#[derive(Debug)]
pub struct Detail {
    /// The file it is about, where the message names one first.
    pub file: Option<PathBuf>,
    /// The line in that file (counted from 1), where known.
    pub line: Option<usize>,
    /// The column in that line (counted from 1), where known.
    pub column: Option<usize>,
    pub what: What,
}

/// What is wrong.
#[derive(Debug)]
pub enum What {
    /// `KEY: expected EXPECTED, found FOUND`: a value not of the kind the format wants
    /// (the key, or the element and attribute, as the file writes it; empty where the
    /// message starts at `expected`).
    Expected {
        key: String,
        expected: String,
        found: Option<String>,
    },
    /// The system's error on reading, listing or writing the file.
    Io(io::Error),
    /// Anything else, said whole.
    Said(String),
}

impl FormatError {
    /// `what`, in no file yet.
    pub fn said(what: impl Into<String>) -> FormatError {
        FormatError::of(What::Said(what.into()))
    }

    /// `key: expected expected`, in no file yet ([`FormatError::found`] adds what was).
    pub fn expected(key: impl Into<String>, expected: impl Into<String>) -> FormatError {
        FormatError::of(What::Expected {
            key: key.into(),
            expected: expected.into(),
            found: None,
        })
    }

    fn of(what: What) -> FormatError {
        FormatError(Box::new(Detail {
            file: None,
            line: None,
            column: None,
            what,
        }))
    }

    /// With what was found instead of what was expected.
    pub fn found(mut self, found: impl fmt::Display) -> FormatError {
        if let What::Expected { found: f, .. } = &mut self.0.what {
            *f = Some(found.to_string());
        }
        self
    }

    /// About `file`: its path goes first. An error already about a file (one file naming
    /// another: a subtask file a testcase is missing from) is said after it.
    pub fn in_file(self, file: &Path) -> FormatError {
        let mut inner = if self.file.is_some() {
            FormatError::said(self.to_string())
        } else {
            self
        };
        inner.0.file = Some(file.to_path_buf());
        inner
    }

    /// About `file` unless it names another already: for a reader whose errors are about
    /// its one configuration file but for those (an archive's, a read's) that say their own.
    pub fn or_in_file(self, file: &Path) -> FormatError {
        match self.file {
            Some(_) => self,
            None => self.in_file(file),
        }
    }

    /// At line `line` (and `column`) of its file.
    pub fn at(self, line: usize, column: Option<usize>) -> FormatError {
        let mut inner = if self.file.is_some() || self.line.is_some() {
            FormatError::said(self.to_string())
        } else {
            self
        };
        inner.0.line = Some(line);
        inner.0.column = column;
        inner
    }

    /// Said about `place` (a key, an element, a case) within its file: `place: ...`.
    pub fn within(mut self, place: impl fmt::Display) -> FormatError {
        match &mut self.0.what {
            What::Expected { key, .. } if self.0.file.is_none() && self.0.line.is_none() => {
                *key = if key.is_empty() {
                    place.to_string()
                } else {
                    format!("{place}: {key}")
                };
                self
            }
            _ => FormatError::said(format!("{place}: {self}")),
        }
    }
}

impl std::ops::Deref for FormatError {
    type Target = Detail;

    fn deref(&self) -> &Detail {
        &self.0
    }
}

/// The error of an I/O call on `path`, for `map_err`: `PATH: the system's message`.
pub fn io(path: &Path) -> impl Fn(io::Error) -> FormatError + '_ {
    move |e| {
        let mut error = FormatError::of(What::Io(e));
        error.0.file = Some(path.to_path_buf());
        error
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(file) = &self.file {
            write!(f, "{}: ", file.display())?;
        }
        match (self.line, self.column) {
            (Some(line), Some(column)) => write!(f, "line {line}, column {column}: ")?,
            (Some(line), None) => write!(f, "line {line}: ")?,
            _ => {}
        }
        match &self.what {
            What::Expected {
                key,
                expected,
                found,
            } => {
                if !key.is_empty() {
                    write!(f, "{key}: ")?;
                }
                write!(f, "expected {expected}")?;
                match found {
                    Some(found) => write!(f, ", found {found}"),
                    None => Ok(()),
                }
            }
            What::Io(e) => write!(f, "{e}"),
            What::Said(s) => f.write_str(s),
        }
    }
}

impl std::error::Error for FormatError {}

/// Messages of the layers below (running a program, building one) that a reader passes on.
impl From<String> for FormatError {
    fn from(s: String) -> FormatError {
        FormatError::said(s)
    }
}

/// The layers above still speak `String`: this is where they convert.
impl From<FormatError> for String {
    fn from(e: FormatError) -> String {
        e.to_string()
    }
}

impl From<crate::run::files::NoFolder> for FormatError {
    /// The judge's own private folder could not be made: said as the folder says it.
    fn from(e: crate::run::files::NoFolder) -> FormatError {
        FormatError::said(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_read_as_they_always_did() {
        let p = Path::new("pkg/problem.yaml");
        let e = FormatError::expected("limits.time_limit", "a positive number")
            .found("-1")
            .in_file(p);
        assert_eq!(
            e.to_string(),
            "pkg/problem.yaml: limits.time_limit: expected a positive number, found -1"
        );
        let e = FormatError::said("bad").at(3, Some(7)).in_file(p);
        assert_eq!(e.to_string(), "pkg/problem.yaml: line 3, column 7: bad");
        let e = FormatError::expected("", "0 to 9").within("<time-limit>10</time-limit>");
        assert_eq!(
            e.to_string(),
            "<time-limit>10</time-limit>: expected 0 to 9"
        );
        // A file named inside another's message stays inside it.
        let inner = FormatError::said("no case").in_file(Path::new("a.json"));
        assert_eq!(
            inner.in_file(p).to_string(),
            "pkg/problem.yaml: a.json: no case"
        );
        let gone = io(p)(io::Error::from(io::ErrorKind::NotFound));
        assert!(gone.to_string().starts_with("pkg/problem.yaml: "), "{gone}");
    }
}
