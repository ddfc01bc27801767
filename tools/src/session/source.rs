//! Source files as programs: `bfs-judge test main.cpp`, `--cmd main.py`, `stress --brute
//! brute.py` build the file by its extension (`run::compile`'s one builder, its commands
//! overridden by the user's config files, and judged on one package by its judge's:
//! `Langs::built_by`) into the judge's cache, and judge what was built.
//! A compile error is the program's verdict, `CE`, with the compiler's first error lines;
//! it judges nothing.
//!
//! Config files, each laid over the one before: `$XDG_CONFIG_HOME/bfs-judge/config.toml`
//! (else `~/.config/bfs-judge/config.toml`), then the nearest `.bfs-judge.toml` in the
//! current folder or above it. Each may hold `[lang.KEY]` tables (`c`, `cpp`, `rust`,
//! `python`, `java`, `kotlin`, `go`, or a new key with `extensions`) with `build` and `run`
//! commands. Cost: two small file reads a run, a hash of the source, and the compiler
//! only when the source or its commands changed.
//!
//! Two more keys, at the top of a file ([`settings`]): `checker = "CMD"`, the checker a
//! folder's tests are judged with when `--checker-cmd` is not given (a tests folder's own
//! `.bfs-judge.toml`, or its parent's, counts too: [`take_saved_checker`]), and `template =
//! "PATH"`, the file `listen` copies into each problem it receives as `main.EXT`. A relative
//! path in either is the config file's folder's.

use std::fs;
use std::path::{Path, PathBuf};

use crate::args::{cache_dir, Options};
use crate::run::compile::{self, Langs, SourceError};
use crate::run::program::Program;
use crate::session::SetupError;

/// The per-folder config file's name.
pub const FOLDER_CONFIG: &str = ".bfs-judge.toml";

/// The user's config file: `$XDG_CONFIG_HOME/bfs-judge/config.toml`, else
/// `~/.config/bfs-judge/config.toml`.
pub fn user_config() -> Option<PathBuf> {
    crate::run::files::xdg_base("XDG_CONFIG_HOME", ".config")
        .map(|d| d.join("bfs-judge").join("config.toml"))
}

/// The config files that apply here, in the order they are laid over ours.
pub fn config_files() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = user_config().into_iter().filter(|p| p.is_file()).collect();
    if let Ok(cwd) = std::env::current_dir() {
        if let Some(nearest) = cwd
            .ancestors()
            .map(|d| d.join(FOLDER_CONFIG))
            .find(|p| p.is_file())
        {
            files.push(nearest);
        }
    }
    files
}

/// The keys of a config file other than its languages, and the file each came from.
#[derive(Debug, Default)]
pub struct Settings {
    /// `checker = "CMD"`: a relative program path made the config file's folder's.
    pub checker: Option<String>,
    pub checker_from: PathBuf,
    /// `template = "PATH"`: `~/` is the home folder, a relative path the file's folder's.
    pub template: Option<PathBuf>,
    pub template_from: PathBuf,
}

/// The config files' [`Settings`], each key from the last file that has it (the nearest).
pub fn settings() -> Result<Settings, SetupError> {
    settings_of(&config_files())
}

