//! What to run: a plain command executed directly, or a command line for `sh -c`; and the
//! check, before any case, that it can be run at all (a missing program is a setup error,
//! said once, not a runtime error on every case).

use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Program {
    /// argv, executed directly.
    Direct(Vec<String>),
    /// A command line for `sh -c`.
    Shell(String),
}

/// Characters that never need a shell: a command made only of these is split on spaces.
const PLAIN: &str = "_./:,+@%=-";

impl Program {
    pub fn from_cmd(cmd: &str) -> Program {
        let plain = cmd
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == ' ' || PLAIN.contains(c));
        let argv: Vec<String> = cmd.split_whitespace().map(String::from).collect();
        if plain && !argv.is_empty() {
            // Exec'd directly, the program itself is the supervisor's child: its own peak
            // memory is measured and no shell start-up is timed.
            Program::Direct(argv)
        } else {
            Program::Shell(cmd.to_string())
        }
    }

    /// The full argv for one run, with the case's extra arguments appended (for a shell
    /// line, as `"$@"`).
    pub fn argv(&self, extra: &[String]) -> Vec<String> {
        match self {
            Program::Direct(argv) => argv.iter().chain(extra).cloned().collect(),
            Program::Shell(line) => {
                let line = if extra.is_empty() {
                    line.clone()
                } else {
                    format!("{line} \"$@\"")
                };
                ["sh", "-c", &line, "sh"]
                    .into_iter()
                    .map(String::from)
                    .chain(extra.iter().cloned())
                    .collect()
            }
        }
    }

    /// The same program with its relative file arguments made absolute (against the current
    /// folder), so that a command printed by the judge runs unchanged from any folder. A shell
    /// line is left alone: [`Program::printable_in`] prefixes a `cd` instead. A bare word
    /// (no `/`) after the first is taken for a file only when a file of that name is here: a
    /// Java class named as a folder beside it (`java -cp DIR batch` run where `batch/` is
    /// the task's folder) is a class, not the folder.
    pub fn absolutized(&self) -> Program {
        match self {
            Program::Direct(argv) => Program::Direct(
                argv.iter()
                    .enumerate()
                    .map(|(i, a)| {
                        let p = Path::new(a);
                        let is_file = p.is_relative()
                            && ((a.contains('/') && p.exists()) || (i > 0 && p.is_file()));
                        match std::path::absolute(p) {
                            Ok(abs) if is_file => abs.display().to_string(),
                            _ => a.clone(),
                        }
                    })
                    .collect(),
            ),
            Program::Shell(_) => self.clone(),
        }
    }

    /// The command line as a user retypes it (`--cmd VALUE`).
    pub fn command_line(&self) -> String {
        match self {
            Program::Direct(argv) => argv.join(" "),
            Program::Shell(line) => line.clone(),
        }
    }

    pub fn is_shell(&self) -> bool {
        matches!(self, Program::Shell(_))
    }

    pub fn describe(&self) -> String {
        match self {
            Program::Direct(argv) => argv.join(" "),
            Program::Shell(line) => format!("sh -c {}", shell_quote(line)),
        }
    }

    /// `Err` with the reason when the program cannot be started: a direct command whose
    /// program is missing or not executable, or a shell line whose first word is a plain
    /// command name (not a shell keyword or built-in) that cannot be found. Anything else a
    /// shell line does is its own business: its exit code 127 is a verdict, not ours to
    /// guess at.
    pub fn check_runnable(&self) -> Result<(), NotRunnable> {
        let name = match self {
            Program::Direct(argv) => &argv[0],
            Program::Shell(line) => match first_command(line) {
                Some(word) => word,
                None => return Ok(()),
            },
        };
        let candidates: Vec<PathBuf> = if name.contains('/') {
            vec![PathBuf::from(name)]
        } else {
            std::env::var_os("PATH")
                .map(|p| std::env::split_paths(&p).map(|d| d.join(name)).collect())
                .unwrap_or_default()
        };
        if candidates.iter().any(|c| is_executable(c)) {
            return Ok(());
        }
        let why = match candidates.first() {
            Some(c) if name.contains('/') && c.exists() => Missing::NotExecutable,
            _ if name.contains('/') => Missing::NoSuchFile,
            _ => Missing::NotOnPath,
        };
        Err(NotRunnable {
            name: name.to_string(),
            why,
        })
    }
}

/// A program that cannot be started: its command's name, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotRunnable {
    pub name: String,
    pub why: Missing,
}

/// What is wrong with a command's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// A path to something that is not an executable file.
    NotExecutable,
    /// A path to nothing.
    NoSuchFile,
    /// A name that no folder of PATH holds.
    NotOnPath,
}

impl std::fmt::Display for NotRunnable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let why = match self.why {
            Missing::NotExecutable => "it is not an executable file",
            Missing::NoSuchFile => "no such file",
            Missing::NotOnPath => "not found on PATH",
        };
        write!(f, "cannot run `{}`: {why}", self.name)
    }
}

impl std::error::Error for NotRunnable {}

