//! Codeforces Polygon packages (issue 28), as packages of our own written from the format's
//! public description and kept as folders of files in `tests/packages/`, with what each run
//! must get in `expect.toml`: the knight problem (fewest knight moves between two squares of
//! an N x N board, -1 when there is no way), with two manual samples (one without its
//! answer), tests made by a generator from `problem.xml`'s `cmd` lines and by a generator that
//! writes several files (`from-file`), answers made by the `main` solution, three groups
//! (points, complete-group and each-test, dependencies), a testlib checker and generators
//! built from `files/` with the `testlib.h` there (a stand-in of our own, not testlib), and a
//! solution for each of Polygon's tags (`polygon-knight`); an interactive package
//! (`polygon-guess`); a package with two testsets (`polygon-testsets`).
//!
//! Everything is C++ (the format's language; g++ builds the checker anyway): without g++
//! the tests say so and check nothing.

use std::fs;
use std::path::{Path, PathBuf};

use crate::support::{have, knight_moves, Package};

/// The one cache folder of the package (`formats/knight-HASH`).
fn package_cache(cache: &Path) -> PathBuf {
    let formats = cache.join("bfs-judge/formats");
    let mut found: Vec<PathBuf> = fs::read_dir(&formats)
        .unwrap_or_else(|e| panic!("{}: {e}", formats.display()))
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(found.len(), 1, "{found:?}");
    found.pop().unwrap()
}

/// Builds `src` (in the package's copy) with g++ into `{dir}/NAME`, for `--cmd`.
fn built(p: &Package, src: &str, name: &str) -> String {
    let exe = p.path(name);
    let ok = std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(p.path(src))
        .status()
        .unwrap()
        .success();
    assert!(ok, "g++ {src}");
    exe.display().to_string()
}

/// (path, modification time) of each file in `d`, sorted.
fn stamps(d: &Path) -> Vec<(PathBuf, std::time::SystemTime)> {
    let mut v: Vec<_> = fs::read_dir(d)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (e.path(), e.metadata().unwrap().modified().unwrap())
        })
        .collect();
    v.sort();
    v
}

#[test]
fn a_polygon_package_is_generated_judged_and_scored_by_its_groups() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("polygon-knight");
    // One off on the board of 61 only: WA on test 07, which costs its own 10 points alone
    // (the large group is each-test), not the 40 of the complete-group small.
    let odd = built(&p, "knight/solutions/odd.cpp", "odd");
    let j = p.expect("odd");
    let verdicts = j.verdicts();

    // The generated inputs are what the generators make of the cmd lines, the answers
    // what main makes of them (sample 1's own answer file is taken as it is).
    let pc = package_cache(&p.path("cache"));
    let inputs = pc.join("inputs");
    let mut made: Vec<String> = fs::read_dir(&inputs)
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    made.sort();
    assert_eq!(made.len(), 6, "{made:?}");
    for corner in ["60 1 1 60 60\n", "61 1 1 61 61\n", "62 1 1 62 62\n"] {
        assert!(made.contains(&corner.to_string()), "{made:?}");
    }
    let answers: Vec<String> = fs::read_dir(pc.join("answers"))
        .unwrap()
        .map(|e| fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    assert_eq!(answers.len(), 7, "all but sample 1's: {answers:?}");
    for input in &made {
        let v: Vec<i64> = input
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let want = format!("{}\n", knight_moves(v[0], (v[1], v[2]), (v[3], v[4])));
        assert!(
            answers.contains(&want),
            "no answer {want:?} for {input:?}: {answers:?}"
        );
    }
    assert!(
        answers.contains(&"0\n".to_string()),
        "sample 2's: {answers:?}"
    );
    assert!(
        !p.path("knight/tests/03").exists(),
        "the package is left as it was"
    );

    // Again with the build folder gone: all is cached by content, nothing is built or run.
    let build = pc.join("build");
    assert!(
        build.is_dir(),
        "generators and main are built in the package's cache"
    );
    let before = (stamps(&inputs), stamps(&pc.join("answers")));
    fs::remove_dir_all(&build).unwrap();
    let args = ["--tests", "{dir}/knight", "--cmd", &odd];
    let again = p.judge(&args);
    assert_eq!(again.verdicts(), verdicts, "{again}");
    assert!(!build.exists(), "a cached package was built again");
    assert!(!again.stderr.contains("making the tests"), "{again}");
    assert_eq!((stamps(&inputs), stamps(&pc.join("answers"))), before);

    // A changed cmd line is a new test: made anew, beside the old.
    let xml = p.read("knight/problem.xml");
    p.write("knight/problem.xml", &xml.replace("gen 5 3", "gen 6 3"));
    let changed = p.judge(&args);
    assert_eq!(changed.verdicts(), verdicts, "{changed}");
    assert_eq!(fs::read_dir(&inputs).unwrap().count(), 7);
}

