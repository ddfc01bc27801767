//! `bfs-judge test --watch`: judge, then wait for a watched file to change, then build and
//! judge again, each round headed by one line (on a terminal the screen is cleared first,
//! so that a round's verdicts stand alone); Ctrl-C ends it. What is watched, and how, is
//! `session::watch`'s (the panel waits on it too).

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::SystemTime;

use crate::args::Options;
use crate::session::watch::{changed, stamps, watched};

/// The time of day, UTC, `HH:MM:SS`.
fn clock() -> String {
    let secs = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
        % 86_400;
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

fn shown(p: &Path) -> String {
    let cwd = std::env::current_dir().unwrap_or_default();
    crate::text::short(&p.strip_prefix(&cwd).unwrap_or(p).display().to_string())
}

/// Runs `round` now and again after every change, until interrupted.
pub fn main(o: Options, round: &dyn Fn(Options) -> ExitCode) -> ExitCode {
    let terminal = std::io::stdout().is_terminal() && !o.run.json;
    let mut why = String::from("start");
    for n in 1.. {
        if terminal {
            // Clear the screen and go home: each round's verdicts stand alone.
            print!("\x1b[2J\x1b[H");
        }
        crate::text::set_json_mode(o.run.json);
        crate::say_text!(
            "== round {n} ({why}) {} UTC; watching {} files, Ctrl-C ends ==",
            clock(),
            watched(&o).len()
        );
        crate::say_json!({"mode": "watch", "round": n, "why": why});
        let files = watched(&o);
        let before = stamps(&files);
        let _ = round(o.clone());
        why = format!("{} changed", shown(&changed(&o, &files, &before)));
    }
    ExitCode::SUCCESS
}
