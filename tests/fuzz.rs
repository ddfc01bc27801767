//! Hostile input: a mutation fuzzer over every problem, on stable Rust, in-process.
//!
//! Seeds are every input in `problems/<problem>/tests` and `problems/<problem>/invalid`,
//! less the full-size tests (those made by a `NAME.gen` command).
//! Each mutant is a pure function of (problem, mutant number): a few seeded mutations
//! (bit flips, interesting bytes inserted or replaced, bytes deleted, lines duplicated,
//! deleted or swapped, digits swapped, numbers replaced by edge values, truncation,
//! splicing two seeds). The problem's solver runs on it through `run_bytes` inside
//! `catch_unwind`, and the fuzzer asserts:
//! - no panic;
//! - `Ok` with a well-formed answer (equal to the literal reference's where the table
//!   names one), or an `InputError` whose message is one line `line N: ...expected...
//!   found...` with N in 1..=(lines of the input)+1;
//! - on error, the output holds only whole answers: nothing for single-case problems,
//!   exactly the answers before the bad case for multi-case ones;
//! - no input takes longer than [`HANG`]: a watchdog thread notices a mutant that
//!   never returns (an endless loop) as well as a slow one.
//!
//! A failing input is written to `target/fuzz-failures/<problem>-<seed>.in` and its
//! seed printed; replay it with
//! `BFS_JUDGE_FUZZ_ONLY=<problem> BFS_JUDGE_FUZZ_START=<seed> BFS_JUDGE_FUZZ=1 cargo test --release fuzz_`.
//!
//! CI runs a fixed number of mutants per problem ([`Target::ci_mutants`]). Long runs:
//! `BFS_JUDGE_FUZZ=N` (N mutants per problem) or `BFS_JUDGE_FUZZ_SECONDS=S` (S seconds
//! per problem), optionally `BFS_JUDGE_FUZZ_START=K` (first mutant number) and
//! `BFS_JUDGE_FUZZ_ONLY=a,b` (those problems); run with `--nocapture` to see the counts.
//!
//! Adding a problem is one entry of [`TARGETS`]; `every_problem_is_fuzzed` fails until
//! each problem of `support::PROBLEMS` has one.

use crate::reference;
use crate::stress::TestRng;
use crate::support::{cases, invalid_cases, root, PROBLEMS};
use bfs_judge::core::error::InputError;
use bfs_judge::core::run::{run_bytes, Solver};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Once};
use std::time::{Duration, Instant};

/// The longest any single (small) input may take before it counts as a hang: a backstop,
/// not a measure (issue 42). The slowest mutant takes about 0.2 s (dev profile, the five
/// problems side by side, 220 ms seen on a machine at load 16); 2 s, the bound before, was
/// under ten times that, which a busy machine may pass without any hang.
pub const HANG: Duration = Duration::from_secs(10);

/// The same for a literal reference cross-checking an accepted mutant: they are plain,
/// not fast (pushing-boxes's runs a person BFS per push: a 35x50 map takes seconds in
/// the dev profile), and only a reference that never returns should stop the run.
pub const REFERENCE_HANG: Duration = Duration::from_secs(60);

/// How a problem's answers sit in its output, to check that an error keeps only whole ones.
#[derive(Clone, Copy, Debug)]
pub enum Answers {
    /// One answer for the whole input: an error leaves the output empty.
    Single,
    /// One line per case (swap-game).
    Lines,
    /// One block per case: `<prefix><k>`, one line, a blank line (pushing-boxes `Maze #`).
    Blocks(&'static str),
}

/// A literal reference: a valid input to its exact expected output.
pub type Reference = fn(&[u8]) -> Vec<u8>;

/// Command-line arguments, the solver run with them, and the literal reference to
/// cross-check every accepted mutant against (where one exists and is cheap per mutant).
pub type Variant = (&'static [&'static str], Solver, Option<Reference>);

/// One problem under test: everything the fuzzer, the huge-claim test and the tolerance
/// test need to know about it.
pub struct Target {
    pub problem: &'static str,
    /// One variant per set of command-line arguments (`&[]` is the plain binary).
    pub variants: &'static [Variant],
    /// The bytes that mean something in this problem's input (cells, markers).
    pub alphabet: &'static [u8],
    pub answers: Answers,
    /// An input of about 20 bytes whose header claims a `rows x cols` grid and which then
    /// gives one short row; `None` when the format has no size header.
    pub claim: Option<fn(u64, u64) -> Vec<u8>>,
    /// Mutants per CI run: a few seconds of one core each in the test profile (robot-maze's
    /// 250,000 take about 3 s), some 20 s in all; `BFS_JUDGE_FUZZ=N` runs a long campaign.
    pub ci_mutants: u64,
}

