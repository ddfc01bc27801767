//! The pages' open event streams, each written by a thread of its own, so that a page that
//! stops reading (a tab asleep, a client that never reads) cannot stall the judging: a
//! socket that nobody reads fills its buffer, and a write to it then waits for good. Each
//! stream has a queue of [`QUEUED_FRAMES`] frames; sending puts a frame in every queue
//! without waiting, and a stream whose queue is full is dropped (its page, once it reads
//! again, sees the connection end and connects again: `retry` in its first frame, and the
//! whole board comes first on a new stream). Cost: a thread and at most [`QUEUED_FRAMES`]
//! shared frames a page.
//!
//! At most [`MAX_STREAMS`] streams are open at once ([`Streams::slot`]): each holds a thread,
//! and any client with the token could otherwise open streams until the process has no
//! threads left. A stream's slot is held by its thread, so it frees when the thread ends:
//! when a write fails, which for a page that left is the first frame or [`HEARTBEAT`] after
//! it (an idle board sends none, and a closed connection is only seen by writing to it).

use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How many frames a stream may lag behind before it is dropped: a round of a few hundred
/// cases sends a frame a case, which a page that reads keeps up with by far.
pub const QUEUED_FRAMES: usize = 4096;

/// How many streams may be open at once: a page has one, so far more than a user opens.
pub const MAX_STREAMS: usize = 64;

/// How long a stream waits for a frame before writing an SSE comment (`:`, which the page's
/// `EventSource` ignores), so that a page that left frees its slot on an idle board too.
pub const HEARTBEAT: Duration = Duration::from_secs(15);

/// The open streams.
#[derive(Default)]
pub struct Streams {
    queues: Mutex<Vec<SyncSender<Arc<str>>>>,
    /// How many slots are held (see [`Slot`]).
    held: Arc<AtomicUsize>,
}

/// One of the [`MAX_STREAMS`] places for a stream, taken before the connection is taken
/// over (a refused one is still an HTTP request, answered 503) and held by the stream's
/// thread: dropped, it frees the place.
pub struct Slot(Arc<AtomicUsize>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Streams {
    /// A place for one more stream, or `None` when [`MAX_STREAMS`] are held.
    pub fn slot(&self) -> Option<Slot> {
        self.held
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < MAX_STREAMS).then_some(n + 1)
            })
            .ok()
            .map(|_| Slot(Arc::clone(&self.held)))
    }

    /// Opens a stream in `slot` whose first frame is what `first` makes. It is made with the
    /// streams locked, so that no frame sent meanwhile is lost to this stream or comes
    /// before it.
    pub fn open(&self, slot: Slot, stream: Box<dyn Write + Send>, first: impl FnOnce() -> String) {
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        let (tx, rx) = mpsc::sync_channel::<Arc<str>>(QUEUED_FRAMES);
        // The queue is new and empty: the first frame fits.
        let _ = tx.try_send(first().into());
        let spawned = std::thread::Builder::new()
            .name("panel-stream".into())
            .spawn(move || {
                write_frames(stream, rx);
                drop(slot);
            });
        if spawned.is_ok() {
            queues.push(tx);
        }
    }

    /// Queues one frame on every stream, dropping those that are gone or too far behind.
    pub fn send(&self, frame: &str) {
        let frame: Arc<str> = frame.into();
        let mut queues = self.queues.lock().unwrap_or_else(|e| e.into_inner());
        queues.retain(|q| match q.try_send(Arc::clone(&frame)) {
            Ok(()) => true,
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => false,
        });
    }

    /// How many streams are open.
    #[cfg(test)]
    fn len(&self) -> usize {
        self.queues.lock().unwrap().len()
    }
}

/// A stream's thread: writes its frames (and a comment every [`HEARTBEAT`] without one)
/// until the stream fails or is dropped.
fn write_frames(mut stream: Box<dyn Write + Send>, frames: mpsc::Receiver<Arc<str>>) {
    loop {
        let frame = match frames.recv_timeout(HEARTBEAT) {
            Ok(frame) => frame,
            Err(RecvTimeoutError::Timeout) => ":\n\n".into(),
            Err(RecvTimeoutError::Disconnected) => return,
        };
        if stream
            .write_all(frame.as_bytes())
            .and_then(|()| stream.flush())
            .is_err()
        {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    /// A writer that keeps what it is given, but heartbeats (which a starved sender may
    /// let come between frames).
    #[derive(Clone, Default)]
    struct Kept(Arc<Mutex<Vec<u8>>>);

    impl Write for Kept {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            if buf != b":\n\n" {
                self.0.lock().unwrap().extend_from_slice(buf);
            }
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn slots_stop_at_the_cap_and_free_when_dropped() {
        let streams = Streams::default();
        let held: Vec<Slot> = (0..MAX_STREAMS).map(|_| streams.slot().unwrap()).collect();
        assert!(streams.slot().is_none());
        drop(held);
        assert!(streams.slot().is_some());
    }

    #[test]
    fn a_stream_nobody_reads_neither_stalls_the_sender_nor_the_others() {
        // A real pipe whose reading end is held and never read: its 64 KiB fill, and a
        // write to it then waits for good, as a socket's does when its page stops reading.
        let (reader, writer) = std::io::pipe().unwrap();
        let streams = Arc::new(Streams::default());
        let slot = || streams.slot().unwrap();
        streams.open(slot(), Box::new(writer), || "first\n".into());
        let kept = Kept::default();
        streams.open(slot(), Box::new(kept.clone()), || "first\n".into());
        let frame = format!("data: {}\n\n", "x".repeat(1000));
        let frame_len = frame.len();
        let frames = 2 * QUEUED_FRAMES;
        let backstop = Instant::now() + Duration::from_secs(60);
        // Waits (for an event, with a backstop: it takes milliseconds alone) until the
        // reading stream has been written `sent` frames.
        let caught_up = {
            let kept = kept.clone();
            move |sent: usize| {
                let want = "first\n".len() + sent * frame_len;
                while kept.0.lock().unwrap().len() < want {
                    assert!(
                        Instant::now() < backstop,
                        "the reading stream did not get its frames"
                    );
                    std::thread::sleep(Duration::from_millis(5));
                }
                assert_eq!(kept.0.lock().unwrap().len(), want);
            }
        };
        let sender = Arc::clone(&streams);
        let batch = QUEUED_FRAMES / 4;
        let sending = std::thread::spawn(move || {
            for sent in (batch..=frames).step_by(batch) {
                for _ in 0..batch {
                    sender.send(&frame);
                }
                // The page that reads keeps up between bursts, as a real page does: on a
                // loaded machine its thread may run late, and a burst of more than its
                // queue would drop it too, which is the rule, not what this test is about.
                caught_up(sent);
            }
        });
        // Waits for the sends to end (an event, with the backstop).
        while !sending.is_finished() {
            assert!(
                Instant::now() < backstop,
                "the sender was stalled by the stream nobody reads"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
        sending.join().unwrap();
        // The unread stream fell more than its queue behind and was dropped; the other stays
        // and was written every frame, in order.
        assert_eq!(streams.len(), 1);
        drop(reader);
    }
}
