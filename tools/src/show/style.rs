//! Colour: when it is on (`--color`, `NO_COLOR`, a terminal), and the few styles the judge
//! uses. Off, every function here returns its text unchanged, so a pipe or a file only ever
//! gets plain text.

use std::io::IsTerminal;
use std::sync::OnceLock;

use anstyle::{AnsiColor, Effects, Style};

use crate::judge::verdict::Verdict;

/// `--color`: when colour is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum ColorChoice {
    #[default]
    Auto,
    Always,
    Never,
}

static ON: OnceLock<bool> = OnceLock::new();

/// Decides once for the run: `always`, `never`, or (`auto`) stdout is a terminal and
/// `NO_COLOR` is unset or empty (no-color.org).
pub fn init(choice: ColorChoice) {
    let on = match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        }
    };
    let _ = ON.set(on);
}

pub fn enabled() -> bool {
    *ON.get().unwrap_or(&false)
}

/// `text` in `style` when colour is on.
pub fn paint(text: &str, style: Style) -> String {
    if enabled() {
        format!("{}{text}{}", style.render(), style.render_reset())
    } else {
        text.to_string()
    }
}

pub fn verdict(v: Verdict, text: &str) -> String {
    let colour = match v {
        Verdict::Ac => AnsiColor::Green,
        Verdict::Wa | Verdict::Pe | Verdict::Pts => AnsiColor::Red,
        Verdict::Re => AnsiColor::Magenta,
        Verdict::Tle | Verdict::Mle | Verdict::Ole => AnsiColor::Yellow,
        Verdict::Ran => AnsiColor::Cyan,
    };
    paint(
        text,
        Style::new()
            .fg_color(Some(colour.into()))
            .effects(Effects::BOLD),
    )
}

/// Lines of the expected side of a diff.
pub const EXPECTED: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Green)));
/// Lines of the contestant's side of a diff.
pub const GOT: Style = Style::new().fg_color(Some(anstyle::Color::Ansi(AnsiColor::Red)));
/// The tokens that differ, inside such a line.
pub const EMPHASIS: Style = Style::new().effects(Effects::BOLD.insert(Effects::UNDERLINE));
/// Context and secondary text.
pub const DIM: Style = Style::new().effects(Effects::DIMMED);