/// Every problem, one entry each.
#[rustfmt::skip]
pub const TARGETS: &[Target] = &[
    Target {
        problem: "robot-maze",
        variants: &[(&[], bfs_judge::robot_maze::run, Some(reference::robot_maze::reference))],
        alphabet: b"01",
        answers: Answers::Single,
        claim: Some(|r, c| format!("{r} {c} 1 1 1 1\n0\n").into_bytes()),
        ci_mutants: 250_000,
    },
    Target {
        problem: "swap-game",
        // Its literal reference runs a BFS over up to 9! boards per board: too slow per mutant.
        variants: &[(&[], bfs_judge::swap_game::run, None)],
        alphabet: b"123456789",
        answers: Answers::Lines,
        claim: None,
        ci_mutants: 100_000,
    },
    Target {
        problem: "chase",
        variants: &[
            (&[], bfs_judge::chase::run, Some(reference::chase::reference)),
            (&["--path"], bfs_judge::chase::run_path, Some(reference::chase::reference_path)),
        ],
        alphabet: b".#SE",
        answers: Answers::Single,
        claim: Some(|r, c| format!("{r} {c}\n.\n").into_bytes()),
        ci_mutants: 250_000,
    },
    Target {
        problem: "wave",
        variants: &[(&[], bfs_judge::wave::run, Some(reference::wave::reference))],
        alphabet: b"#.sf",
        answers: Answers::Single,
        claim: Some(|r, c| format!("{r} {c}\n.\n").into_bytes()),
        ci_mutants: 250_000,
    },
    Target {
        problem: "pushing-boxes",
        variants: &[(&[], bfs_judge::pushing_boxes::run, Some(reference::pushing_boxes::reference))],
        alphabet: b"#.SBT",
        answers: Answers::Blocks("Maze #"),
        claim: Some(|r, c| format!("{r} {c}\n.\n").into_bytes()),
        ci_mutants: 100_000,
    },
];

impl Target {
    /// The variant for `args`, if this problem has one.
    pub fn variant(&self, args: &[String]) -> Option<&Variant> {
        self.variants
            .iter()
            .find(|(a, _, _)| a.iter().copied().eq(args.iter().map(String::as_str)))
    }

    /// The solver for `args`, if this problem has such a variant.
    pub fn solver(&self, args: &[String]) -> Option<Solver> {
        self.variant(args).map(|&(_, solver, _)| solver)
    }
}

/// The number of lines of `input` as the scanner counts them (a last line without a
/// newline counts).
fn line_count(input: &[u8]) -> usize {
    let newlines = input.iter().filter(|&&b| b == b'\n').count();
    newlines + usize::from(input.last().is_some_and(|&b| b != b'\n'))
}

/// Checks an error message: one line `line N: ...expected ... found ...`, N in range.
pub fn check_error(error: &InputError, input: &[u8]) -> Result<(), String> {
    let message = error.to_string();
    if message.contains(['\n', '\r']) || message.len() > 1000 {
        return Err(format!("error message is not one short line: {message:?}"));
    }
    let number = message
        .strip_prefix("line ")
        .and_then(|rest| rest.split_once(": "))
        .and_then(|(n, _)| n.parse::<usize>().ok());
    let max = line_count(input) + 1;
    match number {
        Some(n) if (1..=max).contains(&n) => {}
        _ => {
            return Err(format!(
                "error message does not start with `line N: ` (N in 1..={max}): {message:?}"
            ))
        }
    }
    if !message.contains("expected") || !message.contains("found") {
        return Err(format!("error message lacks expected/found: {message:?}"));
    }
    if let Some(quoted) = unquote(&error.found) {
        if bfs_judge::ext::memchr::memmem::find(input, &quoted).is_none() {
            return Err(format!(
                "error message quotes {:?}, which is not in the input: {message:?}",
                String::from_utf8_lossy(&quoted)
            ));
        }
    }
    Ok(())
}

