//! The languages the judge builds and runs, as one table ([`LANGUAGES`], a row each): which
//! files are a language's, the command that builds one source and the command that runs it,
//! and how a folder of its sources is built. From these rows come the single-file commands
//! ([`Langs`], which a user's config lays its `[lang.KEY]` tables over), the folder builds
//! of packages (`compile/folder.rs`), `bfs-judge languages` ([`table`]), the help of `test`
//! and `verify` ([`sources_help`], [`verify_help`]) and the table of docs/judge.md
//! ([`docs_table`], checked against it by this module's tests). A new language is a row here
//! (and its line in docs/judge.md, which the test asks for).
//!
//! Commands are words, executed directly (no shell), in which `{src}` is the source file
//! (a folder's: its sources, or its entry), `{exe}` the program built, `{dir}` the build's
//! own folder and `{class}` a Java or Kotlin program's main class. The default commands are
//! the flags judges use (Codeforces' and AtCoder's `-O2`, GNU C++20; `ONLINE_JUDGE` is not
//! defined: a local run is not the judge's, and `#ifndef ONLINE_JUDGE` debug output goes to
//! stderr, which is not judged).
//!
//! A package's programs, and a user's source judged on a package, are built as the judge of
//! the package's format builds them: [`JUDGES`], one table of each judge's commands where
//! they differ from ours (CMS's `-DEVAL`, Codeforces' `ONLINE_JUDGE`, Kattis' and DMOJ's
//! flags), laid over ours by [`Langs::built_by`] and printed in docs/judge.md
//! ([`judges_docs_table`], checked by this module's tests).

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::run::program::{shell_quote, Program};

/// One language as the judge knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// The config file's key: `cpp` for `[lang.cpp]`.
    pub key: &'static str,
    pub name: &'static str,
    /// Its files' extensions, without the dot.
    pub extensions: &'static [&'static str],
    /// The command that builds one source; empty: nothing to build.
    pub build: &'static [&'static str],
    pub run: &'static [&'static str],
    /// What the build does, in words, where its command would say it badly (the docs' table
    /// and `test --help` show these words instead).
    pub build_says: Option<&'static str>,
    /// How a folder program of this language is built; `None`: single files only.
    pub folder: Option<Folder>,
}

/// How a folder of one language's sources (a Kattis submission of several files) is built:
/// with the language's own commands, `{src}` standing for some of its files.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folder {
    /// The file the program starts from when the package names none; `None`: every source
    /// is compiled together and none is the entry.
    pub entry: Option<Entry>,
    /// `{src}` is every source of the language (`true`), or only the entry (the compiler
    /// or interpreter finds the rest: Rust's modules, Python's imports).
    pub every_source: bool,
    /// Whether the build command runs for a folder (Python's syntax check does not: a folder
    /// program is only run).
    pub built: bool,
    /// The flag that puts the folder on the include path (`-I FOLDER`), if any.
    pub include: Option<&'static str>,
    /// A folder that has sources of this other language too is that language's (a C++
    /// folder often holds a C-compatible helper).
    pub gives_way_to: Option<&'static str>,
}

/// The entry of a folder program, when its package names none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The file of this name (`main.rs`, `__main__.py`), else the first source.
    Named(&'static str),
    /// The file that declares `main` (Java's class with `static void main`), else the first
    /// source; its stem is `{class}`.
    DeclaresMain,
}

