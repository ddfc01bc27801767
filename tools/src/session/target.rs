//! What a case of one problem is judged with, decided once per problem for every mode
//! (`test`, `stress`, `scale`, `verify`): the limits (the options' overrides, the problem's,
//! the defaults) and where the time limit came from, the program, how answers are judged
//! (a checker, the package's validator, a comparison) and the interactor.

use std::path::Path;

use crate::args::{CompareMode, Dirs, Options};
use crate::judge::check::external::External;
use crate::judge::check::{Check, Protocol};
use crate::judge::format::Tool;
use crate::judge::interact::Interactor;
use crate::judge::problem::{
    self, Problem, DEFAULT_MEMORY_LIMIT_MIB, DEFAULT_OUTPUT_LIMIT_MIB, DEFAULT_TIME_LIMIT_MS,
};
use crate::run::program::Program;
use crate::run::spec::Limits;
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
    let program = build_tool(tool, "the checker", dirs)?;
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
    let program = build_tool(tool, "the interactor", dirs)?;
    let interactor = Interactor::new(program, tool.protocol.clone()).ok_or_else(|| {
        format!(
            "{}: a CMS checker is not a Communication manager",
            tool.path.display()
        )
    })?;
    Ok(Some(interactor))
}

/// Builds the package's `tool`, named in its errors by its `role` (`the checker`, `the
/// interactor`), or as `the output validator`, Kattis' one name for both.
fn build_tool(tool: &Tool, role: &str, dirs: &Dirs) -> Result<Program, String> {
    let what = match tool.protocol {
        Protocol::Kattis { .. } => "the output validator",
        _ => role,
    };
    tool.build(what, &crate::judge::build_dir(&dirs.out))
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