/// [`Settings`] from `files`, later ones winning; a file that cannot be read or is not TOML
/// is a setup error that names it.
fn settings_of(files: &[PathBuf]) -> Result<Settings, SetupError> {
    #[derive(serde::Deserialize)]
    struct Keys {
        checker: Option<String>,
        template: Option<String>,
    }
    let mut s = Settings::default();
    for file in files {
        let text = fs::read_to_string(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let keys: Keys = toml::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
        let dir = file.parent().unwrap_or(Path::new("."));
        if let Some(cmd) = keys.checker.filter(|c| !c.trim().is_empty()) {
            s.checker = Some(anchored(&cmd, dir));
            s.checker_from = file.clone();
        }
        if let Some(t) = keys.template {
            let home = std::env::var_os("HOME").map(PathBuf::from);
            s.template = Some(match (t.strip_prefix("~/"), home) {
                (Some(rest), Some(home)) => home.join(rest),
                _ => dir.join(&t),
            });
            s.template_from = file.clone();
        }
    }
    Ok(s)
}

/// `cmd` with its first word made `dir`'s when it is a relative path to a file there
/// (`./check`, `checker.py`): the checker is found from any folder the judge runs in.
fn anchored(cmd: &str, dir: &Path) -> String {
    let cmd = cmd.trim();
    let (first, rest) = cmd.split_once(char::is_whitespace).unwrap_or((cmd, ""));
    let path = Path::new(first);
    if path.is_relative() && dir.join(path).is_file() {
        let abs = std::path::absolute(dir.join(path)).unwrap_or_else(|_| dir.join(path));
        let quoted = crate::run::program::shell_quote(&abs.display().to_string());
        return format!("{quoted} {rest}").trim_end().to_string();
    }
    cmd.to_string()
}

/// `--checker-cmd` from the config when it is not on the command line (nor `--checker`):
/// the `checker` of a tests folder's own `.bfs-judge.toml`, else of its parent's (the
/// problem's folder), else of the config files that apply here. The command line wins.
pub fn take_saved_checker(o: &mut Options) -> Result<(), SetupError> {
    if o.verdicts.checker_cmd.is_some() || o.verdicts.checker {
        return Ok(());
    }
    let mut files = config_files();
    for tests in &o.run.tests {
        for dir in [tests.parent(), Some(tests.as_path())]
            .into_iter()
            .flatten()
        {
            let file = dir.join(FOLDER_CONFIG);
            if file.is_file() && !files.contains(&file) {
                files.push(file);
            }
        }
    }
    let saved = settings_of(&files)?;
    if saved.checker.is_some() {
        o.verdicts.checker_cmd = saved.checker;
        o.checker_from = Some(saved.checker_from);
    }
    Ok(())
}

/// Our languages with the config files laid over them; a bad file is a setup error that
/// names it.
pub fn langs() -> Result<Langs, SetupError> {
    let mut langs = Langs::defaults();
    for file in config_files() {
        let text = fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
        langs = langs.overlay(&text, &file).map_err(|e| e.to_string())?;
    }
    Ok(langs)
}

/// Where builds are kept: the cache's `build/`.
pub fn build_cache() -> PathBuf {
    cache_dir().join("build")
}

/// `cmd` when it names one source file (`main.cpp`, `./main.cpp`, `src/a.py`): one word, an
/// existing file, an extension of a known language.
pub fn source_in<'a>(cmd: &'a str, langs: &Langs) -> Option<&'a Path> {
    let word = cmd.trim();
    if word.is_empty() || word.contains(char::is_whitespace) {
        return None;
    }
    let path = Path::new(word);
    (path.is_file() && langs.of(path).is_some()).then_some(path)
}

/// A compile error: the command and the compiler's first error lines.
#[derive(Debug)]
pub struct CompileError {
    pub source: String,
    pub command: String,
    pub lines: Vec<String>,
}

/// Makes `cmd` a program: built when it names a source file, else the command itself,
/// checked to be runnable (with the `./NAME` hint). `Err(Ok(ce))`: the source did not
/// compile; `Err(Err(why))`: a setup error.
pub fn program(cmd: &str, langs: &Langs) -> Result<Program, Result<CompileError, SetupError>> {
    let program = match source_in(cmd, langs) {
        Some(src) => match compile::build_source(src, &build_cache(), langs) {
            Ok(Some(program)) => program,
            Ok(None) => unreachable!("source_in checked the language"),
            Err(SourceError::Rejected { command, lines }) => {
                return Err(Ok(CompileError {
                    source: cmd.to_string(),
                    command,
                    lines,
                }))
            }
            Err(e) => return Err(Err(e.to_string().into())),
        },
        None => Program::from_cmd(cmd),
    };
    crate::session::target::runnable(&program).map_err(Err)?;
    Ok(program)
}

/// A stress helper's command (`--gen`, `--brute`): built when a source; a compile error is
/// a setup error (it is not the judged program's verdict).
pub fn helper(what: &str, cmd: &str) -> Result<Program, SetupError> {
    let langs = langs()?;
    match program(cmd, &langs) {
        Ok(p) => Ok(p.absolutized()),
        Err(Ok(ce)) => Err(format!(
            "--{what} {}: compile error:\n  {}",
            ce.source,
            ce.lines.join("\n  ")
        )
        .into()),
        Err(Err(why)) => Err(format!("--{what}: {why}").into()),
    }
}

