//! The plainest format: a folder of `NAME.in` with `NAME.out` or `NAME.ans` (oj's `test/`,
//! cph's and most contest archives'), with the limits of an `info.toml` beside it or in the
//! folder above. An input without an answer (one a contestant wrote) is kept apart, in
//! [`Package::unanswered`], for `test` to run without judging, as `oj test` and cph do. It
//! claims every folder, so it is asked last. Cost: one listing.

use std::path::Path;

use crate::judge::format::files::{name_of, pair_keeping};
use crate::judge::format::info::Info;
use crate::judge::format::{Context, FormatError, Kind, Package, Reader};

pub const READER: Reader = Reader {
    name: "flat",
    looks_for: "NAME.in with NAME.out or NAME.ans",
    claims: |_| true,
    read,
};

fn read(dir: &Path, _: &Context) -> Result<Package, FormatError> {
    let mut warnings = Vec::new();
    let mut unanswered = Vec::new();
    let cases = pair_keeping(
        dir,
        &[".in"],
        dir,
        &[".out", ".ans"],
        "",
        &mut warnings,
        Some(&mut unanswered),
    )?;
    let candidates = [
        dir.parent().map(|p| p.join("info.toml")),
        Some(dir.join("info.toml")),
    ];
    let info_path = candidates.into_iter().flatten().find(|p| p.is_file());
    let info = match &info_path {
        Some(p) => Info::load_foreign(p)?,
        None => Info::default(),
    };
    let mut package = Package::plain(Kind::Flat, name_of(dir), dir.to_path_buf(), cases);
    package.info = info;
    package.info_path = info_path;
    package.warnings = warnings;
    package.unanswered = unanswered;
    Ok(package)
}

#[cfg(test)]
mod tests {
    use std::fs;

    use crate::judge::format::detect;

    #[test]
    fn an_input_alone_is_kept_to_run_and_an_answer_alone_is_skipped() {
        let dir = std::env::temp_dir().join(format!("judge-layout-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        for f in ["10.in", "10.out", "2.in", "2.ans", "3.in", "4.out"] {
            fs::write(dir.join(f), "x").unwrap();
        }
        let p = detect(&dir).unwrap();
        let names: Vec<&str> = p.cases.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["2", "10"]);
        let alone: Vec<&str> = p.unanswered.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(alone, ["3"]);
        assert_eq!(p.warnings.len(), 1, "{:?}", p.warnings);
        assert!(
            p.warnings[0].contains("4.out: no input"),
            "{:?}",
            p.warnings
        );
        fs::remove_dir_all(&dir).unwrap();
    }
}
