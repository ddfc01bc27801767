//! The panel's writes: cases added, edited, deleted and restored as files of the tests
//! folder, and the stress run whose counterexample becomes a case.
//!
//! A case is `NAME.in` and its answer (`NAME.out`, or the `NAME.ans` it already has) in a
//! folder of such files (the flat layout; a package's cases are its own format's, and the
//! page does not edit them). Every file is written beside its place and renamed into it,
//! so the judge never reads half a case. A deleted case's files move to the trash folder
//! beside the tests folder (`.tests.trash/NAME/`), from where the page restores them.
//! Names are kept to letters, digits, `.`, `_` and `-` (at most 64, not starting with `.`):
//! no name reaches outside the folder or needs quoting in a shell.
//!
//! The stress run is `stress --gen --brute`'s (`session::stress`): seed after seed until
//! the first disagreement or the count, its progress and its counterexample shown on the
//! board. Cost: three runs a seed.

use std::fs;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::board::{Board, Job};
use crate::judge::format::Kind;
use crate::judge::problem::Problem;
use crate::judge::verdict::Verdict;
use crate::session::stress::{brute_limits, Env, Files, Oracle, Tried};
use crate::session::{source, target, SetupError};

/// Whether the page may add, edit and delete `p`'s cases: a folder of `NAME.in` files.
pub fn editable(p: &Problem) -> bool {
    p.kind == Kind::Flat
}

/// The trash folder of `tests`: `.NAME.trash` beside it.
fn trash_of(tests: &Path) -> PathBuf {
    let name = tests
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    tests.with_file_name(format!(".{name}.trash"))
}

/// The cases in the trash, by name.
pub fn trashed(tests: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(trash_of(tests))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    names.sort();
    names
}

/// Removes what an earlier round kept of case `name`.
pub fn forget_kept(out_dir: &Path, name: &str) {
    for ext in [
        "got",
        "stderr",
        "expected",
        "checker",
        "html",
        "search.html",
    ] {
        let _ = fs::remove_file(crate::run::files::sibling(&out_dir.join(name), ext));
    }
}

/// A name the page may give a case, or why not.
pub fn check_name(name: &str) -> Result<(), String> {
    let ok = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"._-".contains(&b));
    match ok {
        true => Ok(()),
        false => Err(format!(
            "case name \"{name}\": use 1 to 64 letters, digits, '.', '_' or '-', not starting \
             with '.'"
        )),
    }
}

/// A case as the page sends it to be saved.
#[derive(Debug, Deserialize)]
pub struct Saved {
    pub name: String,
    pub input: String,
    /// The expected answer; none: an input alone, which runs and shows its output (RAN).
    #[serde(default)]
    pub expected: Option<String>,
    /// The name it had, when an existing case is edited (renamed, perhaps).
    #[serde(default)]
    pub was: Option<String>,
}

/// Writes a case's files (a renamed case's old files go to the trash; an input alone has
/// no answer file) and asks for the cases to be judged; `Err` says why not (the status and the reason).
pub fn save(board: &Board, s: &Saved) -> Result<String, (u16, String)> {
    writable(board)?;
    check_name(&s.name).map_err(|e| (400, e))?;
    // The folder as it is now, not as the last round read it: a case deleted a moment ago
    // may be added again at once.
    let exists = |name: &str| !files_of(&board.tests, name).is_empty();
    let renamed = s.was.as_deref().filter(|w| *w != s.name);
    // The case renamed is checked before anything is written: a rename refused halfway
    // would leave both cases.
    if let Some(old) = renamed {
        check_name(old).map_err(|e| (400, e))?;
        if files_of(&board.tests, old).is_empty() {
            return Err((404, format!("no case {old} to rename")));
        }
    }
    if (s.was.is_none() || renamed.is_some()) && exists(&s.name) {
        return Err((409, format!("a case {} exists already", s.name)));
    }
    let answer = match board.origin(&s.name).and_then(|(_, a)| a) {
        Some(a) if s.was.as_deref() == Some(s.name.as_str()) => a,
        _ => board.tests.join(format!("{}.out", s.name)),
    };
    write_whole(
        &board.tests.join(format!("{}.in", s.name)),
        s.input.as_bytes(),
    )?;
    match &s.expected {
        Some(expected) => write_whole(&answer, expected.as_bytes())?,
        // An input alone: an answer it had is no longer its (the page said so).
        None if answer.is_file() => {
            fs::remove_file(&answer).map_err(|e| (500, format!("{}: {e}", answer.display())))?
        }
        None => {}
    }
    if let Some(old) = renamed {
        delete(board, old)?;
    }
    board.ask(Job::All);
    Ok(format!("saved {}", s.name))
}

