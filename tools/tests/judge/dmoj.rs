//! DMOJ problems (issue 28), each written from DMOJ's documentation of `init.yml` and kept as
//! a folder of files in `tests/packages/` with what each run must get in `expect.toml`: the
//! knight problem (fewest knight moves between two squares of an n x n board, one query a
//! line) with its data in a zip, a 0-point pretest, a plain case and two batches, one of
//! which depends on the other; a file beside `init.yml` read before the archive's; DMOJ's
//! testsuite expectations (`tests/*/test.yml`) for `verify`; DMOJ's named checkers (`floats`
//! with `precision`, `linecount`'s partial points) and the errors for a checker the judge
//! does not run. The answers are checked here against the knight oracle; the programs judged
//! are awk (`knight.awk`) and Python.

use std::fs;
use std::io::Write;
use std::path::Path;

use crate::support::{have, knight_moves, Package};

/// The knight problem as a DMOJ problem (`dmoj-knight/knight`), its archive `knight.zip`
/// zipped here (deflated) from `archive/`: every file but one answer, which lies beside
/// `init.yml` (DMOJ reads the folder first). Every answer is the knight oracle's, but the
/// archive's `big.2.out`, which is wrong on purpose.
fn knight_problem() -> Package {
    let p = Package::copy("dmoj-knight");
    let archive = p.path("archive");
    let mut names: Vec<String> = fs::read_dir(&archive)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let mut zip = zip::ZipWriter::new(fs::File::create(p.path("knight/knight.zip")).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for name in &names {
        zip.start_file(name.as_str(), options).unwrap();
        zip.write_all(&fs::read(archive.join(name)).unwrap())
            .unwrap();
    }
    zip.finish().unwrap();
    assert_eq!(
        oracle(&archive.join("knight.p0.in")),
        "-1\n4\n",
        "the oracle"
    );
    for name in names.iter().filter_map(|n| n.strip_suffix(".in")) {
        let answer = match name {
            "big.2" => p.path("knight/big.2.out"),
            _ => archive.join(format!("{name}.out")),
        };
        let input = archive.join(format!("{name}.in"));
        assert_eq!(
            fs::read_to_string(&answer).unwrap(),
            oracle(&input),
            "{name}"
        );
    }
    assert_eq!(
        fs::read_to_string(archive.join("big.2.out")).unwrap(),
        "0\n"
    );
    p
}

/// The knight oracle's answers to the queries of an input (`n`, then `r1 c1 r2 c2` a line).
fn oracle(input: &Path) -> String {
    let text = fs::read_to_string(input).unwrap();
    let mut lines = text.lines();
    let n: i64 = lines.next().unwrap().trim().parse().unwrap();
    lines
        .map(|l| {
            let q: Vec<i64> = l.split_whitespace().map(|x| x.parse().unwrap()).collect();
            format!("{}\n", knight_moves(n, (q[0], q[1]), (q[2], q[3])))
        })
        .collect()
}

fn listing(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_dmoj_problem_with_a_zip_scores_its_batches_dependencies_and_pretest() {
    let p = knight_problem();
    let before = listing(&p.path("knight"));
    p.expect("right");
    // The archive was read where it lies: nothing was unpacked into the problem, and what
    // the cases needed was copied into the judge's cache.
    assert_eq!(
        listing(&p.path("knight")),
        before,
        "the problem folder changed"
    );
    let copied: usize = fs::read_dir(p.path("cache/bfs-judge/formats"))
        .unwrap()
        .map(|d| {
            fs::read_dir(d.unwrap().path().join("archive"))
                .unwrap()
                .count()
        })
        .sum();
    assert_eq!(
        copied, 11,
        "11 files come from the archive, big.2.out from the folder"
    );
    // Wrong on the big boards only, on one small board, on the 0-point pretest.
    for run in ["wrong-on-60", "wrong-on-8", "wrong-on-6", "wrong-on-3"] {
        p.expect(run);
    }
}

#[test]
fn a_dmoj_archive_missing_a_file_names_what_it_holds() {
    let p = knight_problem();
    let init = p.read("knight/init.yml");
    p.write("knight/init.yml", &init.replace("small.2.in", "small.3.in"));
    p.expect("a-missing-file");
}

#[test]
fn dmoj_named_checkers_decide_with_their_arguments() {
    let p = Package::copy("dmoj-checkers");
    p.expect("floats");
    p.expect("linecount");
    p.expect("linecount-on-a-tle");
}

#[test]
fn a_dmoj_bridged_checkers_flags_reach_its_compiler() {
    if !have("gcc") {
        return;
    }
    Package::copy("dmoj-checkers").expect("bridged-flags");
}

#[test]
fn a_dmoj_testlib_bridge_awards_the_points_its_checker_names_of_the_cases_own() {
    let p = Package::copy("dmoj-checkers");
    p.expect("testlib-points");
    p.write("testlib/0.in", "12\n");
    p.expect("testlib-over");
    p.write("testlib/0.in", "2.5\n");
    p.expect("testlib-not-whole");
    // The default bridge knows exit codes 0 and 1 only.
    p.expect("default-bridge");
    p.write("default/1.in", "pe\n");
    p.expect("default-bridge-exit-2");
}

/// A signature grader's problem is judged as DMOJ builds it (the handler and header with the
/// submission's functions), by `test` on a source as by `verify`.
#[test]
fn a_dmoj_signature_grader_builds_the_submission_with_its_handler() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("dmoj-signature");
    p.expect("test-a-source");
    p.expect("verify");
    p.expect("verify-c-handler");
}

#[test]
fn a_dmoj_checker_the_judge_does_not_run_is_named() {
    let p = Package::copy("dmoj-checkers");
    for run in ["fuzzy", "check-py", "error-mode"] {
        p.expect(run);
    }
}

#[test]
fn a_time_limit_factor_scales_the_limit_in_force_and_the_header_says_why() {
    let p = Package::copy("dmoj-factor");
    // init.yml holds no limits (DMOJ keeps them on its site): the default, scaled.
    for run in ["the-default", "scaled", "a-factor-of-0"] {
        p.expect(run);
    }
    // verify: the package's own limit, scaled, said in its header.
    p.expect("verify-scaled");
    p.expect("verify");
}

#[test]
fn a_folder_where_no_format_finds_a_case_is_told_what_it_holds_and_what_was_looked_for() {
    // A DMOJ problem's data without its init.yml: the names never pair by stem.
    Package::copy("dmoj-nothing").expect("nothing-found");
}

#[test]
fn verify_judges_a_dmoj_problem_by_its_testsuite_expectations() {
    knight_problem().expect("verified");
}
