//! The boards the variants are played on, as geometries. Holes and cut corners are listed as
//! (file, rank) pairs, 0-based (`a1` = (0, 0)).

use super::bits::Bits;
use super::geometry::Geometry;

/// 8x8, no holes (chess, Shock Troops, Shock Chess, Combined Arms).
pub fn standard<B: Bits>() -> Geometry<B> {
    Geometry::new(8, 8, &[])
}

/// Pawnier Chess's holes: c5, e6 and g7 (rules/pawnier.md).
pub const PAWNIER_HOLES: &[(u8, u8)] = &[(2, 4), (4, 5), (6, 6)];

/// Exciting Chess's cut corners (rules/exciting.md II.1): a1 b1 a2, j1 k1 k2, a10 a11 b11,
/// j11 k11 k10.
pub const EXCITING_HOLES: &[(u8, u8)] = &[
    (0, 0),
    (1, 0),
    (0, 1),
    (9, 0),
    (10, 0),
    (10, 1),
    (0, 9),
    (0, 10),
    (1, 10),
    (9, 10),
    (10, 10),
    (10, 9),
];

/// The 9x9 Exciting Chess: the single corner squares a1, i1, a9, i9 removed.
pub const EXCITING9_HOLES: &[(u8, u8)] = &[(0, 0), (8, 0), (0, 8), (8, 8)];

/// Pawnier Chess: 9 files x 11 ranks with holes.
pub fn pawnier<B: Bits>() -> Geometry<B> {
    Geometry::new(9, 11, PAWNIER_HOLES)
}

/// Exciting Chess: 11x11 without the three squares at each corner.
pub fn exciting<B: Bits>() -> Geometry<B> {
    Geometry::new(11, 11, EXCITING_HOLES)
}