/// Words a shell runs itself: a line starting with one is not checked.
const SHELL_WORDS: &[&str] = &[
    ".", ":", "[", "alias", "bg", "break", "case", "cd", "command", "continue", "do", "done",
    "echo", "elif", "else", "esac", "eval", "exec", "exit", "export", "false", "fc", "fg", "fi",
    "for", "function", "getopts", "hash", "if", "jobs", "kill", "local", "printf", "pwd", "read",
    "readonly", "return", "set", "shift", "test", "then", "time", "times", "trap", "true", "type",
    "ulimit", "umask", "unalias", "unset", "until", "wait", "while",
];

/// The command a shell line starts with, when it is a plain word that names a program
/// (`python3 a.py | sort` gives `python3`; `x=1 ...`, `(...)`, `f() {...}`, `cd ...` give
/// nothing to check).
fn first_command(line: &str) -> Option<&str> {
    let word = line.split_whitespace().next()?;
    let plain = word
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || (PLAIN.contains(c) && c != '='));
    let word = word.trim_end_matches(';');
    (plain && !word.is_empty() && !SHELL_WORDS.contains(&word)).then_some(word)
}

/// `cd FOLDER && LINE` when one of `programs` is a shell line (whose relative paths only the
/// current folder can resolve), else `LINE`: a printed command that runs from any folder.
pub fn with_cd(programs: &[&Program], line: String) -> String {
    if programs.iter().any(|p| p.is_shell()) {
        cd_here(line)
    } else {
        line
    }
}

/// `cd FOLDER && LINE`, FOLDER the current one: a printed command with relative paths that
/// runs from any folder.
pub fn cd_here(line: String) -> String {
    let cwd = std::env::current_dir()
        .map(|d| d.display().to_string())
        .unwrap_or_default();
    format!("cd {} && {line}", shell_quote(&cwd))
}

fn is_executable(path: &Path) -> bool {
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

/// `s` quoted for a POSIX shell, unchanged when it needs no quotes.
pub fn shell_quote(s: &str) -> String {
    if !s.is_empty()
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || PLAIN.contains(c))
    {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_commands_are_exec_d_and_the_rest_go_through_sh() {
        assert!(matches!(Program::from_cmd("./a.out"), Program::Direct(_)));
        assert!(matches!(
            Program::from_cmd("python3 my.py"),
            Program::Direct(_)
        ));
        assert!(matches!(Program::from_cmd("a | b"), Program::Shell(_)));
        assert!(matches!(Program::from_cmd("~/a"), Program::Shell(_)));
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
        assert_eq!(
            Program::from_cmd("a | b").argv(&["--path".into()]),
            ["sh", "-c", "a | b \"$@\"", "sh", "--path"]
        );
    }

    #[test]
    fn a_bare_word_is_made_absolute_only_when_it_is_a_file_here() {
        let here = std::env::current_dir().unwrap();
        let Program::Direct(argv) =
            Program::from_cmd("java -cp /b src Cargo.toml ./src").absolutized()
        else {
            panic!("a plain command is exec'd");
        };
        let abs = |p: &str| here.join(p).display().to_string();
        assert_eq!(
            argv,
            ["java", "-cp", "/b", "src", &abs("Cargo.toml"), &abs("src")]
        );
    }

    #[test]
    fn a_shell_line_is_checked_by_its_first_command_only() {
        assert_eq!(first_command("python3 a.py | sort"), Some("python3"));
        assert_eq!(first_command("./a.out < in"), Some("./a.out"));
        for line in [
            "cd x && ./a",
            "x=1 ./a",
            "(./a)",
            "f() { :; }; f",
            "exit 127",
            "  ",
        ] {
            assert_eq!(first_command(line), None, "{line}");
        }
        let missing = Program::from_cmd("no-such-program-xyz < /dev/null").check_runnable();
        assert_eq!(missing.unwrap_err().why, Missing::NotOnPath);
        // A program's own exit code 127 is its business: the line starts with a built-in.
        assert!(Program::from_cmd("echo x >&2; exit 127")
            .check_runnable()
            .is_ok());
    }

    #[test]
    fn a_missing_or_non_executable_program_is_found_before_any_case() {
        assert!(Program::from_cmd("sh -c true").check_runnable().is_ok());
        let missing = Program::from_cmd("./no-such-program-here").check_runnable();
        assert_eq!(missing.unwrap_err().why, Missing::NoSuchFile);
        let not_on_path = Program::from_cmd("no-such-program-on-path-xyz").check_runnable();
        assert_eq!(not_on_path.unwrap_err().why, Missing::NotOnPath);
        let here = std::env::current_exe().unwrap();
        let not_exec = here.with_file_name("judge-test-not-executable");
        std::fs::write(&not_exec, "echo").unwrap();
        let err = Program::Direct(vec![not_exec.display().to_string()]).check_runnable();
        std::fs::remove_file(&not_exec).unwrap();
        assert_eq!(
            err.unwrap_err().to_string(),
            format!(
                "cannot run `{}`: it is not an executable file",
                not_exec.display()
            )
        );
    }
}
