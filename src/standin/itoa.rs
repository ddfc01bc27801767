//! Stand-in for the `itoa` crate: `Buffer::new()` and `Buffer::format` of `u64` and `i64`.
//!
//! Digits are written right to left, two at a time from a table of the 100 pairs, into
//! a 20-byte buffer (the length of `u64::MAX` and of `i64::MIN`).

use std::str;

/// The longest decimal form: `u64::MAX` has 20 digits, `i64::MIN` 19 and a sign.
const MAX_LEN: usize = 20;

/// The two digits of every number below 100, `"00"` to `"99"`.
const PAIRS: [u8; 200] = pairs();

const fn pairs() -> [u8; 200] {
    let mut table = [0; 200];
    let mut i = 0;
    while i < 100 {
        table[2 * i] = b'0' + (i / 10) as u8;
        table[2 * i + 1] = b'0' + (i % 10) as u8;
        i += 1;
    }
    table
}

/// Room for one formatted integer, as `itoa::Buffer`.
pub struct Buffer {
    bytes: [u8; MAX_LEN],
}

impl Default for Buffer {
    fn default() -> Self {
        Buffer::new()
    }
}

impl Buffer {
    #[inline]
    pub fn new() -> Buffer {
        Buffer {
            bytes: [0; MAX_LEN],
        }
    }

    /// `value` in decimal, with a leading `-` when negative.
    #[inline]
    pub fn format<I: Integer>(&mut self, value: I) -> &str {
        let start = value.write(&mut self.bytes);
        str::from_utf8(&self.bytes[start..]).expect("only ASCII digits and '-' are written")
    }
}

/// The integer types [`Buffer::format`] takes (those `src/` formats).
pub trait Integer {
    /// Writes the decimal form at the end of `buf`; returns where it starts.
    fn write(self, buf: &mut [u8; MAX_LEN]) -> usize;
}

impl Integer for u64 {
    #[inline]
    fn write(self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut n = self;
        let mut pos = MAX_LEN;
        while n >= 100 {
            let pair = (n % 100) as usize * 2;
            n /= 100;
            pos -= 2;
            buf[pos..pos + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        }
        if n >= 10 {
            let pair = n as usize * 2;
            pos -= 2;
            buf[pos..pos + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        } else {
            pos -= 1;
            buf[pos] = b'0' + n as u8;
        }
        pos
    }
}

impl Integer for i64 {
    #[inline]
    fn write(self, buf: &mut [u8; MAX_LEN]) -> usize {
        // `unsigned_abs` is exact for i64::MIN too.
        let mut pos = self.unsigned_abs().write(buf);
        if self < 0 {
            pos -= 1;
            buf[pos] = b'-';
        }
        pos
    }
}