/// The 9x9 Exciting Chess board.
pub fn exciting9<B: Bits>() -> Geometry<B> {
    Geometry::new(9, 9, EXCITING9_HOLES)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Color, Square};

    fn names<B: Bits>(g: &Geometry<B>, set: B) -> Vec<String> {
        let mut v: Vec<String> = set.iter().map(|s| g.square_name(s)).collect();
        v.sort();
        v
    }
    fn sq<B: Bits>(g: &Geometry<B>, name: &str) -> Square {
        g.parse_square(name)
            .unwrap_or_else(|| panic!("{name} is not a square"))
    }
    use crate::variants::KNIGHT_LEAPS as KNIGHT;

    #[test]
    fn square_counts_of_every_board() {
        assert_eq!(standard::<u64>().valid.count(), 64);
        assert_eq!(standard::<u128>().valid.count(), 64);
        assert_eq!(pawnier::<u128>().valid.count(), 99 - 3);
        assert_eq!(exciting::<u128>().valid.count(), 109);
        assert_eq!(exciting9::<u128>().valid.count(), 77);
    }

    #[test]
    fn eight_by_eight_rook_and_knight_agree_for_both_widths() {
        let a = standard::<u64>();
        let b = standard::<u128>();
        let (occ_a, occ_b) = (0u64, 0u128);
        assert_eq!(
            names(&a, a.orthogonal_attacks(sq(&a, "d4"), occ_a)).len(),
            14
        );
        assert_eq!(
            names(&a, a.orthogonal_attacks(sq(&a, "d4"), occ_a)),
            names(&b, b.orthogonal_attacks(sq(&b, "d4"), occ_b))
        );
        let na = a.leaper(KNIGHT, Color::White);
        let nb = b.leaper(KNIGHT, Color::White);
        assert_eq!(names(&a, na[sq(&a, "a1").index()]), vec!["b3", "c2"]);
        assert_eq!(
            names(&a, na[sq(&a, "h8").index()]),
            names(&b, nb[sq(&b, "h8").index()])
        );
    }

    #[test]
    fn pawnier_rook_on_e4_stops_before_the_e6_hole() {
        let g = pawnier::<u128>();
        let rook = g.orthogonal_attacks(sq(&g, "e4"), 0);
        // Up the e-file: e5, then the hole e6 stops the slide.
        assert_eq!(
            names(&g, rook),
            [
                "a4", "b4", "c4", "d4", "e1", "e2", "e3", "e5", "f4", "g4", "h4", "i4"
            ]
        );
        // A bishop on a3 runs b4, then the hole c5 stops it.
        assert_eq!(
            names(&g, g.diagonal_attacks(sq(&g, "a3"), 0)),
            ["b2", "b4", "c1"]
        );
        // Rank 11 exists and has two-digit names.
        assert!(g.parse_square("i11").is_some());
        assert!(g.parse_square("j1").is_none());
        assert!(g.parse_square("c5").is_none());
    }

    #[test]
    fn pawnier_knight_jumps_over_holes_but_never_lands_on_one() {
        let g = pawnier::<u128>();
        let n = g.leaper(KNIGHT, Color::White);
        // From d4 the knight reaches c6, e6 (hole), b5, f5, b3, f3, c2, e2: e6 is left out.
        assert_eq!(
            names(&g, n[sq(&g, "d4").index()]),
            ["b3", "b5", "c2", "c6", "e2", "f3", "f5"]
        );
        // From a4 the leap to c5 (a hole) is not there; b6 is reached over whatever stands between.
        assert_eq!(names(&g, n[sq(&g, "a4").index()]), ["b2", "b6", "c3"]);
    }

    #[test]
    fn exciting_corners_are_cut() {
        let g = exciting::<u128>();
        for cut in [
            "a1", "b1", "a2", "j1", "k1", "k2", "a10", "a11", "b11", "j11", "k11", "k10",
        ] {
            assert!(g.parse_square(cut).is_none(), "{cut} should be cut");
        }
        for kept in [
            "c1", "b2", "a3", "i1", "j2", "k3", "a9", "b10", "c11", "k9", "j10", "i11", "f6",
        ] {
            assert!(g.parse_square(kept).is_some(), "{kept} should exist");
        }
        // A knight next to the cut corner: from b3 it cannot land on a1 (cut) but reaches c1.
        let n = g.leaper(KNIGHT, Color::White);
        assert_eq!(
            names(&g, n[sq(&g, "b3").index()]),
            ["a5", "c1", "c5", "d2", "d4"]
        );
        // From c2: a1 cut, a3 and e1 exist.
        assert_eq!(
            names(&g, n[sq(&g, "c2").index()]),
            ["a3", "b4", "d4", "e1", "e3"]
        );
        // A rook on c1 sees along rank 1 only to i1; down the b-file from b10 it reaches b2.
        let r = g.orthogonal_attacks(sq(&g, "c1"), 0);
        assert!(r.has(sq(&g, "i1")) && r.has(sq(&g, "c11")));
        assert_eq!(r.count(), 6 + 10);
        assert_eq!(g.orthogonal_attacks(sq(&g, "b10"), 0).count(), 8 + 8);
        // A bishop on c3 goes down-left to b2 and stops: a1 is cut.
        let b = g.diagonal_attacks(sq(&g, "c3"), 0);
        assert!(b.has(sq(&g, "b2")));
        assert_eq!(
            names(&g, g.diagonal_attacks(sq(&g, "b2"), 0))
                .first()
                .map(String::as_str),
            Some("a3")
        );
    }

    #[test]
    fn exciting9_corners_are_cut() {
        let g = exciting9::<u128>();
        for cut in ["a1", "i1", "a9", "i9"] {
            assert!(g.parse_square(cut).is_none());
        }
        // A bishop on e5 runs to b2 and h8 but not a1 or i9.
        let b = g.diagonal_attacks(sq(&g, "e5"), 0);
        for s in ["b2", "h8", "b8", "h2"] {
            assert!(b.has(sq(&g, s)), "{s}");
        }
        assert_eq!(b.count(), 12);
    }

    #[test]
    fn blockers_stop_sliders_on_wide_boards() {
        let g = exciting::<u128>();
        let blocker: u128 = u128::bit(sq(&g, "f9"));
        let up = g.orthogonal_attacks(sq(&g, "f3"), blocker);
        assert!(up.has(sq(&g, "f9")) && !up.has(sq(&g, "f10")));
        assert_eq!(
            names(&g, g.between(sq(&g, "f3"), sq(&g, "f9"))),
            ["f4", "f5", "f6", "f7", "f8"]
        );
        // No open line across a hole: between is empty.
        let p = pawnier::<u128>();
        assert!(p.between(sq(&p, "e4"), sq(&p, "e8")).is_empty());
    }
}
