//! Text helpers every layer of the tools uses: lines cut to the terminal's width, bytes
//! shown with control characters escaped, sizes in MiB, and `say!`, the `println!` that ends
//! the judge quietly when its stdout is gone. It depends on nothing else in the crate.

use std::sync::OnceLock;

/// `println!` that ends the judge quietly when stdout is gone (`scripts/judge | head`) instead
/// of panicking.
#[macro_export]
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        if writeln!(out, $($arg)*).and_then(|_| out.flush()).is_err() {
            std::process::exit(1);
        }
    }};
}

/// `say!` for the plain-text report only: silent under `--json`, where the modes print JSON
/// objects instead ([`say_json!`]).
#[macro_export]
macro_rules! say_text {
    ($($arg:tt)*) => {{
        if !$crate::text::json_mode() {
            $crate::say!($($arg)*);
        }
    }};
}

/// Prints one JSON object on its own line, under `--json` only.
#[macro_export]
macro_rules! say_json {
    ($($value:tt)+) => {{
        if $crate::text::json_mode() {
            $crate::say!("{}", serde_json::json!($($value)+));
        }
    }};
}

static JSON: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sets `--json` for the whole run (once, where the options are read).
pub fn set_json_mode(on: bool) {
    JSON.store(on, std::sync::atomic::Ordering::Relaxed);
}

/// Whether the run speaks JSON.
pub fn json_mode() -> bool {
    JSON.load(std::sync::atomic::Ordering::Relaxed)
}

/// The width lines are cut to: `COLUMNS`, else the terminal's, else 100.
pub fn width() -> usize {
    static WIDTH: OnceLock<usize> = OnceLock::new();
    *WIDTH.get_or_init(|| {
        std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .or_else(|| terminal_size::terminal_size().map(|(w, _)| usize::from(w.0)))
            .filter(|&w: &usize| w >= 20)
            .unwrap_or(100)
    })
}

/// `s` cut to `width` characters (an ellipsis marks the cut).
pub fn fit(s: &str, width: usize) -> String {
    if s.chars().count() <= width {
        return s.to_string();
    }
    let mut t: String = s.chars().take(width.saturating_sub(1)).collect();
    t.push('…');
    t
}

/// Bytes shown as text, one to one: printable characters as they are, every other byte
/// escaped (`\x00`, `\x1b`, `\xff` for a byte that is not UTF-8; a control character beyond
/// ASCII as `\u{85}`), and `\` itself as `\\`, so that two different byte strings never look
/// alike and a program's output can never drive the terminal.
pub fn printable(bytes: &[u8]) -> String {
    escape(bytes, true)
}

/// A file or case name shown as text: as [`printable`], but a `\` stays one (names are typed
/// back as selectors).
pub fn name(bytes: &[u8]) -> String {
    escape(bytes, false)
}

fn escape(bytes: &[u8], backslash: bool) -> String {
    use std::fmt::Write as _;
    let mut s = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' if backslash => s.push_str("\\\\"),
                c if c.is_control() && (c as u32) < 0x80 => {
                    let _ = write!(s, "\\x{:02x}", c as u32);
                }
                c if c.is_control() => s.extend(c.escape_unicode()),
                c => s.push(c),
            }
        }
        for b in chunk.invalid() {
            let _ = write!(s, "\\x{b:02x}");
        }
    }
    s
}

/// A detail line under a case: indented, cut to the terminal's width.
pub fn detail(text: &str) -> String {
    fit(&format!("    {text}"), width())
}

pub fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

/// `s` with the current directory's prefix removed from the paths in it (shorter lines).
pub fn short(s: &str) -> String {
    match std::env::current_dir() {
        Ok(cwd) => s.replace(&format!("{}/", cwd.display()), ""),
        Err(_) => s.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_cut_and_control_characters_escaped() {
        assert_eq!(fit("abcdef", 4), "abc…");
        assert_eq!(fit("abc", 4), "abc");
        assert_eq!(
            printable(b"a\x1b[31mred\tb\xff\x00\\n\xc2\x85"),
            "a\\x1b[31mred\\x09b\\xff\\x00\\\\n\\u{85}"
        );
        assert_eq!(name(b"a\\b\nc\xfe"), "a\\b\\x0ac\\xfe");
    }
}