/// The languages, in the order they are listed.
pub const LANGUAGES: &[Language] = &[
    Language {
        key: "c",
        name: "C",
        extensions: &["c"],
        build: &["gcc", "-std=gnu17", "-O2", "-o", "{exe}", "{src}", "-lm"],
        run: &["{exe}"],
        build_says: None,
        folder: Some(Folder {
            entry: None,
            every_source: true,
            built: true,
            include: Some("-I"),
            gives_way_to: Some("cpp"),
        }),
    },
    Language {
        key: "cpp",
        name: "C++",
        extensions: &["cpp", "cc", "cxx", "c++", "C"],
        build: &["g++", "-std=gnu++20", "-O2", "-o", "{exe}", "{src}"],
        run: &["{exe}"],
        build_says: None,
        folder: Some(Folder {
            entry: None,
            every_source: true,
            built: true,
            include: Some("-I"),
            gives_way_to: None,
        }),
    },
    Language {
        key: "rust",
        name: "Rust",
        extensions: &["rs"],
        build: &["rustc", "--edition", "2021", "-O", "-o", "{exe}", "{src}"],
        run: &["{exe}"],
        build_says: None,
        folder: Some(Folder {
            entry: Some(Entry::Named("main.rs")),
            every_source: false,
            built: true,
            include: None,
            gives_way_to: None,
        }),
    },
    Language {
        key: "python",
        name: "Python 3",
        extensions: &["py", "py3"],
        // A syntax error is a compile error, as judges report it; nothing is written (no
        // __pycache__ in the user's folder).
        build: &[
            "python3",
            "-c",
            "import sys; compile(open(sys.argv[1], \"rb\").read(), sys.argv[1], \"exec\")",
            "{src}",
        ],
        run: &["python3", "{src}"],
        build_says: Some("a syntax check, writing nothing"),
        folder: Some(Folder {
            entry: Some(Entry::Named("__main__.py")),
            every_source: false,
            built: false,
            include: None,
            gives_way_to: None,
        }),
    },
    Language {
        key: "java",
        name: "Java",
        extensions: &["java"],
        build: &["javac", "-encoding", "UTF-8", "-d", "{dir}", "{src}"],
        run: &["java", "-Xss64m", "-cp", "{dir}", "{class}"],
        build_says: None,
        folder: Some(Folder {
            entry: Some(Entry::DeclaresMain),
            every_source: true,
            built: true,
            include: None,
            gives_way_to: None,
        }),
    },
    Language {
        key: "kotlin",
        name: "Kotlin",
        extensions: &["kt"],
        build: &[
            "kotlinc",
            "{src}",
            "-include-runtime",
            "-d",
            "{dir}/prog.jar",
        ],
        run: &["java", "-Xss64m", "-jar", "{dir}/prog.jar"],
        build_says: None,
        folder: None,
    },
    Language {
        key: "go",
        name: "Go",
        extensions: &["go"],
        build: &["go", "build", "-o", "{exe}", "{src}"],
        run: &["{exe}"],
        build_says: None,
        folder: None,
    },
];

/// Whose build a program gets: ours, or that of the judge a package's format is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judge {
    Ours,
    /// CMS (the `cms` and `italy_yaml` formats; `cmsMake` builds as CMS does).
    Cms,
    /// Codeforces (Polygon packages).
    Codeforces,
    /// Kattis (problemtools' `languages.yaml`).
    Kattis,
    /// DMOJ's judge.
    Dmoj,
}

/// One judge's commands for a language, where they differ from ours; `None`: ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeCommands {
    /// The language's key in [`LANGUAGES`].
    pub key: &'static str,
    pub build: Option<&'static [&'static str]>,
    pub run: Option<&'static [&'static str]>,
}

/// How one judge builds the languages ([`JUDGES`]'s row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JudgeBuilds {
    pub judge: Judge,
    pub name: &'static str,
    /// The package formats it judges, as the docs name them.
    pub formats: &'static str,
    pub languages: &'static [JudgeCommands],
}

