//! The subcommands that print for a person: `bench`, `analyze`, `epd` and `replay`; `book`, which
//! writes the opening books; `datagen`, `tune` and `train`, which make the evaluation's data and
//! fit its weights or train its network.

pub mod analyze;
pub mod bench;
pub mod book;
pub mod datagen;
pub mod epd;
pub mod replay;
pub mod train;
pub mod tune;

use rand::SeedableRng;
use rand::rngs::StdRng;

/// The random stream of item `index` (a book candidate, a datagen game): the seed, the
/// variant's name and the index mixed (FNV-1a over the name, SplitMix64's finaliser over the
/// lot) so that neighbouring items, seeds and variants give unrelated streams; without the
/// name the Shock Troops games, whose boards start alike, would get the same lines. `StdRng`
/// is deterministic for one `rand` release, which Cargo.lock pins.
pub fn stream_rng(seed: u64, variant: &str, index: u64) -> StdRng {
    let name = variant.bytes().fold(0xCBF2_9CE4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01B3)
    });
    let mut z = seed ^ name ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    StdRng::seed_from_u64(z ^ (z >> 31))
}
