//! Tests of the deterministic generators (`bfs_judge::gen`).

use bfs_judge::gen::Rng;

/// The first outputs of SplitMix64 for seed 0 (published reference values); a change in the
/// arithmetic or on a new platform breaks every quoted seed, so it is pinned here.
#[test]
fn rng_matches_reference_splitmix64() {
    let mut r = Rng::new(0);
    assert_eq!(r.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(r.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(r.next_u64(), 0x06C4_5D18_8009_454F);
}
