//! A problem's judging target, whole (`Target`: the program or the outputs handed in, the
//! limits, the check, the interactor, file I/O), built in this one place for every mode that
//! judges a problem's cases (`test`, `panel`). It sits above [`target`], whose parts it puts
//! together, and [`submission`], because a Kattis package without a time limit derives one
//! by judging its own accepted submissions first. Cost: that derivation when the package
//! asks for it (cached), else a few file checks.
//!
//! [`target`]: crate::session::target
//! [`submission`]: crate::session::submission

use std::path::{Path, PathBuf};

use crate::args::{Dirs, Options};
use crate::judge::problem::Problem;
use crate::session::grade::{FileIo, Source, Target};
use crate::session::target::{check, interactor, limits, program};
use crate::session::SetupError;

/// What `p`'s cases are judged with (its failing cases kept in `out_dir`), with its time
/// limit derived where its package says so (and how, for the header); the combinations the
/// judge cannot judge are setup errors that say why.
pub fn judged_with(
    mut p: Problem,
    o: &Options,
    dirs: &Dirs,
    out_dir: PathBuf,
) -> Result<(Problem, Target, Option<String>), SetupError> {
    let source = match &o.run.outputs {
        Some(dir) => Source::HandedIn(handed_in_folder(&p, dir)?),
        None => Source::Run(program(&p, o, dirs)?),
    };
    let mut derived = None;
    if p.timing.is_some() && p.info.time_limit_ms.is_none() && o.run.time_limit_ms.is_none() {
        let (ms, how) = crate::session::submission::derive_time_limit(&p, o, dirs)?;
        p.info.time_limit_ms = Some(ms);
        derived = Some(how);
    }
    let interactor = interactor(&p, o, dirs)?;
    if p.info.interactive && interactor.is_none() {
        return Err(format!(
            "{} is interactive (its info.toml says `interactive = true`): its samples are one \
             exchange, not an input and its answer, so a plain judgement would say WA for \
             nothing. Judge it with `--interactor CMD` (testlib's convention, see --help), \
             or set `interactive = false` in {} to judge the samples as plain cases",
            p.name,
            p.info_path
                .as_ref()
                .map_or("info.toml".to_string(), |i| i.display().to_string())
        )
        .into());
    }
    let files = FileIo {
        input: p.info.input_file.clone(),
        output: p.info.output_file.clone(),
    };
    let source = match source {
        Source::Run(program) if files.any() => {
            if program.is_shell() {
                return Err(format!(
                    "{} reads or writes files, so the program runs in a private folder of \
                     its own: give --cmd as a plain command (`./a.out`, `python3 a.py`) or \
                     a source file, not a shell line, whose relative paths would not be \
                     found there",
                    p.name
                )
                .into());
            }
            if interactor.is_some() {
                return Err(format!(
                    "{}: file I/O and an interactor at once are not judged here",
                    p.name
                )
                .into());
            }
            // Its paths made absolute: it starts in another folder.
            Source::Run(program.absolutized())
        }
        Source::HandedIn(_) if interactor.is_some() => {
            return Err(format!(
                "{}: an interactive task's outputs cannot be handed in",
                p.name
            )
            .into())
        }
        source => source,
    };
    let target = Target {
        source,
        limits: limits(&p, o),
        check: check(&p, o, dirs)?,
        interactor,
        diff: o.verdicts.diff,
        out_dir,
        explain: crate::ours::explain::explainer(&p, o.verdicts.window()),
        files,
        output_checked_after_run: p.info.output_checked_after_run,
    };
    Ok((p, target, derived))
}

/// The folder of outputs handed in (`--outputs DIR`) for `p`, made absolute, once it is
/// known to be a folder and `p` an output-only task; a file there that is no case's is
/// warned about (`output_3.txt` where the cases are `000`, `001`, ...), as a contestant who
/// named the files wrong would otherwise see only a WA for each case.
fn handed_in_folder(p: &Problem, dir: &Path) -> Result<PathBuf, SetupError> {
    if !p.output_only {
        return Err(format!(
            "--outputs {}: {} is not an output-only task (its outputs come from a program): \
             judge one with --cmd",
            dir.display(),
            p.name
        )
        .into());
    }
    let dir = std::path::absolute(dir).map_err(|e| format!("--outputs {}: {e}", dir.display()))?;
    if !dir.is_dir() {
        return Err(format!("--outputs {}: no such folder", dir.display()).into());
    }
    let names = crate::judge::format::files::file_names(&dir)?;
    let wanted: Vec<String> = p
        .cases
        .iter()
        .map(|c| crate::judge::format::handed_in_name(&c.name))
        .collect();
    let stray: Vec<&String> = names.iter().filter(|n| !wanted.contains(n)).collect();
    if !stray.is_empty() {
        let shown: Vec<&str> = stray.iter().take(3).map(|n| n.as_str()).collect();
        eprintln!(
            "judge: warning: --outputs {}: {}{} {} no case's output (the cases' are {})",
            dir.display(),
            shown.join(", "),
            if stray.len() > 3 { ", ..." } else { "" },
            if stray.len() == 1 { "is" } else { "are" },
            match &wanted[..] {
                [] => "none".to_string(),
                [one] => one.clone(),
                [first, .., last] => format!("{first} to {last}"),
            }
        );
    }
    Ok(dir)
}
