//! The literal reference implementations from `tests/reference/` as a program, the
//! baseline `scripts/bench` measures the solvers against.
//!
//! Usage: `literal PROBLEM [ARGS...] < input > output`.

#[allow(dead_code)]
#[path = "../../tests/reference/mod.rs"]
mod reference;

use std::io::{Read, Write};

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(problem) = args.first() else {
        eprintln!("usage: literal PROBLEM [ARGS...] < input");
        return std::process::ExitCode::from(2);
    };
    let mut input = Vec::new();
    if let Err(e) = std::io::stdin().lock().read_to_end(&mut input) {
        eprintln!("literal: cannot read input: {e}");
        return std::process::ExitCode::from(1);
    }
    let output = match problem.as_str() {
        "robot-maze" => reference::robot_maze::reference(&input),
        "chase" => match &args[1..] {
            [] => reference::chase::reference(&input),
            [path] if path == "--path" => reference::chase::reference_path(&input),
            other => {
                eprintln!("literal: chase takes only --path, not {other:?}");
                return std::process::ExitCode::from(2);
            }
        },
        "wave" => reference::wave::reference(&input),
        "swap-game" => reference::swap_game::reference(&input),
        "pushing-boxes" => reference::pushing_boxes::reference(&input),
        other => {
            eprintln!("literal: unknown problem {other:?}");
            return std::process::ExitCode::from(2);
        }
    };
    if let Err(e) = std::io::stdout().lock().write_all(&output) {
        eprintln!("literal: cannot write output: {e}");
        return std::process::ExitCode::from(1);
    }
    std::process::ExitCode::SUCCESS
}
