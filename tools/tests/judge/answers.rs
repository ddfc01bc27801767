//! The judge holds the answers (issue 26, item 2) and compares a huge one without reading
//! past the first difference (item 6): each probe runs the real judge on a real hostile C
//! program built here, over a folder of two cases, `a` (`attack` in, `secret` out) and `b`
//! (`7 8 9` in and out). On `a` the program attacks the tests folder it is given (the worst
//! case: it knows where the answers are), on `b` it answers correctly; so `a`'s verdict says
//! whether the attack paid, and `b`'s whether it changed a later case.
//!
//! These run with the default isolation, which also keeps the folder itself as it was (the
//! tests folder is read-only to the program, and its working folder a private copy:
//! [`assert_untouched`]). Without isolation (`--isolation none`, see hostile.rs) a program
//! running as the user can still damage both; what the judge guarantees alone is that no
//! verdict changes, the judge neither hangs nor fails, and it never writes to the tests
//! folder itself.

use std::collections::BTreeMap;
use std::hash::{DefaultHasher, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

use super::hostile::UNHURRIED;
use crate::support::{backstop, judge_at, scratch, Judged};

/// `answers MODE TESTS`: on the input `attack` does MODE to the folder TESTS and prints what
/// MODE says; on any other input prints the input (the right answer there).
const SOURCE: &str = r#"
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Calls f on every NAME.out of dir. */
static void each_answer(const char *dir, void (*f)(const char *)) {
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[4096];
    while (d && (e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n > 4 && !strcmp(e->d_name + n - 4, ".out")) {
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            f(path);
        }
    }
    if (d) closedir(d);
}
static void forty_two(const char *p) { FILE *f = fopen(p, "w"); if (f) { fputs("42\n", f); fclose(f); } }
static void fifo(const char *p) { unlink(p); mkfifo(p, 0644); }
static void zero(const char *p) { unlink(p); if (symlink("/dev/zero", p)) {} }
static void gone(const char *p) { unlink(p); }

int main(int argc, char **argv) {
    char in[256] = {0};
    size_t n = fread(in, 1, sizeof in - 1, stdin);
    in[n] = 0;
    if (strncmp(in, "attack", 6) || argc < 3) { fputs(in, stdout); return 0; }
    const char *mode = argv[1], *tests = argv[2];
    if (!strcmp(mode, "peek")) {
        /* Follow stdin back to NAME.in and print NAME.out next to it. */
        char path[4096] = {0};
        ssize_t len = readlink("/proc/self/fd/0", path, sizeof path - 8);
        if (len > 3 && !strcmp(path + len - 3, ".in")) {
            strcpy(path + len - 3, ".out");
            FILE *f = fopen(path, "r");
            int c;
            while (f && (c = fgetc(f)) != EOF) putchar(c);
        }
        return 0;
    }
    if (!strcmp(mode, "overwrite")) { each_answer(tests, forty_two); puts("42"); return 0; }
    if (!strcmp(mode, "fifo")) each_answer(tests, fifo);
    if (!strcmp(mode, "zero")) each_answer(tests, zero);
    if (!strcmp(mode, "delete")) each_answer(tests, gone);
    if (!strcmp(mode, "delete-all")) {
        char cmd[8192];
        snprintf(cmd, sizeof cmd, "rm -rf '%s' notes.txt", tests);
        if (system(cmd)) {}
    }
    puts("secret");
    return 0;
}
"#;

/// The probe program, compiled once.
fn program() -> &'static Path {
    static BIN: OnceLock<PathBuf> = OnceLock::new();
    BIN.get_or_init(|| {
        let dir = scratch("answers-program");
        let src = dir.join("answers.c");
        std::fs::write(&src, SOURCE).unwrap();
        let bin = dir.join("answers");
        let ok = Command::new("cc")
            .args(["-O2", "-o"])
            .arg(&bin)
            .arg(&src)
            .status()
            .expect("cc (the C compiler Rust links with) is needed for these probes");
        assert!(ok.success(), "compiling answers.c failed");
        bin
    })
}

/// A scratch folder with `tests/` holding cases `a` and `b`, and a user's file `notes.txt`
/// in the folder the judge runs in.
fn two_cases(name: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let tests = dir.join("tests");
    std::fs::create_dir_all(&tests).unwrap();
    for (file, text) in [
        ("a.in", "attack\n"),
        ("a.out", "secret\n"),
        ("b.in", "7 8 9\n"),
        ("b.out", "7 8 9\n"),
    ] {
        std::fs::write(tests.join(file), text).unwrap();
    }
    std::fs::write(dir.join("notes.txt"), "the user's own file\n").unwrap();
    (dir, tests)
}

