//! Input generator CLI: `gen <problem> <kind> <size...> [--seed S]` writes one input to stdout.
//!
//! A thin wrapper over `bfs_judge::gen::generate`; `--help` lists problems, kinds and sizes.
//! Errors: one line on stderr, exit code 2.

use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "usage: gen <problem> <kind>[,flag...] <size...> [--seed S]   (seed default 1)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.is_empty() || args.iter().any(|a| a == "--help" || a == "-h") {
        print!("{USAGE}\n\n{}", bfs_judge::gen::help());
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gen: {e}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let mut seed = 1u64;
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--seed" {
            let v = it.next().ok_or("--seed needs a value")?;
            seed = v.parse().map_err(|_| format!("bad seed `{v}`"))?;
        } else if let Some(v) = a.strip_prefix("--seed=") {
            seed = v.parse().map_err(|_| format!("bad seed `{v}`"))?;
        } else {
            positional.push(a.as_str());
        }
    }
    let [problem, kind, sizes @ ..] = positional.as_slice() else {
        return Err(format!("missing problem or kind\n{USAGE}"));
    };
    let sizes = sizes
        .iter()
        .map(|s| s.parse::<u64>().map_err(|_| format!("bad size `{s}`")))
        .collect::<Result<Vec<u64>, String>>()?;
    let input = bfs_judge::gen::generate(problem, kind, &sizes, seed)?;
    // One write of the whole text: the fastest path to a pipe or file.
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(&input)
        .and_then(|_| lock.flush())
        .map_err(|e| format!("writing stdout: {e}"))
}