/// The judges whose builds are not ours: their commands, as their own sources write them
/// (with `{src}`, `{exe}`, `{dir}` and `{class}` for the files), with the macros a source
/// tests: CMS's `EVAL`, Codeforces' and DMOJ's `ONLINE_JUDGE`. Linker flags that only mean
/// something on the judge's own system (Codeforces' Windows stack size) are left out.
pub const JUDGES: &[JudgeBuilds] = &[
    // CMS's languages C11 / gcc and C++17 / g++ with `for_evaluation` (`-DEVAL`), as
    // `cmsMake` builds a solution it tests and CMS a submission.
    JudgeBuilds {
        judge: Judge::Cms,
        name: "CMS",
        formats: "`italy_yaml`, `cms`",
        languages: &[
            JudgeCommands {
                key: "c",
                build: Some(&[
                    "gcc",
                    "-DEVAL",
                    "-std=gnu11",
                    "-O2",
                    "-pipe",
                    "-static",
                    "-s",
                    "-o",
                    "{exe}",
                    "{src}",
                    "-lm",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "cpp",
                build: Some(&[
                    "g++",
                    "-DEVAL",
                    "-std=gnu++17",
                    "-O2",
                    "-pipe",
                    "-static",
                    "-s",
                    "-o",
                    "{exe}",
                    "{src}",
                ]),
                run: None,
            },
        ],
    },
    // Codeforces' GNU C11, GNU G++20 and Rust 2021 (without the Windows stack flags), and
    // its Java's `-DONLINE_JUDGE=true`.
    JudgeBuilds {
        judge: Judge::Codeforces,
        name: "Codeforces",
        formats: "`polygon`",
        languages: &[
            JudgeCommands {
                key: "c",
                build: Some(&[
                    "gcc",
                    "-DONLINE_JUDGE",
                    "-std=c11",
                    "-O2",
                    "-static",
                    "-o",
                    "{exe}",
                    "{src}",
                    "-lm",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "cpp",
                build: Some(&[
                    "g++",
                    "-DONLINE_JUDGE",
                    "-std=c++20",
                    "-O2",
                    "-static",
                    "-o",
                    "{exe}",
                    "{src}",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "rust",
                build: Some(&[
                    "rustc",
                    "--edition",
                    "2021",
                    "-O",
                    "--cfg",
                    "ONLINE_JUDGE",
                    "-o",
                    "{exe}",
                    "{src}",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "java",
                build: None,
                run: Some(&[
                    "java",
                    "-DONLINE_JUDGE=true",
                    "-Xss64m",
                    "-cp",
                    "{dir}",
                    "{class}",
                ]),
            },
        ],
    },
    // problemtools' `languages.yaml` (its Python 3 by PyPy: `compile::kattis_python`).
    JudgeBuilds {
        judge: Judge::Kattis,
        name: "Kattis",
        formats: "`kattis`",
        languages: &[
            JudgeCommands {
                key: "c",
                build: Some(&[
                    "gcc",
                    "-g",
                    "-O2",
                    "-std=gnu17",
                    "-static",
                    "-o",
                    "{exe}",
                    "{src}",
                    "-lm",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "cpp",
                build: Some(&[
                    "g++",
                    "-g",
                    "-O2",
                    "-std=gnu++23",
                    "-static",
                    "-o",
                    "{exe}",
                    "{src}",
                    "-lrt",
                    "-Wl,--whole-archive",
                    "-lpthread",
                    "-Wl,--no-whole-archive",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "rust",
                build: Some(&[
                    "rustc",
                    "-C",
                    "opt-level=3",
                    "-C",
                    "target-cpu=native",
                    "--crate-type",
                    "bin",
                    "--edition",
                    "2021",
                    "{src}",
                    "-o",
                    "{exe}",
                ]),
                run: None,
            },
        ],
    },
    // DMOJ's judge, its executors C11 and CPP20 (`GCCExecutor`'s flags).
    JudgeBuilds {
        judge: Judge::Dmoj,
        name: "DMOJ",
        formats: "`dmoj`",
        languages: &[
            JudgeCommands {
                key: "c",
                build: Some(&[
                    "gcc",
                    "-Wall",
                    "{src}",
                    "-DONLINE_JUDGE",
                    "-O2",
                    "-lm",
                    "-march=native",
                    "-std=c11",
                    "-fmax-errors=5",
                    "-s",
                    "-o",
                    "{exe}",
                ]),
                run: None,
            },
            JudgeCommands {
                key: "cpp",
                build: Some(&[
                    "g++",
                    "-Wall",
                    "{src}",
                    "-DONLINE_JUDGE",
                    "-O2",
                    "-lm",
                    "-march=native",
                    "-std=c++20",
                    "-fmax-errors=5",
                    "-s",
                    "-o",
                    "{exe}",
                ]),
                run: None,
            },
        ],
    },
];

impl Judge {
    /// Its row of [`JUDGES`]; `None`: ours.
    pub fn builds(self) -> Option<&'static JudgeBuilds> {
        JUDGES.iter().find(|j| j.judge == self)
    }
}

/// How long a compiler may run, by default (CMS and DOMjudge have such a limit too): a
/// template bomb or a compiler waiting on a terminal is stopped, and is a compile error.
pub const COMPILE_TIME_LIMIT_S: u64 = 60;

/// How much memory a build may hold, by default, MiB: `g++` on a large template program
/// needs a few hundred; `#include </dev/zero>` would take every byte of the machine.
pub const COMPILE_MEMORY_LIMIT_MIB: u64 = 2048;

/// A build's limits: wall time (`compile_time_limit`) and memory (`compile_memory_limit`);
/// processes and file sizes are bounded as for every run (see `supervise.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildLimits {
    pub time: Duration,
    pub memory_mib: u64,
}

impl Default for BuildLimits {
    fn default() -> BuildLimits {
        BuildLimits {
            time: Duration::from_secs(COMPILE_TIME_LIMIT_S),
            memory_mib: COMPILE_MEMORY_LIMIT_MIB,
        }
    }
}

/// One language as this judge builds it: a row of [`LANGUAGES`] with a user's config laid
/// over it, or a language of the user's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LangSpec {
    /// The config file's key: `cpp` for `[lang.cpp]`.
    pub key: String,
    pub name: String,
    pub extensions: Vec<String>,
    pub build: Vec<String>,
    pub run: Vec<String>,
    /// The config file that gave the build command, `None`: ours. Said in the header: a
    /// folder's `.bfs-judge.toml` may come with a contest's files.
    pub build_from: Option<PathBuf>,
    /// How a folder of it is built (ours only).
    pub folder: Option<Folder>,
    /// The judge whose commands replaced ours ([`Langs::built_by`]), by name.
    pub built_as: Option<&'static str>,
}

impl LangSpec {
    /// `words` with the placeholders filled: `src` (each word of it for `{src}` standing
    /// alone; a folder program's sources), the build folder `dir` (`{exe}` is `dir/prog`) and
    /// the main class.
    pub fn fill(words: &[String], src: &[PathBuf], dir: &Path, class: &str) -> Vec<String> {
        let one = |w: &str, src: &Path| {
            w.replace("{src}", &src.display().to_string())
                .replace("{exe}", &dir.join("prog").display().to_string())
                .replace("{dir}", &dir.display().to_string())
                .replace("{class}", class)
        };
        let first = src.first().map_or(Path::new(""), PathBuf::as_path);
        words
            .iter()
            .flat_map(|w| match w.as_str() {
                "{src}" => src.iter().map(|s| one(w, s)).collect(),
                _ => vec![one(w, first)],
            })
            .collect()
    }

    /// The tool the build needs (else the run), when it is a program on PATH.
    pub fn tool(&self) -> &str {
        self.build.first().unwrap_or(&self.run[0])
    }
}

/// The languages of this judge: ours ([`Langs::defaults`]) with a user's config tables laid
/// over them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Langs {
    pub list: Vec<LangSpec>,
    /// How long one build may take and how much memory it may hold: [`BuildLimits`]'s
    /// defaults, or a config file's `compile_time_limit` (seconds) and
    /// `compile_memory_limit` (MiB).
    pub limits: BuildLimits,
}

impl Default for Langs {
    fn default() -> Langs {
        Langs::defaults()
    }
}

/// A config file that cannot be laid over the languages: the file, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    pub file: PathBuf,
    pub why: String,
}

impl std::fmt::Display for ConfigError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.file.display(), self.why)
    }
}

impl std::error::Error for ConfigError {}

impl From<ConfigError> for String {
    fn from(e: ConfigError) -> String {
        e.to_string()
    }
}

/// A config file's `[lang.KEY]` table: any field given replaces ours; a new KEY is a new
/// language (it then needs `extensions` and `run`).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct LangTable {
    name: Option<String>,
    extensions: Option<Vec<String>>,
    build: Option<Words>,
    run: Option<Words>,
}

/// A command as one string split on whitespace, or as a list of words (for a word with
/// spaces in it).
#[derive(Debug, serde::Deserialize)]
#[serde(untagged)]
enum Words {
    Line(String),
    List(Vec<String>),
}

impl Words {
    fn words(self) -> Vec<String> {
        match self {
            Words::Line(l) => l.split_whitespace().map(String::from).collect(),
            Words::List(v) => v,
        }
    }
}

#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    /// Seconds a build may take.
    compile_time_limit: Option<u64>,
    /// MiB a build may hold.
    compile_memory_limit: Option<u64>,
    #[serde(default)]
    lang: std::collections::BTreeMap<String, LangTable>,
    /// The folder's checker command and the starter template: `session::source::settings`
    /// reads them; named here so that a file holding them is not refused.
    #[serde(default, rename = "checker")]
    _checker: Option<String>,
    #[serde(default, rename = "template")]
    _template: Option<String>,
}

fn words(w: &[&str]) -> Vec<String> {
    w.iter().map(|s| s.to_string()).collect()
}

impl Langs {
    /// Our languages, as [`LANGUAGES`] has them.
    pub fn defaults() -> Langs {
        Langs {
            list: LANGUAGES
                .iter()
                .map(|l| LangSpec {
                    key: l.key.to_string(),
                    name: l.name.to_string(),
                    extensions: words(l.extensions),
                    build: words(l.build),
                    run: words(l.run),
                    build_from: None,
                    folder: l.folder,
                    built_as: None,
                })
                .collect(),
            limits: BuildLimits::default(),
        }
    }

    /// These languages with Python 3 built and run by `python` instead of `python3`.
    pub fn with_python(mut self, python: &str) -> Langs {
        for l in self.list.iter_mut().filter(|l| l.key == "python") {
            for w in l.build.iter_mut().chain(l.run.iter_mut()) {
                if w == "python3" {
                    *w = python.to_string();
                }
            }
        }
        self
    }

    /// These languages as `judge` builds them: each command of its row in [`JUDGES`] in place
    /// of ours, where ours is still in force (a config file's own command is the user's,
    /// used as written).
    pub fn built_by(mut self, judge: Judge) -> Langs {
        let Some(row) = judge.builds() else {
            return self;
        };
        for theirs in row.languages {
            let Some(ours) = LANGUAGES.iter().find(|l| l.key == theirs.key) else {
                continue;
            };
            for l in self.list.iter_mut().filter(|l| l.key == theirs.key) {
                let pairs = [
                    (&mut l.build, theirs.build, ours.build),
                    (&mut l.run, theirs.run, ours.run),
                ];
                for (command, theirs, ours) in pairs {
                    if let Some(theirs) = theirs.filter(|_| *command == words(ours)) {
                        *command = words(theirs);
                        l.built_as = Some(row.name);
                    }
                }
            }
        }
        self
    }

    /// These languages with a config file's `[lang.*]` tables laid over them; `from` names
    /// the file in errors.
    pub fn overlay(mut self, text: &str, from: &Path) -> Result<Langs, ConfigError> {
        let bad = |why: String| ConfigError {
            file: from.to_path_buf(),
            why,
        };
        let config: ConfigFile = toml::from_str(text).map_err(|e| bad(e.message().into()))?;
        if let Some(secs) = config.compile_time_limit {
            if secs == 0 {
                return Err(bad(
                    "compile_time_limit = 0: a build needs at least 1 second".into(),
                ));
            }
            self.limits.time = Duration::from_secs(secs);
        }
        if let Some(mib) = config.compile_memory_limit {
            if mib < 16 {
                return Err(bad(format!(
                    "compile_memory_limit = {mib}: a build needs at least 16 MiB"
                )));
            }
            self.limits.memory_mib = mib;
        }
        for (key, t) in config.lang {
            self.lay(&key, t, from).map_err(bad)?;
        }
        Ok(self)
    }

    /// Lays the table `[lang.KEY]` of the file `from` over the language `key` (a new one
    /// when it is not ours).
    fn lay(&mut self, key: &str, t: LangTable, from: &Path) -> Result<(), String> {
        let at = match self.list.iter().position(|l| l.key == key) {
            Some(at) => at,
            None => {
                if t.extensions.is_none() || t.run.is_none() {
                    let known: Vec<&str> = self.list.iter().map(|l| l.key.as_str()).collect();
                    return Err(format!(
                        "[lang.{key}] is a language of yours: it needs `extensions` and `run` \
                         (known: {})",
                        known.join(", ")
                    ));
                }
                self.list.push(LangSpec {
                    key: key.to_string(),
                    name: key.to_string(),
                    extensions: Vec::new(),
                    build: Vec::new(),
                    run: Vec::new(),
                    build_from: None,
                    folder: None,
                    built_as: None,
                });
                self.list.len() - 1
            }
        };
        if let Some(exts) = t.extensions {
            let exts: Vec<String> = exts
                .into_iter()
                .map(|e| e.trim_start_matches('.').to_string())
                .collect();
            // An extension claimed by a user's language is no longer another's.
            for other in self.list.iter_mut().filter(|o| o.key != key) {
                other.extensions.retain(|e| !exts.contains(e));
            }
            self.list[at].extensions = exts;
        }
        let l = &mut self.list[at];
        if let Some(name) = t.name {
            l.name = name;
        }
        if let Some(build) = t.build {
            l.build = build.words();
            l.build_from = Some(from.to_path_buf());
        }
        if let Some(run) = t.run {
            l.run = run.words();
            if l.run.is_empty() {
                return Err(format!("[lang.{key}] run is empty"));
            }
        }
        Ok(())
    }

    /// The language of `path` by its extension, if it is one of these.
    pub fn of(&self, path: &Path) -> Option<&LangSpec> {
        let ext = path.extension()?.to_str()?;
        self.list
            .iter()
            .find(|l| l.extensions.iter().any(|e| e == ext))
    }
}

/// Whether `tool` is a program on this machine's PATH.
pub fn on_path(tool: &str) -> bool {
    Program::Direct(vec![tool.to_string()])
        .check_runnable()
        .is_ok()
}

/// The languages as a table, one line each: name, extensions, the build and run commands
/// (`{src}`, `{exe}`... as a config file writes them), and whether the tool each needs is on
/// this machine's PATH (looked up now: a few `stat`s per language).
pub fn table(langs: &Langs) -> String {
    let rows: Vec<[String; 4]> = langs
        .list
        .iter()
        .map(|l| {
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            let missing: Vec<&str> = l
                .build
                .first()
                .into_iter()
                .chain(l.run.first())
                .filter(|t| !t.contains('{') && !on_path(t))
                .map(|t| t.as_str())
                .collect();
            let here = if missing.is_empty() {
                "found".to_string()
            } else {
                format!("missing {}", missing.join(", "))
            };
            let build = if l.build.is_empty() {
                String::new()
            } else {
                format!("build: {}; ", shell_words(&l.build))
            };
            [
                l.name.clone(),
                exts.join(" "),
                here,
                format!("{build}run: {}", shell_words(&l.run)),
            ]
        })
        .collect();
    let width = |i: usize| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0);
    let (w0, w1, w2) = (width(0), width(1), width(2));
    rows.iter()
        .map(|r| format!("  {:<w0$}  {:<w1$}  {:<w2$}  {}", r[0], r[1], r[2], r[3]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A command's words as a shell reads them back: a word with spaces or quotes in it quoted
/// ([`shell_quote`]), a placeholder (`{src}`, `{dir}/prog.jar`) as it is (a shell leaves
/// braces without a comma alone).
fn shell_words(words: &[String]) -> String {
    let word = |w: &String| {
        let plain = w.replace(['{', '}'], "");
        let expands = w.contains('{') && w.contains(',');
        if !plain.is_empty() && shell_quote(&plain) == plain && !expands {
            w.clone()
        } else {
            shell_quote(w)
        }
    };
    words.iter().map(word).collect::<Vec<_>>().join(" ")
}

/// `verify`'s long help: what it does and the languages, found or not on this machine.
pub fn verify_help() -> String {
    format!(
        "The problem setter's check: build and judge every submission PACKAGE lists \
         (submissions/<verdict>/ of a Kattis package, sol/ and [[solutions]] of a Library \
         Checker folder), one line each: expected and actual verdict, and the case that \
         decided it. Exit 0 when every submission that could be built got its expected \
         verdict; one in a language not installed is listed as skipped with the reason. \
         A folder submission of C or C++ is built with all its files, with its own `build`/\
         `run` scripts where it has them. A Kattis package's Python 3 runs by pypy3 where it \
         is installed (pypy3 is {}), as Kattis runs it.\n\
         Languages (`bfs-judge languages` shows them with your config's commands):\n{}",
        if on_path("pypy3") { "here" } else { "not here" },
        table(&Langs::defaults())
    )
}

/// A command without its placeholders and the flags that lead them (`-o {exe}`): what a
/// reader needs of it in a sentence.
fn gist(command: &[&str]) -> String {
    let mut kept: Vec<&str> = Vec::new();
    for (i, w) in command.iter().enumerate() {
        let leads = w.starts_with('-') && command.get(i + 1).is_some_and(|n| n.contains('{'));
        if !w.contains('{') && !leads {
            kept.push(w);
        }
    }
    kept.join(" ")
}

/// `test --help`'s paragraph on source files, its languages from [`LANGUAGES`], wrapped to
/// the help's width.
pub fn sources_help() -> String {
    let each: Vec<String> = LANGUAGES
        .iter()
        .map(|l| {
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            let run = gist(l.run);
            let how = match (l.build_says, l.build.is_empty()) {
                (Some(says), _) => format!("{run} ({says})"),
                (None, true) => run,
                (None, false) if run.is_empty() => gist(l.build),
                (None, false) => format!("{}, {run}", gist(l.build)),
            };
            format!("{} {how}", exts.join(" "))
        })
        .collect();
    let text = format!(
        "Source files (a first argument, or --cmd naming one file) are built by their \
         extension into the cache (rebuilt only when the source or the commands change; a \
         compile error is CE and judges nothing): {}. ONLINE_JUDGE is not defined; judged on one \
         package, a source is built as the package's judge builds it (CMS's -DEVAL, \
         Codeforces' -DONLINE_JUDGE: docs/judge.md). Your own \
         commands: [lang.cpp] build = \"g++ -std=gnu++17 -O2 -o {{exe}} {{src}}\" (also run, \
         extensions) in ~/.config/bfs-judge/config.toml or a .bfs-judge.toml in this folder \
         or above.",
        each.join("; ")
    );
    crate::text::wrap(&text, 92, "")
}

/// A command as the docs' tables show it: in backticks, the placeholders in capitals.
fn docs_code(command: &[&str]) -> String {
    let line = command
        .join(" ")
        .replace("{exe}", "EXE")
        .replace("{src}", "SRC")
        .replace("{dir}", "DIR")
        .replace("{class}", "CLASS");
    format!("`{line}`")
}

/// The table of docs/judge.md ("Source files, compile errors, `--watch`"), in Markdown:
/// the placeholders as `EXE`, `SRC`, `DIR` and `CLASS`.
pub fn docs_table() -> String {
    let mut out = "| language | files | build | run |\n|---|---|---|---|\n".to_string();
    for l in LANGUAGES {
        let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
        let build = l
            .build_says
            .map_or_else(|| docs_code(l.build), String::from);
        out.push_str(&format!(
            "| {} | `{}` | {build} | {} |\n",
            l.name,
            exts.join(" "),
            docs_code(l.run)
        ));
    }
    out
}

/// The table of docs/judge.md ("Built as the package's judge builds"): each judge's
/// commands that are not ours, in Markdown, the placeholders as in [`docs_table`].
pub fn judges_docs_table() -> String {
    let mut out = "| judge (formats) | language | build | run |\n|---|---|---|---|\n".to_string();
    for j in JUDGES {
        for c in j.languages {
            let name = LANGUAGES
                .iter()
                .find(|l| l.key == c.key)
                .map_or(c.key, |l| l.name);
            let or_ours = |cmd: Option<&[&str]>| cmd.map_or_else(|| "ours".to_string(), docs_code);
            out.push_str(&format!(
                "| {} ({}) | {name} | {} | {} |\n",
                j.name,
                j.formats,
                or_ours(c.build),
                or_ours(c.run)
            ));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judge_s_commands_replace_ours_but_not_a_config_s() {
        let cms = Langs::defaults().built_by(Judge::Cms);
        let cpp = cms.of(Path::new("a.cpp")).unwrap();
        assert_eq!(cpp.build[..2], ["g++", "-DEVAL"]);
        assert_eq!(cpp.built_as, Some("CMS"));
        let py = cms.of(Path::new("a.py")).unwrap();
        assert_eq!((py.built_as, &py.run[0][..]), (None, "python3"));
        let java = Langs::defaults().built_by(Judge::Codeforces);
        let java = java.of(Path::new("A.java")).unwrap();
        assert!(java.run.contains(&"-DONLINE_JUDGE=true".to_string()));
        let mine = Langs::defaults()
            .overlay(
                "[lang.cpp]\nbuild = \"g++ -o {exe} {src}\"\n",
                Path::new("c.toml"),
            )
            .unwrap()
            .built_by(Judge::Cms);
        let cpp = mine.of(Path::new("a.cpp")).unwrap();
        assert_eq!(cpp.build, ["g++", "-o", "{exe}", "{src}"]);
        assert_eq!(cpp.built_as, None);
        assert_eq!(Langs::defaults().built_by(Judge::Ours), Langs::defaults());
    }

    #[test]
    fn a_config_lays_its_commands_over_ours() {
        let from = Path::new("config.toml");
        let langs = Langs::defaults()
            .overlay(
                "[lang.cpp]\nbuild = \"g++ -std=gnu++17 -o {exe} {src}\"\n\
                 [lang.pypy]\nextensions = [\".py\"]\nrun = [\"pypy3\", \"{src}\"]\n",
                from,
            )
            .unwrap();
        let cpp = langs.of(Path::new("a.cpp")).unwrap();
        assert_eq!(cpp.build, ["g++", "-std=gnu++17", "-o", "{exe}", "{src}"]);
        assert_eq!(cpp.run, ["{exe}"], "a field not given stays ours");
        assert_eq!(cpp.build_from.as_deref(), Some(from));
        // A user's language takes the extension from ours.
        assert_eq!(langs.of(Path::new("a.py")).unwrap().key, "pypy");
        assert!(langs.of(Path::new("a.out")).is_none());
        let unknown = Langs::defaults().overlay("[lang.zig]\nbuild = \"zig\"\n", from);
        assert!(unknown
            .unwrap_err()
            .why
            .contains("needs `extensions` and `run`"));
        let typo = Langs::defaults().overlay("[lang.cpp]\nbiuld = \"g++\"\n", from);
        assert!(typo.unwrap_err().to_string().contains("biuld"));
    }

    #[test]
    fn the_docs_tables_are_the_languages_and_the_judges_tables() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../docs/judge.md"))
                .unwrap();
        for (table, of) in [
            (docs_table(), "languages is not LANGUAGES'"),
            (judges_docs_table(), "the judges' builds is not JUDGES'"),
        ] {
            assert!(
                docs.contains(&table),
                "docs/judge.md's table of {of}; it should read:\n{table}"
            );
        }
    }

    #[test]
    fn the_help_names_every_language_by_its_extensions() {
        let help = sources_help().replace('\n', " ");
        for l in LANGUAGES {
            let exts: Vec<String> = l.extensions.iter().map(|e| format!(".{e}")).collect();
            assert!(help.contains(&exts.join(" ")), "{help}");
        }
        assert!(help.contains(".c gcc -std=gnu17 -O2 -lm;"), "{help}");
        assert!(help.contains(".go go build."), "{help}");
        assert!(sources_help().lines().all(|l| l.chars().count() <= 92));
    }

    #[test]
    fn a_folders_sources_fill_its_command() {
        let dir = Path::new("/b");
        let srcs = [PathBuf::from("x.c"), PathBuf::from("y.c")];
        let cmd = LangSpec::fill(&words(LANGUAGES[0].build), &srcs, dir, "");
        assert_eq!(
            cmd,
            [
                "gcc",
                "-std=gnu17",
                "-O2",
                "-o",
                "/b/prog",
                "x.c",
                "y.c",
                "-lm"
            ]
        );
        let java = &LANGUAGES[4];
        let run = LangSpec::fill(&words(java.run), &srcs[..1], dir, "Main");
        assert_eq!(run, ["java", "-Xss64m", "-cp", "/b", "Main"]);
    }
}
