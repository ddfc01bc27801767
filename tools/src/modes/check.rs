//! `bfs-judge check [--explain] PROBLEM INPUT OUTPUT ANSWER`: accepts any valid optimal answer
//! (testlib convention); with `--explain`, only the judge's own answer, naming the mistake.
//!
//! What: reads the three files and calls `bfs_judge::check::<problem>::check(input, output,
//! answer)`, which returns `Ok(())` or the reason for rejecting (`move 12 walks into the box at
//! (3, 4)`). Exit code 0 = accepted, 1 = rejected (reason on stdout), 3 = the checker itself
//! failed (usage, unreadable file, no checker for the problem), as testlib's `_ok`/`_wa`/`_fail`.
//! So it plugs into `bfs-judge test --checker` and into `oj test --judge-command
//! "bfs-judge check robot-maze"` alike.
//!
//! A rejection that names its kind starts with it: `illegal move: ...`, `not shortest: ...`,
//! `wrong tie-break: ...` (`--explain` only: a valid answer that breaks a tie otherwise than
//! the judge); any other reason is printed as `wrong answer: ...`.
//!
//! Approach: a table from problem name to check function; adding a checker is one line.
//! Complexity: that of the problem's checker (a BFS over the input: linear in its size).

use std::process::ExitCode;

use bfs_judge::check::Mistake;

/// `check(input, output, answer)`: `answer` is our own output for `input` (the optimum).
type Check = fn(&[u8], &[u8], &[u8]) -> Result<(), String>;

/// One line per problem that has `src/check/<problem>.rs`; keep `checker = true` in its
/// `problems/<problem>/info.toml` in step with this table.
const CHECKERS: &[(&str, Check)] = &[
    ("chase", bfs_judge::check::chase::check),
    ("pushing-boxes", bfs_judge::check::pushing_boxes::check),
    ("robot-maze", bfs_judge::check::robot_maze::check),
    ("wave", bfs_judge::check::wave::check),
];

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
    let (explain, problem, input, output, answer) =
        (c.explain, &c.problem, &c.input, &c.output, &c.answer);
    let Some((_, check)) = CHECKERS.iter().find(|(name, _)| name == problem) else {
        let known: Vec<&str> = CHECKERS.iter().map(|(name, _)| *name).collect();
        eprintln!(
            "checker: no checker for `{problem}` (checkers: {})",
            if known.is_empty() {
                "none yet".to_string()
            } else {
                known.join(", ")
            }
        );
        return ExitCode::from(3);
    };
    let mut files = Vec::new();
    for path in [input, output, answer] {
        match std::fs::read(path) {
            Ok(bytes) => files.push(bytes),
            Err(e) => {
                eprintln!("checker: {path}: {e}");
                return ExitCode::from(3);
            }
        }
    }
    let verdict = if explain {
        bfs_judge::check::tie::explain(problem, &files[0], &files[1], &files[2])
    } else {
        check(&files[0], &files[1], &files[2])
    };
    match verdict {
        Ok(()) => {
            println!("ok");
            ExitCode::SUCCESS
        }
        Err(reason) if Mistake::of(&reason) == Mistake::Other => {
            println!("wrong answer: {reason}");
            ExitCode::from(1)
        }
        Err(reason) => {
            println!("{reason}");
            ExitCode::from(1)
        }
    }
}
