//! Text helpers every layer of the tools uses: the judge's messages wrapped to the terminal's
//! width (whole in a pipe, a file or JSON), lines of a program's output cut to it, bytes
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

/// The width stdout's terminal has (`COLUMNS` where set), or `None` when stdout is not a
/// terminal: then messages are printed whole, for a pipe, a file or a program to read.
pub fn terminal_width() -> Option<usize> {
    use std::io::IsTerminal;
    static WIDTH: OnceLock<Option<usize>> = OnceLock::new();
    *WIDTH.get_or_init(|| std::io::stdout().is_terminal().then(width))
}

/// The width lines of a program's output are cut to under a case: `COLUMNS`, else the
/// terminal's, else 100. (Messages are never cut: see [`detail`].)
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

/// What a program said for a person to read (a compiler's errors, a runtime's exception) as
/// it printed it: as [`printable`], but a `\` stays one (g++ quoting `"\n"` is shown so),
/// so control characters still cannot drive the terminal.
pub fn message(bytes: &[u8]) -> String {
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

/// A detail line under a case: indented and, on a terminal, wrapped at spaces to its width
/// (the next lines indented two more); whole in a pipe, a file and under `--json`, so that
/// no message is ever cut.
pub fn detail(text: &str) -> String {
    let line = format!("    {text}");
    match terminal_width() {
        Some(w) if !json_mode() => wrap(&line, w, "      "),
        _ => line,
    }
}

/// `line` wrapped at spaces into lines of at most `width` characters, the later ones led by
/// `lead`; a word longer than a line is broken where the line ends.
pub fn wrap(line: &str, width: usize, lead: &str) -> String {
    let width = width.max(lead.chars().count() + 10);
    let mut out = String::new();
    let mut rest = line;
    let mut first = true;
    loop {
        let room = if first {
            width
        } else {
            width - lead.chars().count()
        };
        if !first {
            out.push('\n');
            out.push_str(lead);
        }
        if rest.chars().count() <= room {
            out.push_str(rest);
            return out;
        }
        // The byte where `room` characters end, and the last space before it.
        let end = rest.char_indices().nth(room).map_or(rest.len(), |(i, _)| i);
        let cut = rest[..end]
            .rfind(' ')
            .filter(|&i| !rest[..i].trim_start().is_empty())
            .unwrap_or(end);
        out.push_str(rest[..cut].trim_end());
        rest = rest[cut..].trim_start();
        first = false;
        if rest.is_empty() {
            return out;
        }
    }
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

    #[test]
    fn messages_wrap_at_spaces_and_lose_nothing() {
        let line = "    off by 1.00e-7, over the tolerance 1e-9 at token 3 of line 12";
        let wrapped = wrap(line, 30, "      ");
        assert!(
            wrapped.lines().all(|l| l.chars().count() <= 30),
            "{wrapped}"
        );
        let words = |s: &str| s.split_whitespace().map(String::from).collect::<Vec<_>>();
        assert_eq!(words(&wrapped), words(line));
        assert!(wrapped.lines().skip(1).all(|l| l.starts_with("      ")));
        // A word longer than a line is broken, not lost.
        let long = format!("    {}", "x".repeat(50));
        assert_eq!(
            wrap(&long, 30, "      ").replace(['\n', ' '], ""),
            "x".repeat(50)
        );
        assert_eq!(wrap("    short", 30, "  "), "    short");
    }
}
