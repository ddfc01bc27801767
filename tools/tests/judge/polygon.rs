//! Codeforces Polygon packages (issue 28), as one of our own written here from the format's
//! public description: the knight problem (fewest knight moves between two squares of an
//! N x N board, -1 when there is no way), with two manual samples (one without its answer),
//! tests made by a generator from `problem.xml`'s `cmd` lines and by a generator that writes
//! several files (`from-file`), answers made by the `main` solution, three groups (points,
//! complete-group and each-test, dependencies), a testlib checker and generators built from
//! `files/` with the `testlib.h` there (a stand-in of our own, not testlib), and a solution
//! for each of Polygon's tags.
//!
//! Everything is C++ (the format's language; g++ builds the checker anyway): without g++
//! the tests say so and check nothing.

use crate::support::{have, judge_cached as judge, knight_moves, scratch, write_files};
use std::fs;
use std::path::{Path, PathBuf};

/// Our stand-in for testlib.h: a seeded generator and a number reader, all that the
/// generators and the checker below use. That they find it proves they are built with
/// the `files/` folder on the include path.
const TESTLIB: &str = r#"// A stand-in written for these tests, not testlib: what gen.cpp and check.cpp use.
#include <cstdio>
#include <cstdlib>
static unsigned long long rnd_state = 88172645463325252ULL;
static void rnd_seed(unsigned long long s) { rnd_state ^= s * 0x9E3779B97F4A7C15ULL; }
static int rnd_next(int lo, int hi) {
  rnd_state ^= rnd_state << 13; rnd_state ^= rnd_state >> 7; rnd_state ^= rnd_state << 17;
  return lo + (int)(rnd_state % (unsigned long long)(hi - lo + 1));
}
static bool read_long(const char* path, long* x) {
  FILE* f = std::fopen(path, "r");
  if (!f) { std::printf("FAIL cannot open %s\n", path); std::exit(3); }
  bool ok = std::fscanf(f, "%ld", x) == 1;
  std::fclose(f);
  return ok;
}
"#;

/// `gen N SEED`: a board of N and two random squares.
const GEN: &str = r#"#include "testlib.h"
int main(int argc, char** argv) {
  if (argc != 3) { std::fprintf(stderr, "usage: gen N SEED\n"); return 1; }
  int n = std::atoi(argv[1]);
  rnd_seed(std::atoll(argv[2]));
  int a = rnd_next(1, n), b = rnd_next(1, n), c = rnd_next(1, n), d = rnd_next(1, n);
  std::printf("%d %d %d %d %d\n", n, a, b, c, d);
}
"#;

/// `corners N`: files 1, 2 and 3, corner to corner on boards of N, N + 1 and N + 2.
const CORNERS: &str = r#"#include "testlib.h"
#include <string>
int main(int argc, char** argv) {
  int n = std::atoi(argv[1]);
  for (int i = 1; i <= 3; i++) {
    FILE* f = std::fopen(std::to_string(i).c_str(), "w");
    int m = n + i - 1;
    std::fprintf(f, "%d 1 1 %d %d\n", m, m, m);
    std::fclose(f);
  }
  rnd_next(0, 0);
}
"#;

/// testlib's convention: a number that is not the answer is WA, no number is PE.
const CHECK: &str = r#"#include "testlib.h"
int main(int, char** argv) {
  long got, want;
  if (!read_long(argv[3], &want)) { std::printf("FAIL the answer is not a number\n"); return 3; }
  if (!read_long(argv[2], &got)) { std::printf("wrong output format expected a number\n"); return 2; }
  if (got != want) { std::printf("wrong answer expected %ld, found %ld\n", want, got); return 1; }
  std::printf("ok %ld moves\n", got);
  return 0;
}
"#;