/// The input bytes that a `found` text starting with a `quote`d piece of input stands
/// for (undoing the escapes of `bstr`'s `Debug` and the `...` of a cut quote); `None`
/// when it does not start with a quote.
fn unquote(found: &str) -> Option<Vec<u8>> {
    let mut chars = found.strip_prefix('"')?.chars();
    let mut bytes = Vec::new();
    let hex = |digits: &str| u32::from_str_radix(digits, 16).ok();
    loop {
        match chars.next()? {
            '"' => break,
            '\\' => match chars.next()? {
                '0' => bytes.push(0),
                't' => bytes.push(b'\t'),
                'r' => bytes.push(b'\r'),
                'n' => bytes.push(b'\n'),
                'x' => {
                    let digits: String = chars.by_ref().take(2).collect();
                    bytes.push(u8::try_from(hex(&digits)?).ok()?);
                }
                'u' => {
                    let digits: String = chars.by_ref().skip(1).take_while(|&c| c != '}').collect();
                    let c = char::from_u32(hex(&digits)?)?;
                    bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                other => bytes.extend_from_slice(other.encode_utf8(&mut [0; 4]).as_bytes()),
            },
            c => bytes.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
        }
    }
    // A cut quote ends in `..."` and goes on with ` (N bytes)`.
    let cut = chars
        .as_str()
        .strip_prefix(" (")
        .and_then(|rest| rest.split_once(" bytes)"))
        .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
    if cut {
        bytes.truncate(bytes.len().saturating_sub(3));
    }
    Some(bytes)
}

/// The number of whole answers in `out`, or why it is not a sequence of whole answers.
fn whole_answers(answers: Answers, out: &[u8]) -> Result<usize, String> {
    if out.contains(&b'\r') {
        return Err("output holds a carriage return".into());
    }
    match answers {
        Answers::Single => match out {
            [] => Ok(0),
            [.., b'\n'] => Ok(1),
            _ => Err("output does not end in a newline".into()),
        },
        Answers::Lines => {
            if !out.is_empty() && out.last() != Some(&b'\n') {
                return Err("output does not end in a newline".into());
            }
            let lines = out.split(|&b| b == b'\n').filter(|l| !l.is_empty()).count();
            if lines != out.iter().filter(|&&b| b == b'\n').count() {
                return Err("output holds an empty line".into());
            }
            Ok(lines)
        }
        Answers::Blocks(prefix) => {
            let mut rest = out;
            let mut k = 0;
            while !rest.is_empty() {
                k += 1;
                let head = format!("{prefix}{k}\n");
                let Some(after) = rest.strip_prefix(head.as_bytes()) else {
                    return Err(format!("answer {k} does not start with {head:?}"));
                };
                let Some(end) = after.iter().position(|&b| b == b'\n') else {
                    return Err(format!("answer {k} is cut"));
                };
                let Some(next) = after[end + 1..].strip_prefix(b"\n") else {
                    return Err(format!("answer {k} lacks its blank line"));
                };
                rest = next;
            }
            Ok(k)
        }
    }
}

/// Checks the outcome of a solver on `input`: a well-formed answer, or a clean error
/// that kept exactly the answers before the bad case.
pub fn check_outcome(
    target: &Target,
    input: &[u8],
    out: &[u8],
    result: &Result<(), InputError>,
) -> Result<(), String> {
    let count = whole_answers(target.answers, out);
    match result {
        Ok(()) => {
            let count = count?;
            if matches!(target.answers, Answers::Single) && count != 1 {
                return Err("accepted the input but printed nothing".into());
            }
            Ok(())
        }
        Err(e) => {
            check_error(e, input)?;
            let count = count.map_err(|why| format!("after the error {e}: {why}"))?;
            match (target.answers, e.case) {
                (Answers::Single, _) if count != 0 => {
                    Err(format!("printed an answer and then failed with {e}"))
                }
                (_, Some(case)) if count + 1 != case => Err(format!(
                    "kept {count} answers but the error names case {case}: {e}"
                )),
                _ => Ok(()),
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// Mutations

/// Numbers a mutation may write in place of one in the input.
const EDGE_NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
    "65536",
    "31623",
];

/// Bytes every format finds interesting; the problem's own alphabet is added.
const INTERESTING: &[u8] = b"0123456789- \t\r\n\0\xff";

fn pick<'a, T>(rng: &mut TestRng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

fn interesting_byte(rng: &mut TestRng, alphabet: &[u8]) -> u8 {
    if !alphabet.is_empty() && rng.chance(40) {
        *pick(rng, alphabet)
    } else {
        *pick(rng, INTERESTING)
    }
}

/// The lines of `input`, each with its newline (the last one maybe without).
fn lines(input: &[u8]) -> Vec<Vec<u8>> {
    input
        .split_inclusive(|&b| b == b'\n')
        .map(<[u8]>::to_vec)
        .collect()
}

/// The (start, end) of every run of digits, with a `-` before it included.
fn numbers(input: &[u8]) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < input.len() {
        if input[i].is_ascii_digit() {
            let mut start = i;
            if start > 0 && input[start - 1] == b'-' {
                start -= 1;
            }
            while i < input.len() && input[i].is_ascii_digit() {
                i += 1;
            }
            found.push((start, i));
        } else {
            i += 1;
        }
    }
    found
}

/// Applies one random mutation to `input`.
fn mutate_once(rng: &mut TestRng, input: &mut Vec<u8>, pool: &[Seed], alphabet: &[u8]) {
    let len = input.len() as u64;
    match rng.below(13) {
        // Flip one bit.
        0 if len > 0 => {
            let at = rng.below(len) as usize;
            input[at] ^= 1 << rng.below(8);
        }
        // Insert an interesting byte (sometimes a few).
        1 | 2 => {
            let at = rng.below(len + 1) as usize;
            for _ in 0..1 + rng.below(3) * u64::from(rng.chance(30)) {
                let byte = interesting_byte(rng, alphabet);
                input.insert(at, byte);
            }
        }
        // Delete a byte or a short range.
        3 if len > 0 => {
            let at = rng.below(len) as usize;
            let n = (1 + rng.below(4) * u64::from(rng.chance(25))) as usize;
            input.drain(at..(at + n).min(input.len()));
        }
        // Replace a byte with an interesting one.
        4 | 5 if len > 0 => {
            let at = rng.below(len) as usize;
            input[at] = interesting_byte(rng, alphabet);
        }
        // Duplicate, delete or swap lines.
        6..=8 => {
            let mut ls = lines(input);
            if ls.is_empty() {
                return;
            }
            let i = rng.below(ls.len() as u64) as usize;
            let j = rng.below(ls.len() as u64) as usize;
            match rng.below(3) {
                0 => {
                    let copy = ls[i].clone();
                    ls.insert(j, copy);
                }
                1 => {
                    ls.remove(i);
                }
                _ => ls.swap(i, j),
            }
            *input = ls.concat();
        }
        // Swap two digits.
        9 => {
            let digits: Vec<usize> = (0..input.len())
                .filter(|&i| input[i].is_ascii_digit())
                .collect();
            if digits.len() >= 2 {
                let i = *pick(rng, &digits);
                let j = *pick(rng, &digits);
                input.swap(i, j);
            }
        }
        // Replace a number with an edge value or a neighbour of itself.
        10 | 11 => {
            let found = numbers(input);
            if found.is_empty() {
                return;
            }
            let (start, end) = *pick(rng, &found);
            let replacement = if rng.chance(30) {
                let value: i128 = std::str::from_utf8(&input[start..end])
                    .ok()
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                (value + if rng.chance(50) { 1 } else { -1 }).to_string()
            } else {
                pick(rng, EDGE_NUMBERS).to_string()
            };
            input.splice(start..end, replacement.bytes());
        }
        // Truncate, or splice with another seed.
        _ => {
            let at = rng.below(len + 1) as usize;
            input.truncate(at);
            if rng.chance(60) {
                let other = &pick(rng, pool).input;
                let from = rng.below(other.len() as u64 + 1) as usize;
                input.extend_from_slice(&other[from..]);
            }
        }
    }
}

/// A seed input and the variant (solver and reference) it runs with.
struct Seed {
    input: Vec<u8>,
    solver: Solver,
    reference: Option<Reference>,
}

/// The problem's valid tests with their own variants, then its invalid inputs, each with
/// the variants in turn (so `chase --path` meets malformed input too). The full-size tests
/// (a megabyte of grid, 10,000 boards, 20 mazes) are left out: they are there to time
/// solutions, reach no code a small input does not, and each mutant of one costs as much as
/// a thousand small ones, or a slow literal reference run (with them the CI run took 466 s
/// instead of 67).
fn seeds(target: &Target) -> Vec<Seed> {
    let mut seeds: Vec<Seed> = cases(target.problem)
        .into_iter()
        .filter(|case| case.generated.is_none())
        .map(|case| {
            let &(_, solver, reference) = target.variant(&case.args).unwrap_or_else(|| {
                panic!(
                    "{}/{}: no fuzz variant for arguments {:?}",
                    target.problem, case.name, case.args
                )
            });
            Seed {
                input: case.input,
                solver,
                reference,
            }
        })
        .collect();
    let invalid = invalid_cases(target.problem).into_iter().enumerate();
    seeds.extend(invalid.map(|(i, case)| {
        let &(_, solver, reference) = &target.variants[i % target.variants.len()];
        Seed {
            input: case.input,
            solver,
            reference,
        }
    }));
    seeds
}

/// Mutant number `seed` of a problem: which seed input it starts from and its bytes.
fn mutant(target: &Target, seeds: &[Seed], seed: u64) -> (usize, Vec<u8>) {
    let salt = target
        .problem
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
        });
    let mut rng = TestRng::new(salt ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    // The smaller of two random seeds: small inputs are cheap and reach the same code;
    // the largest seed is still drawn, about once per (number of seeds)^2 mutants.
    let (a, b) = (
        rng.below(seeds.len() as u64) as usize,
        rng.below(seeds.len() as u64) as usize,
    );
    let which = if seeds[b].input.len() < seeds[a].input.len() {
        b
    } else {
        a
    };
    let mut input = seeds[which].input.clone();
    let rounds = if rng.chance(20) {
        1 + rng.below(8)
    } else {
        1 + rng.below(3)
    };
    for _ in 0..rounds {
        mutate_once(&mut rng, &mut input, seeds, target.alphabet);
    }
    (which, input)
}

// ---------------------------------------------------------------------------------
// Running

thread_local! {
    /// The last panic message of this fuzz thread (its panics are not printed).
    static LAST_PANIC: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Installs, once, a panic hook that keeps quiet on fuzz threads (recording the message
/// for the report instead) and leaves every other thread's panics as they were.
fn quiet_fuzz_panics() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let default = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let fuzzing = std::thread::current()
                .name()
                .is_some_and(|n| n.starts_with("fuzz-"));
            if fuzzing {
                LAST_PANIC.with(|p| *p.borrow_mut() = info.to_string());
            } else {
                default(info);
            }
        }));
    });
}

