//! What a failing case shows beyond its verdict and its first differing line, for the
//! problems that can say more: the named mistake of a wrong answer (`wrong tie-break: ...`)
//! and pictures of the case. The judge asks through [`Explain`], a trait object the modes
//! hand it with the problem; our own problems' answers are in `crate::ours`, so the judging
//! layer names no problem. A problem without one shows its verdict and its diff alone.

use std::path::Path;

/// What a failing case of one problem shows. Each method reads the case's files: its input,
/// the program's output (`got`) and the expected answer.
pub trait Explain: Send + Sync {
    /// The detail lines that name the mistake of `got`, a wrong answer under the exact
    /// comparison (none: it has no name, the diff says it all).
    fn mistake(&self, input: &Path, got: &Path, answer: &Path) -> Vec<String>;

    /// The kind of that mistake (`wrong tie-break`), `None` when it has no name: what
    /// `--shrink` keeps while it makes the input smaller.
    fn kind(&self, input: &Path, got: &Path, answer: &Path) -> Option<&'static str>;

    /// Writes the pictures of failing case `name` beside `base` (`BASE.html`...) and returns
    /// the detail lines that show them; none for a case it cannot picture.
    fn pictures(
        &self,
        name: &str,
        base: &Path,
        input: &Path,
        got: &Path,
        answer: &Path,
    ) -> Vec<String>;
}
