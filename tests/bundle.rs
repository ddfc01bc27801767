//! Single-file bundles (`scripts/bundle`, `tools/src/bin/bundle`) and the std-only stand-ins
//! they carry instead of the crates.
//!
//! - Each stand-in against its real crate on many inputs: every integer edge case and
//!   random integers of every length (itoa), random haystacks with the needle at every
//!   position (memchr), random and hand-picked bytes including invalid UTF-8 (bstr).
//! - Every problem with a binary (read from Cargo.toml, so new problems are covered
//!   automatically): bundled, compiled once with a plain `rustc --edition 2021 -O`
//!   (no warnings allowed), at most 52 KiB, then every test case, every invalid case and
//!   seeded random inputs (valid, and with one byte damaged) through the bundle and the
//!   normal binary: exit code, stdout and stderr must be identical byte for byte.
//!   (`scripts/test` compiles and judges them with Debian's rustc 1.63 as well.)
//! - The bundler refuses sources that would pull in a crate, and leaves out exactly what a
//!   problem never calls.

use crate::stress::TestRng;

/// Random integers with a random number of digits, so every length is hit often.
fn random_u64(rng: &mut TestRng) -> u64 {
    let bits = rng.below(65) as u32;
    if bits == 0 {
        0
    } else {
        rng.next_u64() >> (64 - bits)
    }
}

#[test]
fn standin_itoa_matches_the_crate() {
    use bfs_judge::standin::itoa as stand_in;
    let mut unsigned = vec![0, 1, 9, 10, 11, 99, 100, 101, u64::MAX, u64::MAX - 1];
    let mut power = 1u64;
    while let Some(next) = power.checked_mul(10) {
        unsigned.extend([power - 1, power, power + 1, 2 * power - 1, 5 * power]);
        power = next;
    }
    unsigned.extend([power - 1, power, power + 1]);
    for bits in 0..64 {
        unsigned.extend([1u64 << bits, (1u64 << bits) - 1, (1u64 << bits) + 1]);
    }
    let mut signed = vec![0, 1, -1, 9, -9, 10, -10, i64::MIN, i64::MIN + 1, i64::MAX];
    signed.extend(unsigned.iter().map(|&u| u as i64));
    signed.extend(unsigned.iter().map(|&u| (u as i64).wrapping_neg()));
    signed.extend(unsigned.iter().map(|&u| (u >> 1) as i64));
    signed.extend(unsigned.iter().map(|&u| -((u >> 1) as i64)));
    let mut rng = TestRng::new(1);
    for _ in 0..100_000 {
        let u = random_u64(&mut rng);
        unsigned.push(u);
        signed.push(u as i64);
    }
    let (mut ours, mut theirs) = (stand_in::Buffer::new(), itoa::Buffer::new());
    for &u in &unsigned {
        assert_eq!(ours.format(u), theirs.format(u), "u64 {u}");
        assert_eq!(ours.format(u), u.to_string(), "u64 {u}");
    }
    for &i in &signed {
        assert_eq!(ours.format(i), theirs.format(i), "i64 {i}");
        assert_eq!(ours.format(i), i.to_string(), "i64 {i}");
    }
    // A buffer is reused across calls: a long number, then a short one.
    let mut buffer = stand_in::Buffer::default();
    assert_eq!(buffer.format(i64::MIN), "-9223372036854775808");
    assert_eq!(buffer.format(7u64), "7");
}

#[test]
fn standin_memchr_matches_the_crate() {
    use bfs_judge::standin::memchr::memchr as stand_in;
    let check = |needle: u8, haystack: &[u8]| {
        assert_eq!(
            stand_in(needle, haystack),
            memchr::memchr(needle, haystack),
            "needle {needle:#04x} in {haystack:?}"
        );
    };
    check(b'\n', b"");
    // Every length up to a few words, the needle at every position (and absent),
    // over backgrounds that stress the borrow trick: zeros, 0x01, 0x80, 0xff, needle ± 1.
    for needle in [0u8, 1, b'\n', 0x7f, 0x80, 0xfe, 0xff] {
        for background in [
            0u8,
            1,
            0x80,
            0xff,
            needle.wrapping_add(1),
            needle.wrapping_sub(1),
        ] {
            if background == needle {
                continue;
            }
            for len in 0..40 {
                let mut haystack = vec![background; len];
                check(needle, &haystack);
                for at in 0..len {
                    haystack[at] = needle;
                    check(needle, &haystack);
                    // A second match later must not win.
                    if at + 3 < len {
                        haystack[at + 3] = needle;
                        check(needle, &haystack);
                        haystack[at + 3] = background;
                    }
                    haystack[at] = background;
                }
            }
        }
    }
    // Random haystacks over small and full alphabets, every needle, every start offset.
    let mut rng = TestRng::new(2);
    for round in 0..3_000 {
        let len = rng.below(if round % 10 == 0 { 1000 } else { 70 }) as usize;
        let alphabet = [2, 4, 16, 256][rng.below(4) as usize];
        let haystack: Vec<u8> = (0..len).map(|_| rng.below(alphabet) as u8).collect();
        let needle = rng.below(alphabet.min(256)) as u8;
        for start in 0..haystack.len().min(9) {
            check(needle, &haystack[start..]);
        }
        check(rng.next_u64() as u8, &haystack);
    }
}

