//! CMS's formats (issue 28), each a small package written here from the formats' public
//! descriptions: the knight problem (fewest knight moves between two squares of an N x N
//! board) as a TPS/IOI export whose contestant writes a function for a grader, judged by a
//! CMS checker that gives partial scores, with subtasks scored as GroupMin and
//! `solutions/EXPECTATION/` folders verified; as a Communication task whose manager talks to
//! two copies of the program over FIFOs; and as an italy_yaml task with file I/O whose
//! inputs are made by `gen/GEN` and whose answers are the official solution's.
//!
//! The programs are C++ (a grader is compiled together with the contestant's source), so
//! these tests need g++ and skip without it; the generator is Python 3.

use std::fs;
use std::path::{Path, PathBuf};

use crate::support::{have, installed, judge, knight_moves, scratch, write_files, Judged};

/// The knight oracle on a query of these packages: squares from 0.
fn knight(n: i64, r1: i64, c1: i64, r2: i64, c2: i64) -> i64 {
    knight_moves(n, (r1 + 1, c1 + 1), (r2 + 1, c2 + 1))
}

/// The queries: (case name, n r1 c1 r2 c2).
const QUERIES: &[(&str, [i64; 5])] = &[
    ("0-01", [8, 0, 0, 7, 7]),
    ("1-01", [5, 0, 0, 4, 4]),
    ("1-02", [6, 2, 2, 2, 3]),
    ("2-01", [60, 0, 0, 59, 59]),
    ("2-02", [50, 3, 7, 41, 22]),
];

/// The contestant's side: `int knight(int n, int r1, int c1, int r2, int c2);`.
const HEADER: &str = "int knight(int n, int r1, int c1, int r2, int c2);\n";

/// A correct contestant's function.
const BFS: &str = r#"#include "knight.h"
#include <vector>
#include <queue>
int knight(int n, int r1, int c1, int r2, int c2) {
    std::vector<int> d(n * n, -1);
    std::queue<int> q;
    d[r1 * n + c1] = 0;
    q.push(r1 * n + c1);
    int dr[] = {1, 2, -1, -2, 1, 2, -1, -2}, dc[] = {2, 1, 2, 1, -2, -1, -2, -1};
    while (!q.empty()) {
        int v = q.front(); q.pop();
        for (int k = 0; k < 8; k++) {
            int r = v / n + dr[k], c = v % n + dc[k];
            if (r >= 0 && r < n && c >= 0 && c < n && d[r * n + c] < 0) {
                d[r * n + c] = d[v] + 1;
                q.push(r * n + c);
            }
        }
    }
    return d[r2 * n + c2];
}
"#;