#[test]
fn a_broken_polygon_package_is_a_setup_error_that_names_what() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("polygon-knight");
    let xml = p.read("knight/problem.xml");
    let cases = [
        // A generator that is not there.
        (
            xml.replace("cmd=\"gen 8 2\"", "cmd=\"nogen 8 2\""),
            "no generator nogen",
        ),
        // One that fails.
        (
            xml.replace("cmd=\"gen 8 2\"", "cmd=\"gen 8\""),
            "exited with code 1: usage: gen N SEED",
        ),
        // A count that does not match.
        (
            xml.replace("<test-count>8", "<test-count>9"),
            "<test-count>9</test-count>",
        ),
    ];
    let args = ["--tests", "{dir}/knight", "--cmd", "cat"];
    for (text, said) in cases {
        p.write("knight/problem.xml", &text);
        let j = p.judge(&args);
        assert_eq!(j.code, Some(2), "{j}");
        assert!(j.stderr.contains(said), "missing `{said}`:\n{j}");
        assert!(j.verdicts().is_empty(), "{j}");
    }
    // A manual test whose file is missing.
    p.write("knight/problem.xml", &xml);
    fs::remove_file(p.path("knight/tests/02")).unwrap();
    let j = p.judge(&args);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("test 2 is manual, but its input tests/02 is not in the package"),
        "{j}"
    );
}

#[test]
fn verify_judges_every_tagged_solution_by_what_its_tag_allows() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("polygon-knight");
    p.expect("verified");
    // Tags that do not fit: a WA solution said accepted, an accepted one said too slow, a
    // too slow one said wrong, a crashing one said wrong (RE is not WA).
    p.write("knight/problem.xml", &p.read("wrong-tags/problem.xml"));
    p.expect("wrong-tags");
}

#[test]
fn a_polygon_package_with_file_io_reads_and_writes_its_files() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("polygon-knight");
    // The main solution reads knight.in and writes knight.out, so its answers are made so.
    p.write("knight/problem.xml", &p.read("file-io/problem.xml"));
    p.write("knight/solutions/files.cpp", &p.read("file-io/files.cpp"));
    // Reading stdin (empty) and writing stdout (not judged) fails.
    p.expect("file-io-verified");
    built(&p, "knight/solutions/files.cpp", "files");
    p.expect("file-io");
    assert!(!p.path("knight/knight.out").exists() && !p.path("knight.out").exists());
}

#[test]
fn an_interactive_polygon_package_runs_its_interactor_then_its_checker() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("polygon-guess");
    p.expect("verified");
    built(&p, "guess/solutions/halves.cpp", "halves");
    p.expect("halves");
    built(&p, "guess/solutions/counts.cpp", "counts");
    // The checker's word on what the interactor wrote.
    p.expect("counts");
}

#[test]
fn testset_chooses_pretests_and_an_unknown_one_lists_those_there() {
    let p = Package::copy("polygon-testsets");
    for run in ["tests", "pretests", "an-unknown-testset"] {
        p.expect(run);
    }
    // A format without testsets says so rather than judging something else.
    p.expect("a-format-without-testsets");
}

/// Issue 44: a main solution that reads a local file unless ONLINE_JUDGE is defined makes the
/// answers, and is judged AC on its own package: built as Codeforces builds it.
#[test]
fn the_main_solution_is_built_as_codeforces_builds_it() {
    if !have("g++") {
        return;
    }
    Package::copy("polygon-online-judge").expect("main-as-codeforces");
}
