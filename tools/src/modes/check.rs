//! `bfs-judge check [--explain] PROBLEM INPUT OUTPUT ANSWER`: accepts any valid optimal answer
//! (testlib convention); with `--explain`, only the judge's own answer, naming the mistake.
//!
//! What: reads the three files and calls the problem's checker (`Ours::checker`, the
//! library's `bfs_judge::check::<problem>::check`), which returns `Ok(())` or the reason for
//! rejecting (`move 12 walks into the box at (3, 4)`). Exit code 0 = accepted, 1 = rejected
//! (reason on stdout), 3 = the checker itself failed (usage, unreadable file, no checker for
//! the problem), as testlib's `_ok`/`_wa`/`_fail`. So it plugs into `bfs-judge test
//! --checker` and into `oj test --judge-command "bfs-judge check robot-maze"` alike.
//!
//! A rejection that names its kind starts with it: `illegal move: ...`, `not shortest: ...`,
//! `wrong tie-break: ...` (`--explain` only: a valid answer that breaks a tie otherwise than
//! the judge); any other reason is printed as `wrong answer: ...`.
//!
//! Complexity: that of the problem's checker (a BFS over the input: linear in its size).

use std::process::ExitCode;

use crate::ours::OursError;
use crate::show::mistake::rejection;

/// `bfs-judge check`: our checker for one of our problems, with testlib's exit codes.
#[derive(Clone, Debug, clap::Args)]
pub struct CheckCmd {
    /// Accept only the judge's own answer, and name the mistake of any other.
    #[arg(long)]
    pub explain: bool,
    /// One of our problems with a checker: chase, pushing-boxes, robot-maze, wave.
    #[arg(value_name = "PROBLEM")]
    pub problem: String,
    /// The case's input file.
    #[arg(value_name = "INPUT")]
    pub input: String,
    /// The answer to check: the output of the program under test.
    #[arg(value_name = "OUTPUT")]
    pub output: String,
    /// Our own output for INPUT (the optimum).
    #[arg(value_name = "ANSWER")]
    pub answer: String,
}

/// Exit code 3 for a usage error, as testlib's checkers fail (clap's 2 would read as PE).
pub const USAGE_ERROR: u8 = 3;

pub fn main(c: &CheckCmd) -> ExitCode {
    let found = crate::ours::find(&c.problem).and_then(|o| Some((o, o.checker()?)));
    let Some((ours, check)) = found else {
        eprintln!("checker: {}", OursError::NoChecker(c.problem.clone()));
        return ExitCode::from(USAGE_ERROR);
    };
    let mut files = Vec::new();
    for path in [&c.input, &c.output, &c.answer] {
        match std::fs::read(path) {
            Ok(bytes) => files.push(bytes),
            Err(e) => {
                eprintln!("checker: {path}: {e}");
                return ExitCode::from(USAGE_ERROR);
            }
        }
    }
    let (input, output, answer) = (&files[0], &files[1], &files[2]);
    let verdict = match c.explain {
        true => ours.explain_answer(input, output, answer),
        false => check(input, output, answer),
    };
    match verdict {
        Ok(()) => {
            println!("ok");
            ExitCode::SUCCESS
        }
        Err(reason) => {
            println!("{}", rejection(&reason));
            ExitCode::from(1)
        }
    }
}
