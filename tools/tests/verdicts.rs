//! What the judge says of a run, as a contestant meets it in their first hour (issue 42): the
//! stderr line that names a Java exception, an endless loop's TLE, a compile error's lines as
//! the compiler printed them, stress's reproduce lines naming the sources, an interactive
//! program that never flushes, the interactor's time, cells in a checker's message, the
//! languages table and `show PROBLEM/CASE`. Real programs (javac, g++, python3; a part whose
//! tool is missing is skipped with a notice) and the real binary, in a contestant's folder
//! (`day`'s).

use std::process::Command;

use crate::day::{folder, judge, SUM_CPP};
use crate::support::judge::single_verdict;
use crate::support::{bin_dir, have, pasted, scratch, Judge, Package};

/// Issue 42, 3: Java's exception is named on its own line, above its frames; the last line
/// is a frame (`at Bad.main(Bad.java:1)`), which says nothing of what went wrong.
#[test]
fn a_java_exception_is_shown_by_the_line_that_names_it() {
    if !have("javac") || !have("java") {
        return;
    }
    let dir = folder("java-exception");
    std::fs::write(
        dir.join("Bad.java"),
        "public class Bad { public static void main(String[] a) { int[] v = new int[3]; \
         System.out.println(v[5]); } }\n",
    )
    .unwrap();
    let j = judge(&dir, &["test", "Bad.java", "1"]);
    assert_eq!(single_verdict(&j), "RE", "{j}");
    assert!(
        j.stdout.contains(
            "    stderr: Exception in thread \"main\" java.lang.ArrayIndexOutOfBoundsException: \
             Index 5 out of bounds for length 3\n"
        ),
        "{j}"
    );
    // Thrown 3000 calls deep: a thousand frames (24 KiB) below the line that names it, past
    // what the tail of stderr holds.
    std::fs::write(
        dir.join("Deep.java"),
        "public class Deep {\n    static int f(int n) { if (n == 3000) throw new \
         IllegalStateException(\"too deep at \" + n); return f(n + 1) + 1; }\n    public static \
         void main(String[] a) { System.out.println(f(0)); }\n}\n",
    )
    .unwrap();
    let j = judge(&dir, &["test", "Deep.java", "1"]);
    assert_eq!(single_verdict(&j), "RE", "{j}");
    assert!(
        j.stdout.contains(
            "    stderr: Exception in thread \"main\" java.lang.IllegalStateException: too deep \
             at 3000\n"
        ),
        "{j}"
    );
}

/// Issue 42, 4: `while True: x += 1` is slow, whatever else the machine runs. Two at once
/// (`-j 2`) beside the other tests: where the wall-clock backstop's look comes before the
/// CPU limit's, the CPU time is still at the limit, and the verdict says so. A run starved
/// below its limit by a busy machine may say so; one at its limit never.
#[test]
fn an_endless_loop_at_its_cpu_limit_is_plain_tle_never_starved() {
    let dir = folder("endless-loop");
    std::fs::write(dir.join("loop.py"), "x = 0\nwhile True:\n    x += 1\n").unwrap();
    let j = judge(
        &dir,
        &["test", "loop.py", "--time-limit-ms", "500", "-j", "2"],
    );
    assert_eq!(j.code, Some(1), "{j}");
    let lines: Vec<&str> = j.stdout.lines().collect();
    for (i, line) in lines.iter().enumerate() {
        if !(line.contains(" ms cpu ") && line.contains(" MiB  ")) {
            continue;
        }
        assert!(line.starts_with("TLE "), "{j}");
        let cpu: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        let why = lines[i + 1];
        if cpu >= 500 {
            assert!(
                why.contains(&format!("{cpu} ms of CPU time (limit 500 ms)"))
                    && !why.contains("starved")
                    && !why.contains("sleeping"),
                "{j}"
            );
        }
    }
}

/// Issue 42, 5: g++ quotes the source line with its `"\n"`; the CE shows it so, one
/// backslash, not `"\\n"`.
#[test]
fn a_compile_error_shows_the_compilers_lines_as_printed() {
    if !have("g++") {
        return;
    }
    let dir = folder("ce-backslash");
    std::fs::write(
        dir.join("main.cpp"),
        "int main() { const char *s = \"\\n\"; return s; }\n",
    )
    .unwrap();
    let j = judge(&dir, &["test", "main.cpp"]);
    assert_eq!(j.code, Some(1), "{j}");
    assert!(j.stdout.starts_with("CE main.cpp"), "{j}");
    assert!(
        j.stdout
            .contains("| int main() { const char *s = \"\\n\"; return s; }"),
        "{j}"
    );
    assert!(!j.stdout.contains("\\\\"), "{j}");
}

/// The line after `reproduce:` in `stress`'s output.
fn reproduce_line(stdout: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.trim().strip_prefix("reproduce:"))
        .unwrap_or_else(|| panic!("no reproduce line:\n{stdout}"))
        .trim()
        .to_string()
}