/// Moves case `name`'s files (`NAME.*` of the tests folder) to the trash.
pub fn delete(board: &Board, name: &str) -> Result<String, (u16, String)> {
    writable(board)?;
    check_name(name).map_err(|e| (400, e))?;
    let files = files_of(&board.tests, name);
    if files.is_empty() {
        return Err((404, format!("no case {name}")));
    }
    // A case of that name deleted before stays in the trash: this one takes a free name
    // there (`NAME-2`, its files renamed alike), under which the page restores it.
    let trash = trash_of(&board.tests);
    fs::create_dir_all(&trash).map_err(|e| (500, format!("{}: {e}", trash.display())))?;
    // The first free name's folder, made anew: two deletes at once never share one.
    let mut names = (1..).map(|k| match k {
        1 => name.to_string(),
        k => {
            let suffix = format!("-{k}");
            format!("{}{suffix}", &name[..name.len().min(64 - suffix.len())])
        }
    });
    let (kept, bin) = loop {
        let kept = names.next().expect("the names never end");
        let bin = trash.join(&kept);
        match fs::create_dir(&bin) {
            Ok(()) => break (kept, bin),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err((500, format!("{}: {e}", bin.display()))),
        }
    };
    let moves: Vec<(PathBuf, PathBuf)> = files
        .into_iter()
        .map(|f| {
            let file = f.file_name().unwrap_or_default().to_string_lossy();
            let to = bin.join(format!("{kept}{}", &file[name.len()..]));
            (f, to)
        })
        .collect();
    if let Err(e) = crate::run::files::move_all_new(&moves) {
        let _ = fs::remove_dir(&bin);
        return Err((500, format!("{}: {e}", board.tests.join(name).display())));
    }
    board.ask(Job::All);
    match kept == name {
        true => Ok(format!("deleted {name} (restorable)")),
        false => Ok(format!("deleted {name} (restorable as {kept})")),
    }
}

/// Moves case `name`'s files back from the trash, unless a case of that name exists.
pub fn restore(board: &Board, name: &str) -> Result<String, (u16, String)> {
    writable(board)?;
    check_name(name).map_err(|e| (400, e))?;
    let bin = trash_of(&board.tests).join(name);
    let files = files_of(&bin, name);
    if files.is_empty() {
        return Err((404, format!("no case {name} in the trash")));
    }
    if !files_of(&board.tests, name).is_empty() {
        return Err((
            409,
            format!("a case {name} exists: delete or rename it first"),
        ));
    }
    // Moved without replacing: a file of the case's made since the check above stays, and
    // the case stays in the trash whole.
    let moves: Vec<(PathBuf, PathBuf)> = files
        .into_iter()
        .map(|f| {
            let to = board.tests.join(f.file_name().unwrap_or_default());
            (f, to)
        })
        .collect();
    match crate::run::files::move_all_new(&moves) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err((
                409,
                format!("a case {name} exists: delete or rename it first"),
            ))
        }
        Err(e) => return Err((500, format!("{}: {e}", bin.display()))),
    }
    let _ = fs::remove_dir(&bin);
    board.ask(Job::All);
    Ok(format!("restored {name}"))
}

/// The files of case `name` in `dir`: `NAME.EXT` with no further dot in EXT.
fn files_of(dir: &Path, name: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .and_then(|n| n.strip_prefix(name))
                .and_then(|rest| rest.strip_prefix('.'))
                .is_some_and(|ext| !ext.is_empty() && !ext.contains('.'))
        })
        .collect();
    files.sort();
    files
}

fn writable(board: &Board) -> Result<(), (u16, String)> {
    match board.shown().editable {
        true => Ok(()),
        false => Err((
            409,
            format!(
                "{} is a package: its cases are edited in its own files",
                board.tests.display()
            ),
        )),
    }
}

/// [`crate::run::files::write_whole`], its error an answer's.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), (u16, String)> {
    crate::run::files::write_whole(path, bytes)
        .map_err(|e| (500, format!("{}: {e}", path.display())))
}

/// A stress run as the page asks for it.
#[derive(Clone, Debug, Deserialize)]
pub struct StressAsk {
    pub gen: String,
    pub brute: String,
    #[serde(default = "default_count")]
    pub count: u64,
    #[serde(default)]
    pub seed: Option<u64>,
}

fn default_count() -> u64 {
    200
}

/// A stress run as the board shows it.
#[derive(Clone, Debug, Default, Serialize)]
pub struct StressShown {
    pub running: bool,
    pub tried: u64,
    pub count: u64,
    /// The verdict and seed of the counterexample, once found.
    pub verdict: Option<&'static str>,
    pub seed: Option<u64>,
    pub input: String,
    pub expected: String,
    pub got: String,
    pub detail: Vec<String>,
    pub error: Option<String>,
    /// The case it was added as.
    pub added: Option<String>,
}

