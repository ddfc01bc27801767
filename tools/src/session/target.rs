//! What a case of one problem is judged with, decided once per problem for every mode
//! (`test`, `stress`, `scale`, `verify`): the limits (the options' overrides, the problem's,
//! the defaults) and where the time limit came from, the program, how answers are judged
//! (a checker, the package's validator, a comparison) and the interactor.

use std::path::{Path, PathBuf};

use crate::args::{CompareMode, Dirs, Options};
use crate::judge::check::external::External;
use crate::judge::check::{Check, Protocol};
use crate::judge::interact::Interactor;
use crate::judge::problem::{
    self, Problem, DEFAULT_MEMORY_LIMIT_MIB, DEFAULT_OUTPUT_LIMIT_MIB, DEFAULT_TIME_LIMIT_MS,
};
use crate::run::program::Program;
use crate::run::spec::Limits;
use crate::session::grade::{FileIo, Source, Target};
use crate::session::SetupError;

/// A problem's limits: the options' overrides, else its info.toml, else the defaults.
pub fn limits(p: &Problem, o: &Options) -> Limits {
    let info = &p.info;
    Limits {
        time_ms: o
            .run
            .time_limit_ms
            .unwrap_or_else(|| scaled(info.time_limit_ms.unwrap_or(DEFAULT_TIME_LIMIT_MS), o)),
        wall_time: o.run.wall_time,
        memory_kib: o
            .run
            .memory_limit_mib
            .or(info.memory_limit_mib)
            .unwrap_or(DEFAULT_MEMORY_LIMIT_MIB)
            * 1024,
        output_bytes: o
            .run
            .output_limit_mib
            .or(info.output_limit_mib)
            .unwrap_or(DEFAULT_OUTPUT_LIMIT_MIB)
            << 20,
        stack_kib: o
            .run
            .stack_limit_mib
            .or(info.stack_limit_mib)
            .map(|m| m * 1024),
    }
}

/// `ms` times `--time-limit-factor` (rounded, within the largest limit); `ms` without one.
pub fn scaled(ms: u64, o: &Options) -> u64 {
    match o.run.time_limit_factor {
        Some(f) => ((ms as f64 * f).round() as u64).clamp(1, problem::MAX_TIME_LIMIT_MS),
        None => ms,
    }
}

/// Where the time limit in force comes from, for the header, where "from FILE and options"
/// would not say it: an option, a factor on the problem's (or the derived, or the default)
/// limit, or a problem file that gives none (DMOJ keeps its limits on the site).
pub fn time_limit_source(p: &Problem, o: &Options, derived: bool) -> Option<String> {
    if o.run.time_limit_ms.is_some() {
        return Some("time limit from --time-limit-ms".to_string());
    }
    let file = p
        .info_path
        .as_ref()
        .map(|f| crate::text::short(&f.display().to_string()));
    let base = match (p.info.time_limit_ms, derived) {
        (Some(ms), true) => format!("{ms} ms derived"),
        (Some(ms), false) => format!("{ms} ms from {}", file.as_deref().unwrap_or("the problem")),
        (None, _) => format!(
            "the default {DEFAULT_TIME_LIMIT_MS} ms{}",
            file.as_deref()
                .map_or(String::new(), |f| format!(" ({f} gives none)"))
        ),
    };
    match o.run.time_limit_factor {
        Some(f) => Some(format!("time limit {base} x {f} (--time-limit-factor)")),
        None if p.info.time_limit_ms.is_none() && file.is_some() => {
            Some(format!("time limit {base}"))
        }
        None => None,
    }
}