/// bstr's and the stand-in's `{:?}` of `bytes`.
fn both_debug(bytes: &[u8]) -> (String, String) {
    use bfs_judge::standin::bstr::ByteSlice as _;
    let ours = format!("{:?}", bytes.as_bstr());
    let theirs = format!("{:?}", bstr::ByteSlice::as_bstr(bytes));
    (ours, theirs)
}

#[test]
fn standin_bstr_debug_matches_the_crate() {
    let check = |bytes: &[u8]| {
        let (ours, theirs) = both_debug(bytes);
        assert_eq!(ours, theirs, "bytes {bytes:?}");
    };
    check(b"");
    // Every byte alone and every pair: NUL, controls, quotes, backslash, DEL, lone
    // continuation bytes, truncated and invalid lead bytes.
    for a in 0..=255u8 {
        check(&[a]);
        for b in 0..=255u8 {
            check(&[a, b]);
        }
    }
    let samples: &[&[u8]] = &[
        b"row \"1\" is 'bad'\\\t\r\n",
        "é ü 中文 🦀 \u{fffd} \u{301} a\u{301} \u{200b} \u{85} \u{feff}".as_bytes(),
        b"\xef\xbf\xbd",          // a real U+FFFD
        b"\xed\xa0\x80",          // a surrogate
        b"\xc0\x80 \xe0\x80\x80", // overlong encodings
        b"\xf4\x90\x80\x80",      // beyond U+10FFFF
        b"\xf0\x9f\xa6",          // truncated at the end
        b"\xf0\x9f\xa6x\xe4\xb8",
        b"0\xff",
        b"\x00\x01\x1b\x7f\x80\xff",
    ];
    for &sample in samples {
        check(sample);
    }
    // Random byte strings drawn from mixes of ASCII, escapes, UTF-8 pieces and junk.
    let pieces: &[&[u8]] = &[
        b"a",
        b"Z",
        b"0",
        b" ",
        b"\"",
        b"'",
        b"\\",
        b"\0",
        b"\n",
        b"\r",
        b"\t",
        b"\x7f",
        b"\x1f",
        "é".as_bytes(),
        "中".as_bytes(),
        "🦀".as_bytes(),
        "\u{301}".as_bytes(),
        "\u{a0}".as_bytes(),
        b"\xef\xbf\xbd",
        b"\x80",
        b"\xc3",
        b"\xe4\xb8",
        b"\xf0\x9f",
        b"\xff",
        b"\xed\xa0\x80",
        b"\xc0\xaf",
    ];
    let mut rng = TestRng::new(3);
    for _ in 0..50_000 {
        let len = rng.below(12) as usize;
        let mut bytes = Vec::new();
        for _ in 0..len {
            if rng.chance(30) {
                bytes.push(rng.next_u64() as u8);
            } else {
                bytes.extend_from_slice(pieces[rng.below(pieces.len() as u64) as usize]);
            }
        }
        check(&bytes);
    }
}

// --- Bundles -------------------------------------------------------------------------------

/// The bundler itself, a library module of the tools crate (`bfs-judge bundle` is its CLI).
#[allow(dead_code, unused_imports)]
#[path = "../tools/src/bundle/mod.rs"]
mod bundler;

use crate::support::{self, cases, invalid_cases, run_program, Outcome};
use std::path::{Path, PathBuf};

/// The most bytes a bundle may have: 52 KiB, 12 KiB below Codeforces' 64 KiB source
/// limit, so that code can grow before a change breaks a submission. Written out here so
/// that the bundler's own limit cannot loosen this test.
const LIMIT: usize = 52 * 1024;