fn env_u64(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Where failing inputs are saved.
fn failure_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
        .join("fuzz-failures")
}

/// What a fuzz run did.
#[derive(Default, Debug)]
pub struct Tally {
    pub tried: u64,
    pub accepted: u64,
    pub rejected: u64,
    /// Accepted mutants whose output was compared with the reference.
    pub cross_checked: u64,
    /// Accepted mutants outside the reference's simpler parser (it panicked on them).
    pub reference_skipped: u64,
    pub slowest: Duration,
    pub failures: Vec<String>,
}

/// Runs one mutant and returns why it failed, if it did.
/// `solved` is called once the solver has returned, before the reference runs.
fn try_one(
    target: &Target,
    seed: &Seed,
    input: &[u8],
    tally: &mut Tally,
    solved: impl FnOnce(),
) -> Option<String> {
    let started = Instant::now();
    let ran = catch_unwind(AssertUnwindSafe(|| run_bytes(seed.solver, input)));
    let elapsed = started.elapsed();
    solved();
    tally.tried += 1;
    tally.slowest = tally.slowest.max(elapsed);
    let (out, result) = match ran {
        Ok(ran) => ran,
        Err(_) => {
            return Some(format!(
                "panic: {}",
                LAST_PANIC.with(|p| p.borrow().clone())
            ))
        }
    };
    if elapsed > HANG {
        return Some(format!("took {elapsed:?} (limit {HANG:?})"));
    }
    if let Err(why) = check_outcome(target, input, &out, &result) {
        return Some(why);
    }
    if result.is_err() {
        tally.rejected += 1;
        return None;
    }
    tally.accepted += 1;
    if let Some(reference) = seed.reference {
        match catch_unwind(AssertUnwindSafe(|| reference(input))) {
            Ok(expected) => {
                tally.cross_checked += 1;
                if expected != out {
                    return Some(format!(
                        "output differs from the reference\n--- expected\n{}--- got\n{}",
                        crate::support::show(&expected),
                        crate::support::show(&out)
                    ));
                }
            }
            Err(_) => tally.reference_skipped += 1,
        }
    }
    None
}

