//! A small deterministic pseudo-random generator: SplitMix64.
//!
//! Why not a crate or `std`'s hasher seeds: the generators must produce the same bytes for the
//! same seed on every platform and every Rust version, forever, because seeds are quoted in bug
//! reports and benchmark tables. SplitMix64 (Steele, Lea, Flood 2014; the seeder of xoshiro) is
//! ten lines of 64-bit wrapping arithmetic, passes BigCrush, and has no platform-dependent
//! behaviour. It is not cryptographic, which test generation does not need.
//!
//! All derived operations (`below`, `range`, `chance`, `shuffle`) are defined only in terms of
//! `next_u64`, so their outputs are pinned too. `below` uses Lemire's multiply-and-reject method:
//! unbiased, and almost always a single multiplication.
//!
//! Complexity: every call is O(1) (expected; rejection loops with probability < n / 2^64);
//! `shuffle` is O(len).

/// SplitMix64 pseudo-random generator. Same seed, same sequence, on every platform.
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose sequence is fully determined by `seed` (any value, 0 included).
    pub fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next 64 uniformly distributed bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform value in `0..n`, without modulo bias.
    ///
    /// Lemire's method: the high half of `x * n` is uniform in `0..n` once the low half is
    /// outside the short biased zone `0..(2^64 mod n)`; the rare draws inside it are rejected.
    ///
    /// # Panics
    /// If `n == 0` (an empty range is a caller bug, not a data condition).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0, "Rng::below(0): empty range");
        let mut m = u128::from(self.next_u64()) * u128::from(n);
        if (m as u64) < n {
            // 2^64 mod n, computed in 64 bits as (2^64 - n) mod n.
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(self.next_u64()) * u128::from(n);
            }
        }
        (m >> 64) as u64
    }

    /// A uniform value in `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn range(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "Rng::range({lo}, {hi}): empty range");
        match (hi - lo).checked_add(1) {
            Some(span) => lo + self.below(span),
            // lo..=hi covers all of u64.
            None => self.next_u64(),
        }
    }

    /// `true` with probability `percent / 100` (0 never, 100 or more always).
    pub fn chance(&mut self, percent: u32) -> bool {
        self.below(100) < u64::from(percent)
    }

    /// A uniform random permutation of `items` in place (Fisher-Yates, from the end).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}