/// Valid random inputs per problem; a third as many again with one byte damaged.
const RANDOM_INPUTS: u64 = 450;

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn same(what: &str, ours: &Outcome, bundled: &Outcome) -> Result<(), String> {
    if ours.code == bundled.code && ours.stdout == bundled.stdout && ours.stderr == bundled.stderr {
        return Ok(());
    }
    Err(format!(
        "{what}: the bundle differs from the binary\n--- binary: exit {:?}, stderr {:?}\n{}\
         --- bundle: exit {:?}, stderr {:?}\n{}",
        ours.code,
        ours.stderr,
        support::show(&ours.stdout),
        bundled.code,
        bundled.stderr,
        support::show(&bundled.stdout)
    ))
}

/// Bundles `problem`, compiles it once and runs everything through both programs.
fn check_bundle(project: &bundler::Project, problem: &str, dir: &Path) -> Result<String, String> {
    let bundle = project.bundle(problem).map_err(|e| e.to_string())?;
    let size = bundle.source.len();
    if size > LIMIT {
        return Err(format!("{problem}: {size} bytes, more than {LIMIT}"));
    }
    for krate in ["itoa::", "memchr::", "bstr::"] {
        // Crates appear only as stand-ins under `crate::ext`.
        let bare = bundle
            .source
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .any(|l| l.replace(&format!("ext::{krate}"), "").contains(krate));
        if bare {
            return Err(format!(
                "{problem}: the bundle names {krate} outside crate::ext"
            ));
        }
    }
    let source = dir.join(format!("{problem}.rs"));
    std::fs::write(&source, &bundle.source).unwrap();
    let exe = dir.join(problem);
    // Fails on any rustc output: warnings count.
    bundler::compile_bundle(&bundler::default_rustc(), &source, &exe).map_err(|e| e.to_string())?;
    let binary = Path::new(support::binary("robot-maze"))
        .parent()
        .unwrap()
        .join(problem);

    let mut arg_sets: Vec<Vec<String>> = vec![Vec::new()];
    let cases = cases(problem);
    if cases.is_empty() {
        return Err(format!("{problem}: no test cases"));
    }
    for case in &cases {
        let ours = run_program(&binary, &case.args, &case.input);
        let bundled = run_program(&exe, &case.args, &case.input);
        same(&format!("{problem}/tests/{}", case.name), &ours, &bundled)?;
        if bundled.code != Some(0) || bundled.stdout != case.expected {
            return Err(format!(
                "{problem}/tests/{}: the bundle is wrong",
                case.name
            ));
        }
        if !arg_sets.contains(&case.args) {
            arg_sets.push(case.args.clone());
        }
    }
    let invalid = invalid_cases(problem);
    for case in &invalid {
        let ours = run_program(&binary, &[], &case.input);
        let bundled = run_program(&exe, &[], &case.input);
        same(&format!("{problem}/invalid/{}", case.name), &ours, &bundled)?;
        if bundled.code != Some(1) || !bundled.stderr.contains(&case.fragment) {
            return Err(format!("{problem}/invalid/{}: not rejected", case.name));
        }
    }
    let make = crate::stress::maker(problem).ok_or_else(|| {
        format!("{problem}: no random-input maker: add it to stress::maker in tests/stress/mod.rs")
    })?;
    let mut rng = TestRng::new(0xb0d1e);
    let mut runs = 0;
    for seed in 0..RANDOM_INPUTS * 4 / 3 {
        let mut input = make(seed % RANDOM_INPUTS);
        if seed >= RANDOM_INPUTS && !input.is_empty() {
            // Damaged: one byte replaced, so error paths (and their quoting) are compared too.
            let at = rng.below(input.len() as u64) as usize;
            let junk = [b'x', b'9', b' ', b'\n', b'\r', 0, 0xff, 0xc3, b'"', b'-'];
            input[at] = junk[rng.below(junk.len() as u64) as usize];
        }
        for args in &arg_sets {
            let ours = run_program(&binary, args, &input);
            let bundled = run_program(&exe, args, &input);
            same(
                &format!(
                    "{problem} random input {seed} {args:?}\n{}",
                    support::show(&input)
                ),
                &ours,
                &bundled,
            )?;
            runs += 1;
        }
    }
    Ok(format!(
        "{problem}: {size} bytes, {} tests, {} invalid, {runs} random runs identical",
        cases.len(),
        invalid.len()
    ))
}