/// `bfs-judge test main.cpp`: with no `--cmd`, a first target that names a source file is
/// the program.
pub fn take_source_target(o: &mut Options) -> Result<(), SetupError> {
    if o.run.cmd.is_some() || o.run.bundle || o.targets.is_empty() {
        return Ok(());
    }
    let langs = langs()?;
    let first = &o.targets[0];
    if source_in(first, &langs).is_some() {
        o.run.cmd = Some(o.targets.remove(0));
    } else if langs.of(Path::new(first)).is_some() && !first.contains(['*', '?', '[']) {
        return Err(format!(
            "no source file `{first}` here ({}): a first argument with a source's extension \
             is the program to build",
            std::env::current_dir().map_or_else(|_| ".".to_string(), |d| d.display().to_string())
        )
        .into());
    }
    Ok(())
}

/// Builds `--cmd` when it is a source file, keeping the built program and the name shown
/// for it in the options. `Ok(Some(ce))`: it did not compile.
pub fn resolve(o: &mut Options) -> Result<Option<CompileError>, SetupError> {
    let Some(cmd) = o.run.cmd.clone() else {
        return Ok(None);
    };
    let mut langs = langs()?;
    let Some(src) = source_in(&cmd, &langs) else {
        return Ok(None);
    };
    // Judged on one package: built as the judge of its format builds (CMS's -DEVAL...).
    let package = match &o.run.tests[..] {
        [tests] => crate::judge::format::detect(tests).ok(),
        _ => None,
    };
    if let Some(p) = &package {
        langs = langs.built_by(p.kind.judge());
    }
    // A build command from a config file is named with its file: a folder's
    // `.bfs-judge.toml` may have come with a contest's files (it runs isolated, as a program).
    let lang = langs
        .of(src)
        .map_or_else(String::new, |l| match (&l.build_from, l.built_as) {
            (Some(file), _) => format!("{}, built as {} says", l.name, file.display()),
            (None, Some(judge)) => format!("{}, built as {judge} builds it", l.name),
            (None, None) => l.name.clone(),
        });
    // A package whose graders are compiled with every submission (CMS), or that names the
    // source after the task (CMS's Java): the source is staged so, as `verify` stages the
    // package's own solutions.
    let staged =
        |p: &crate::judge::format::Package| match crate::judge::format::stage::cms_name(src, p) {
            _ if !p.grader.is_empty() => Some(", with the grader".to_string()),
            Some(name) => Some(format!(", as {name}")),
            None => None,
        };
    if let Some((package, how)) = package.and_then(|p| staged(&p).map(|how| (p, how))) {
        return match crate::session::submission::with_grader(src, &package, &build_cache()) {
            Ok(p) => {
                o.run.built = Some((format!("{cmd} ({lang}{how})"), p));
                Ok(None)
            }
            Err(why) => Ok(Some(CompileError {
                source: cmd.to_string(),
                command: format!("{cmd} with the package's grader"),
                lines: compile::first_error_lines(&why.to_string()),
            })),
        };
    }
    match program(&cmd, &langs) {
        Ok(p) => {
            o.run.built = Some((format!("{cmd} ({lang})"), p));
            Ok(None)
        }
        Err(Ok(ce)) => Ok(Some(ce)),
        Err(Err(why)) => Err(why),
    }
}

/// Prints a compile error as the run's only verdict.
pub fn say_compile_error(ce: &CompileError, json: bool) {
    if json {
        crate::say!(
            "{}",
            serde_json::json!({
                "verdict": "CE", "source": ce.source, "command": ce.command,
                "message": ce.lines.join("\n"),
            })
        );
        return;
    }
    crate::say!(
        "{} {}: compile error ({}); nothing judged",
        crate::show::style::paint(
            "CE",
            anstyle::Style::new()
                .fg_color(Some(anstyle::AnsiColor::Red.into()))
                .effects(anstyle::Effects::BOLD)
        ),
        ce.source,
        crate::text::short(&ce.command)
    );
    for line in &ce.lines {
        crate::say!("    {line}");
    }
}
