//! Buffered output: bytes and integers into one large buffer, written in ~1 MiB chunks.
//!
//! Answers can be millions of lines (a robot-maze path through a serpentine grid), so
//! the buffer is flushed whenever it passes [`CHUNK`] and memory stays bounded while the
//! output streams. The first write error is kept and reported by [`Output::finish`];
//! later writes are dropped so a closed pipe costs nothing.

use std::io::{self, Write};

/// The size at which the buffer is handed to the writer.
pub const CHUNK: usize = 1 << 20;

/// An output buffer over any writer (stdout in the binaries, a `Vec<u8>` in tests).
pub struct Output<'w> {
    buf: Vec<u8>,
    sink: &'w mut dyn Write,
    error: Option<io::Error>,
}

impl<'w> Output<'w> {
    pub fn new(sink: &'w mut dyn Write) -> Self {
        Output {
            buf: Vec::new(),
            sink,
            error: None,
        }
    }

    #[inline]
    fn maybe_flush(&mut self) {
        if self.buf.len() >= CHUNK {
            self.flush_buffer();
        }
    }

    fn flush_buffer(&mut self) {
        if self.error.is_none() {
            if let Err(e) = self.sink.write_all(&self.buf) {
                self.error = Some(e);
            }
        }
        self.buf.clear();
    }

    /// Appends raw bytes.
    #[inline]
    pub fn bytes(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
        self.maybe_flush();
    }

    /// Appends one byte.
    #[inline]
    pub fn byte(&mut self, byte: u8) {
        self.buf.push(byte);
        self.maybe_flush();
    }

    /// Appends an unsigned integer in decimal.
    #[inline]
    pub fn uint(&mut self, value: u64) {
        let mut digits = crate::ext::itoa::Buffer::new();
        self.buf.extend_from_slice(digits.format(value).as_bytes());
        self.maybe_flush();
    }

    /// Appends a signed integer in decimal.
    #[inline]
    pub fn int(&mut self, value: i64) {
        let mut digits = crate::ext::itoa::Buffer::new();
        self.buf.extend_from_slice(digits.format(value).as_bytes());
        self.maybe_flush();
    }

    /// Writes everything buffered and flushes the writer; returns the first error seen.
    pub fn finish(&mut self) -> io::Result<()> {
        self.flush_buffer();
        if self.error.is_none() {
            if let Err(e) = self.sink.flush() {
                self.error = Some(e);
            }
        }
        match self.error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
