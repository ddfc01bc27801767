//! The headless browser the page tests drive (`tools/tests/show.rs`, `judge/why.rs`): one
//! finder for both, included by path into each test crate.

use std::path::PathBuf;

/// The headless browser, if one is installed (`CHROMIUM` names another).
pub fn chromium() -> Option<PathBuf> {
    let names = std::env::var("CHROMIUM")
        .into_iter()
        .chain(["chromium", "chromium-browser", "google-chrome"].map(String::from));
    for name in names {
        let path = PathBuf::from(&name);
        if path.is_absolute() && path.is_file() {
            return Some(path);
        }
        for dir in std::env::split_paths(&std::env::var_os("PATH")?) {
            if dir.join(&name).is_file() {
                return Some(dir.join(&name));
            }
        }
    }
    None
}
