//! `info.toml`, the judge's own description of a problem's limits (ours, and any folder's
//! that has one), and the guard every reader puts before a configuration file: it must be a
//! regular file of at most [`CONFIG_CAP`] bytes of UTF-8, so a FIFO, a huge file or a hostile
//! package cannot hang the judge or fill its memory. Cost: one `stat` and one read of at
//! most a MiB a file.

use std::fs;
use std::io;
use std::path::Path;

use serde::Deserialize;

use crate::judge::format::error::{self, FormatError};

/// Defaults where `info.toml` is silent (or absent).
pub const DEFAULT_TIME_LIMIT_MS: u64 = 1000;
pub const DEFAULT_MEMORY_LIMIT_MIB: u64 = 256;
pub const DEFAULT_OUTPUT_LIMIT_MIB: u64 = 64;

/// The largest limits accepted, so that every figure derived from them (the wall backstop,
/// KiB, bytes) fits with room to spare: a day of time, a pebibyte of memory or output.
pub const MAX_TIME_LIMIT_MS: u64 = 86_400_000;
pub const MAX_MEMORY_LIMIT_MIB: u64 = 1 << 30;
pub const MAX_OUTPUT_LIMIT_MIB: u64 = 1 << 30;

/// The most a configuration file (`info.toml`, `problem.yaml`, `test_group.yaml`...) may
/// hold: a hundred times any real one, and a bound on what a hostile package can make the
/// judge read into memory.
pub const CONFIG_CAP: u64 = 1 << 20;

/// Reads the configuration file `path` (`None` when there is none). One that is not a
/// regular file (a FIFO would block the judge), is larger than [`CONFIG_CAP`] or is not UTF-8
/// is an error that names it, found before anything is read into memory.
pub fn read_config(path: &Path) -> Result<Option<String>, FormatError> {
    use std::io::Read;
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(error::io(path)(e)),
    };
    let too_big = |n: u64| {
        FormatError::said(format!(
            "{n} bytes, more than a configuration file may hold ({CONFIG_CAP} bytes)"
        ))
        .in_file(path)
    };
    if !meta.is_file() {
        return Err(FormatError::said(format!(
            "not a regular file ({})",
            crate::run::sys::file_kind(&meta.file_type())
        ))
        .in_file(path));
    }
    if meta.len() > CONFIG_CAP {
        return Err(too_big(meta.len()));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)
        .and_then(|f| f.take(CONFIG_CAP + 1).read_to_end(&mut bytes))
        .map_err(error::io(path))?;
    if bytes.len() as u64 > CONFIG_CAP {
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map(Some).map_err(|e| {
        FormatError::said(format!(
            "not UTF-8 text (byte {})",
            e.utf8_error().valid_up_to()
        ))
        .in_file(path)
    })
}

/// [`read_config`] of a file that must be there: its absence is `PATH: no such file`.
pub fn read_required(path: &Path) -> Result<String, FormatError> {
    read_config(path)?.ok_or_else(|| FormatError::said("no such file").in_file(path))
}

/// Checks a limit from `key` against `1..=max` (`0..=max` for the output limit).
pub fn check_limit(key: &str, value: u64, max: u64) -> Result<u64, FormatError> {
    let min = u64::from(key != "output_limit_mib");
    if value < min || value > max {
        return Err(FormatError::expected(
            format!("{key} = {value}"),
            format!("{min} to {max}"),
        ));
    }
    Ok(value)
}

/// `problems/<name>/info.toml`. Unknown keys are errors, so a misspelt limit is caught rather
/// than silently replaced by the default.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
// The bounds are declared so that they are checked as numbers and known keys; the judge
// itself reads only the limits, the binary and the checker flag.
#[allow(dead_code)]
pub struct Info {
    pub name: Option<String>,
    /// Our binary's name under `target/release` (default: the folder's name).
    pub binary: Option<String>,
    pub time_limit_ms: Option<u64>,
    pub memory_limit_mib: Option<u64>,
    pub output_limit_mib: Option<u64>,
    /// The stack limit of every judged process (default: the memory limit).
    pub stack_limit_mib: Option<u64>,
    /// Only "exact" (trailing spaces, CRLF and trailing blank lines aside).
    pub compare: Option<Compare>,
    /// Whether `target/release/checker` has a checker for this problem.
    #[serde(default)]
    pub checker: bool,
    /// Options the binary accepts (documentation; cases pass them through `NAME.args`).
    pub options: Option<String>,
    /// The input's bounds, for readers and generators; the judge does not use them.
    pub min_rows: Option<u64>,
    pub max_rows: Option<u64>,
    pub min_cols: Option<u64>,
    pub max_cols: Option<u64>,
    pub max_grid_bytes: Option<u64>,
    pub min_cells: Option<u64>,
    pub origin_max_rows: Option<u64>,
    pub origin_max_cols: Option<u64>,
    pub board_rows: Option<u64>,
    pub board_cols: Option<u64>,
    pub max_answer: Option<u64>,
    /// A problem whose input is a file (USACO's `NAME.in`, Codeforces' `input.txt`): the
    /// program finds the case's input under this name in its working folder, and stdin is
    /// empty.
    pub input_file: Option<String>,
    /// A problem whose output is a file: what the program writes under this name in its
    /// working folder is judged, and stdout is not.
    pub output_file: Option<String>,
    /// An interactive problem (Competitive Companion's `interactive`): judged only with an
    /// interactor; its samples are one exchange, not an input and an answer.
    #[serde(default)]
    pub interactive: bool,
    /// The output limit is checked when a run ends (a Kattis package: problemtools kills no
    /// program for its output, and a run that ran out of time is a TLE however much it
    /// wrote), not by killing the program when it passes it.
    #[serde(skip)]
    pub output_checked_after_run: bool,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Compare {
    Exact,
}

impl Info {
    /// Reads `path`; a missing file is all defaults.
    pub fn load(path: &Path) -> Result<Info, FormatError> {
        match read_config(path)? {
            Some(text) => Info::parse(&text).map_err(|e| e.in_file(path)),
            None => Ok(Info::default()),
        }
    }

