//! CMS's formats (issue 28), each a small package of our own written from the formats'
//! public descriptions and kept as a folder of files in `tests/packages/`, with what each run
//! must get in `expect.toml`: the knight problem (fewest knight moves between two squares of
//! an N x N board) as a TPS/IOI export whose contestant writes a function for a grader,
//! judged by a CMS checker that gives partial scores, with subtasks scored as GroupMin and
//! `solutions/EXPECTATION/` folders verified (`cms-tps`); as a Communication task whose
//! manager talks to two copies of the program over FIFOs (`cms-communication`); as an
//! italy_yaml task with file I/O whose inputs are made by `gen/GEN` and whose answers are the
//! official solution's (`cms-italy`); and an OutputOnly task (`cms-output-only`). Besides
//! the knight, `italy-communication`: a Communication task written as CMS's own test task
//! (`con_test`) is, fifo_io, whose manager or program leaves a FIFO unopened.
//!
//! The programs are C++ (a grader is compiled together with the contestant's source), so
//! these tests need g++ and skip without it; the generator is Python 3. The knight packages'
//! answers are checked against the knight oracle.

use std::fs;

use crate::support::{have, installed, knight_moves, make_executable, Package};

/// The knight oracle on a query of the CMS packages: `n r1 c1 r2 c2`, squares from 0.
fn knight(n: i64, r1: i64, c1: i64, r2: i64, c2: i64) -> i64 {
    knight_moves(n, (r1 + 1, c1 + 1), (r2 + 1, c2 + 1))
}

/// The knight oracle's answer to the query `text`.
fn knight_of(text: &str) -> i64 {
    let q: Vec<i64> = text
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    knight(q[0], q[1], q[2], q[3], q[4])
}

/// The TPS export (`cms-tps/knight`), its answers checked against the oracle.
fn tps_package() -> Package {
    let p = Package::copy("cms-tps");
    for e in fs::read_dir(p.path("knight/tests")).unwrap() {
        let input = e.unwrap().path();
        if input.extension().is_some_and(|x| x == "in") {
            let answer = fs::read_to_string(input.with_extension("out")).unwrap();
            let query = fs::read_to_string(&input).unwrap();
            assert_eq!(answer, format!("{}\n", knight_of(&query)), "{query}");
        }
    }
    p
}

#[test]
fn a_tps_export_builds_the_grader_with_the_function_and_scores_by_subtasks() {
    if !have("g++") {
        return;
    }
    let p = tps_package();
    // The contestant's function alone has no main: it links only with the grader (and
    // finds knight.h beside it, as in CMS).
    p.expect("right");
    // One move too many everywhere: the checker's 0.5 on every case, GroupMin's half of each.
    p.expect("one-move-too-many");
    // The CMS checker's score 0 is a wrong answer, not the exit code's "accepted".
    let j = p.expect("zero");
    let want = knight(60, 0, 0, 59, 59);
    assert!(j.stdout.contains(&format!("expected {want}, got 0")), "{j}");
}

#[test]
fn a_tps_export_verifies_its_solution_folders() {
    if !have("g++") {
        return;
    }
    let p = tps_package();
    p.expect("verified");
    // A full-score solution where TPS promises less fails, and says why.
    p.write(
        "knight/solutions/incorrect/right.cpp",
        &p.read("knight/solutions/model_solution/bfs.cpp"),
    );
    p.expect("a-full-score-called-incorrect");
}

#[test]
fn a_communication_task_runs_the_manager_and_two_copies_over_fifos() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("cms-communication");
    p.expect("right");
    // A copy that crashes is RE, whatever the manager then said.
    p.expect("a-copy-crashes");
    p.expect("verified");
}

/// The isolation mechanisms a Communication case is judged under: each opens the FIFOs in
/// its own jail.
const MECHANISMS: [&str; 3] = ["namespaces", "landlock", "none"];

