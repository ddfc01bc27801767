//! DMOJ problems (issue 28), each written here from DMOJ's documentation of `init.yml`: the
//! knight problem (fewest knight moves between two squares of an n x n board, one query a
//! line) with its data in a zip, a 0-point pretest, a plain case and two batches, one of
//! which depends on the other; a file beside `init.yml` read before the archive's; DMOJ's
//! named checkers (`floats` with `precision`, `linecount`'s partial points) and the errors
//! for a checker the judge does not run. The answers are computed here by a BFS of the test's
//! own; the programs judged are awk.

use crate::support::{judge_cached as judge, knight_moves, scratch, Judged};
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// A case of the knight problem: its input and answer.
fn knight_case(n: i64, queries: &[(i64, i64, i64, i64)]) -> (String, String) {
    let mut input = format!("{n}\n");
    let mut answer = String::new();
    for &(r1, c1, r2, c2) in queries {
        input.push_str(&format!("{r1} {c1} {r2} {c2}\n"));
        answer.push_str(&format!("{}\n", knight_moves(n, (r1, c1), (r2, c2))));
    }
    (input, answer)
}

/// The knight problem in awk: BFS per query; on a board of size `bad` it answers 0 instead.
fn knight_awk(bad: i64) -> String {
    format!(
        "awk -v bad={bad} 'NR == 1 {{ n = $1; next }} \
         {{ q++; r1[q] = $1; c1[q] = $2; r2[q] = $3; c2[q] = $4 }} \
         END {{ split(\"1 2 2 1 -1 -2 -2 -1\", dr, \" \"); split(\"2 1 -1 -2 -2 -1 1 2\", dc, \" \"); \
         for (i = 1; i <= q; i++) {{ if (n == bad) {{ print 0; continue }} \
         delete d; h = 1; t = 1; qr[1] = r1[i]; qc[1] = c1[i]; d[r1[i], c1[i]] = 0; \
         while (h <= t) {{ r = qr[h]; c = qc[h]; h++; \
         for (k = 1; k <= 8; k++) {{ a = r + dr[k]; b = c + dc[k]; \
         if (a >= 1 && a <= n && b >= 1 && b <= n && !((a, b) in d)) \
         {{ d[a, b] = d[r, c] + 1; t++; qr[t] = a; qc[t] = b }} }} }} \
         print (((r2[i], c2[i]) in d) ? d[r2[i], c2[i]] : -1) }} }}'"
    )
}