    /// Parses the text of an `info.toml`; the error names the line and column, or the key
    /// whose limit is out of range.
    pub fn parse(text: &str) -> Result<Info, FormatError> {
        let info: Info = toml::from_str(text).map_err(|e| located(text, &e))?;
        info.checked()
    }

    /// The limits in range, or an error naming the key.
    fn checked(self) -> Result<Info, FormatError> {
        for (key, name) in [
            ("input_file", &self.input_file),
            ("output_file", &self.output_file),
        ] {
            if let Some(name) = name {
                file_name(name).map_err(|e| e.within(format!("{key} = {name:?}")))?;
            }
        }
        for (key, value, max) in [
            ("time_limit_ms", self.time_limit_ms, MAX_TIME_LIMIT_MS),
            (
                "memory_limit_mib",
                self.memory_limit_mib,
                MAX_MEMORY_LIMIT_MIB,
            ),
            (
                "output_limit_mib",
                self.output_limit_mib,
                MAX_OUTPUT_LIMIT_MIB,
            ),
            (
                "stack_limit_mib",
                self.stack_limit_mib,
                MAX_MEMORY_LIMIT_MIB,
            ),
        ] {
            if let Some(v) = value {
                check_limit(key, v, max)?;
            }
        }
        Ok(self)
    }

    /// Reads the `info.toml` of someone else's problem folder: only the limits are taken,
    /// other keys are theirs. Library Checker's `timelimit` (seconds) is understood too.
    pub fn load_foreign(path: &Path) -> Result<Info, FormatError> {
        let in_file = |e: FormatError| e.in_file(path);
        let text = read_required(path)?;
        let table: toml::Table = toml::from_str(&text).map_err(|e| in_file(located(&text, &e)))?;
        let number = |key: &str| -> Result<Option<u64>, FormatError> {
            match table.get(key) {
                None => Ok(None),
                Some(toml::Value::Integer(n)) if *n >= 0 => Ok(Some(*n as u64)),
                Some(other) => Err(in_file(
                    FormatError::expected(key, "a whole number").found(other),
                )),
            }
        };
        let text_of = |key: &str| -> Result<Option<String>, FormatError> {
            match table.get(key) {
                None => Ok(None),
                Some(toml::Value::String(s)) => file_name(s)
                    .map(Some)
                    .map_err(|e| in_file(e.within(format!("{key} = {s:?}")))),
                Some(other) => Err(in_file(
                    FormatError::expected(key, "a file name in quotes").found(other),
                )),
            }
        };
        let mut info = Info {
            input_file: text_of("input_file")?,
            output_file: text_of("output_file")?,
            interactive: matches!(table.get("interactive"), Some(toml::Value::Boolean(true))),
            time_limit_ms: number("time_limit_ms")?,
            memory_limit_mib: number("memory_limit_mib")?,
            output_limit_mib: number("output_limit_mib")?,
            ..Info::default()
        };
        if info.time_limit_ms.is_none() {
            info.time_limit_ms = seconds(table.get("timelimit")).map_err(in_file)?;
        }
        info.checked().map_err(in_file)
    }
}

/// Library Checker's `timelimit` (seconds) in milliseconds, if it is there.
fn seconds(value: Option<&toml::Value>) -> Result<Option<u64>, FormatError> {
    let secs = match value {
        None => return Ok(None),
        Some(toml::Value::Float(secs)) => *secs,
        Some(toml::Value::Integer(secs)) => *secs as f64,
        Some(other) => {
            return Err(
                FormatError::expected("timelimit", "a positive number of seconds").found(other),
            )
        }
    };
    let ms = (secs * 1000.0).round();
    if !(ms >= 1.0 && ms <= MAX_TIME_LIMIT_MS as f64) {
        return Err(FormatError::expected(
            format!("timelimit = {secs}"),
            format!(
                "a positive number of seconds, at most {}",
                MAX_TIME_LIMIT_MS / 1000
            ),
        ));
    }
    Ok(Some(ms as u64))
}

/// A file name of a file I/O problem (`input.txt`, `cowjump.in`): one plain name in the
/// program's working folder, never a path.
pub fn file_name(name: &str) -> Result<String, FormatError> {
    if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
        return Err(FormatError::expected(
            "",
            "a plain file name such as input.txt, not a path",
        ));
    }
    Ok(name.to_string())
}

/// A TOML error at its line and column: `line L, column C: message`.
pub fn located(text: &str, e: &toml::de::Error) -> FormatError {
    let error = FormatError::said(e.message());
    match e.span() {
        Some(span) => {
            let before = &text[..span.start.min(text.len())];
            let line = before.matches('\n').count() + 1;
            let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            error.at(line, Some(col))
        }
        None => error,
    }
}