/// Runs a stress as asked, showing its progress and its end on the board.
pub fn stress(board: &Board, ask: &StressAsk) {
    board.change(|s| {
        s.busy = Some("stress".to_string());
        s.stress = Some(StressShown {
            running: true,
            count: ask.count,
            ..StressShown::default()
        })
    });
    let end = stress_run(board, ask);
    board.change(|s| {
        s.busy = None;
        let shown = s.stress.get_or_insert_with(StressShown::default);
        shown.running = false;
        if let Err(e) = end {
            shown.error = Some(e.to_string());
        }
    });
}

fn stress_run(board: &Board, ask: &StressAsk) -> Result<(), SetupError> {
    let mut o = board.options.clone();
    if let Some(ce) = source::resolve(&mut o)? {
        return Err(format!("{}: compile error: {}", ce.source, ce.lines.join(" / ")).into());
    }
    let dirs = o.dirs();
    let p = board.problem()?;
    // Our problem with no generator given: our generator and our binary, as `stress
    // PROBLEM` compares.
    let oracle = match &board.ours {
        Some(name) if ask.gen.is_empty() && ask.brute.is_empty() => Oracle::Ours {
            problem: name.clone(),
            ours: p.ours(&dirs.bin)?,
        },
        _ if ask.gen.is_empty() || ask.brute.is_empty() => {
            return Err("name a generator (run as CMD SEED) and a brute force".into())
        }
        _ => Oracle::Own {
            gen: source::helper("gen", &ask.gen)?,
            brute: source::helper("brute", &ask.brute)?,
        },
    };
    let candidate = target::program(&p, &o, &dirs)?.absolutized();
    let check = target::check(&p, &o, &dirs)?;
    let limits = target::limits(&p, &o);
    let files = Files::new(dirs.out.join("panel-stress").join(p.path_hash()))?;
    let (Oracle::Ours {
        ours: reference, ..
    }
    | Oracle::Own {
        brute: reference, ..
    }) = &oracle;
    let explain = crate::ours::explain::explainer(&p, None);
    let env = Env {
        o: &o,
        oracle: &oracle,
        expected_by: reference,
        candidate: &candidate,
        check: &check,
        explain: explain.as_deref(),
        validators: &[],
        args: &[],
        limits,
        reference_limits: brute_limits(&o, limits),
    };
    let seed0 = ask.seed.unwrap_or(1);
    for i in 0..ask.count {
        let seed = seed0.wrapping_add(i);
        let tried = env.try_seed(seed, &files)?;
        let (verdict, lines) = match tried {
            Tried::ReferenceFailed(v, why) => {
                return Err(format!(
                    "the reference failed on seed {seed}: {} {why} (it is blamed, not your \
                     solution)",
                    v.name()
                )
                .into())
            }
            Tried::Judged(_, verdict, lines, _) => (verdict, lines),
        };
        if verdict == Verdict::Ac {
            board.change_stress(|st| st.tried = i + 1);
            continue;
        }
        let text = |p: &Path| {
            String::from_utf8_lossy(&crate::run::files::read_capped(
                p,
                super::board::SHOWN_BYTES,
            ))
            .into_owned()
        };
        board.change_stress(|st| {
            st.tried = i + 1;
            st.verdict = Some(verdict.name());
            st.seed = Some(seed);
            st.input = text(&files.input);
            st.expected = text(&files.expected);
            st.got = text(&files.got);
            st.detail = lines.iter().map(|l| l.trim_start().to_string()).collect();
        });
        return Ok(());
    }
    Ok(())
}

/// Adds the stress run's counterexample as case `stress-SEED`.
pub fn add_counterexample(board: &Board) -> Result<String, (u16, String)> {
    let shown = board.shown().stress.filter(|s| s.verdict.is_some());
    let Some(st) = shown else {
        return Err((
            409,
            "no counterexample to add: run a stress first".to_string(),
        ));
    };
    let name = format!("stress-{}", st.seed.unwrap_or_default());
    let said = save(
        board,
        &Saved {
            name: name.clone(),
            input: st.input,
            expected: Some(st.expected),
            was: None,
        },
    )?;
    board.change_stress(|st| st.added = Some(name));
    Ok(said)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_names_stay_in_the_folder() {
        for good in ["1", "sample-1", "stress-42", "a.b_c"] {
            assert_eq!(check_name(good), Ok(()), "{good}");
        }
        for bad in ["", "../x", "a/b", ".hidden", "a b", "x\\y", &"n".repeat(65)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_cases_files_are_its_own_name_and_one_extension() {
        let dir = std::env::temp_dir().join(format!("panel-files-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for f in ["a.in", "a.out", "a.args", "ab.in", "a.b.in", "b.in"] {
            fs::write(dir.join(f), "").unwrap();
        }
        let names: Vec<String> = files_of(&dir, "a")
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, ["a.args", "a.in", "a.out"]);
        let _ = fs::remove_dir_all(&dir);
    }
}