/// What runs for `p`: the user's command, the bundle, or our binary.
pub fn program(p: &Problem, o: &Options, dirs: &Dirs) -> Result<Program, SetupError> {
    let program = match &o.run.cmd {
        Some(_) if o.run.built.is_some() => {
            return Ok(o.run.built.as_ref().map(|(_, p)| p.clone()).unwrap())
        }
        Some(cmd) => Program::from_cmd(cmd),
        None if !o.run.tests.is_empty() => {
            return Err("--tests needs --cmd COMMAND: the program to judge"
                .to_string()
                .into())
        }
        None if o.run.bundle => p.bundle(&dirs.bundle)?,
        None => p.ours(&dirs.bin)?,
    };
    runnable(&program)?;
    Ok(program)
}

/// How answers are judged: by `--checker-cmd`, by ours when `--checker` asks for it and
/// the problem has one, else by the package's own checker (Library Checker's `checker`,
/// built when needed; a Kattis package's output validator, built from its sources), else
/// by the [`comparison`].
pub fn check(p: &Problem, o: &Options, dirs: &Dirs) -> Result<Check, SetupError> {
    if let Some(cmd) = &o.verdicts.checker_cmd {
        return Ok(External::command(cmd).map(Check::External)?);
    }
    if o.verdicts.checker && p.info.checker {
        return Ok(External::ours(&p.name).map(Check::External)?);
    }
    let Some(tool) = &p.checker else {
        return Ok(comparison(p, o));
    };
    let what = match tool.protocol {
        Protocol::Kattis { .. } => "the output validator",
        _ => "the checker",
    };
    let program = tool.build(what, &crate::judge::build_dir(&dirs.out))?;
    let checker = External::new(program, tool.protocol.clone()).ok_or_else(|| {
        format!(
            "{}: a CMS manager is an interactor, not a checker",
            tool.path.display()
        )
    })?;
    Ok(Check::External(checker))
}

/// The interactor: `--interactor CMD` (testlib's convention), else the package's own (an
/// interactive Kattis package's output validator).
pub fn interactor(p: &Problem, o: &Options, dirs: &Dirs) -> Result<Option<Interactor>, SetupError> {
    if let Some(cmd) = &o.verdicts.interactor {
        return Ok(Interactor::command(cmd).map(Some)?);
    }
    let Some(tool) = &p.interactor else {
        return Ok(None);
    };
    let what = match tool.protocol {
        Protocol::Kattis { .. } => "the output validator",
        _ => "the interactor",
    };
    let program = tool.build(what, &crate::judge::build_dir(&dirs.out))?;
    let interactor = Interactor::new(program, tool.protocol.clone()).ok_or_else(|| {
        format!(
            "{}: a CMS checker is not a Communication manager",
            tool.path.display()
        )
    })?;
    Ok(Some(interactor))
}

/// How answers are compared where no checker decides: `--float-tolerance` or `--compare`,
/// else the package's default (Kattis: tokens, with problem.yaml's `validator_flags`), else
/// lines.
pub fn comparison(p: &Problem, o: &Options) -> Check {
    let own = p.compare.clone();
    if let Some(eps) = o.verdicts.float_tolerance {
        return Check::Tokens(vec!["float_tolerance".into(), eps.to_string()]);
    }
    match (o.verdicts.compare, own) {
        (Some(CompareMode::Lines), _) => Check::Lines,
        (Some(CompareMode::Tokens), Some(Check::Tokens(flags))) => Check::Tokens(flags),
        (Some(CompareMode::Tokens), _) => Check::Tokens(Vec::new()),
        (None, own) => own.unwrap_or(Check::Lines),
    }
}

/// [`Program::check_runnable`], and where a command not on PATH is a file of the current
/// folder (`--cmd rooms` beside `./rooms`), the hint to write `./NAME`.
pub fn runnable(program: &Program) -> Result<(), SetupError> {
    Ok(program.check_runnable().map_err(|e| {
        let first = match program {
            Program::Direct(argv) => argv[0].as_str(),
            Program::Shell(line) => line.split_whitespace().next().unwrap_or(""),
        };
        if !first.contains('/') && Path::new(first).is_file() {
            format!("{e}; there is a file `{first}` here: write `./{first}` to run it")
        } else {
            e.to_string()
        }
    })?)
}

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