/// A hash of every file under `dir` by its path relative to `dir` (kind and bytes).
fn tree(dir: &Path) -> BTreeMap<PathBuf, u64> {
    fn walk(root: &Path, dir: &Path, into: &mut BTreeMap<PathBuf, u64>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.filter_map(|e| e.ok()) {
            let path = e.path();
            let meta = std::fs::symlink_metadata(&path).unwrap();
            let mut h = DefaultHasher::new();
            if meta.is_dir() {
                walk(root, &path, into);
                continue;
            } else if meta.is_file() {
                h.write(&std::fs::read(&path).unwrap());
            } else {
                h.write(format!("{:?}", meta.file_type()).as_bytes());
            }
            into.insert(path.strip_prefix(root).unwrap().to_path_buf(), h.finish());
        }
    }
    let mut map = BTreeMap::new();
    walk(dir, dir, &mut map);
    map
}

/// What the judge takes for a probe alone: its time is bounded by the [`backstop`] of this,
/// against a hang (a read of the whole of a huge file takes minutes in a debug build, and
/// `rchar` catches it first).
const ALONE: Duration = Duration::from_secs(1);

/// Judges the probe program in `mode` on a fresh two-case folder; returns the judge's run,
/// the folder, and the hashes of the tests folder and the user's file before the run.
fn attack(mode: &str) -> (Judged, PathBuf, BTreeMap<PathBuf, u64>) {
    let (dir, tests) = two_cases(&format!("answers-{mode}"));
    let before = tree(&dir);
    let cmd = format!("{} {mode} {}", program().display(), tests.display());
    let tests_arg = tests.display().to_string();
    let args = ["--tests", &tests_arg, "--cmd", &cmd];
    let t = judge_at(&dir, &[&args[..], &UNHURRIED].concat());
    (t, dir, before)
}

fn verdicts(j: &Judged) -> Vec<(String, String)> {
    j.verdicts()
        .into_iter()
        .map(|(v, name)| (v, name.rsplit('/').next().unwrap().to_string()))
        .collect()
}

fn pair(a: &str, b: &str) -> Vec<(String, String)> {
    vec![(a.into(), "a".into()), (b.into(), "b".into())]
}

/// Asserts that the scratch folder (the tests, the user's `notes.txt`) is byte for byte as it
/// was before the judge ran, the judge's own outputs folder `out/` aside.
fn assert_untouched(dir: &Path, before: &BTreeMap<PathBuf, u64>, t: &Judged) {
    let mine = |m: &BTreeMap<PathBuf, u64>| -> BTreeMap<PathBuf, u64> {
        m.iter()
            .filter(|(p, _)| !p.starts_with("out"))
            .map(|(p, h)| (p.clone(), *h))
            .collect()
    };
    assert_eq!(
        mine(&tree(dir)),
        mine(before),
        "the user's files changed\n{}",
        t
    );
}

/// Asserts the verdicts of `a` and `b`, the judge's exit code, and its time.
fn assert_judged(t: &Judged, a: &str, b: &str, code: i32) {
    assert_eq!(verdicts(t), pair(a, b), "{t}");
    assert_eq!(t.code, Some(code), "{t}");
    assert!(t.took < backstop(ALONE), "the judge took {:?}\n{t}", t.took);
}

#[test]
fn the_input_does_not_lead_back_to_the_answer() {
    let (t, dir, before) = attack("peek");
    // `a` cannot find its answer through its stdin: it prints nothing.
    assert_judged(&t, "WA", "AC", 1);
    // The judge itself never writes to the tests folder or the current folder.
    assert_eq!(tree(&dir.join("tests")), filtered(&before, "tests"));
    assert!(dir.join("notes.txt").is_file());
}

/// The part of a `tree` of the scratch folder under `sub`, relative to `sub`.
fn filtered(all: &BTreeMap<PathBuf, u64>, sub: &str) -> BTreeMap<PathBuf, u64> {
    all.iter()
        .filter_map(|(p, h)| Some((p.strip_prefix(sub).ok()?.to_path_buf(), *h)))
        .collect()
}