/// Runs `each` under every mechanism at once. These runs mostly wait (a side blocked in its
/// open until a backstop, a manager until its wall limit: 21 s), so they wait side by side
/// rather than one after another (144 s to about 50 s for the manager's test).
fn under_each_mechanism(each: impl Fn(&str) + Sync) {
    std::thread::scope(|s| {
        for mechanism in MECHANISMS {
            let each = &each;
            s.spawn(move || each(mechanism));
        }
    });
}

/// cms-dev/con_test's `communication` hung the judge: its manager reads input.txt and
/// writes to its first FIFO, its stub is CMS's fifo_io, and the judge, which ran it std_io,
/// waited in the supervisor's own open() of the program's stdin for good. Our own task
/// written the same way (`italy-communication`) is judged right; and whatever a manager or a
/// program does with its FIFOs, the case ends at its limits with a verdict that names who
/// did it: the manager's failure a setup error (exit 2), the program's a TLE. The only bound
/// on time is the test support's ten-minute hang backstop.
#[test]
fn no_fifo_a_communication_side_leaves_unopened_hangs_the_judge() {
    if !have("g++") {
        return;
    }
    let p = Package::copy("italy-communication");
    let yaml = p.read("quadrato/task.yaml");
    under_each_mechanism(|mechanism| {
        p.expect_isolated("right", mechanism);
        if have("python3") {
            p.expect_isolated("program-opens-the-other-fifo-first", mechanism);
        }
    });
    p.write("quadrato/task.yaml", &format!("{yaml}user_io: both\n"));
    p.expect("unknown-user-io");
}

/// The manager's side of [`no_fifo_a_communication_side_leaves_unopened_hangs_the_judge`]:
/// a manager that opens the other FIFO first (under std_io), or none, is named.
#[test]
fn a_communication_manager_that_never_opens_a_fifo_is_named() {
    if !have("g++") {
        return;
    }
    // Two copies, so that both managers' runs wait side by side too.
    let std_io = Package::copy("italy-communication");
    let yaml = std_io.read("quadrato/task.yaml");
    std_io.write("quadrato/task.yaml", &format!("{yaml}user_io: std_io\n"));
    let sleeps = Package::copy("italy-communication");
    sleeps.write(
        "quadrato/check/manager.cpp",
        &sleeps.read("managers/sleeps.cpp"),
    );
    under_each_mechanism(|mechanism| {
        std::thread::scope(|s| {
            s.spawn(|| std_io.expect_isolated("manager-opens-the-other-fifo-first", mechanism));
            sleeps.expect_isolated("manager-never-opens", mechanism);
        });
    });
}

#[test]
fn an_italy_yaml_task_makes_its_tests_and_judges_file_io() {
    if !have("g++") || !have("python3") {
        return;
    }
    let p = Package::copy("cms-italy");
    p.expect("right");
    // A program that prints instead of writing output.txt: WA, and no output.txt anywhere
    // in the user's folder.
    p.expect("prints-to-stdout");
    assert!(!p.path("cavallo/output.txt").exists() && !p.path("cavallo/sol/output.txt").exists());
    // A wrong answer on the big boards only: the 60-point subtask is lost.
    p.expect("wrong-on-the-big-boards");
    p.expect("verified");
}

/// Issue 44: a task's gen/ of shell scripts (a script with no `#!`, links to /bin/echo and
/// /bin/true) makes its inputs as cmsMake makes them, output-only tasks' too; the official
/// solution, which reads input.txt only `#ifdef EVAL`, is built as CMS builds it, for the
/// answers and when judged; a validator's traceback is shown by its error; graders of C and
/// C++ each go with their language's solutions; a Java source is compiled as TASK.java.
#[test]
fn italy_yaml_shell_generators_and_eval_builds() {
    if !have("g++") || !have("python3") {
        return;
    }
    let p = Package::copy("italy-shell");
    assert!(
        fs::symlink_metadata(p.path("eco/gen/generatore.sh")).is_ok_and(|m| m.is_symlink()),
        "the copy keeps the package's links"
    );
    for run in [
        "built-as-cms",
        "verified",
        "output-only-by-echo",
        "validator-traceback",
        "graders-by-language",
    ] {
        p.expect(run);
    }
    if have("javac") {
        p.expect("java-as-task");
    }
}