/// Fuzzes one problem for mutant numbers `start..start + count` (or until `deadline`),
/// on a worker thread watched for hangs. Saves and lists every failing input.
pub fn fuzz(target: &'static Target, start: u64, count: u64, deadline: Option<Instant>) -> Tally {
    quiet_fuzz_panics();
    let seeds = Arc::new(seeds(target));
    assert!(!seeds.is_empty(), "{}: no seed inputs", target.problem);
    let current = Arc::new(AtomicU64::new(start));
    let progress = Arc::new(AtomicU64::new(0));
    let worker = {
        let (seeds, current, progress) = (seeds.clone(), current.clone(), progress.clone());
        std::thread::Builder::new()
            .name(format!("fuzz-{}", target.problem))
            .spawn(move || {
                let mut tally = Tally::default();
                for n in start..start.saturating_add(count) {
                    if deadline.is_some_and(|d| Instant::now() >= d) {
                        break;
                    }
                    current.store(n, Ordering::SeqCst);
                    let (which, input) = mutant(target, &seeds, n);
                    // Odd while the reference runs, even while the solver does.
                    let solved = || {
                        progress.fetch_add(1, Ordering::SeqCst);
                    };
                    if let Some(why) = try_one(target, &seeds[which], &input, &mut tally, solved) {
                        tally.failures.push(report(target, n, &input, &why));
                        if tally.failures.len() >= 20 {
                            break;
                        }
                    }
                    progress.fetch_add(1, Ordering::SeqCst);
                }
                tally
            })
            .expect("cannot start a fuzz thread")
    };
    // The watchdog: a solver that makes no progress for longer than HANG is a hang (the
    // worker measures every run too, but cannot notice one that never returns). The
    // literal reference, which may be slow on a larger map in the dev profile, has
    // REFERENCE_HANG.
    let mut seen = 0;
    let mut since = Instant::now();
    while !worker.is_finished() {
        std::thread::sleep(Duration::from_millis(20));
        let now = progress.load(Ordering::SeqCst);
        if now != seen {
            seen = now;
            since = Instant::now();
        } else {
            let (limit, who) = if seen % 2 == 1 {
                (REFERENCE_HANG, "the literal reference")
            } else {
                (HANG, "the solver")
            };
            if since.elapsed() > limit && !worker.is_finished() {
                let n = current.load(Ordering::SeqCst);
                let (_, input) = mutant(target, &seeds, n);
                let why = format!("hang: {who} gave no answer in {limit:?}");
                // The worker is stuck for good; leave it, the test process ends anyway.
                panic!("{}", report(target, n, &input, &why));
            }
        }
    }
    match worker.join() {
        Ok(tally) => tally,
        Err(_) => panic!(
            "{}: the fuzzer itself panicked: {}",
            target.problem,
            LAST_PANIC.with(|p| p.borrow().clone())
        ),
    }
}