/// The knight problem as a TPS export: the grader reads the query and prints the function's
/// answer; the checker gives 1 for the answer, 0.5 for one move too many, else 0.
fn tps_package(root: &Path) -> PathBuf {
    let dir = root.join("knight");
    let mut files: Vec<(String, String)> = vec![
        (
            "problem.json".into(),
            r#"{"code": "knight", "name": "Knight", "time_limit": 1.0,
                "memory_limit": 268435456, "task_type": "Batch",
                "task_type_params": "{\"task_type_parameters_Batch_compilation\": \"grader\"}"}"#
                .into(),
        ),
        (
            "subtasks/00-samples.json".into(),
            r#"{"score": 0, "testcases": ["0-01"]}"#.into(),
        ),
        (
            "subtasks/01-small.json".into(),
            r#"{"score": 30, "testcases": ["0-01", "1-01", "1-02"]}"#.into(),
        ),
        (
            "subtasks/02-full.json".into(),
            r#"{"score": 70, "testcases": ["0-01", "1-01", "1-02", "2-01", "2-02"]}"#.into(),
        ),
        ("graders/knight.h".into(), HEADER.into()),
        (
            "graders/grader.cpp".into(),
            r#"#include "knight.h"
#include <cstdio>
int main() {
    int n, r1, c1, r2, c2;
    if (scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    printf("%d\n", knight(n, r1, c1, r2, c2));
}
"#
            .into(),
        ),
        (
            "checker/checker.cpp".into(),
            r#"#include <cstdio>
// CMS's protocol: checker INPUT ANSWER OUTPUT; the score on stdout, the message on stderr.
int main(int argc, char **argv) {
    FILE *ans = fopen(argv[2], "r"), *out = fopen(argv[3], "r");
    long want, got;
    if (fscanf(ans, "%ld", &want) != 1) return 1;
    if (fscanf(out, "%ld", &got) != 1) { printf("0\n"); fprintf(stderr, "translate:wrong\n"); return 0; }
    if (got == want) { printf("1\n"); fprintf(stderr, "translate:success\n"); }
    else if (got == want + 1) { printf("0.5\n"); fprintf(stderr, "one move too many\n"); }
    else { printf("0\n"); fprintf(stderr, "expected %ld, got %ld\n", want, got); }
}
"#
            .into(),
        ),
        ("solutions/model_solution/bfs.cpp".into(), BFS.into()),
        (
            "solutions/partially_correct/one_more.cpp".into(),
            BFS.replace("return d[r2 * n + c2];", "return d[r2 * n + c2] + 1;"),
        ),
        (
            "solutions/incorrect/small_only.cpp".into(),
            BFS.replace("int knight(int n,", "int knight0(int n,")
                + "int knight(int n, int a, int b, int c, int d) { return n > 10 ? 0 : knight0(n, a, b, c, d); }\n",
        ),
        (
            "solutions/time_limit/spins.cpp".into(),
            BFS.replace("int knight(int n,", "int knight0(int n,")
                + "int knight(int n, int a, int b, int c, int d) { volatile long x = 0; if (n > 10) for (;;) x++; return knight0(n, a, b, c, d); }\n",
        ),
        (
            "solutions/runtime_error/aborts.cpp".into(),
            BFS.replace("int knight(int n,", "int knight0(int n,")
                + "#include <cstdlib>\nint knight(int n, int a, int b, int c, int d) { if (n > 10) abort(); return knight0(n, a, b, c, d); }\n",
        ),
    ];
    for (name, q) in QUERIES {
        let [n, r1, c1, r2, c2] = *q;
        files.push((
            format!("tests/{name}.in"),
            format!("{n} {r1} {c1} {r2} {c2}\n"),
        ));
        files.push((
            format!("tests/{name}.out"),
            format!("{}\n", knight(n, r1, c1, r2, c2)),
        ));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write_files(&dir, &borrowed);
    dir
}

fn line_with<'a>(j: &'a Judged, what: &str) -> &'a str {
    j.stdout
        .lines()
        .find(|l| l.contains(what))
        .unwrap_or_else(|| panic!("no line with `{what}`:\n{j}"))
}

#[test]
fn a_tps_export_builds_the_grader_with_the_function_and_scores_by_subtasks() {
    if !have("g++") {
        return;
    }
    let dir = scratch("cms-tps");
    let p = tps_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    // The contestant's function alone has no main: it links only with the grader (and
    // finds knight.h beside it, as in CMS).
    let mine = dir.join("mine.cpp");
    fs::write(&mine, BFS).unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(j.stdout.contains("CMS task (problem.json)"), "{j}");
    assert!(
        j.stdout
            .contains("score: 100 of 100 (AC): 00-samples 0, 01-small 30, 02-full 70"),
        "{j}"
    );
    assert_eq!(j.tally(), (5, 0), "{j}");
    // One move too many everywhere: the checker's 0.5 on every case, GroupMin's half of each.
    fs::write(
        &mine,
        BFS.replace("return d[r2 * n + c2];", "return d[r2 * n + c2] + 1;"),
    )
    .unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(
        j.stdout
            .contains("score: 50 of 100 (PTS): 00-samples 0, 01-small 15, 02-full 35"),
        "{j}"
    );
    assert!(j.stdout.contains("one move too many"), "{j}");
    // The CMS checker's score 0 is a wrong answer, not the exit code's "accepted".
    fs::write(&mine, BFS.replace("return d[r2 * n + c2];", "return 0;")).unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(line_with(&j, "knight/2-01").starts_with("WA"), "{j}");
    let want = knight(60, 0, 0, 59, 59);
    assert!(j.stdout.contains(&format!("expected {want}, got 0")), "{j}");
    assert!(j.stdout.contains("score: 0 of 100"), "{j}");
}

