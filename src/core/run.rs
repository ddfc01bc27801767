//! From stdin to a solver to stdout: the whole of every binary's `main`.
//!
//! The input is read at once (one `read_to_end` on the locked stdin) into a buffer the
//! solver may rewrite in place, or, for a [`StreamSolver`], by the solver itself. A solver writes only answers it has fully computed, so
//! on bad input stdout holds exactly the answers to the valid cases before it (none
//! for single-case problems), and stderr one line: `<binary>: line L: expected X, found Y`.

use super::error::InputError;
use super::out::Output;
use std::io::{self, Read};
use std::process::ExitCode;

/// A problem's entry point: solves all of `input`, writing answers to the output.
pub type Solver = fn(&mut Vec<u8>, &mut Output) -> Result<(), InputError>;

/// Runs `solver` on stdin and stdout; returns the process exit code (1 on any error).
pub fn main(binary: &str, solver: Solver) -> ExitCode {
    main_with(binary, solver)
}

/// [`main`] for solvers that need more than the input, such as command-line options.
pub fn main_with(
    binary: &str,
    solver: impl FnOnce(&mut Vec<u8>, &mut Output) -> Result<(), InputError>,
) -> ExitCode {
    let mut input = Vec::new();
    #[cfg(target_os = "linux")]
    huge_input(&mut input);
    if let Err(e) = io::stdin().lock().read_to_end(&mut input) {
        eprintln!("{binary}: cannot read input: {e}");
        return ExitCode::from(1);
    }
    respond(binary, |out| Ok(solver(&mut input, out)))
}

/// Makes room in `input` for stdin, if it is a regular file read from its start, in
/// 2 MiB pages where they are whole: a fresh 16 MB buffer took 4,000 page faults to
/// fill, and the read 12 ms instead of 8.
#[cfg(target_os = "linux")]
fn huge_input(input: &mut Vec<u8>) {
    use std::io::Seek;
    use std::os::unix::io::AsFd;
    extern "C" {
        fn madvise(addr: *const u8, len: usize, advice: i32) -> i32;
    }
    let file = match io::stdin().as_fd().try_clone_to_owned() {
        Ok(fd) => std::fs::File::from(fd),
        Err(_) => return,
    };
    let len = match (file.metadata(), (&file).stream_position()) {
        (Ok(meta), Ok(0)) if meta.is_file() && meta.len() < 1 << 40 => meta.len() as usize,
        _ => return,
    };
    input.reserve_exact(len + 1);
    let page = 2 << 20;
    let start = (input.as_ptr() as usize + page - 1) & !(page - 1);
    let end = (input.as_ptr() as usize + len + 1) & !(page - 1);
    if start < end {
        // SAFETY: MADV_HUGEPAGE (14) on whole pages within `input`'s own allocation,
        // which the read then fills. (Measured: whole process 0.94x the time on chase's
        // 16 MB random maze, medians of 21 runs in turns.)
        unsafe { madvise(start as *const u8, end - start, 14) };
    }
}

/// A solver that reads stdin itself, for inputs too large to hold whole: a read error,
/// or how solving ended.
pub type StreamSolver = fn(&mut dyn Read, &mut Output) -> io::Result<Result<(), InputError>>;

/// [`main`] for a [`StreamSolver`], or a closure like one (with command-line options).
pub fn main_stream(
    binary: &str,
    solver: impl FnOnce(&mut dyn Read, &mut Output) -> io::Result<Result<(), InputError>>,
) -> ExitCode {
    let stdin = io::stdin();
    let mut lock = stdin.lock();
    respond(binary, |out| solver(&mut lock, out))
}

/// Runs `solve` on stdout; the exit code, with any error on stderr.
fn respond(
    binary: &str,
    solve: impl FnOnce(&mut Output) -> io::Result<Result<(), InputError>>,
) -> ExitCode {
    let stdout = io::stdout();
    let mut lock = stdout.lock();
    let mut out = Output::new(&mut lock);
    let result = solve(&mut out);
    // Answers already computed are written even when a later case is bad.
    let written = out.finish();
    match result {
        Ok(Ok(())) => {}
        Ok(Err(e)) => {
            eprintln!("{binary}: {e}");
            return ExitCode::from(1);
        }
        Err(e) => {
            eprintln!("{binary}: cannot read input: {e}");
            return ExitCode::from(1);
        }
    }
    match written {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`| head`) is not an error of ours.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{binary}: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}

/// Runs `solver` in-process on a copy of `input`: what it wrote, and how it ended.
/// For tests, fuzzing and benchmarks.
pub fn run_bytes(solver: Solver, input: &[u8]) -> (Vec<u8>, Result<(), InputError>) {
    let mut buffer = input.to_vec();
    let mut written = Vec::new();
    let mut out = Output::new(&mut written);
    let result = solver(&mut buffer, &mut out);
    out.finish().expect("writing to a Vec cannot fail");
    (written, result)
}