/// Saves a failing input and describes the failure with how to replay it.
fn report(target: &Target, seed: u64, input: &[u8], why: &str) -> String {
    let dir = failure_dir();
    let path = dir.join(format!("{}-{seed}.in", target.problem));
    let saved = std::fs::create_dir_all(&dir)
        .and_then(|()| std::fs::write(&path, input))
        .map(|()| path.display().to_string())
        .unwrap_or_else(|e| format!("(not saved: {e})"));
    let message = format!(
        "{} mutant seed {seed}: {why}\n  input saved to {saved}\n  input: {:?}\n  replay: BFS_JUDGE_FUZZ_ONLY={} BFS_JUDGE_FUZZ_START={seed} BFS_JUDGE_FUZZ=1 cargo test --release fuzz_",
        target.problem,
        bfs_judge::core::error::quote(input),
        target.problem
    );
    eprintln!("{message}");
    message
}

// ---------------------------------------------------------------------------------
// Tests

#[test]
fn every_problem_is_fuzzed() {
    for problem in PROBLEMS {
        assert!(
            TARGETS.iter().any(|t| t.problem == *problem),
            "{problem} has no entry in TARGETS (tests/fuzz.rs): add one line"
        );
    }
}

#[test]
fn fuzz_every_problem() {
    let only = std::env::var("BFS_JUDGE_FUZZ_ONLY").ok();
    let start = env_u64("BFS_JUDGE_FUZZ_START").unwrap_or(0);
    let seconds = env_u64("BFS_JUDGE_FUZZ_SECONDS");
    let targets: Vec<&'static Target> = TARGETS
        .iter()
        .filter(|target| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|p| p.trim() == target.problem))
        })
        .collect();
    // The problems side by side: one after another, the test was the last seconds of the
    // suite with one core idle. Each one's tally is printed in TARGETS' order.
    let tallies: Vec<(Tally, Duration)> = std::thread::scope(|scope| {
        let runs: Vec<_> = targets
            .iter()
            .map(|&target| {
                scope.spawn(move || {
                    let (count, deadline) = match (env_u64("BFS_JUDGE_FUZZ"), seconds) {
                        (count, Some(s)) => (
                            count.unwrap_or(u64::MAX),
                            Some(Instant::now() + Duration::from_secs(s)),
                        ),
                        (Some(count), None) => (count, None),
                        (None, None) => (target.ci_mutants, None),
                    };
                    let started = Instant::now();
                    let tally = fuzz(target, start, count, deadline);
                    (tally, started.elapsed())
                })
            })
            .collect();
        runs.into_iter().map(|run| run.join().unwrap()).collect()
    });
    let mut failures = Vec::new();
    for (target, (tally, elapsed)) in targets.iter().zip(tallies) {
        println!(
            "fuzz {}: {} mutants in {:.1?} ({} accepted, {} rejected, {} cross-checked, {} outside the reference's parser), slowest {:?}, {} failures",
            target.problem,
            tally.tried,
            elapsed,
            tally.accepted,
            tally.rejected,
            tally.cross_checked,
            tally.reference_skipped,
            tally.slowest,
            tally.failures.len()
        );
        failures.extend(tally.failures);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The fuzzer's own checks must be able to fail: each kind of bad outcome is caught.
#[test]
fn fuzz_checks_catch_bad_outcomes() {
    let target = &TARGETS[0];
    let input = b"2 2 1 1 2 2\n00\n0x\n";
    let error = |line, expected: &str, found: &str| Err(InputError::new(line, expected, found));
    assert!(check_outcome(target, input, b"", &error(3, "a row", "\"0x\"")).is_ok());
    // Line number out of range, missing words, output kept on error.
    assert!(check_outcome(target, input, b"", &error(5, "a row", "\"0x\"")).is_err());
    assert!(check_outcome(target, input, b"", &error(0, "a row", "\"0x\"")).is_err());
    assert!(check_outcome(target, input, b"1 1\n", &error(3, "a row", "x")).is_err());
    assert!(check_outcome(target, input, b"", &error(3, "a\nrow", "x")).is_err());
    // A quote of something the input does not hold (a row overwritten in place).
    assert!(check_outcome(
        target,
        input,
        b"",
        &error(3, "a row", "\"0x\" (2 characters)")
    )
    .is_ok());
    assert!(check_outcome(target, input, b"", &error(3, "a row", "\"00\\n0x\"")).is_ok());
    assert!(check_outcome(
        target,
        input,
        b"",
        &error(3, "a row", "\"x0\" (2 characters)")
    )
    .is_err());
    let escaped = "\"\\0\\xff\\u{301}\\\"\\\\é\"";
    assert_eq!(
        unquote(escaped),
        Some(
            "\0\u{ff}"
                .replace('\u{ff}', "")
                .into_bytes()
                .into_iter()
                .chain([0xff])
                .chain("\u{301}\"\\é".bytes())
                .collect()
        )
    );
    assert_eq!(unquote("\"abc...\" (50 bytes)"), Some(b"abc".to_vec()));
    assert_eq!(
        unquote("\"abc...\" (50 bytes) (50 characters)"),
        Some(b"abc".to_vec())
    );
    assert_eq!(unquote("end of input"), None);
    // Accepted with nothing printed, or a cut answer.
    assert!(check_outcome(target, input, b"", &Ok(())).is_err());
    assert!(check_outcome(target, input, b"1 1", &Ok(())).is_err());
    // Multi-case shapes: whole blocks only, and as many as the cases before the error.
    assert_eq!(
        whole_answers(
            Answers::Blocks("Maze #"),
            b"Maze #1\nNS\n\nMaze #2\nImpossible.\n\n"
        ),
        Ok(2)
    );
    assert!(whole_answers(Answers::Blocks("Maze #"), b"Maze #1\nNS\n").is_err());
    assert!(whole_answers(Answers::Blocks("Maze #"), b"Maze #2\nNS\n\n").is_err());
    assert_eq!(whole_answers(Answers::Lines, b"3\n16\n"), Ok(2));
    assert!(whole_answers(Answers::Lines, b"3\n\n").is_err());
    let lines = Target {
        answers: Answers::Lines,
        ..TARGETS[0]
    };
    let case_two = Err(InputError::new(1, "a number", "x").in_case(2));
    assert!(check_outcome(&lines, input, b"3\n", &case_two).is_ok());
    assert!(check_outcome(&lines, input, b"", &case_two).is_err());
}

/// A header claiming a huge grid in a tiny input fails at once, with the row (or size)
/// error, for every problem with a size header: nothing was allocated by the claim.
#[test]
fn huge_claims_fail_fast() {
    // 10^9 cells, 4 * 10^9 cells, R x C beyond u32, and both at the u32 limit.
    let claims = [
        (31_623, 31_623),
        (63_246, 63_246),
        (65_536, 65_536),
        (4_294_967_295, 4_294_967_295),
    ];
    for target in TARGETS {
        let Some(claim) = target.claim else { continue };
        let solver = target.solver(&[]).unwrap();
        for (rows, cols) in claims {
            let input = claim(rows, cols);
            assert!(
                input.len() <= 40,
                "{}: claim input too long",
                target.problem
            );
            // Best of three, so a busy machine does not fail the test.
            let mut best = Duration::MAX;
            let mut outcome = None;
            for _ in 0..3 {
                let started = Instant::now();
                let ran = run_bytes(solver, &input);
                best = best.min(started.elapsed());
                outcome = Some(ran);
            }
            let (out, result) = outcome.unwrap();
            let e = result.expect_err("a claim that the input does not back must fail");
            let message = e.to_string();
            assert!(
                out.is_empty() || !matches!(target.answers, Answers::Single),
                "{}: printed {:?}",
                target.problem,
                String::from_utf8_lossy(&out)
            );
            assert!(
                message.contains("row") || message.contains("at most"),
                "{} {rows}x{cols}: not a row or size error: {message}",
                target.problem
            );
            assert!(
                best < Duration::from_millis(100),
                "{} {rows}x{cols}: took {best:?}",
                target.problem
            );
        }
    }
}

// ---------------------------------------------------------------------------------
// Regressions found by the audit or the fuzzer

/// Moving off the grid must land outside it for every grid shape the size check
/// accepts. With `MAX_GRID_BYTES = u32::MAX` the check accepted 1431655765 x 2 (exactly
/// `u32::MAX` bytes), where `Dir::Up` from (0, 0) wrapped to index 4294967293: a cell of
/// the last row, so the BFS walked from the first row into the last. Checked by index
/// arithmetic on the largest accepted grid of many widths (no 4 GiB buffer needed), and
/// through robot-maze's header check.
#[test]
fn regression_up_from_row_zero_never_wraps_into_the_grid() {
    use bfs_judge::core::dir::Dir;
    use bfs_judge::core::scan::MAX_GRID_BYTES;
    let widths = [
        2u64,
        3,
        4,
        1000,
        65_535,
        65_536,
        65_537,
        1 << 20,
        MAX_GRID_BYTES,
    ];
    for width in widths {
        let rows = MAX_GRID_BYTES / width;
        let len = rows * width;
        let w = u32::try_from(width).unwrap();
        for col in [0, width / 2, width - 2] {
            let up = u32::try_from(col).unwrap().wrapping_add(Dir::Up.step(w));
            assert!(
                u64::from(up) >= len,
                "up from (0, {col}) of {rows} x {w}: {up}"
            );
        }
        let left = 0u32.wrapping_add(Dir::Left.step(w));
        assert!(u64::from(left) >= len);
        let last_row = u32::try_from(len - width).unwrap();
        let down = u64::from(last_row) + width;
        assert!(down >= len && down <= u64::from(u32::MAX) + 1);
    }
    // The shape that used to be accepted is now refused by its header.
    let (out, result) = run_bytes(bfs_judge::robot_maze::run, b"1431655765 2 1 1 1 1\n00\n");
    let message = result.unwrap_err().to_string();
    assert!(out.is_empty() && message.contains("at most"), "{message}");
}

/// A solver with a planted crash, and one with a planted hang, for the self-test.
fn planted_panic(
    input: &mut Vec<u8>,
    out: &mut bfs_judge::core::out::Output,
) -> Result<(), InputError> {
    assert!(!input.contains(&b'x'), "planted bug");
    bfs_judge::robot_maze::run(input, out)
}

fn planted_hang(
    input: &mut Vec<u8>,
    out: &mut bfs_judge::core::out::Output,
) -> Result<(), InputError> {
    std::thread::sleep(HANG + Duration::from_millis(700));
    bfs_judge::robot_maze::run(input, out)
}

static PLANTED_PANIC: Target = Target {
    variants: &[(&[], planted_panic, None)],
    ..TARGETS[0]
};

static PLANTED_HANG: Target = Target {
    variants: &[(&[], planted_hang, None)],
    ..TARGETS[0]
};

/// The fuzzer notices a panic (and keeps its message) and a hang (by its watchdog,
/// saving the input): its failure paths are not dead code.
#[test]
fn fuzz_catches_planted_panic_and_hang() {
    quiet_fuzz_panics();
    let seed = Seed {
        input: b"1 1 1 1 1 1\nx\n".to_vec(),
        solver: planted_panic,
        reference: None,
    };
    // On a fuzz-named thread, as in a real run, so the hook records the message.
    let why = std::thread::Builder::new()
        .name("fuzz-self-test".into())
        .spawn(move || {
            try_one(
                &PLANTED_PANIC,
                &seed,
                &seed.input.clone(),
                &mut Tally::default(),
                || {},
            )
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(
        why.as_deref()
            .is_some_and(|w| w.contains("panic") && w.contains("planted bug")),
        "{why:?}"
    );
    let seed_number = u64::MAX - 1;
    let hang = catch_unwind(|| fuzz(&PLANTED_HANG, seed_number, 1, None));
    let message = match hang {
        Ok(tally) => panic!("the watchdog missed a hang: {tally:?}"),
        Err(payload) => payload
            .downcast_ref::<String>()
            .cloned()
            .unwrap_or_default(),
    };
    assert!(message.contains("hang"), "{message}");
    let saved = failure_dir().join(format!("robot-maze-{seed_number}.in"));
    assert!(saved.exists(), "{} not saved", saved.display());
    // The planted hang does return after HANG + 0.7 s, and its worker then reports the
    // slow input (saving it again): wait for that save (a minute at most) before cleaning up.
    let modified = || std::fs::metadata(&saved).and_then(|m| m.modified()).ok();
    let first = modified();
    let deadline = Instant::now() + Duration::from_secs(60);
    while modified() == first && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = std::fs::remove_file(saved);
}