/// A breadth-first search over the board, with `twist` run before the answer `d` is
/// printed by `print` (the tagged solutions differ only there).
fn knight(twist: &str, print: &str) -> String {
    format!(
        r#"#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>
int main() {{
  int n, r1, c1, r2, c2;
  if (std::scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
  std::vector<int> dist(n * n, -1);
  std::queue<int> q;
  dist[(r1 - 1) * n + c1 - 1] = 0;
  q.push((r1 - 1) * n + c1 - 1);
  const int dr[] = {{1, 2, 2, 1, -1, -2, -2, -1}}, dc[] = {{2, 1, -1, -2, -2, -1, 1, 2}};
  while (!q.empty()) {{
    int v = q.front(); q.pop();
    for (int k = 0; k < 8; k++) {{
      int a = v / n + dr[k], b = v % n + dc[k];
      if (a >= 0 && a < n && b >= 0 && b < n && dist[a * n + b] < 0) {{
        dist[a * n + b] = dist[v] + 1;
        q.push(a * n + b);
      }}
    }}
  }}
  int d = dist[(r2 - 1) * n + c2 - 1];
  {twist}
  {print}
}}
"#
    )
}

const PRINT: &str = r#"std::printf("%d\n", d);"#;

/// problem.xml: 1 s, 64 MiB; samples (0 points), small (40 points as a group, 3 generated
/// tests, after the samples), large (each test 10 points, made by `corners`, after small).
fn problem_xml(io: (&str, &str), solutions: &[(&str, &str)]) -> String {
    let sols: String = solutions
        .iter()
        .map(|(tag, path)| {
            format!(
                "      <solution tag=\"{tag}\"><source path=\"{path}\" type=\"cpp.g++17\"/></solution>\n"
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="knight">
  <names><name language="english" value="Knight moves"/></names>
  <judging cpu-name="x" cpu-speed="3600" input-file="{}" output-file="{}">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>67108864</memory-limit>
      <test-count>8</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test group="samples" method="manual" points="0.0" sample="true"/>
        <test group="samples" method="manual" points="0.0" sample="true"/>
        <test cmd="gen 8 1" group="small" method="generated" points="10.0"/>
        <test cmd="gen 8 2" group="small" method="generated" points="10.0"/>
        <test cmd="gen 5 3" group="small" method="generated" points="10.0"/>
        <test cmd="corners 60" from-file="1" group="large" method="generated" points="10.0"/>
        <test cmd="corners 60" from-file="2" group="large" method="generated" points="10.0"/>
        <test cmd="corners 60" from-file="3" group="large" method="generated" points="10.0"/>
      </tests>
      <groups>
        <group feedback-policy="complete" name="samples" points="0.0" points-policy="complete-group"/>
        <group feedback-policy="icpc" name="small" points="40.0" points-policy="complete-group">
          <dependencies><dependency group="samples"/></dependencies>
        </group>
        <group feedback-policy="complete" name="large" points-policy="each-test">
          <dependencies><dependency group="small"/></dependencies>
        </group>
      </groups>
    </testset>
  </judging>
  <files>
    <resources><file path="files/testlib.h" type="h.g++"/></resources>
    <executables>
      <executable><source path="files/gen.cpp" type="cpp.g++17"/><binary path="files/gen.exe" type="exe.win32"/></executable>
      <executable><source path="files/corners.cpp" type="cpp.g++17"/></executable>
    </executables>
  </files>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/><copy path="check.cpp"/></checker>
    <solutions>
{sols}    </solutions>
  </assets>
</problem>
"#,
        io.0, io.1
    )
}

/// The package, under `root/knight`, with a solution for each tag.
fn knight_package(root: &Path) -> PathBuf {
    let p = root.join("knight");
    let sols = [
        ("main", "solutions/main.cpp"),
        ("accepted", "solutions/same.cpp"),
        ("wrong-answer", "solutions/odd.cpp"),
        ("time-limit-exceeded", "solutions/spins.cpp"),
        ("time-limit-exceeded-or-accepted", "solutions/fine.cpp"),
        ("memory-limit-exceeded", "solutions/hoards.cpp"),
        (
            "time-limit-exceeded-or-memory-limit-exceeded",
            "solutions/hoards2.cpp",
        ),
        ("presentation-error", "solutions/chatty.cpp"),
        ("rejected", "solutions/aborts.cpp"),
        ("failed", "solutions/main2.cpp"),
    ];
    let hoard = "if (n >= 62) { std::vector<char> big(256 << 20, 1); d += big[12345] - 1; }";
    write_files(
        &p,
        &[
            ("problem.xml", &problem_xml(("", ""), &sols)),
            ("files/testlib.h", TESTLIB),
            ("files/gen.cpp", GEN),
            ("files/corners.cpp", CORNERS),
            ("files/check.cpp", CHECK),
            // Sample 1 with its answer, sample 2 (start = finish) without: main makes it.
            ("tests/01", "8 1 1 8 8\n"),
            ("tests/01.a", "6\n"),
            ("tests/02", "3 2 2 2 2\n"),
            ("solutions/main.cpp", &knight("", PRINT)),
            ("solutions/same.cpp", &knight("// the same search", PRINT)),
            ("solutions/main2.cpp", &knight("// again", PRINT)),
            // One off on the odd large board (61): WA there only.
            (
                "solutions/odd.cpp",
                &knight("if (n > 50 && n % 2 == 1) d += 1;", PRINT),
            ),
            // Endless on the largest board (62).
            (
                "solutions/spins.cpp",
                &knight(
                    "if (n >= 62) for (volatile unsigned long i = 0;; i = i + 1) {}",
                    PRINT,
                ),
            ),
            ("solutions/fine.cpp", &knight("", PRINT)),
            ("solutions/hoards.cpp", &knight(hoard, PRINT)),
            ("solutions/hoards2.cpp", &knight(hoard, PRINT)),
            (
                "solutions/chatty.cpp",
                &knight("", r#"std::printf("moves=%d\n", d);"#),
            ),
            // Crashes when the start is the finish (sample 2): every later group depends on it.
            (
                "solutions/aborts.cpp",
                &knight("if (r1 == r2 && c1 == c2) std::abort();", PRINT),
            ),
        ],
    );
    p
}

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

/// Builds `src` with g++ into `dir/NAME`, for `--cmd`.
fn built(src: &Path, dir: &Path, name: &str) -> String {
    let exe = dir.join(name);
    let ok = std::process::Command::new("g++")
        .args(["-O2", "-o"])
        .arg(&exe)
        .arg(src)
        .status()
        .unwrap()
        .success();
    assert!(ok, "g++ {}", src.display());
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
    let dir = scratch("polygon");
    let p = knight_package(&dir);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p_s = p.display().to_string();
    // One off on the board of 61 only: WA on test 07, which costs its own 10 points alone
    // (the large group is each-test), not the 40 of the complete-group small.
    let odd = built(&p.join("solutions/odd.cpp"), &dir, "odd");
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &odd]);
    assert!(j.stdout.contains("Polygon package (problem.xml)"), "{j}");
    assert!(j.stdout.contains("1000 ms"), "{j}");
    assert!(j.stdout.contains("64 MiB"), "{j}");
    let verdicts: Vec<(String, String)> = j.verdicts();
    let want: Vec<(String, String)> = (1..=8)
        .map(|i| {
            let v = if i == 7 { "WA" } else { "AC" };
            (v.to_string(), format!("knight/{i:02}"))
        })
        .collect();
    assert_eq!(verdicts, want, "{j}");
    assert!(
        j.stderr
            .contains("knight: making the tests problem.xml generates"),
        "{j}"
    );
    assert!(
        j.stdout
            .contains("score: 60 of 70 (WA): samples 0, small 40, large 20"),
        "{j}"
    );
    assert!(
        j.stdout.contains("expected 40, found 41"),
        "the package's checker: {j}"
    );

    // The generated inputs are what the generators make of the cmd lines, the answers
    // what main makes of them (sample 1's own answer file is taken as it is).
    let pc = package_cache(&cache);
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
        !p.join("tests/03").exists(),
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
    let again = judge(&cache, &out, &["--tests", &p_s, "--cmd", &odd]);
    assert_eq!(again.verdicts(), verdicts, "{again}");
    assert!(!build.exists(), "a cached package was built again");
    assert!(!again.stderr.contains("making the tests"), "{again}");
    assert_eq!((stamps(&inputs), stamps(&pc.join("answers"))), before);

    // A changed cmd line is a new test: made anew, beside the old.
    let xml = fs::read_to_string(p.join("problem.xml")).unwrap();
    fs::write(p.join("problem.xml"), xml.replace("gen 5 3", "gen 6 3")).unwrap();
    let changed = judge(&cache, &out, &["--tests", &p_s, "--cmd", &odd]);
    assert_eq!(changed.verdicts(), verdicts, "{changed}");
    assert_eq!(fs::read_dir(&inputs).unwrap().count(), 7);
}

#[test]
fn a_broken_polygon_package_is_a_setup_error_that_names_what() {
    if !have("g++") {
        return;
    }
    let dir = scratch("polygon-broken");
    let p = knight_package(&dir);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p_s = p.display().to_string();
    let xml = fs::read_to_string(p.join("problem.xml")).unwrap();
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
    for (text, said) in cases {
        fs::write(p.join("problem.xml"), &text).unwrap();
        let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", "cat"]);
        assert_eq!(j.code, Some(2), "{j}");
        assert!(j.stderr.contains(said), "missing `{said}`:\n{j}");
        assert!(j.verdicts().is_empty(), "{j}");
    }
    // A manual test whose file is missing.
    fs::write(p.join("problem.xml"), &xml).unwrap();
    fs::remove_file(p.join("tests/02")).unwrap();
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", "cat"]);
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
    let dir = scratch("polygon-verify");
    let p = knight_package(&dir);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p_s = p.display().to_string();
    let j = judge(&cache, &out, &["verify", &p_s]);
    for (solution, said) in [
        ("main/main.cpp", "expected AC, got AC with score 70"),
        ("accepted/same.cpp", "expected AC, got AC with score 70"),
        // Each failing tag: its verdict somewhere, nothing but it and AC elsewhere.
        ("wrong-answer/odd.cpp", "score 60 (first WA on 07)"),
        (
            "time-limit-exceeded/spins.cpp",
            "score 60 (first TLE on 08)",
        ),
        (
            "memory-limit-exceeded/hoards.cpp",
            "score 60 (first MLE on 08)",
        ),
        (
            "time-limit-exceeded-or-memory-limit-exceeded/hoards2.cpp",
            "(first MLE on 08)",
        ),
        ("presentation-error/chatty.cpp", "score 0 (first PE on 01)"),
        // Never TLE, and that is allowed.
        (
            "time-limit-exceeded-or-accepted/fine.cpp",
            "expected TLE or AC, got AC",
        ),
        // Its crash on a sample costs every group: all depend on the samples.
        ("rejected/aborts.cpp", "score 0 (first RE on 02)"),
    ] {
        let line = j
            .stdout
            .lines()
            .find(|l| l.contains(solution))
            .unwrap_or_else(|| panic!("no line for {solution}:\n{j}"));
        assert!(line.starts_with("OK "), "{line}\n{j}");
        assert!(line.contains(said), "missing `{said}`: {line}\n{j}");
    }
    assert!(j.stdout.contains("SKIP  failed/main2.cpp"), "{j}");
    assert!(j.stdout.contains("9 passed, 0 failed, 1 skipped"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");

    // Tags that do not fit: a WA solution said accepted, an accepted one said too slow, a
    // too slow one said wrong, a crashing one said wrong (RE is not WA).
    let xml = problem_xml(
        ("", ""),
        &[
            ("main", "solutions/main.cpp"),
            ("accepted", "solutions/odd.cpp"),
            ("time-limit-exceeded", "solutions/fine.cpp"),
            ("wrong-answer", "solutions/spins.cpp"),
            ("wrong-answer", "solutions/aborts.cpp"),
        ],
    );
    fs::write(p.join("problem.xml"), xml).unwrap();
    let j = judge(&cache, &out, &["verify", &p_s]);
    for solution in ["odd.cpp", "fine.cpp", "spins.cpp", "aborts.cpp"] {
        let line = j
            .stdout
            .lines()
            .find(|l| l.contains(solution))
            .unwrap_or_else(|| panic!("no line for {solution}:\n{j}"));
        assert!(line.starts_with("FAIL "), "{line}\n{j}");
    }
    assert!(j.stdout.contains("1 passed, 4 failed"), "{j}");
    assert_eq!(j.code, Some(1), "{j}");
}

#[test]
fn a_polygon_package_with_file_io_reads_and_writes_its_files() {
    if !have("g++") {
        return;
    }
    let dir = scratch("polygon-io");
    let p = knight_package(&dir);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p_s = p.display().to_string();
    let files =
        r#"std::freopen("knight.in", "r", stdin); std::freopen("knight.out", "w", stdout);"#;
    // The main solution reads knight.in and writes knight.out, so its answers are made so.
    let main = knight("", PRINT).replace("int main() {", &format!("int main() {{\n  {files}"));
    write_files(
        &p,
        &[
            (
                "problem.xml",
                &problem_xml(
                    ("knight.in", "knight.out"),
                    &[
                        ("main", "solutions/files.cpp"),
                        ("rejected", "solutions/main.cpp"),
                    ],
                ),
            ),
            ("solutions/files.cpp", &main),
        ],
    );
    let j = judge(&cache, &out, &["verify", &p_s]);
    assert!(j.stdout.contains("OK    main/files.cpp"), "{j}");
    assert!(
        j.stdout.contains("expected AC, got AC with score 70"),
        "{j}"
    );
    // Reading stdin (empty) and writing stdout (not judged) fails.
    assert!(j.stdout.contains("OK    rejected/main.cpp"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
    let exe = built(&p.join("solutions/files.cpp"), &dir, "files");
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &exe]);
    assert!(j.stdout.contains("score: 70 of 70 (AC)"), "{j}");
    assert!(!p.join("knight.out").exists() && !dir.join("knight.out").exists());
}

/// An interactive package: guess a number in 1..=N, told `higher` or `lower`; the interactor
/// writes the number of guesses for the checker, which allows ten.
fn guess_package(root: &Path) -> PathBuf {
    let p = root.join("guess");
    let xml = r#"<?xml version="1.0" encoding="utf-8" standalone="no"?>
<problem revision="1" short-name="guess">
  <judging cpu-name="x" cpu-speed="3600" input-file="" output-file="">
    <testset name="tests">
      <time-limit>1000</time-limit>
      <memory-limit>268435456</memory-limit>
      <test-count>2</test-count>
      <input-path-pattern>tests/%02d</input-path-pattern>
      <answer-path-pattern>tests/%02d.a</answer-path-pattern>
      <tests>
        <test method="manual" sample="true"/>
        <test cmd="gen 1000 5" method="generated"/>
      </tests>
    </testset>
  </judging>
  <files><executables><executable><source path="files/gen.cpp" type="cpp.g++17"/></executable></executables></files>
  <assets>
    <checker type="testlib"><source path="files/check.cpp" type="cpp.g++17"/></checker>
    <interactor><source path="files/interactor.cpp" type="cpp.g++17"/></interactor>
    <solutions>
      <solution tag="main"><source path="solutions/halves.cpp" type="cpp.g++17"/></solution>
      <solution tag="wrong-answer"><source path="solutions/counts.cpp" type="cpp.g++17"/></solution>
    </solutions>
  </assets>
</problem>
"#;
    let interactor = r#"#include "testlib.h"
int main(int, char** argv) {
  long n, secret, guess, count = 0;
  FILE* in = std::fopen(argv[1], "r");
  if (!in || std::fscanf(in, "%ld %ld", &n, &secret) != 2) return 3;
  std::printf("%ld\n", n);
  std::fflush(stdout);
  while (std::scanf("%ld", &guess) == 1) {
    count++;
    if (guess == secret) {
      std::printf("=\n");
      std::fflush(stdout);
      FILE* out = std::fopen(argv[2], "w");
      if (!out) { std::fprintf(stderr, "FAIL cannot write %s\n", argv[2]); return 3; }
      std::fprintf(out, "%ld\n", count);
      std::fclose(out);
      return 0;
    }
    std::printf(guess < secret ? "higher\n" : "lower\n");
    std::fflush(stdout);
  }
  std::fprintf(stderr, "wrong answer no guess was right\n");
  return 1;
}
"#;
    let check = r#"#include "testlib.h"
int main(int, char** argv) {
  long count;
  if (!read_long(argv[2], &count)) { std::printf("FAIL no count\n"); return 3; }
  if (count > 10) { std::printf("wrong answer %ld guesses, more than 10\n", count); return 1; }
  std::printf("ok %ld guesses\n", count);
  return 0;
}
"#;
    let ask = |next: &str| {
        format!(
            r#"#include <cstdio>
int main() {{
  long n, lo = 1, hi, m;
  char said[16];
  if (std::scanf("%ld", &n) != 1) return 1;
  hi = n;
  for (;;) {{
    m = {next};
    std::printf("%ld\n", m);
    std::fflush(stdout);
    if (std::scanf("%15s", said) != 1 || said[0] == '=') return 0;
    if (said[0] == 'h') lo = m + 1; else hi = m - 1;
  }}
}}
"#
        )
    };
    write_files(
        &p,
        &[
            ("problem.xml", xml),
            ("files/testlib.h", TESTLIB),
            (
                "files/gen.cpp",
                "#include \"testlib.h\"\nint main(int, char** argv) { int n = std::atoi(argv[1]); rnd_seed(std::atoll(argv[2])); std::printf(\"%d %d\\n\", n, rnd_next(1, n)); }\n",
            ),
            ("files/interactor.cpp", interactor),
            ("files/check.cpp", check),
            ("tests/01", "1000 377\n"),
            ("solutions/halves.cpp", &ask("(lo + hi) / 2")),
            // One guess after another: far more than ten.
            ("solutions/counts.cpp", &ask("lo")),
        ],
    );
    p
}

#[test]
fn an_interactive_polygon_package_runs_its_interactor_then_its_checker() {
    if !have("g++") {
        return;
    }
    let dir = scratch("polygon-interactive");
    let p = guess_package(&dir);
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let p_s = p.display().to_string();
    let j = judge(&cache, &out, &["verify", &p_s]);
    assert!(j.stdout.contains("OK    main/halves.cpp"), "{j}");
    assert!(j.stdout.contains("OK    wrong-answer/counts.cpp"), "{j}");
    assert_eq!(j.code, Some(0), "{j}");
    let halves = built(&p.join("solutions/halves.cpp"), &dir, "halves");
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &halves]);
    assert!(j.stdout.contains("2 passed, 0 failed"), "{j}");
    let all = format!("{}{}", j.stdout, j.stderr);
    assert!(all.contains("its checker gets an empty answer file"), "{j}");
    let counts = built(&p.join("solutions/counts.cpp"), &dir, "counts");
    let j = judge(&cache, &out, &["--tests", &p_s, "--cmd", &counts]);
    // The checker's word on what the interactor wrote.
    assert!(
        j.stdout
            .contains("checker: wrong answer 377 guesses, more than 10"),
        "{j}"
    );
}

/// A package with both testsets, every test manual and no checker (so nothing is built):
/// `pretests` holds one case, `tests` two, each in its own folder, each answer its input.
fn two_testsets(root: &Path) -> PathBuf {
    let dir = root.join("echo");
    let testset = |name: &str, count: usize| {
        format!(
            r#"    <testset name="{name}">
      <time-limit>1000</time-limit>
      <memory-limit>67108864</memory-limit>
      <test-count>{count}</test-count>
      <input-path-pattern>{name}/%02d</input-path-pattern>
      <answer-path-pattern>{name}/%02d.a</answer-path-pattern>
      <tests>{}</tests>
    </testset>
"#,
            r#"<test method="manual"/>"#.repeat(count)
        )
    };
    let xml = format!(
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<problem revision=\"1\" short-name=\"echo\">\n  <judging input-file=\"\" output-file=\"\">\n{}{}  </judging>\n</problem>\n",
        testset("pretests", 1),
        testset("tests", 2)
    );
    write_files(
        &dir,
        &[
            ("problem.xml", &xml),
            ("pretests/01", "7\n"),
            ("pretests/01.a", "7\n"),
            ("tests/01", "1\n"),
            ("tests/01.a", "1\n"),
            ("tests/02", "2\n"),
            ("tests/02.a", "2\n"),
        ],
    );
    dir
}

#[test]
fn testset_chooses_pretests_and_an_unknown_one_lists_those_there() {
    let dir = scratch("polygon-testsets");
    let p = two_testsets(&dir).display().to_string();
    let (cache, out) = (dir.join("cache"), dir.join("out"));
    let j = judge(&cache, &out, &["--tests", &p, "--cmd", "cat"]);
    assert!(
        j.stdout
            .contains("Polygon package (problem.xml), testset tests"),
        "{j}"
    );
    assert_eq!(j.tally(), (2, 0), "{j}");
    let j = judge(
        &cache,
        &out,
        &["--tests", &p, "--cmd", "cat", "--testset", "pretests"],
    );
    assert!(j.stdout.contains("testset pretests"), "{j}");
    assert_eq!(
        j.verdicts(),
        [("AC".to_string(), "echo/01".to_string())],
        "{j}"
    );
    assert!(j.stdout.contains("1 passed, 0 failed"), "{j}");
    let j = judge(
        &cache,
        &out,
        &["--tests", &p, "--cmd", "cat", "--testset", "finals"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr.contains(
            "--testset finals: problem.xml has no such testset (it has \"pretests\", \"tests\")"
        ),
        "{j}"
    );
    // A format without testsets says so rather than judging something else.
    write_files(&dir, &[("flat/1.in", "1\n"), ("flat/1.out", "1\n")]);
    let flat = dir.join("flat").display().to_string();
    let j = judge(
        &cache,
        &out,
        &["--tests", &flat, "--cmd", "cat", "--testset", "pretests"],
    );
    assert_eq!(j.code, Some(2), "{j}");
    assert!(j.stderr.contains("which has no testsets"), "{j}");
}
