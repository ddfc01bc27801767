pub mod external;
pub mod lines;
pub mod named;
pub mod tokens;

use crate::judge::verdict::Verdict;

/// How a program that judges (a checker, an interactor, a manager) is called and how it
/// answers: the one description the format readers fill, checkers (`external`) and
/// interactors (`judge::interact`) follow.
#[derive(Clone, Debug, PartialEq)]
pub enum Protocol {
    /// testlib: `CHECKER INPUT OUTPUT ANSWER`, exit 0 AC, 1 WA, 2 PE, 3 its own failure, 7
    /// points; as an interactor, `INTERACTOR INPUT OUTPUT [ANSWER]` between the program's
    /// pipes.
    Testlib,
    /// Kattis: `VALIDATOR INPUT ANSWER FEEDBACK_DIR/ FLAGS... < OUTPUT`, exit 42 AC, 43 WA;
    /// as an interactor, between the program's pipes. `flags` are the package's (each case
    /// may add its group's).
    Kattis { flags: Vec<String> },
    /// CMS: `CHECKER INPUT ANSWER OUTPUT`, a score in [0, 1] on stdout and the message on
    /// stderr, exit 0.
    Cms,
    /// CMS's Communication manager: `MANAGER U0_TO_M M_TO_U0 ... < INPUT` with `processes`
    /// copies of the program, each over its own pair of FIFOs; it answers as a CMS checker.
    CmsManager { processes: usize },
}

impl Protocol {
    /// The verdict an exit code says where the protocol says it by exit code (testlib: 0,
    /// 1, 2, 7; Kattis: 42, 43); `None` for any other code, and in CMS's, where a score
    /// says it.
    pub fn verdict_of_exit(&self, code: i32) -> Option<Verdict> {
        match (self, code) {
            (Protocol::Testlib, 0) | (Protocol::Kattis { .. }, 42) => Some(Verdict::Ac),
            (Protocol::Testlib, 1) | (Protocol::Kattis { .. }, 43) => Some(Verdict::Wa),
            (Protocol::Testlib, 2) => Some(Verdict::Pe),
            (Protocol::Testlib, 7) => Some(Verdict::Pts),
            _ => None,
        }
    }
}