#[test]
fn bundles_compile_and_match_the_binaries() {
    let project = bundler::Project::load(&support::root()).unwrap();
    let problems: Vec<String> = project.bins.keys().cloned().collect();
    assert!(!problems.is_empty(), "Cargo.toml lists no binaries");
    let dir = scratch("bundle");
    // One thread per problem: each compiles its bundle once, then runs its cases.
    let results: Vec<Result<String, String>> = std::thread::scope(|scope| {
        let handles: Vec<_> = problems
            .iter()
            .map(|problem| {
                let (project, dir) = (&project, &dir);
                scope.spawn(move || check_bundle(project, problem, dir))
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for result in results {
        match result {
            Ok(summary) => eprintln!("{summary}"),
            Err(e) => failures.push(e),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// A fake project whose problem module `bad` is `module`: the real ext.rs and stand-ins.
fn fake_project(name: &str, module: &str, main: &str) -> PathBuf {
    let root = scratch(name);
    let real = support::root();
    std::fs::create_dir_all(root.join("src/bin")).unwrap();
    std::fs::create_dir_all(root.join("src/standin")).unwrap();
    std::fs::write(
        root.join("Cargo.toml"),
        "[package]\nname = \"bfs-judge\"\n\n[lib]\nname = \"bfs_judge\"\n\n[dependencies]\n\
         itoa = \"1\"\nmemchr = \"2\"\nbstr = \"1\"\n\n[[bin]]\nname = \"bad\"\npath = \"src/bin/bad.rs\"\n",
    )
    .unwrap();
    std::fs::write(root.join("src/lib.rs"), "pub mod bad;\npub mod ext;\n").unwrap();
    std::fs::copy(real.join("src/ext.rs"), root.join("src/ext.rs")).unwrap();
    for file in ["mod.rs", "itoa.rs", "memchr.rs", "bstr.rs"] {
        std::fs::copy(
            real.join("src/standin").join(file),
            root.join("src/standin").join(file),
        )
        .unwrap();
    }
    std::fs::write(root.join("src/bin/bad.rs"), main).unwrap();
    std::fs::write(root.join("src/bad.rs"), module).unwrap();
    root
}

fn bundle_fake(name: &str, module: &str) -> Result<bundler::Bundle, String> {
    let main = "fn main() {\n    bfs_judge::bad::run();\n}\n";
    bundler::Project::load(&fake_project(name, module, main))
        .and_then(|p| p.bundle("bad"))
        .map_err(|e| e.to_string())
}

#[test]
fn bundler_refuses_crates_the_standins_do_not_cover() {
    // The control: the same project bundles and compiles when it stays within the stand-ins
    // (its main imports the problem module itself, as chase's does).
    let root = fake_project(
        "bundle-good",
        "// memchr::memchr in a comment is fine.\n\
         pub struct Unit;\n\
         pub fn run() {\n    let _ = crate::ext::memchr::memchr(b'a', b\"abc\");\n}\n",
        "use bfs_judge::bad::{self, Unit};\n\
         fn main() {\n    bad::run();\n    let _ = Unit;\n}\n",
    );
    let good = bundler::Project::load(&root)
        .and_then(|p| p.bundle("bad"))
        .unwrap_or_else(|e| panic!("the control failed: {e}"));
    assert!(
        good.source.contains("use crate::bad::Unit;"),
        "{}",
        good.source
    );
    assert!(good.source.contains("pub mod memchr {"));
    assert!(!good.source.contains("pub mod itoa {"), "unused stand-in");
    let dir = scratch("bundle-good-exe");
    std::fs::write(dir.join("bad.rs"), &good.source).unwrap();
    bundler::compile_bundle(
        &bundler::default_rustc(),
        &dir.join("bad.rs"),
        &dir.join("bad"),
    )
    .unwrap();

    let refused = [
        (
            "use memchr::memmem;\npub fn run() {}\n",
            "reaches the crate `memchr`",
        ),
        (
            "pub fn run() {\n    let _ = memchr::memchr(b'a', b\"abc\");\n}\n",
            "reaches the crate `memchr`",
        ),
        (
            "pub fn run() {\n    let _ = crate::ext::memchr::memrchr(b'a', b\"abc\");\n}\n",
            "has no public `memrchr`",
        ),
        (
            "use crate::ext::memchr::memmem;\npub fn run() {}\n",
            "has no public `memmem`",
        ),
        (
            "pub fn run() {\n    let _ = crate::ext::itoa::Buffer::with_capacity();\n}\n",
            "has no `with_capacity`",
        ),
        ("extern crate itoa;\npub fn run() {}\n", "extern crate"),
        (
            "pub fn run() {\n    let _ = ::bstr::B(b\"x\");\n}\n",
            "reaches the crate `bstr`",
        ),
        ("use regex::Regex;\npub fn run() {}\n", "neither a module"),
        (
            "use crate::ext::{itoa, memchr::{memchr, memmem::find}};\npub fn run() {}\n",
            "has no public `memmem`",
        ),
    ];
    for (i, (module, fragment)) in refused.iter().enumerate() {
        match bundle_fake(&format!("bundle-bad-{i}"), module) {
            Ok(_) => panic!("bundled a module that reaches a crate:\n{module}"),
            Err(e) => assert!(
                e.contains(fragment),
                "{module}\nerror {e:?}, wanted {fragment:?}"
            ),
        }
    }
    assert_eq!(bundler::MAX_BYTES, LIMIT);
    let huge = format!(
        "pub fn run() {{\n    let _ = \"{}\";\n}}\n",
        "x".repeat(LIMIT)
    );
    let e = bundle_fake("bundle-huge", &huge)
        .err()
        .expect("a bundle over 52 KiB");
    assert!(e.contains("more than the 53248 allowed"), "{e}");
}

#[test]
fn bundler_leaves_out_what_a_problem_never_calls() {
    let module = r#"use crate::ext::memchr::memchr;
use std::fmt;

pub const USAGE: &str = "usage: bad";
const UNUSED_LIMIT: u8 = 7;

// Kept: run makes one.
pub struct Kept {
    count: u32,
    extra: u64,
}

pub struct Dropped {
    x: u8,
}

impl Kept {
    pub fn new() -> Self {
        Kept { count: 1, extra: 2 }
    }

    pub fn count(&self) -> u32 {
        // SAFETY: a fenced block stays,
        // all of it.
        self.count // but not this
    }

    // Never called, and the only reader of `extra`: `Kept` then allows dead code.
    pub fn extra_twice(&self) -> u64 {
        self.extra * 2
    }

    pub fn step(&self) -> u32 {
        self.count + 1
    }

    // Why this helper exists: a comment that goes with it.
    pub fn never_called(&self) -> u32 {
        helper_of_never_called()
    }
}

fn helper_of_never_called() -> u32 {
    3
}

// A free function named like the method run calls: `k.step()` cannot mean it.
pub fn step() -> u32 {
    4
}

impl Dropped {
    pub fn get(&self) -> u8 {
        self.x
    }
}

impl fmt::Debug for Kept {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Kept")
    }
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.x)
    }
}

pub trait Twice {
    fn twice(&self) -> u32;
}

impl Twice for u32 {
    fn twice(&self) -> u32 {
        self * 2
    }
}

pub trait Unused {
    fn unused(&self);
}

impl Unused for u32 {
    fn unused(&self) {}
}

pub fn run() {
    let k = Kept::new();
    let _ = memchr(b'a', b"abc");
    println!("{USAGE} {} {} {:?}", k.count().twice(), k.step(), k);
}
"#;
    let bundle = bundle_fake("bundle-prune", module).unwrap_or_else(|e| panic!("{e}"));
    let source = &bundle.source;
    for kept in [
        "pub const USAGE",
        "#[allow(dead_code)]\npub struct Kept",
        "fn count(&self)",
        "// SAFETY: a fenced block stays,\n  // all of it.\n  self.count\n",
        "fn step(&self)",
        "impl fmt::Debug for Kept",
        "pub trait Twice",
        "impl Twice for u32",
        "use std::fmt;",
        "pub mod memchr {",
    ] {
        assert!(source.contains(kept), "{kept:?} is missing:\n{source}");
    }
    for dropped in [
        "UNUSED_LIMIT",
        "Dropped",
        "never_called",
        "extra_twice",
        "// Why this helper exists",
        // Other comments are in the sources only.
        "// Never called, and the only reader",
        "but not this",
        "helper_of_never_called",
        "pub fn step()",
        "// A free function named like",
        "Unused",
        "pub mod itoa",
        "pub mod bstr",
    ] {
        assert!(!source.contains(dropped), "{dropped:?} is left:\n{source}");
    }
    // What is left compiles without a warning and still runs.
    let dir = scratch("bundle-prune-exe");
    std::fs::write(dir.join("bad.rs"), source).unwrap();
    bundler::compile_bundle(
        &bundler::default_rustc(),
        &dir.join("bad.rs"),
        &dir.join("bad"),
    )
    .unwrap_or_else(|e| panic!("{e}\n{source}"));
    let out = run_program(&dir.join("bad"), &[], b"");
    assert_eq!(out.stdout, b"usage: bad 2 2 Kept\n");
}
