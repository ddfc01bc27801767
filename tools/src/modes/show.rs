//! `bfs-judge show PROBLEM [INPUT]` (or `PROBLEM/CASE`): the page that replays the reference search of one of
//! our problems on an input (`Ours::trace`, the page `ours::search::page`), written as one
//! self-contained HTML file whose path is printed. INPUT is a case of the problem
//! (`sample`, the default), or a file. Errors: one line on stderr, exit code 2.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::args::built_in_root;
use crate::ours::search::page::page;
use crate::ours::OursError;

/// `bfs-judge show`: watch the reference search on an input.
#[derive(Clone, Debug, clap::Args)]
pub struct ShowCmd {
    /// One of our problems: robot-maze, chase, wave, swap-game, pushing-boxes; or
    /// PROBLEM/CASE, as `test` selects a case (`robot-maze/htree-1000x1000`).
    #[arg(value_name = "PROBLEM")]
    pub problem: String,

    /// A case of the problem (`sample`, `open-1000x1000`...) or an input file [default:
    /// sample].
    #[arg(value_name = "INPUT")]
    pub input: Option<String>,

    /// Which board (swap-game) or maze (pushing-boxes) of the input, from 1.
    #[arg(long, value_name = "K", default_value_t = 1)]
    pub case: usize,

    /// Write the page here [default: target/show/PROBLEM-NAME.html].
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,

    /// Open the page with $BROWSER (where set; else say where the page is).
    #[arg(long)]
    pub open: bool,

    /// Where the problem folders are [default: ROOT/problems].
    #[arg(long, value_name = "DIR")]
    pub problems_dir: Option<PathBuf>,
}

/// Why `bfs-judge show` wrote no page. `Display` gives the message.
#[derive(Debug)]
enum ShowError {
    Ours(OursError),
    /// INPUT (the first) is neither a case of the problem (in the folder) nor a file.
    NoInput(String, String, PathBuf),
    /// PROBLEM/CASE and an INPUT as well: the case given twice.
    TwoInputs(String, String),
    /// What could not be done (`read`, `create`, `write`) to which file or folder.
    File(&'static str, PathBuf, std::io::Error),
}

impl fmt::Display for ShowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShowError::Ours(e) => e.fmt(f),
            ShowError::NoInput(input, problem, tests) => {
                let tests = tests.display();
                write!(
                    f,
                    "`{input}` is neither a case of {problem} (in {tests}) nor a file"
                )
            }
            ShowError::TwoInputs(selector, input) => write!(
                f,
                "`{selector}` names a case and `{input}` another: give PROBLEM/CASE or \
                 PROBLEM INPUT, not both"
            ),
            ShowError::File(doing, path, e) => write!(f, "cannot {doing} {}: {e}", path.display()),
        }
    }
}

/// What `doing` (`read`, `create`, `write`) did to `path`, its error a [`ShowError`].
fn file<T>(doing: &'static str, path: &Path, done: std::io::Result<T>) -> Result<T, ShowError> {
    done.map_err(|e| ShowError::File(doing, path.to_path_buf(), e))
}

/// The input file and its short name: a case of the problem first, then a path.
fn resolve(problems: &Path, problem: &str, input: &str) -> Result<(PathBuf, String), ShowError> {
    let tests = problems.join(problem).join("tests");
    let case = tests.join(format!("{input}.in"));
    if !input.contains('/') && case.is_file() {
        return Ok((case, input.to_string()));
    }
    let path = PathBuf::from(input);
    if path.is_file() {
        let stem = path
            .file_stem()
            .map_or("input".into(), |s| s.to_string_lossy().into_owned());
        return Ok((path, stem));
    }
    Err(ShowError::NoInput(input.into(), problem.into(), tests))
}

/// The problem and the input its arguments name: `PROBLEM [INPUT]`, or `PROBLEM/CASE` as
/// `test`'s selectors write a case.
fn selected(s: &ShowCmd) -> Result<(&str, &str), ShowError> {
    match (s.problem.split_once('/'), s.input.as_deref()) {
        (Some(_), Some(input)) => Err(ShowError::TwoInputs(s.problem.clone(), input.into())),
        (Some((problem, case)), None) => Ok((problem, case)),
        (None, input) => Ok((&s.problem, input.unwrap_or("sample"))),
    }
}

fn write_page(s: &ShowCmd) -> Result<PathBuf, ShowError> {
    let root = built_in_root();
    let problems = s
        .problems_dir
        .clone()
        .unwrap_or_else(|| root.join("problems"));
    let (problem, input) = selected(s)?;
    let no_search = || ShowError::Ours(OursError::NoSearch(problem.to_string()));
    let ours = crate::ours::find(problem).ok_or_else(no_search)?;
    let (path, name) = resolve(&problems, problem, input)?;
    let input = file("read", &path, std::fs::read(&path))?;
    let trace = ours.trace(&input, s.case).map_err(ShowError::Ours)?;
    let title = if trace.multi_case() && s.case > 1 {
        format!("{problem}/{name} #{}", s.case)
    } else {
        format!("{problem}/{name}")
    };
    let html = page(&trace, &title);
    let out = s.out.clone().unwrap_or_else(|| {
        let target = crate::args::target_dir(&root);
        let case = if s.case > 1 {
            format!("-{}", s.case)
        } else {
            String::new()
        };
        target
            .join("show")
            .join(format!("{problem}-{name}{case}.html"))
    });
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        file("create", dir, std::fs::create_dir_all(dir))?;
    }
    file("write", &out, std::fs::write(&out, html))?;
    Ok(out)
}

pub fn main(s: &ShowCmd) -> ExitCode {
    match write_page(s) {
        Ok(page) => {
            println!("{}", page.display());
            if s.open {
                match std::env::var_os("BROWSER").filter(|b| !b.is_empty()) {
                    Some(browser) => {
                        if let Err(e) = std::process::Command::new(&browser).arg(&page).spawn() {
                            eprintln!(
                                "show: cannot start $BROWSER ({}): {e}; open {} yourself",
                                browser.to_string_lossy(),
                                page.display()
                            );
                        }
                    }
                    None => eprintln!(
                        "show: $BROWSER is not set; open {} in a browser",
                        page.display()
                    ),
                }
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("show: {e}");
            ExitCode::from(2)
        }
    }
}