#[test]
fn italy_yaml_answers_are_the_bfs_answers() {
    // The generated answers checked against the knight oracle: the reader's answers are the
    // official solution's output, kept in the package's cache.
    if !have("g++") || !have("python3") {
        return;
    }
    let p = Package::copy("cms-italy");
    // A program that prints the oracle's answer for each input proves the made answers equal
    // them: every case AC.
    let table: String = [
        [8, 0, 0, 7, 7],
        [5, 0, 0, 4, 4],
        [6, 2, 2, 2, 3],
        [60, 0, 0, 59, 59],
        [50, 3, 7, 41, 22],
    ]
    .iter()
    .map(|[n, a, b, c, d]| {
        format!(
            "\"{n} {a} {b} {c} {d}\") echo {} > output.txt;;\n",
            knight(*n, *a, *b, *c, *d)
        )
    })
    .collect();
    let script = p.path("table.sh");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\ncase \"$(cat input.txt)\" in\n{table}*) echo none > output.txt;;\nesac\n"
        ),
    )
    .unwrap();
    make_executable(&script);
    let j = p.judge(&["--tests", "{dir}/cavallo", "--cmd", &p.arg("table.sh")]);
    assert_eq!(j.tally(), (5, 0), "{j}");
}

#[test]
fn a_cms_checker_that_prints_no_score_is_a_setup_error() {
    if !have("g++") {
        return;
    }
    let p = tps_package();
    // testlib's habit (a verdict word, exit 0) where CMS wants a number from 0 to 1.
    p.write(
        "knight/checker/checker.cpp",
        "#include <cstdio>\nint main() { printf(\"ok\\n\"); }\n",
    );
    p.expect("a-checker-without-a-score");
}

#[test]
fn an_output_only_task_judges_the_files_handed_in_and_scores_them_by_subtask() {
    let p = Package::copy("cms-output-only");
    // 000 right, 001 wrong, 002 not handed in (and a file named as no case is).
    p.expect("handed-in");
    // All three right: the whole score.
    p.write("handed/output_001.txt", "12\n");
    fs::rename(
        p.path("handed/output_2.txt"),
        p.path("handed/output_002.txt"),
    )
    .unwrap();
    p.expect("all-handed-in");
}

#[test]
fn an_output_only_task_judges_a_program_that_writes_the_outputs() {
    if !have("python3") {
        return;
    }
    let p = Package::copy("cms-output-only");
    p.expect("a-program");
    // verify: the folders of outputs and the program, each under its folder's promise.
    p.expect("verified");
}

#[test]
fn outputs_are_refused_where_nothing_is_handed_in() {
    let p = Package::copy("cms-output-only");
    fs::create_dir_all(p.path("none")).unwrap();
    // A flat folder of tests is no output-only task; no package at all, or a folder that is
    // not there.
    for run in [
        "refused-for-a-flat-folder",
        "refused-without-a-package",
        "refused-for-no-folder",
    ] {
        p.expect(run);
    }
    // Modes that judge programs on inputs they make refuse it as clap refuses an option.
    let (dir, cache, none) = (&p.dir, p.path("cache"), p.arg("none"));
    let j = installed(dir, &cache, &["stress", "chase", "--outputs", &none]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("unexpected argument '--outputs'"), "{j}");
    let sums = p.arg("sums");
    let j = installed(
        dir,
        &cache,
        &[
            "test",
            "--tests",
            &sums,
            "--cmd",
            "true",
            "--outputs",
            &none,
        ],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("cannot be used with"), "{j}");
}
