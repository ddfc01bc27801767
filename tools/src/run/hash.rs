//! FNV-1a, 64 bits: the crate's one hash for keys that outlive a run (the build cache's
//! folder names) and for streams compared by a digest. Unlike std's `DefaultHasher`, whose
//! algorithm may change with Rust, it is the same in every judge version and on every
//! machine, so a key one judge wrote is found by the next. Not for anything an adversary
//! chooses to collide: it is a name, never a proof. Cost: one xor and one multiply a byte.

use std::hash::Hasher;

/// The hash of no bytes (FNV's offset basis).
pub const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// FNV's 64-bit prime.
pub const PRIME: u64 = 0x0000_0100_0000_01b3;

/// A running FNV-1a hash. As a [`Hasher`] it takes anything `Hash` (a path, a length);
/// [`Fnv1a::bytes`] feeds raw bytes and chains.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(OFFSET)
    }
}

impl Fnv1a {
    pub fn new() -> Fnv1a {
        Fnv1a::default()
    }

    /// One more byte.
    pub fn byte(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).wrapping_mul(PRIME);
    }

    /// These bytes, after what came before.
    pub fn bytes(mut self, bytes: &[u8]) -> Fnv1a {
        self.write(bytes);
        self
    }

    pub fn value(self) -> u64 {
        self.0
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.byte(b);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// FNV-1a of `bytes`.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    Fnv1a::new().bytes(bytes).value()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnv1a_is_the_published_function() {
        // The reference values of FNV's authors (64-bit FNV-1a).
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        let chained = Fnv1a::new().bytes(b"foo").bytes(b"bar");
        assert_eq!(chained.value(), fnv1a(b"foobar"));
    }
}
