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

/// Bytes shown as text: invalid UTF-8 replaced, control characters escaped (`\u{1b}`), so
/// that a program's output can never drive the terminal.
pub fn printable(bytes: &[u8]) -> String {
    let mut s = String::new();
    for c in String::from_utf8_lossy(bytes).chars() {
        if c.is_control() {
            s.extend(c.escape_default());
        } else {
            s.push(c);
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
            printable(b"a\x1b[31mred\tb\xff"),
            "a\\u{1b}[31mred\\tb\u{fffd}"
        );
    }
}