/// Issue 42, 6: stress's reproduce lines name the sources as the contestant gave them
/// (`--cmd bug.cpp`, `--gen gen.py`, `--brute brute.py`), never a build in the cache: after
/// the bug is fixed, the printed line judges the fixed source.
#[test]
fn stress_reproduce_lines_name_the_sources_and_judge_the_fixed_one() {
    if !have("g++") || !have("python3") {
        return;
    }
    let dir = folder("stress-sources");
    std::fs::write(
        dir.join("gen.py"),
        "import random, sys\nrandom.seed(int(sys.argv[1]))\n\
         print(random.randint(0, 100), random.randint(0, 10))\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("brute.py"),
        "a, b = map(int, input().split())\nprint(a + b)\n",
    )
    .unwrap();
    let bug = "#include <cstdio>\nint main() { long a, b; scanf(\"%ld %ld\", &a, &b); \
               printf(\"%ld\\n\", a > 50 ? a - b : a + b); }\n";
    std::fs::write(dir.join("bug2.cpp"), bug).unwrap();
    let stress = [
        "stress", "--gen", "gen.py", "--brute", "brute.py", "--cmd", "bug2.cpp",
    ];
    let counted = [&stress[..], &["--count", "200"]].concat();
    let shrunk = [&counted[..], &["--shrink"]].concat();
    let lines: Vec<String> = [&counted, &shrunk]
        .iter()
        .map(|args| {
            let j = judge(&dir, args);
            assert_eq!(j.code, Some(1), "{j}");
            let line = reproduce_line(&j.stdout);
            let here = dir.display().to_string();
            assert!(
                line.starts_with(&format!("cd {here} && ")) && !line.contains("/build/"),
                "{line}"
            );
            line
        })
        .collect();
    assert!(
        lines[0].contains(" stress --gen gen.py --brute brute.py --cmd bug2.cpp --seed "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains(" test --tests /") && lines[1].contains(" --cmd bug2.cpp"),
        "{}",
        lines[1]
    );
    // Fixed: each line, run as printed from another folder, judges the fixed source (the
    // shrunk case's first: a stress run that passes empties its folder, the case's too).
    std::fs::write(dir.join("bug2.cpp"), SUM_CPP).unwrap();
    let scratch = dir.parent().unwrap();
    for line in lines.iter().rev() {
        let (code, out) = pasted(line, scratch);
        assert_eq!(code, Some(0), "{line}\n{out}");
        assert!(out.contains("1 passed, 0 failed"), "{line}\n{out}");
    }
}

/// Issue 42, 12b and 12c: a Python program that asks without flushing (`print` into a pipe
/// is buffered, and `sys.stdin.readline`, unlike `input`, does not flush it) waits for an
/// answer that never comes: TLE, with the word on flushing. The interactor's CPU time is
/// labelled as its own, on the case line and in the summary.
#[test]
fn an_interactive_program_that_never_flushes_is_told_so() {
    let p = Package::copy("interactive");
    let j = p.expect("testlib-python-never-flushes");
    assert_eq!(single_verdict(&j), "TLE", "{j}");
    let j = p.expect("testlib");
    for line in j.case_lines() {
        assert!(
            line.contains(" MiB  interactor ") && !line.contains("checker"),
            "{j}"
        );
    }
    assert!(j.stdout.contains("; interactor "), "{j}");
}

/// Issue 42, 12a: robot-maze prints cells from 1; a path printed from 0 is off by one at its
/// first cell, and the message says how the cells count.
#[test]
fn a_path_printed_from_0_is_told_that_cells_count_from_1() {
    let out = scratch("zero-based");
    let cmd = format!(
        "{} | awk '{{ if ($1 == -1) print; else print $1 - 1, $2 - 1 }}'",
        bin_dir().join("robot-maze").display()
    );
    let j = crate::support::judge(&out, &["robot-maze/external-robotmove1", "--cmd", &cmd]);
    assert_eq!(single_verdict(&j), "WA", "{j}");
    assert!(
        j.stdout
            .contains("cell 1 (14 16) is not the start (15 17); rows and columns count from 1"),
        "{j}"
    );
}

/// Issue 42, 12d: `bfs-judge languages` prints each command as a shell reads it back:
/// Python's syntax check, whose program has spaces and quotes, runs as printed.
#[test]
fn the_languages_commands_run_as_printed() {
    if !have("python3") {
        return;
    }
    let dir = folder("languages");
    let j = judge(&dir, &["languages"]);
    assert_eq!(j.code, Some(0), "{j}");
    let python = j
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("Python 3"))
        .unwrap_or_else(|| panic!("no Python 3 line: {j}"));
    let build = python
        .split("build: ")
        .nth(1)
        .and_then(|b| b.split("; run: ").next())
        .unwrap_or_else(|| panic!("no build command: {python}"));
    std::fs::write(dir.join("good.py"), "print(1)\n").unwrap();
    std::fs::write(dir.join("bad.py"), "print(1 +\n").unwrap();
    for (file, ok) in [("good.py", true), ("bad.py", false)] {
        let status = Command::new("sh")
            .args(["-c", &build.replace("{src}", file)])
            .current_dir(&dir)
            .status()
            .unwrap();
        assert_eq!(status.success(), ok, "{build} on {file}");
    }
}

/// Issue 42, 12e: `show` takes a case as `test` selects it, `PROBLEM/CASE`, and writes the
/// page `show PROBLEM CASE` writes; a case given both ways is refused.
#[test]
fn show_takes_a_case_as_test_selects_it() {
    let dir = scratch("show-selector");
    let page = |args: &[&str], name: &str| {
        let out = dir.join(name);
        let j = Judge::new(["show"]).args(args).arg("--out").arg(&out).run();
        assert_eq!(j.code, Some(0), "{j}");
        std::fs::read(&out).unwrap()
    };
    let slash = page(&["robot-maze/one-row"], "slash.html");
    let apart = page(&["robot-maze", "one-row"], "apart.html");
    assert!(slash == apart, "the two pages differ");
    let j = Judge::new(["show", "robot-maze/one-row", "sample"]).run();
    assert_eq!(j.code, Some(2), "{j}");
    assert!(
        j.stderr
            .contains("give PROBLEM/CASE or PROBLEM INPUT, not both"),
        "{j}"
    );
}
