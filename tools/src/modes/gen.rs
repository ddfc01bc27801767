//! `bfs-judge gen PROBLEM KIND[,FLAG...] SIZE... [--seed S]`: one input of our problems to
//! stdout, from our generators (`Ours::generate`: the library's `bfs_judge::gen`, which the
//! tests, stress and bench use too). `bfs-judge gen --help` lists the problems, kinds and
//! sizes. Errors: one line on stderr, exit code 2.

use std::io::Write;
use std::process::ExitCode;

/// `bfs-judge gen`: a random input of one of our problems.
#[derive(Clone, Debug, clap::Args)]
pub struct GenCmd {
    /// The problem.
    #[arg(value_name = "PROBLEM")]
    pub problem: String,

    /// The generator kind, with flags after commas (see the list below).
    #[arg(value_name = "KIND[,FLAG...]")]
    pub kind: String,

    /// The sizes the kind takes (rows and columns, boards, maps...).
    #[arg(value_name = "SIZE")]
    pub sizes: Vec<u64>,

    /// The seed: the same seed gives the same input.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

pub fn main(g: &GenCmd) -> ExitCode {
    let made = crate::ours::get(&g.problem).and_then(|o| o.generate(&g.kind, &g.sizes, g.seed));
    let written = match made {
        // One write of the whole text: the fastest path to a pipe or file.
        Ok(input) => {
            let mut out = std::io::stdout().lock();
            out.write_all(&input)
                .and_then(|_| out.flush())
                .map_err(|e| format!("writing stdout: {e}"))
        }
        Err(e) => Err(e.to_string()),
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen: {e}");
            ExitCode::from(2)
        }
    }
}
