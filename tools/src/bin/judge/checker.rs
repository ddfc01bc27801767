//! Running a checker with testlib's convention: `CHECKER INPUT OUTPUT ANSWER`, exit code 0
//! accepted, 1 wrong answer, 2 presentation error, 3 the checker itself failed, 7 points; its
//! message is what it printed on stdout and stderr.
//!
//! A checker that fails (exit 3, any other code, or cannot be started) is a setup error: the
//! contestant's program is not to blame, so the judge stops and says so once.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A checker: our `checker` tool for one of our problems (`checker PROBLEM ...`), or any
/// command.
#[derive(Clone, Debug)]
pub struct Checker {
    pub argv: Vec<String>,
}

/// What a checker said of an answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judgement {
    Accepted,
    /// Wrong answer, with the checker's reason.
    Rejected(String),
}

impl Checker {
    /// Our checker tool (`BIN_DIR/checker`) for `problem`; it must exist.
    pub fn ours(bin_dir: &Path, problem: &str) -> Result<Checker, String> {
        let exe: PathBuf = bin_dir.join("checker");
        if !exe.is_file() {
            return Err(format!(
                "{} not found: build it with `cargo build --release -p bfs-judge-tools` \
                 (scripts/judge does)",
                exe.display()
            ));
        }
        Ok(Checker {
            argv: vec![exe.display().to_string(), problem.to_string()],
        })
    }

    pub fn describe(&self) -> String {
        self.argv.join(" ")
    }

    /// Checks `output` against `answer` for `input`; `Err` when the checker failed.
    pub fn check(&self, input: &Path, output: &Path, answer: &Path) -> Result<Judgement, String> {
        let out = Command::new(&self.argv[0])
            .args(&self.argv[1..])
            .arg(input)
            .arg(output)
            .arg(answer)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run the checker `{}`: {e}", self.describe()))?;
        let text = format!(
            "{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let message = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("")
            .to_string();
        match out.status.code() {
            Some(0) => Ok(Judgement::Accepted),
            Some(1) => Ok(Judgement::Rejected(if message.is_empty() {
                "rejected (the checker gave no reason)".to_string()
            } else {
                message
            })),
            Some(3) => Err(format!(
                "the checker `{}` failed (exit code 3): {message}",
                self.describe()
            )),
            code => Err(format!(
                "the checker `{}` ended with {} (testlib's codes: 0 AC, 1 WA, 3 checker \
                 failure): {message}",
                self.describe(),
                code.map_or("a signal".to_string(), |c| format!("exit code {c}"))
            )),
        }
    }
}