/// Writes a zip of `files` (name, text), deflated.
fn write_zip(path: &Path, files: &[(&str, &str)]) {
    let mut zip = zip::ZipWriter::new(fs::File::create(path).unwrap());
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated);
    for (name, text) in files {
        zip.start_file(*name, options).unwrap();
        zip.write_all(text.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
}

/// The knight problem as a DMOJ problem: `init.yml`, `knight.zip` with every file but one
/// answer, which lies beside `init.yml` (DMOJ reads the folder first).
fn knight_problem(root: &Path) -> PathBuf {
    let p = root.join("knight");
    fs::create_dir_all(&p).unwrap();
    // p0: the 3 x 3 board, whose centre no knight reaches; 1: 5 x 5; small: 6 and 8;
    // big: 40 and 60.
    let p0 = knight_case(3, &[(1, 1, 2, 2), (1, 1, 3, 3)]);
    let one = knight_case(5, &[(1, 1, 5, 5), (3, 3, 3, 3)]);
    let s1 = knight_case(6, &[(1, 1, 6, 6), (2, 3, 5, 1)]);
    let s2 = knight_case(8, &[(1, 1, 8, 8), (4, 4, 4, 5)]);
    let b1 = knight_case(40, &[(1, 1, 40, 40), (20, 20, 1, 40)]);
    let b2 = knight_case(60, &[(1, 1, 60, 60)]);
    assert_eq!(p0.1, "-1\n4\n", "the oracle");
    write_zip(
        &p.join("knight.zip"),
        &[
            ("knight.p0.in", &p0.0),
            ("knight.p0.out", &p0.1),
            ("knight.1.in", &one.0),
            ("knight.1.out", &one.1),
            ("small.1.in", &s1.0),
            ("small.1.out", &s1.1),
            ("small.2.in", &s2.0),
            ("small.2.out", &s2.1),
            ("big.1.in", &b1.0),
            ("big.1.out", &b1.1),
            ("big.2.in", &b2.0),
            // A wrong answer in the archive: the right one beside init.yml is read first.
            ("big.2.out", "0\n"),
        ],
    );
    fs::write(p.join("big.2.out"), &b2.1).unwrap();
    fs::write(
        p.join("init.yml"),
        "archive: knight.zip\n\
         test_cases:\n\
         - {in: knight.p0.in, out: knight.p0.out, points: 0}\n\
         - {in: knight.1.in, out: knight.1.out, points: 10}\n\
         - points: 40\n  batched:\n  - {in: small.1.in, out: small.1.out}\n  - {in: small.2.in, out: small.2.out}\n\
         - points: 50\n  dependencies: [1]\n  batched:\n  - {in: big.1.in, out: big.1.out}\n  - {in: big.2.in, out: big.2.out}\n",
    )
    .unwrap();
    p
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
    let dir = scratch("dmoj-knight");
    let p = knight_problem(&dir);
    let p_s = p.display().to_string();
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let before = listing(&p);
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &knight_awk(0)]);
    let names: Vec<String> = j.verdicts().into_iter().map(|(_, n)| n).collect();
    assert_eq!(
        names,
        [
            "knight/1",
            "knight/2",
            "knight/batch1/1",
            "knight/batch1/2",
            "knight/batch2/1",
            "knight/batch2/2"
        ],
        "{j}"
    );
    assert!(j.stdout.contains("DMOJ problem (init.yml)"), "{j}");
    assert!(j.stdout.contains("DMOJ standard"), "{j}");
    assert!(
        j.stdout
            .contains("score: 100 of 100 (AC): 1 0, 2 10, batch1 40, batch2 50"),
        "{j}"
    );
    assert_eq!(j.tally(), (6, 0), "{j}");
    // The archive was read where it lies: nothing was unpacked into the problem, and what
    // the cases needed was copied into the judge's cache.
    assert_eq!(listing(&p), before, "the problem folder changed");
    let copied: usize = fs::read_dir(cache.join("bfs-judge/formats"))
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

    // Wrong on the big boards only: batch 2 loses its 50.
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &knight_awk(60)]);
    assert!(
        j.stdout
            .contains("score: 50 of 100 (WA): 1 0, 2 10, batch1 40, batch2 0"),
        "{j}"
    );
    assert_eq!(j.tally(), (5, 1), "{j}");
    // Wrong on one small board: batch 1 fails whole, and batch 2, which depends on it,
    // scores nothing though all its cases pass.
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &knight_awk(8)]);
    assert!(
        j.stdout
            .contains("score: 10 of 100 (WA): 1 0, 2 10, batch1 0, batch2 0"),
        "{j}"
    );
    assert_eq!(j.tally(), (5, 1), "{j}");
    // Wrong on the 0-point pretest: nothing after it counts.
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &knight_awk(3)]);
    assert!(
        j.stdout
            .contains("score: 0 of 100 (WA): 1 0, 2 0, batch1 0, batch2 0"),
        "{j}"
    );
    assert_eq!(j.tally(), (5, 1), "{j}");
}

