//! Stand-in for the `memchr` crate: `memchr(needle, haystack)`, the first position of a byte.
//!
//! Eight bytes at a time (SWAR): after `word ^ needle * 0x01..01`, a matching byte is
//! zero, and `(x - 0x01..01) & !x & 0x80..80` flags zero bytes. Flags can be wrong only
//! above a true zero byte (where the subtraction borrowed), so with the word read
//! little-endian the lowest flag is always the first match. The tail is read bytewise.
//! Complexity: O(haystack length); no allocation, no `unsafe`.

const LOW_BITS: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The index of the first `needle` in `haystack`, as `memchr::memchr`.
#[inline]
pub fn memchr(needle: u8, haystack: &[u8]) -> Option<usize> {
    let repeated = LOW_BITS * u64::from(needle);
    let mut words = haystack.chunks_exact(8);
    let mut offset = 0;
    for word in &mut words {
        let bytes: [u8; 8] = word.try_into().expect("chunks_exact yields 8 bytes");
        let x = u64::from_le_bytes(bytes) ^ repeated;
        let zeros = x.wrapping_sub(LOW_BITS) & !x & HIGH_BITS;
        if zeros != 0 {
            return Some(offset + (zeros.trailing_zeros() / 8) as usize);
        }
        offset += 8;
    }
    words
        .remainder()
        .iter()
        .position(|&b| b == needle)
        .map(|i| offset + i)
}
