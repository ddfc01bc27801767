//! Why a problem cannot be bundled: [`BundleError`] at the bundler's edge, and below it
//! [`CodeError`], a [`Fault`] at a line of a text that the caller places in a file or a
//! bundle ([`Place`]). `Display` gives the message `bfs-judge bundle` prints.

use std::fmt;
use std::io;

/// Why a problem cannot be bundled or compiled.
#[derive(Debug)]
pub enum BundleError {
    /// A file that cannot be read, a folder listed or rustc run: `doing` is the verb.
    Io {
        doing: &'static str,
        path: String,
        error: io::Error,
    },
    NoBinary {
        problem: String,
        bins: Vec<String>,
    },
    /// A module the bundle needs that has no file (`src/a/b.rs` without `src/a.rs`).
    NoModuleFile(String),
    /// A stand-in that declares a module of its own: the module's name.
    NestedStandin(String),
    Code {
        place: Place,
        error: CodeError,
    },
    /// A finished bundle over [`super::MAX_BYTES`].
    TooLarge {
        problem: String,
        bytes: usize,
    },
    /// rustc failed, or only warned: the command as shown and what it printed.
    Rustc {
        command: String,
        failed: bool,
        stderr: String,
    },
}

/// The text a [`CodeError`] was found in.
#[derive(Debug)]
pub enum Place {
    /// A source file, by its path from the project root.
    File(String),
    /// A problem's joined bundle, as what it never calls is left out.
    Pruning(String),
    /// A problem's pruned bundle, as its indentation is narrowed.
    Indenting(String),
    /// The finished bundle, as it is checked for crates.
    Bundle,
}

/// A fault at a 1-based line of a text.
#[derive(Debug)]
pub struct CodeError {
    pub line: usize,
    pub fault: Fault,
}

/// What is wrong with a piece of code.
#[derive(Debug)]
pub enum Fault {
    /// A literal or comment still open at the end of the text: which.
    Unterminated(&'static str),
    UnclosedGroup,
    /// An item with no `;` or block to end it.
    NoItemEnd,
    /// An item's keyword (`fn`, `struct`, ...) with no name after it.
    Nameless(String),
    ExternCrate,
    /// What stands in a `use` tree where a name, `{`, `*` or `,` belongs.
    BadUse(String),
    /// A path (as written) to a crate other than through `crate::ext`.
    ReachesCrate {
        path: String,
        krate: String,
    },
    /// A `use` path whose first name is neither a module of the crate nor std.
    NotAModule {
        path: String,
        name: String,
    },
    /// `crate::ext::<crate>` with no `src/standin/<crate>.rs`.
    NoStandin(String),
    /// A path into a stand-in that lacks the public item it names, or (not `public`) a
    /// name below it.
    StandinLacks {
        path: String,
        krate: String,
        name: String,
        public: bool,
    },
    /// `bfs_judge` left in the finished bundle.
    LibraryLeft,
    /// A crate's name in the finished bundle, as `krate::`.
    CrateName(String),
    /// A crate's name in the finished bundle, as `::krate`.
    CratePath(String),
}

impl BundleError {
    /// Cannot `doing` ("read", "list", "run") `path`: `error`.
    pub fn cannot(doing: &'static str, path: impl fmt::Display, error: io::Error) -> BundleError {
        let path = path.to_string();
        BundleError::Io { doing, path, error }
    }
}

impl CodeError {
    /// `fault` at 1-based `line`.
    pub fn new(line: usize, fault: Fault) -> CodeError {
        CodeError { line, fault }
    }

    /// This error, placed in the text it was found in.
    pub fn at(self, place: Place) -> BundleError {
        BundleError::Code { place, error: self }
    }
}

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BundleError::Io { doing, path, error } => write!(f, "cannot {doing} {path}: {error}"),
            BundleError::NoBinary { problem, bins } => write!(
                f,
                "no binary `{problem}` in Cargo.toml (there are: {})",
                bins.join(", ")
            ),
            BundleError::NoModuleFile(module) => write!(f, "no file for module {module}"),
            BundleError::NestedStandin(child) => {
                write!(f, "stand-ins are single files; found `mod {child};`")
            }
            BundleError::Code { place, error } => match place {
                Place::File(file) => write!(f, "{file}: {error}"),
                Place::Pruning(problem) => {
                    write!(f, "{problem}: leaving out unused items: {error}")
                }
                Place::Indenting(problem) => write!(f, "{problem}: {error}"),
                Place::Bundle => write!(f, "bundle {error}"),
            },
            BundleError::TooLarge { problem, bytes } => write!(
                f,
                "{problem}: the bundle is {bytes} bytes, more than the {} allowed (52 KiB, \
                 12 KiB below Codeforces' 64 KiB limit): make the code it holds smaller",
                super::MAX_BYTES
            ),
            BundleError::Rustc {
                command,
                failed,
                stderr,
            } => {
                let how = if *failed { "failed" } else { "warnings" };
                write!(f, "{command}: {how}\n{stderr}")
            }
        }
    }
}

impl std::error::Error for BundleError {}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.fault {
            Fault::Unterminated(what) => write!(f, "unterminated {what}"),
            Fault::UnclosedGroup => f.write_str("unclosed group"),
            Fault::NoItemEnd => f.write_str("cannot find the end of this item"),
            Fault::Nameless(keyword) => write!(f, "`{keyword}` without a name"),
            Fault::ExternCrate => f.write_str("`extern crate`"),
            Fault::BadUse(found) => write!(f, "cannot read this use declaration at `{found}`"),
            Fault::ReachesCrate { path, krate } => write!(
                f,
                "`{path}` reaches the crate `{krate}`: bundles are std-only; call it through \
                 `crate::ext::{krate}` with a stand-in in src/standin/{krate}.rs"
            ),
            Fault::NotAModule { path, name } => write!(
                f,
                "`use {path}` names `{name}`, which is neither a module of this crate nor \
                 std: bundles cannot use crates"
            ),
            Fault::NoStandin(krate) => write!(
                f,
                "`crate::ext::{krate}` has no std-only stand-in (src/standin/{krate}.rs)"
            ),
            Fault::StandinLacks {
                path,
                krate,
                name,
                public,
            } => {
                write!(f, "`{path}`: the stand-in src/standin/{krate}.rs has no ")?;
                match public {
                    true => write!(
                        f,
                        "public `{name}`; extend it (and its test in tests/bundle.rs) first"
                    ),
                    false => write!(f, "`{name}`; extend it first"),
                }
            }
            Fault::LibraryLeft => f.write_str("`bfs_judge` is left"),
            Fault::CrateName(krate) => write!(f, "`{krate}::` names a crate"),
            Fault::CratePath(krate) => write!(f, "`::{krate}` names a crate"),
        }
    }
}
