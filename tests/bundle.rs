//! Single-file bundles (`scripts/bundle`, `examples/bundle.rs`) and the std-only stand-ins
//! they carry instead of the crates.
//!
//! - Each stand-in against its real crate on many inputs: every integer edge case and
//!   random integers of every length (itoa), random haystacks with the needle at every
//!   position (memchr), random and hand-picked bytes including invalid UTF-8 (bstr).
//! - Every problem with a binary (read from Cargo.toml, so new problems are covered
//!   automatically): bundled, compiled once with a plain `rustc --edition 2021 -O`
//!   (no warnings allowed), at most 64 KiB, then every test case, every invalid case and
//!   seeded random inputs (valid, and with one byte damaged) through the bundle and the
//!   normal binary: exit code, stdout and stderr must be identical byte for byte.
//! - The bundler refuses sources that would pull in a crate.

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
