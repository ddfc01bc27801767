//! chase: see `bfs_judge::chase`. Usage errors exit with code 2, bad input with 1.
use bfs_judge::chase::{self, Mode};
use std::process::ExitCode;

fn main() -> ExitCode {
    match Mode::from_args(std::env::args().skip(1)) {
        Ok(mode) => bfs_judge::core::run::main_stream("chase", move |source, out| {
            chase::run_stream(source, out, mode)
        }),
        Err(message) => {
            eprintln!("chase: {message}");
            ExitCode::from(2)
        }
    }
}
