//! The `-j N` pool: `count` jobs run on at most `jobs` threads, and their results are handed
//! on in the order of the jobs, not of their ends, so that what is printed (and the first
//! failure reported) is the same at `-j 1` and `-j 8`. Each thread runs its programs through
//! a supervisor of its own (`run::sandbox`), ended when the thread is done. Cost: a thread a
//! job slot, a channel, and a map of the results that came early.

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `work(slot, job)` for every job `0..count` on `jobs` threads (`slot`: the thread's
/// number, `0..jobs`, for what a thread keeps of its own), and hands each result to
/// `deliver(job, result)` in the order of the jobs; `deliver` breaking stops the pool (no
/// job starts after it; those running end as they do, their results dropped). While it
/// waits for the next job in order, `waiting(received, delivered)` is told how many results
/// have come and how many were handed on.
pub fn in_order<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize, usize) -> T + Sync,
    mut deliver: impl FnMut(usize, T) -> ControlFlow<()>,
    mut waiting: impl FnMut(usize, usize),
) {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, T)>();
    thread::scope(|s| {
        for slot in 0..jobs.clamp(1, count.max(1)) {
            let tx = tx.clone();
            let (next, stop, work) = (&next, &stop, &work);
            s.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let job = next.fetch_add(1, Ordering::Relaxed);
                    if job >= count || tx.send((job, work(slot, job))).is_err() {
                        break;
                    }
                }
                crate::run::sandbox::release();
            });
        }
        drop(tx);
        let mut early = BTreeMap::new();
        let (mut delivered, mut received) = (0, 0);
        for (job, result) in rx {
            received += 1;
            early.insert(job, result);
            while let Some(result) = early.remove(&delivered) {
                delivered += 1;
                if deliver(delivered - 1, result).is_break() {
                    stop.store(true, Ordering::Relaxed);
                    return;
                }
            }
            waiting(received, delivered);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_in_the_order_of_the_jobs_and_a_break_stops_the_rest() {
        let mut seen = Vec::new();
        in_order(
            50,
            4,
            |_, job| {
                // Early jobs end last.
                std::thread::sleep(std::time::Duration::from_micros(((50 - job) * 20) as u64));
                job * 2
            },
            |job, result| {
                assert_eq!(result, job * 2);
                seen.push(job);
                if job == 30 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            |_, _| {},
        );
        assert_eq!(seen, (0..=30).collect::<Vec<_>>());
        let mut none = 0;
        let count = |_, _: i32| {
            none += 1;
            ControlFlow::Continue(())
        };
        in_order(0, 4, |_, _| 1, count, |_, _| {});
        assert_eq!(none, 0);
    }
}