#[test]
fn a_dmoj_archive_missing_a_file_names_what_it_holds() {
    let dir = scratch("dmoj-missing");
    let p = knight_problem(&dir);
    let init = fs::read_to_string(p.join("init.yml")).unwrap();
    fs::write(p.join("init.yml"), init.replace("small.2.in", "small.3.in")).unwrap();
    let j = judge(
        &dir.join("cache"),
        &dir.join("out"),
        &["--tests", &p.display().to_string(), "--cmd", "cat"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("`small.3.in` is neither in the problem folder nor in")
            && j.stderr.contains("(which holds big.1.in, big.1.out"),
        "{j}"
    );
    assert!(j.verdicts().is_empty(), "{j}");
}

/// A problem of one or more cases written loose beside `init.yml`, with `checker`.
fn loose_problem(root: &Path, name: &str, checker: &str, cases: &[(&str, &str)]) -> PathBuf {
    let p = root.join(name);
    fs::create_dir_all(&p).unwrap();
    let mut init = format!("{checker}\ntest_cases:\n");
    for (i, (input, answer)) in cases.iter().enumerate() {
        fs::write(p.join(format!("{i}.in")), input).unwrap();
        fs::write(p.join(format!("{i}.out")), answer).unwrap();
        init.push_str(&format!("- {{in: {i}.in, out: {i}.out, points: 5}}\n"));
    }
    fs::write(p.join("init.yml"), init).unwrap();
    p
}

#[test]
fn dmoj_named_checkers_decide_with_their_arguments() {
    let dir = scratch("dmoj-checkers");
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    // floats, precision 2: the program prints its input; 3.141 is within 1e-2 of 3.14159,
    // 3.2 is not.
    let p = loose_problem(
        &dir,
        "pi",
        "checker:\n  name: floats\n  args: {precision: 2}",
        &[("3.141\n", "3.14159\n"), ("3.2\n", "3.14159\n")],
    );
    let j = judge(
        &cache,
        &out,
        &["--tests", &p.display().to_string(), "--cmd", "cat"],
    );
    assert!(j.stdout.contains("DMOJ floats, precision 2"), "{j}");
    assert_eq!(
        j.verdicts(),
        [
            ("AC".to_string(), "pi/1".to_string()),
            ("WA".into(), "pi/2".into())
        ],
        "{j}"
    );
    assert!(j.stdout.contains("off by 5.84e-2, over 1e-2"), "{j}");
    assert!(j.stdout.contains("score: 5 of 10 (WA)"), "{j}");
    // linecount: 2 of 4 lines right earn half the case's points.
    let p = loose_problem(
        &dir,
        "lines",
        "checker: linecount",
        &[("1\nx\n3\ny\n", "1\n2\n3\n4\n")],
    );
    let j = judge(
        &cache,
        &out,
        &["--tests", &p.display().to_string(), "--cmd", "cat"],
    );
    assert!(
        j.stdout.contains("2 of 4 lines right; lines 2, 4 differ"),
        "{j}"
    );
    assert!(j.stdout.contains("score: 2.500 of 5"), "{j}");
}

#[test]
fn a_dmoj_checker_the_judge_does_not_run_is_named() {
    let dir = scratch("dmoj-unknown");
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    for (checker, said) in [
        (
            "checker: fuzzy",
            "checker `fuzzy`: not one of DMOJ's named checkers (standard, easy, floats",
        ),
        (
            "checker: check.py",
            "checker check.py: a Python checker module for DMOJ's judge",
        ),
        (
            "checker:\n  name: floats\n  args: {error_mode: sideways}",
            "checker floats: error_mode: expected default, absolute or relative",
        ),
    ] {
        let p = loose_problem(&dir, "p", checker, &[("1\n", "1\n")]);
        let j = judge(
            &cache,
            &out,
            &["--tests", &p.display().to_string(), "--cmd", "cat"],
        );
        assert_eq!(j.code, Some(2), "{j}");
        assert!(j.stderr.contains(said), "`{said}`:\n{j}");
        assert!(j.verdicts().is_empty(), "{j}");
    }
}

#[test]
fn a_time_limit_factor_scales_the_limit_in_force_and_the_header_says_why() {
    let dir = scratch("dmoj-factor");
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p = loose_problem(&dir, "echo", "", &[("1\n", "1\n")]);
    let p_s = p.display().to_string();
    // init.yml holds no limits (DMOJ keeps them on its site): the default, scaled.
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", "cat"]);
    let said = |j: &Judged, s: &str| j.stdout.lines().next().unwrap_or("").contains(s);
    assert!(
        said(
            &j,
            "limits 1000 ms cpu (3000 ms wall), 256 MiB, output 24 MiB"
        ),
        "{j}"
    );
    assert!(said(&j, "(time limit the default 1000 ms ("), "{j}");
    assert!(said(&j, "init.yml gives none); the rest from "), "{j}");
    let j = judge(
        &cache,
        &out,
        &[
            "--tests",
            &p_s,
            "--cmd",
            "cat",
            "--time-limit-factor",
            "2.5",
        ],
    );
    assert!(
        said(
            &j,
            "limits 2500 ms cpu (6000 ms wall), 256 MiB, output 24 MiB"
        ),
        "{j}"
    );
    assert!(
        said(
            &j,
            "init.yml gives none) x 2.5 (--time-limit-factor); the rest from"
        ),
        "{j}"
    );
    assert_eq!(j.tally(), (1, 0), "{j}");
    let j = judge(
        &cache,
        &out,
        &["--tests", &p_s, "--cmd", "cat", "--time-limit-factor", "0"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains("expected a factor from 0.01 to 100"),
        "{j}"
    );
    // verify: the package's own limit, scaled, said in its header.
    let k = dir.join("kattis");
    for (name, text) in [
        (
            "problem.yaml",
            "problem_format_version: 2023-07-draft\nname: Echo\nlimits:\n  time_limit: 2\n",
        ),
        ("data/secret/1.in", "hello\n"),
        ("data/secret/1.ans", "hello\n"),
        (
            "submissions/accepted/cat.py",
            "import sys\nsys.stdout.write(sys.stdin.read())\n",
        ),
    ] {
        let f = k.join(name);
        fs::create_dir_all(f.parent().unwrap()).unwrap();
        fs::write(f, text).unwrap();
    }
    let k_s = k.display().to_string();
    let j = judge(
        &cache,
        &out,
        &["verify", &k_s, "--time-limit-factor", "2.5"],
    );
    assert!(
        j.stdout
            .contains("time limit 5000 ms (2000 ms from the package x 2.5 (--time-limit-factor))"),
        "{j}"
    );
    let j = judge(&cache, &out, &["verify", &k_s]);
    assert!(
        j.stdout.contains("time limit 2000 ms (from the package)"),
        "{j}"
    );
}

#[test]
fn a_folder_where_no_format_finds_a_case_is_told_what_it_holds_and_what_was_looked_for() {
    let dir = scratch("dmoj-nothing");
    let p = dir.join("unzipped");
    fs::create_dir_all(&p).unwrap();
    // A DMOJ problem's data without its init.yml: the names never pair by stem.
    for f in ["1.txt", "2.txt", "data.zip"] {
        fs::write(p.join(f), "1\n").unwrap();
    }
    let j = judge(
        &dir.join("cache"),
        &dir.join("out"),
        &["--tests", &p.display().to_string(), "--cmd", "cat"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    for said in [
        "no test cases in ",
        "it holds 1.txt, 2.txt and data.zip; looked for NAME.in with NAME.out or NAME.ans",
        "Kattis (problem.yaml",
        "DMOJ (init.yml)",
        "Library Checker (in/ and out/)",
    ] {
        assert!(j.stderr.contains(said), "`{said}`:\n{j}");
    }
}

/// The knight problem's BFS in Python; on a board of size `bad` it answers 0 instead.
fn knight_py(bad: i64) -> String {
    format!(
        "import sys\nfrom collections import deque\n\
         data = sys.stdin.read().split()\nn = int(data[0])\nq = data[1:]\n\
         moves = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]\n\
         for i in range(0, len(q), 4):\n\
         \x20   r1, c1, r2, c2 = map(int, q[i:i + 4])\n\
         \x20   if n == {bad}:\n\x20       print(0)\n\x20       continue\n\
         \x20   d = {{(r1, c1): 0}}\n\x20   todo = deque([(r1, c1)])\n\
         \x20   while todo:\n\x20       r, c = todo.popleft()\n\
         \x20       for dr, dc in moves:\n\
         \x20           a, b = r + dr, c + dc\n\
         \x20           if 1 <= a <= n and 1 <= b <= n and (a, b) not in d:\n\
         \x20               d[(a, b)] = d[(r, c)] + 1\n\x20               todo.append((a, b))\n\
         \x20   print(d.get((r2, c2), -1))\n"
    )
}

#[test]
fn verify_judges_a_dmoj_problem_by_its_testsuite_expectations() {
    let dir = scratch("dmoj-verify");
    let p = knight_problem(&dir);
    for (name, yml, bad) in [
        ("ac", "language: PY3\nsource: knight.py\nexpect: AC\n", 0),
        // Wrong on the 8 x 8 board: the 4th case only, as DMOJ's testsuite lists per case.
        (
            "small",
            "language: PY3\nsource: knight.py\ncases: [AC, AC, AC, WA, AC, AC]\n",
            8,
        ),
        // Promised AC, but wrong on the big boards: a failure.
        ("big", "language: PY3\nsource: knight.py\n", 60),
        ("py2", "language: PY2\nsource: knight.py\n", 0),
    ] {
        let t = p.join("tests").join(name);
        fs::create_dir_all(&t).unwrap();
        fs::write(t.join("test.yml"), yml).unwrap();
        fs::write(t.join("knight.py"), knight_py(bad)).unwrap();
    }
    let j = judge(
        &dir.join("cache"),
        &dir.join("out"),
        &["verify", &p.display().to_string()],
    );
    for line in [
        "OK    tests/ac ",
        "OK    tests/small ",
        "FAIL  tests/big ",
        "expected AC, got WA with score 50",
        "SKIP  tests/py2 ",
        "PY2 (Python 2), which the judge does not run",
        "2 passed, 1 failed, 1 skipped",
    ] {
        assert!(j.stdout.contains(line), "missing `{line}`:\n{j}");
    }
    assert_eq!(j.code, Some(1), "{j}");
}