#[test]
fn an_answer_overwritten_during_the_run_changes_no_verdict() {
    let (t, dir, before) = attack("overwrite");
    // `a` printed the 42 it wrote into every answer: wrong; `b` is judged by its own answer.
    assert_judged(&t, "WA", "AC", 1);
    assert!(t.stdout.contains("- 1  secret"), "{t}");
    assert_untouched(&dir, &before, &t);
}

#[test]
fn a_checker_reads_the_judges_copies_not_the_changed_answer() {
    let (dir, tests) = two_cases("answers-checker");
    // testlib's convention: INPUT OUTPUT ANSWER; neither file it is given is in the tests
    // folder (exit 3, the checker's own failure, would be a setup error).
    let checker = dir.join("check.sh");
    std::fs::write(
        &checker,
        format!(
            "#!/bin/sh\ncase \"$1$3\" in *'{}'*) echo 'given the tests folder'; exit 3;; esac\n\
             cmp -s \"$2\" \"$3\" && exit 0\necho 'differs from the answer'\nexit 1\n",
            tests.display()
        ),
    )
    .unwrap();
    let ok = Command::new("chmod")
        .arg("+x")
        .arg(&checker)
        .status()
        .unwrap();
    assert!(ok.success());
    let cmd = format!("{} overwrite {}", program().display(), tests.display());
    let (tests_arg, checker_arg) = (tests.display().to_string(), checker.display().to_string());
    // Under Landlock too, where the copies lie in the judge's own folders, hidden from the
    // program and granted to the checker by name.
    for isolation in ["namespaces", "landlock"] {
        let t = judge_at(
            &dir,
            &[
                "--tests",
                &tests_arg,
                "--cmd",
                &cmd,
                "--checker-cmd",
                &checker_arg,
                "--isolation",
                isolation,
                UNHURRIED[0],
                UNHURRIED[1],
            ],
        );
        assert_judged(&t, "WA", "AC", 1);
        assert!(t.stdout.contains("differs from the answer"), "{t}");
    }
}

#[test]
fn answers_deleted_during_the_run_change_no_verdict() {
    let (t, dir, before) = attack("delete");
    assert_judged(&t, "AC", "AC", 0);
    assert_untouched(&dir, &before, &t);
}

#[test]
fn the_tests_folder_and_a_users_file_deleted_during_the_run_change_no_verdict() {
    let (t, dir, before) = attack("delete-all");
    assert_judged(&t, "AC", "AC", 0);
    assert_untouched(&dir, &before, &t);
}

#[test]
fn an_answer_replaced_by_a_fifo_is_never_waited_on() {
    let (t, dir, before) = attack("fifo");
    assert_judged(&t, "AC", "AC", 0);
    assert_untouched(&dir, &before, &t);
}

#[test]
fn an_answer_replaced_by_a_link_to_dev_zero_is_never_read() {
    let (t, dir, before) = attack("zero");
    assert_judged(&t, "AC", "AC", 0);
    assert_untouched(&dir, &before, &t);
}

#[test]
fn a_fifo_in_the_tests_folder_is_named_not_waited_on() {
    // Before any program runs: a setup error naming the file, at once.
    let (dir, tests) = two_cases("answers-fifo-before");
    std::fs::remove_file(tests.join("b.out")).unwrap();
    let ok = Command::new("mkfifo")
        .arg(tests.join("b.out"))
        .status()
        .unwrap();
    assert!(ok.success());
    let cmd = program().display().to_string();
    let tests_arg = tests.display().to_string();
    let t = judge_at(&dir, &["--tests", &tests_arg, "--cmd", &cmd]);
    assert_eq!(t.code, Some(2), "{t}");
    assert!(t.verdicts().is_empty(), "{t}");
    assert!(
        t.stderr.contains("b.out: not a regular file (a FIFO)"),
        "{t}"
    );
    assert!(t.took < backstop(ALONE), "the judge took {:?}\n{t}", t.took);
}

/// The size of the huge answer: sparse, so it costs no disk.
const HUGE: u64 = 384 << 20;

/// A folder whose one case `a` has the answer `secret`, then a line of [`HUGE`] NUL bytes
/// (and `tail` after it); the program prints `secret` only.
fn huge_answer(name: &str, tail: &[u8]) -> (PathBuf, PathBuf) {
    let (dir, tests) = two_cases(name);
    std::fs::remove_file(tests.join("b.in")).unwrap();
    std::fs::remove_file(tests.join("b.out")).unwrap();
    std::fs::write(tests.join("a.in"), "1\n").unwrap();
    let mut f = std::fs::File::create(tests.join("a.out")).unwrap();
    std::io::Write::write_all(&mut f, b"secret\n").unwrap();
    f.set_len(7 + HUGE).unwrap();
    std::io::Seek::seek(&mut f, std::io::SeekFrom::End(0)).unwrap();
    std::io::Write::write_all(&mut f, tail).unwrap();
    (dir, tests)
}

