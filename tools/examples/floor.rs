//! The start-up floor `scripts/bench` compares small workloads with: a Rust program that
//! reads all of stdin (one `read_to_end` on the locked stdin, as the solvers do) and
//! writes nothing. No solver can start, read its input and exit faster.

use std::io::Read;

fn main() -> std::process::ExitCode {
    let mut input = Vec::new();
    match std::io::stdin().lock().read_to_end(&mut input) {
        Ok(_) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("floor: cannot read input: {e}");
            std::process::ExitCode::from(1)
        }
    }
}