#[test]
fn a_tps_export_verifies_its_solution_folders() {
    if !have("g++") {
        return;
    }
    let dir = scratch("cms-verify");
    let p = tps_package(&dir);
    let out = dir.join("out");
    let j = judge(&out, &["verify", &p.display().to_string()]);
    for line in [
        "OK    model_solution/bfs.cpp",
        "OK    partially_correct/one_more.cpp",
        "OK    incorrect/small_only.cpp",
        "OK    time_limit/spins.cpp",
        "OK    runtime_error/aborts.cpp",
        "5 passed, 0 failed",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert!(line_with(&j, "small_only").contains("score 30"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
    // A full-score solution where TPS promises less fails, and says why.
    fs::create_dir_all(p.join("solutions/incorrect")).unwrap();
    fs::write(p.join("solutions/incorrect/right.cpp"), BFS).unwrap();
    let j = judge(&out, &["verify", &p.display().to_string()]);
    assert!(j.stdout.contains("FAIL  incorrect/right.cpp"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
}

/// The knight problem as a Communication task with two processes: the manager sends each
/// copy the query, copy `i` (its index CMS's last argument) answers `i DISTANCE`; the
/// manager scores 1 when both are right.
fn communication_package(root: &Path) -> PathBuf {
    let dir = root.join("knightcomm");
    let mut files: Vec<(String, String)> = vec![
        (
            "problem.json".into(),
            r#"{"code": "knightcomm", "time_limit": 1.0, "memory_limit": 268435456,
                "task_type": "Communication",
                "task_type_params": "{\"task_type_parameters_Communication_num_processes\": 2}"}"#
                .into(),
        ),
        ("graders/knight.h".into(), HEADER.into()),
        (
            "graders/stub.cpp".into(),
            r#"#include "knight.h"
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
    int id = argc > 1 ? atoi(argv[1]) : -1, n, r1, c1, r2, c2;
    if (scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 0;
    printf("%d %d\n", id, knight(n, r1, c1, r2, c2));
    fflush(stdout);
}
"#
            .into(),
        ),
        (
            "graders/manager.cpp".into(),
            BFS.replace("#include \"knight.h\"", "#include <cstdio>")
                + r#"
// CMS's Communication manager: MANAGER U0_TO_M M_TO_U0 U1_TO_M M_TO_U1 < INPUT; it
// answers as a CMS checker. It opens its way to each copy first, as CMS's managers do.
int main(int argc, char **argv) {
    int n, r1, c1, r2, c2;
    if (argc != 5 || scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    FILE *to[2], *from[2];
    for (int i = 0; i < 2; i++) {
        to[i] = fopen(argv[2 + 2 * i], "w");
        from[i] = fopen(argv[1 + 2 * i], "r");
    }
    for (int i = 0; i < 2; i++) {
        fprintf(to[i], "%d %d %d %d %d\n", n, r1, c1, r2, c2);
        fflush(to[i]);
    }
    int want = knight(n, r1, c1, r2, c2), right = 1;
    for (int i = 0; i < 2; i++) {
        int id = -1, got = -1;
        if (fscanf(from[i], "%d %d", &id, &got) != 2 || id != i || got != want) right = 0;
    }
    printf("%d\n", right);
    fprintf(stderr, right ? "translate:success\n" : "translate:wrong\n");
}
"#,
        ),
        ("solutions/model_solution/bfs.cpp".into(), BFS.into()),
        (
            "solutions/incorrect/one_more.cpp".into(),
            BFS.replace("return d[r2 * n + c2];", "return d[r2 * n + c2] + 1;"),
        ),
    ];
    for (name, [n, r1, c1, r2, c2]) in QUERIES {
        files.push((
            format!("tests/{name}.in"),
            format!("{n} {r1} {c1} {r2} {c2}\n"),
        ));
        files.push((format!("tests/{name}.out"), String::new()));
    }
    let borrowed: Vec<(&str, &str)> = files
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    write_files(&dir, &borrowed);
    dir
}

#[test]
fn a_communication_task_runs_the_manager_and_two_copies_over_fifos() {
    if !have("g++") {
        return;
    }
    let dir = scratch("cms-comm");
    let p = communication_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let mine = dir.join("mine.cpp");
    fs::write(&mine, BFS.replace("#include \"knight.h\"", "")).unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(j.stdout.contains("CMS manager"), "{j}");
    assert!(j.stdout.contains("with 2 processes"), "{j}");
    assert_eq!(j.tally(), (5, 0), "{j}");
    // No subtasks: CMS's Sum, 100 over the five cases.
    assert!(j.stdout.contains("score: 100 of 100 (AC)"), "{j}");
    // A copy that crashes is RE, whatever the manager then said.
    fs::write(
        &mine,
        BFS.replace("#include \"knight.h\"", "#include <cstdlib>")
            .replace(
                "return d[r2 * n + c2];",
                "if (n > 10) abort(); return d[r2 * n + c2];",
            ),
    )
    .unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(line_with(&j, "knightcomm/2-01").starts_with("RE"), "{j}");
    assert!(line_with(&j, "knightcomm/1-01").starts_with("AC"), "{j}");
    assert!(j.stdout.contains("score: 60 of 100"), "{j}");
    let j = judge(&out, &["verify", &p_s]);
    assert!(j.stdout.contains("OK    model_solution/bfs.cpp"), "{j}");
    assert!(j.stdout.contains("OK    incorrect/one_more.cpp"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
}

/// The knight problem as an italy_yaml task with file I/O (`input.txt`, `output.txt`): no
/// `input/` or `output/`, so the generator makes the inputs from `gen/GEN` (two subtasks
/// and a copied example) and the official solution the answers.
fn italy_package(root: &Path) -> PathBuf {
    let dir = root.join("cavallo");
    let solution = BFS.replace("#include \"knight.h\"", "#include <cstdio>")
        + r#"int main() {
    FILE *in = fopen("input.txt", "r"), *out = fopen("output.txt", "w");
    int n, r1, c1, r2, c2;
    if (!in || fscanf(in, "%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    fprintf(out, "%d\n", knight(n, r1, c1, r2, c2));
}
"#;
    write_files(
        &dir,
        &[
            (
                "task.yaml",
                "name: cavallo\ntitle: Il cavallo\ntime_limit: 1.0\nmemory_limit: 256\ninfile: input.txt\noutfile: output.txt\n",
            ),
            (
                "gen/GEN",
                "# N R1 C1 R2 C2\n#ST: 0\n#COPY: testo/esempio.txt\n\n#ST: 40\n5 0 0 4 4\n6 2 2 2 3\n#ST: 60\n60 0 0 59 59\n50 3 7 41 22 # grande\n",
            ),
            ("gen/generatore.py", "#!/usr/bin/env python3\nimport sys\nprint(' '.join(sys.argv[1:]))\n"),
            (
                "gen/valida.py",
                "#!/usr/bin/env python3\nimport sys\nn, a, b, c, d = map(int, open(sys.argv[1]).read().split())\nassert all(0 <= x < n for x in (a, b, c, d))\n",
            ),
            ("testo/esempio.txt", "8 0 0 7 7\n"),
            ("sol/soluzione.cpp", &solution),
            (
                "sol/stdout.cpp",
                &solution.replace("fopen(\"output.txt\", \"w\")", "stdout"),
            ),
        ],
    );
    dir
}

#[test]
fn an_italy_yaml_task_makes_its_tests_and_judges_file_io() {
    if !have("g++") || !have("python3") {
        return;
    }
    let dir = scratch("italy-yaml");
    let p = italy_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let sol = p.join("sol/soluzione.cpp").display().to_string();
    let j = judge(&out, &["--tests", &p_s, "--cmd", &sol]);
    assert!(j.stdout.contains("italy_yaml task (task.yaml)"), "{j}");
    let names: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
    assert_eq!(
        names,
        [
            "cavallo/000",
            "cavallo/001",
            "cavallo/002",
            "cavallo/003",
            "cavallo/004"
        ],
        "{j}"
    );
    assert!(
        j.stdout
            .contains("score: 100 of 100 (AC): subtask 0 0, subtask 1 40, subtask 2 60"),
        "{j}"
    );
    // A program that prints instead of writing output.txt: WA, and no output.txt anywhere
    // in the user's folder.
    let stdout_sol = p.join("sol/stdout.cpp").display().to_string();
    let j = judge(&out, &["--tests", &p_s, "--cmd", &stdout_sol]);
    assert!(line_with(&j, "cavallo/001").starts_with("WA"), "{j}");
    assert!(!p.join("output.txt").exists() && !p.join("sol/output.txt").exists());
    // A wrong answer on the big boards only: the 60-point subtask is lost.
    let wrong = dir.join("wrong.cpp");
    fs::write(
        &wrong,
        fs::read_to_string(p.join("sol/soluzione.cpp"))
            .unwrap()
            .replace(
                "knight(n, r1, c1, r2, c2));",
                "n > 10 ? 0 : knight(n, r1, c1, r2, c2));",
            ),
    )
    .unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &wrong.display().to_string()],
    );
    assert!(j.stdout.contains("score: 40 of 100"), "{j}");
    let j = judge(&out, &["verify", &p_s]);
    assert!(j.stdout.contains("OK    sol/soluzione.cpp"), "{j}");
    assert!(line_with(&j, "sol/stdout.cpp").contains("score 0"), "{j}");
}

#[test]
fn italy_yaml_answers_are_the_bfs_answers() {
    // The generated answers checked against this file's BFS: the reader's answers are
    // the official solution's output, kept in the package's cache.
    if !have("g++") || !have("python3") {
        return;
    }
    let dir = scratch("italy-answers");
    let p = italy_package(&dir);
    let out = dir.join("out");
    // A program that prints the BFS answer the test computes for each input proves the
    // made answers equal them: every case AC.
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
    let script = dir.join("table.sh");
    fs::write(
        &script,
        format!(
            "#!/bin/sh\ncase \"$(cat input.txt)\" in\n{table}*) echo none > output.txt;;\nesac\n"
        ),
    )
    .unwrap();
    use std::os::unix::fs::PermissionsExt;
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    let j = judge(
        &out,
        &[
            "--tests",
            &p.display().to_string(),
            "--cmd",
            &script.display().to_string(),
        ],
    );
    assert_eq!(j.tally(), (5, 0), "{j}");
}

#[test]
fn a_cms_checker_that_prints_no_score_is_a_setup_error() {
    if !have("g++") {
        return;
    }
    let dir = scratch("cms-bad-checker");
    let p = tps_package(&dir);
    // testlib's habit (a verdict word, exit 0) where CMS wants a number from 0 to 1.
    fs::write(
        p.join("checker/checker.cpp"),
        "#include <cstdio>\nint main() { printf(\"ok\\n\"); }\n",
    )
    .unwrap();
    let out = dir.join("out");
    let mine = dir.join("mine.cpp");
    fs::write(&mine, BFS).unwrap();
    let j = judge(
        &out,
        &[
            "--tests",
            &p.display().to_string(),
            "--cmd",
            &mine.display().to_string(),
        ],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("where CMS's protocol has the score"),
        "{j}"
    );
    assert!(j.verdicts().is_empty(), "{j}");
}

/// An OutputOnly task of our own, `sums` (each input is two numbers, the output their
/// sum): three cases, `000` worth 40 points alone and `001` with `002` worth 60 together,
/// compared as CMS's diff compares (no checker); `solutions/` holds the outputs handed in
/// as folders, and a program that writes them.
fn output_only_package(root: &Path) -> PathBuf {
    let dir = root.join("sums");
    write_files(
        &dir,
        &[
            (
                "problem.json",
                r#"{"code": "sums", "task_type": "OutputOnly", "task_type_params": "{}"}"#,
            ),
            ("tests/000.in", "1 2\n"),
            ("tests/000.out", "3\n"),
            ("tests/001.in", "5 7\n"),
            ("tests/001.out", "12\n"),
            ("tests/002.in", "10 20\n"),
            ("tests/002.out", "30\n"),
            (
                "subtasks/01-first.json",
                r#"{"score": 40, "testcases": ["000"]}"#,
            ),
            (
                "subtasks/02-rest.json",
                r#"{"score": 60, "testcases": ["001", "002"]}"#,
            ),
            ("solutions/correct/all/output_000.txt", "3\n"),
            ("solutions/correct/all/output_001.txt", "12\n"),
            ("solutions/correct/all/output_002.txt", "30\n"),
            ("solutions/incorrect/off_by_one/output_000.txt", "3\n"),
            ("solutions/incorrect/off_by_one/output_001.txt", "13\n"),
            ("solutions/incorrect/off_by_one/output_002.txt", "30\n"),
            ("solutions/model_solution/sum.py", SUM_PY),
        ],
    );
    dir
}

/// A program that writes the sum of the two numbers of its input.
const SUM_PY: &str = "a, b = map(int, input().split())\nprint(a + b)\n";

#[test]
fn an_output_only_task_judges_the_files_handed_in_and_scores_them_by_subtask() {
    let dir = scratch("cms-output-only");
    let p = output_only_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    // 000 right, 001 wrong, 002 not handed in (and a file named as no case is).
    let handed = dir.join("handed");
    write_files(
        &handed,
        &[
            ("output_000.txt", "3\n"),
            ("output_001.txt", "13\n"),
            ("output_2.txt", "30\n"),
        ],
    );
    let j = judge(
        &out,
        &["--tests", &p_s, "--outputs", &handed.display().to_string()],
    );
    assert_eq!(
        j.verdicts(),
        [
            ("AC".to_string(), "sums/000".to_string()),
            ("WA".into(), "sums/001".into()),
            ("WA".into(), "sums/002".into()),
        ],
        "{j}"
    );
    assert!(j.stdout.contains("expected `12`, found `13`"), "{j}");
    assert!(j.stdout.contains("no output file output_002.txt"), "{j}");
    assert!(j.stdout.contains("output-only: the files handed in"), "{j}");
    assert!(
        j.stdout
            .contains("score: 40 of 100 (WA): 01-first 40, 02-rest 0"),
        "{j}"
    );
    assert!(
        j.stderr.contains(
            "output_2.txt is no case's output (the cases' are output_000.txt to output_002.txt)"
        ),
        "{j}"
    );
    assert_eq!(j.code, Some(1), "{j}");
    // All three right: the whole score.
    fs::write(handed.join("output_001.txt"), "12\n").unwrap();
    fs::rename(handed.join("output_2.txt"), handed.join("output_002.txt")).unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--outputs", &handed.display().to_string()],
    );
    assert!(j.stdout.contains("score: 100 of 100 (AC)"), "{j}");
    assert_eq!((j.tally(), j.code), ((3, 0), Some(0)), "{j}");
}

#[test]
fn an_output_only_task_judges_a_program_that_writes_the_outputs() {
    if !have("python3") {
        return;
    }
    let dir = scratch("cms-output-only-program");
    let p = output_only_package(&dir);
    let p_s = p.display().to_string();
    let out = dir.join("out");
    let mine = dir.join("sum.py");
    fs::write(&mine, SUM_PY).unwrap();
    let j = judge(
        &out,
        &["--tests", &p_s, "--cmd", &mine.display().to_string()],
    );
    assert!(
        j.stdout
            .contains("output-only: the program's output on each input stands for the file"),
        "{j}"
    );
    assert!(j.stdout.contains("score: 100 of 100 (AC)"), "{j}");
    assert_eq!(j.tally(), (3, 0), "{j}");
    // verify: the folders of outputs and the program, each under its folder's promise.
    let j = judge(&out, &["verify", &p_s]);
    for line in [
        "OK    correct/all/",
        "OK    incorrect/off_by_one/",
        "OK    model_solution/sum.py",
        "3 passed, 0 failed",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert!(line_with(&j, "off_by_one").contains("score 40"), "{j}");
}

#[test]
fn outputs_are_refused_where_nothing_is_handed_in() {
    let dir = scratch("cms-outputs-refused");
    let handed = dir.join("handed");
    fs::create_dir_all(&handed).unwrap();
    let h = handed.display().to_string();
    // A flat folder of tests is no output-only task.
    write_files(&dir, &[("flat/1.in", "1 2\n"), ("flat/1.out", "3\n")]);
    let flat = dir.join("flat").display().to_string();
    let j = judge(&dir.join("out"), &["--tests", &flat, "--outputs", &h]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("is not an output-only task"), "{j}");
    // No package at all, or a folder that is not there.
    let p = output_only_package(&dir).display().to_string();
    let j = judge(&dir.join("out"), &["--outputs", &h]);
    assert!(
        j.stderr.contains("--outputs needs one --tests PACKAGE"),
        "{j}"
    );
    let gone = dir.join("gone").display().to_string();
    let j = judge(&dir.join("out"), &["--tests", &p, "--outputs", &gone]);
    assert!(j.stderr.contains("no such folder"), "{j}");
    assert_eq!(j.code, Some(2), "{j}");
    // Modes that judge programs on inputs they make refuse it as clap refuses an option.
    let cache = dir.join("cache");
    let j = installed(&dir, &cache, &["stress", "chase", "--outputs", &h]);
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("unexpected argument '--outputs'"), "{j}");
    let j = installed(
        &dir,
        &cache,
        &["test", "--tests", &p, "--cmd", "true", "--outputs", &h],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("cannot be used with"), "{j}");
}