#[test]
fn a_huge_answer_is_compared_up_to_the_first_difference_only() {
    let (dir, tests) = huge_answer("answers-huge", b"\n");
    let tests_arg = tests.display().to_string();
    for compare in ["lines", "tokens"] {
        let t = judge_at(
            &dir,
            &[
                "--tests",
                &tests_arg,
                "--cmd",
                "echo secret",
                "--compare",
                compare,
                UNHURRIED[0],
                UNHURRIED[1],
            ],
        );
        assert_eq!(t.verdicts().len(), 1, "{t}");
        assert_eq!(t.verdicts()[0].0, "WA", "{compare}\n{t}");
        assert_eq!(t.code, Some(1), "{t}");
        assert!(
            t.took < backstop(ALONE),
            "{compare}: the judge took {:?}\n{t}",
            t.took,
        );
        // Nor read past the first difference: what it read it read in a run of samples 5 ms
        // apart, and reading the whole answer takes far longer than that.
        assert!(
            t.read_bytes < HUGE / 8,
            "{compare}: the judge read {} bytes\n{}",
            t.read_bytes,
            t
        );
        // Neither the answer nor its line is ever held whole.
        assert!(
            t.peak_kib < 64 * 1024,
            "{compare}: the judge's peak RSS was {} KiB\n{}",
            t.peak_kib,
            t
        );
        if compare == "lines" {
            assert!(
                t.stdout
                    .contains("first difference at line 2 (- expected, + got):"),
                "{t}"
            );
        }
    }
}

#[test]
fn an_answer_read_by_its_name_is_hidden_from_the_program() {
    // The plainest cheat: print the answer file, named relative to the working folder or by
    // its absolute path, found at run time. Isolated, the tests' folder is covered once the judge holds its
    // copies: `cat` finds no such file (RE) on both cases, where it would print `secret`.
    let (dir, tests) = two_cases("answers-by-name");
    let before = tree(&dir);
    let tests_arg = tests.display().to_string();
    // (The program finds the path itself: a path the user writes on the command line is the
    // user's to give, and is shown to that run.)
    let isolated = |cmd: &str, isolation: &str| {
        judge_at(
            &dir,
            &[
                "--tests",
                &tests_arg,
                "--cmd",
                cmd,
                "--isolation",
                isolation,
                UNHURRIED[0],
                UNHURRIED[1],
            ],
        )
    };
    for cmd in ["cat tests/a.out", "cat \"$PWD/tests/a.out\""] {
        let t = judge_at(
            &dir,
            &[&["--tests", &tests_arg, "--cmd", cmd][..], &UNHURRIED].concat(),
        );
        assert_judged(&t, "RE", "RE", 1);
        assert!(t.stdout.contains("No such file"), "{t}");
        // Landlock grants no reading of the tests' folder, nor a listing of the folder that
        // holds it (which would name the answers); the files beside it stay readable.
        let t = isolated(cmd, "landlock");
        assert_judged(&t, "RE", "RE", 1);
        assert!(t.stdout.contains("Permission denied"), "{t}");
    }
    // The user's file beside the tests is read (else exit 3: RE); the tests' folder shows no
    // answer to a listing: `secret` (a's answer) only where it does.
    let cmd = "cat notes.txt >/dev/null || exit 3; \
               if ls tests 2>/dev/null | grep -q out; then echo secret; else echo 7 8 9; fi";
    for (isolation, a, b) in [
        ("namespaces", "WA", "AC"),
        ("landlock", "WA", "AC"),
        ("none", "AC", "WA"),
    ] {
        let t = isolated(cmd, isolation);
        assert_eq!(verdicts(&t), pair(a, b), "{isolation}: {t}");
    }
    assert_untouched(
        &dir,
        &before,
        &judge_at(
            &dir,
            &[&["--tests", &tests_arg, "--cmd", "true"][..], &UNHURRIED].concat(),
        ),
    );
    // Documented: without isolation the answer is there to be read.
    let t = isolated("cat tests/a.out", "none");
    assert_eq!(verdicts(&t), pair("AC", "WA"), "{t}");
}
