//! Self-test of the Combined Arms reference move generator (`tests/reference_ca/mod.rs`)
//! against sources that are independent of the engine: the hand-checked oracles CA-T1a..CA-T6
//! of `shared/rules/combinedarms.md` §3.9 (exact move sets, and the check states they imply),
//! the start position's perft(1) worked out by hand, hand-worked extra rule positions
//! (stalemate, queen checks and mates, castling through attacked squares, the dead position,
//! the clock, move decoding), and two internal consistency checks on random playouts: the
//! colour-mirror symmetry of the rules, and §3.5's attack definition against its own wording
//! ("Y has a move that would end with a Y piece on t", done by generating those moves).
//!
//! Run with `cargo test --release --test reference_ca_selftest`; the start-position perft
//! figures with timings are printed by the ignored test `start_perft_timings`
//! (`-- --ignored --nocapture`; depth 3 by default, `CA_PERFT_DEPTH=4` for more).

mod reference_ca;

use reference_ca::{CA_START, CaPos};
use std::time::Instant;

const T1A: &str = "7k/8/8/8/3N4/8/8/K7 w - - 0 1";
const T1B: &str = "8/8/8/8/8/3k4/8/K2N4 w - - 0 1";
const T2: &str = "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1";
const T3A: &str = "7k/8/8/8/3p4/n7/8/B6K w - - 0 1";
const T3B: &str = "3n3k/3p2b1/3p4/8/r2R3p/8/8/K7 w - - 0 1";
const T4A: &str = "7k/6b1/8/8/2p5/8/8/K2Q4 w - - 0 1";
const T4B: &str = "2b1k3/8/8/8/8/8/8/Q6K b - - 0 1";
const T4B_NO_QUEEN: &str = "2b1k3/8/8/8/8/8/8/7K b - - 0 1";
const T5A: &str = "4k3/8/8/8/8/5p2/1p6/R3K2R w - - 0 1";
const T5B: &str = "7k/3r4/8/3b4/4K1p1/8/8/8 w - - 0 1";
const T5C: &str = "3n3k/4P3/8/8/8/8/2P5/K7 w - - 0 1";
const T6: &str = "2b1k3/8/8/4N3/8/8/7r/K7 b - - 0 1";

/// Every oracle position of §3.9, with whether the side to move is in check.
const ORACLES: &[(&str, bool)] = &[
    (T1A, false),
    (T1B, false),
    (T2, false),
    (T3A, false),
    (T3B, false),
    (T4A, false),
    (T4B, false),
    (T4B_NO_QUEEN, false),
    (T5A, false),
    (T5B, false),
    (T5C, false),
    (T6, true),
];

fn pos(fen: &str) -> CaPos {
    match CaPos::from_fen(fen) {
        Ok(p) => p,
        Err(e) => panic!("reference rejected a valid FEN: {e}"),
    }
}

fn play(p: &CaPos, mv: &str) -> CaPos {
    match p.play(mv) {
        Ok(q) => q,
        Err(e) => panic!("{e}"),
    }
}

/// A space-separated move list as a sorted vector.
fn set(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(str::to_string).collect();
    v.sort();
    v
}

/// Checks the exact legal-move set of `fen` against a rules-file list of `count` moves.
fn check_oracle(fen: &str, count: usize, list: &str) {
    let p = pos(fen);
    let want = set(list);
    assert_eq!(want.len(), count, "the oracle list itself");
    let mut dedup = want.clone();
    dedup.dedup();
    assert_eq!(dedup.len(), count, "the oracle list has repeats");
    assert_eq!(p.legal_moves(), want, "legal moves of '{fen}'");
    assert_eq!(p.perft(1), count as u64);
}

// ---------------------------------------------------------------------------------------
// Square and effect helpers for the tests (independent of the module's own parser).

type Sq = (i32, i32);

fn sq(s: &str) -> Sq {
    let b = s.as_bytes();
    assert_eq!(b.len(), 2, "square '{s}'");
    ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
}

fn sq_name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

/// (from, to, intermediate kill squares ascending, promotion letter) of a kill-chain string.
fn effect(mv: &str) -> (Sq, Sq, Vec<Sq>, String) {
    let parts: Vec<&str> = mv.split(',').collect();
    let mut squares = Vec::new();
    let mut promo = String::new();
    for (i, p) in parts.iter().enumerate() {
        let a = sq(&p[0..2]);
        let b = sq(&p[2..4]);
        if i > 0 {
            assert_eq!(squares.last(), Some(&a), "broken chain '{mv}'");
        } else {
            squares.push(a);
        }
        squares.push(b);
        if p.len() > 4 {
            assert_eq!(
                i + 1,
                parts.len(),
                "promotion letter before the last leg in '{mv}'"
            );
            promo = p[4..].to_string();
        }
    }
    let from = squares[0];
    let to = *squares.last().unwrap();
    let mut inter = squares[1..squares.len() - 1].to_vec();
    inter.sort();
    (from, to, inter, promo)
}

/// Writes an effect canonically.
fn render((from, to, inter, promo): &(Sq, Sq, Vec<Sq>, String)) -> String {
    let mut s = sq_name(*from);
    for &k in inter {
        s += &sq_name(k);
        s.push(',');
        s += &sq_name(k);
    }
    s += &sq_name(*to);
    s += promo;
    s
}

fn mirror_sq((f, r): Sq) -> Sq {
    (f, 7 - r)
}

/// The move with every square mirrored top to bottom, written canonically again (the order
/// of the intermediate squares changes).
fn mirror_move(mv: &str) -> String {
    let (from, to, inter, promo) = effect(mv);
    let mut inter: Vec<Sq> = inter.into_iter().map(mirror_sq).collect();
    inter.sort();
    render(&(mirror_sq(from), mirror_sq(to), inter, promo))
}

/// The position mirrored top to bottom with the colours swapped (a symmetry of the rules).
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let board: Vec<String> = fields[0]
        .split('/')
        .rev()
        .map(|row| {
            row.chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    format!("{} {side} - - {} 1", board.join("/"), fields[4])
}

/// A tiny xorshift PRNG, so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Random games from `starts` (a kill or promotion half of the time, so that games reach
/// endings); calls `visit` on every position reached.
fn playouts(
    starts: &[&str],
    games: usize,
    max_plies: usize,
    seed: u64,
    mut visit: impl FnMut(&CaPos),
) {
    let mut rng = Rng(seed);
    for g in 0..games {
        let mut p = pos(starts[g % starts.len()]);
        for _ in 0..max_plies {
            visit(&p);
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            let occupied = occupied_squares(&p);
            let forcing: Vec<&String> = moves
                .iter()
                .filter(|m| m.contains(',') || m.len() == 5 || occupied.contains(&effect(m).1))
                .collect();
            let mv = if !forcing.is_empty() && rng.below(2) == 0 {
                forcing[rng.below(forcing.len())].clone()
            } else {
                moves[rng.below(moves.len())].clone()
            };
            p = play(&p, &mv);
        }
    }
}

/// The occupied squares, read from the FEN (a move ending on one is a displacement kill).
fn occupied_squares(p: &CaPos) -> Vec<Sq> {
    let fen = p.to_fen();
    let mut v = Vec::new();
    for (i, row) in fen
        .split_whitespace()
        .next()
        .unwrap()
        .split('/')
        .enumerate()
    {
        let r = 7 - i as i32;
        let mut f = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => f += n as i32,
                None => {
                    v.push((f, r));
                    f += 1;
                }
            }
        }
    }
    v
}

// ---------------------------------------------------------------------------------------
// §3.9 oracles.

#[test]
fn ca_t1a_armor_footprint() {
    check_oracle(
        T1A,
        19,
        "a1a2 a1b1 a1b2 d4a4 d4b3 d4b5 d4c2 d4c4 d4c6 d4d1 d4d3 d4d5 d4d7 d4e2 d4e4 d4e6 d4f3 d4f5 d4g4",
    );
}

#[test]
fn ca_t1b_armor_drives_through_the_king() {
    check_oracle(
        T1B,
        12,
        "a1a2 a1b1 a1b2 d1b2 d1c1 d1c3 d1d2 d1d4 d1e1 d1e3 d1f2 d1g1",
    );
    // The drive through d3 leaves the black King where it is, and kills nothing.
    let q = play(&pos(T1B), "d1d4");
    assert_eq!(q.to_fen(), "8/8/8/8/3N4/3k4/8/K7 b - - 1 1");
}

#[test]
fn ca_t2_armor_multi_kill() {
    check_oracle(
        T2,
        28,
        "a1a2 a1b1 a1b2 c3a2 c3a4 c3b1 c3b3 c3b5 c3c2 c3d1 c3d3 c3d3,d3b3 c3d3,d3c2 c3d3,d3d1 \
         c3d3,d3d4,d4d5 c3d3,d3d4,d4e4 c3d3,d3e2 c3d3,d3e4 c3d3,d3f3 c3d4,d4d3 c3e2 c4b3 c4b4 \
         c4b5 c4c5 c4d3 c4d4 c4d5",
    );
    let p = pos(T2);
    // Two kills, ending on e4.
    assert_eq!(
        play(&p, "c3d3,d3d4,d4e4").to_fen(),
        "7k/8/8/8/2P1N3/8/8/K7 b - - 0 1"
    );
    // Back to d3 killing both.
    assert_eq!(
        play(&p, "c3d4,d4d3").to_fen(),
        "7k/8/8/8/2P5/3N4/8/K7 b - - 0 1"
    );
    // One kill, ending on e4 (d4 survives).
    assert_eq!(
        play(&p, "c3d3,d3e4").to_fen(),
        "7k/8/8/8/2PpN3/8/8/K7 b - - 0 1"
    );
}

#[test]
fn ca_t3a_light_artillery() {
    check_oracle(
        T3A,
        10,
        "a1a3,a3a1 a1a3,a3b2 a1a3,a3c3 a1b2 a1c3 a1d4,d4b2 a1d4,d4c3 h1g1 h1g2 h1h2",
    );
    let p = pos(T3A);
    assert_eq!(
        play(&p, "a1a3,a3a1").to_fen(),
        "7k/8/8/8/3p4/8/8/B6K b - - 0 1"
    );
    assert_eq!(
        play(&p, "a1d4,d4c3").to_fen(),
        "7k/8/8/8/8/n1B5/8/7K b - - 0 1"
    );
}

#[test]
fn ca_t3b_heavy_artillery() {
    check_oracle(
        T3B,
        17,
        "a1a2 a1b1 a1b2 d4a4,a4d4 d4b4 d4c4 d4d1 d4d2 d4d3 d4d5 d4d7,d7d4 d4d8,d8d4 d4e4 d4f4 \
         d4g4 d4g7,g7d4 d4h4,h4d4",
    );
}

#[test]
fn ca_t4a_aviation_and_the_no_fly_zone() {
    // Built from the description: 3 King moves, 49 flights, 17 kills.
    let nofly = ["e5", "e7", "f6", "f7", "f8", "g5", "g6", "g8", "h6", "h7"];
    let occupied = ["h8", "g7", "c4", "a1", "d1"];
    let mut want: Vec<String> = ["a1a2", "a1b1", "a1b2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut flights = 0;
    for f in 0..8 {
        for r in 0..8 {
            let x = sq_name((f, r));
            if !occupied.contains(&x.as_str()) && !nofly.contains(&x.as_str()) {
                want.push(format!("d1{x}"));
                flights += 1;
            }
        }
    }
    assert_eq!(flights, 49);
    want.push("d1c4".to_string());
    let ends = [
        "a2", "a4", "a6", "b3", "b4", "b5", "c2", "c3", "c5", "c6", "d3", "d4", "d5", "e2", "e4",
        "e6",
    ];
    assert_eq!(ends.len(), 16);
    for x in ends {
        want.push(format!("d1c4,c4{x}"));
    }
    assert_eq!(want.len(), 69);
    check_oracle(T4A, 69, &want.join(" "));
    // No move kills the bishop on g7.
    assert!(!pos(T4A).legal_moves().iter().any(|m| m.contains("g7")));
}

#[test]
fn ca_t4b_artillery_umbrella() {
    check_oracle(T4B, 4, "c8d7 c8e6 e8d7 e8d8");
    check_oracle(
        T4B_NO_QUEEN,
        12,
        "c8a6 c8b7 c8d7 c8e6 c8f5 c8g4 c8h3 e8d7 e8d8 e8e7 e8f7 e8f8",
    );
}

#[test]
fn ca_t5a_castling_at_any_time() {
    check_oracle(
        T5A,
        23,
        "a1a2 a1a3 a1a4 a1a5 a1a6 a1a7 a1a8 a1b1 a1c1 a1d1 e1d1 e1d2 e1f1 e1g1 h1f1 h1g1 h1h2 \
         h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    let p = pos(T5A);
    // e1g1 castles: the rook lands on f1; no kill, so the clock goes up.
    assert_eq!(
        play(&p, "e1g1").to_fen(),
        "4k3/8/8/8/8/5p2/1p6/R4RK1 b - - 1 1"
    );
    // e1f1 is a plain King step.
    assert_eq!(
        play(&p, "e1f1").to_fen(),
        "4k3/8/8/8/8/5p2/1p6/R4K1R b - - 1 1"
    );
}

#[test]
fn ca_t5b_king_immune_to_artillery() {
    check_oracle(T5B, 5, "e4d3 e4d4 e4d5 e4e3 e4e5");
    assert!(!pos(T5B).in_check());
}

#[test]
fn ca_t5c_infantry() {
    check_oracle(
        T5C,
        29,
        "a1a2 a1b1 a1b2 c2b1 c2b2 c2b3 c2c1 c2c3 c2c4 c2d1 c2d2 c2d3 e7d6 e7d7 e7d8b e7d8n e7d8q \
         e7d8r e7e6 e7e8b e7e8n e7e8q e7e8r e7f6 e7f7 e7f8b e7f8n e7f8q e7f8r",
    );
}

#[test]
fn ca_t6_out_of_an_armor_check() {
    check_oracle(T6, 6, "c8e5,e5e6 c8e5,e5f5 e8d8 e8e7 e8f8 h2e5,e5h2");
    assert!(pos(T6).in_check());
}

#[test]
fn oracle_check_states() {
    for &(fen, check) in ORACLES {
        let p = pos(fen);
        assert_eq!(p.in_check(), check, "in_check of '{fen}'");
        assert_eq!(
            p.in_check_by_generation(),
            check,
            "generated check of '{fen}'"
        );
        assert!(!p.is_checkmate() && !p.is_stalemate(), "'{fen}'");
    }
}

// ---------------------------------------------------------------------------------------
// FEN.

#[test]
fn fen_round_trips() {
    // The castling field is written as implied by the placement; '-' on input is ignored.
    let cases = [
        (CA_START, CA_START),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            CA_START,
        ),
        (T1A, T1A),
        (T2, T2),
        (T4B, T4B),
        (T5A, "4k3/8/8/8/8/5p2/1p6/R3K2R w KQ - 0 1"),
        (T6, T6),
        (
            "r3k3/8/8/8/8/8/8/4K2R b KQkq - 12 40",
            "r3k3/8/8/8/8/8/8/4K2R b Kq - 12 40",
        ),
        (
            "4k2r/8/8/8/8/8/8/R3K3 w - - 3 7",
            "4k2r/8/8/8/8/8/8/R3K3 w Qk - 3 7",
        ),
        // A king off e1 gives no castling letter even with a rook in the corner.
        (
            "r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1",
            "r2k3r/8/8/8/8/8/8/R2K3R w - - 0 1",
        ),
    ];
    for (input, output) in cases {
        let p = pos(input);
        assert_eq!(p.to_fen(), output, "to_fen of '{input}'");
        assert_eq!(
            pos(&p.to_fen()).to_fen(),
            output,
            "second round of '{input}'"
        );
    }
    // Missing clocks default to 0 and 1.
    assert_eq!(
        pos("7k/8/8/8/3N4/8/8/K7 w").to_fen(),
        "7k/8/8/8/3N4/8/8/K7 w - - 0 1"
    );
}

#[test]
fn fen_rejections() {
    let bad = [
        "",
        "7k/8/8/8/3N4/8/8/K7",
        "7k/8/8/8/3N4/8/8 w - - 0 1",
        "7k/8/8/8/3N4/8/8/K8 w - - 0 1",
        "7k/8/8/8/3X4/8/8/K7 w - - 0 1",
        "7k/8/8/8/3N4/8/8/K7 x - - 0 1",
        "8/8/8/8/3N4/8/8/K7 w - - 0 1",
        "7k/8/8/8/3N4/8/8/KK6 w - - 0 1",
        "7k/8/8/8/3N4/8/8/K7 w - - z 1",
        "7k/8/8/8/3N4/8/8/K7 w - - 0 0",
        // The side not to move (White) is in check from the black knight's path.
        "2b1k3/8/8/4N3/8/8/7r/K7 w - - 0 1",
    ];
    for fen in bad {
        assert!(CaPos::from_fen(fen).is_err(), "accepted '{fen}'");
    }
}

// ---------------------------------------------------------------------------------------
// Start position.

#[test]
fn start_perft1_by_hand() {
    // Pawns: a2 and h2 have 3 moves, b2..g2 have 4 (3 forward steps and the double step): 30.
    // Knights, bishops, rooks, King: nothing (own pieces block every path; no enemy in range).
    // Queen: 18 flights (ranks 3-6 minus NOFLY(black) = a6 c6 d6 e6 f6 h6 a5 d5 e5 h5 a4 d4
    // e4 h4), 19 shots (from b6: a7 b7 b8 c7 d8; g6: f7 g7 g8 h7; b5: b7 d7; c5: a7 c7 e7;
    // f5: d7 f7 h7; g5: e7 g7) and 2 displacement kills (a7 from b6, h7 from g6): 39.
    let p = pos(CA_START);
    assert_eq!(p.perft(1), 69);
    let moves = p.legal_moves();
    assert!(moves.contains(&"d1b7,b7b6".to_string()));
    assert!(moves.contains(&"d1a7".to_string()));
    assert!(moves.contains(&"e2e4".to_string()));
    assert!(!moves.contains(&"d1e4".to_string()));
    assert!(!p.in_check());
    // The colour mirror of the start is the start with Black to move.
    let b = pos(&mirror_fen(CA_START));
    assert_eq!(b.perft(1), 69);
}

// ---------------------------------------------------------------------------------------
// Extra rule positions, worked out by hand.

#[test]
fn stalemate_is_not_check() {
    // Black King a8: a7 and b7 touch the white King, b8 touches the c7 pawn; a8 itself is
    // attacked by nothing.
    let p = pos("k7/2P5/1K6/8/8/8/8/8 b - - 0 1");
    assert!(p.legal_moves().is_empty());
    assert!(!p.in_check());
    assert!(p.is_stalemate() && !p.is_checkmate());
    assert!(!p.is_dead_position());
}

#[test]
fn a_lone_king_against_the_queen_is_mated() {
    // With no black artillery nothing is outside the queen's reach: e8 and all its
    // neighbours have a free neighbour to fly to.
    let p = pos("4k3/8/8/8/8/8/8/Q3K3 b - - 0 1");
    assert!(p.in_check());
    assert!(p.legal_moves().is_empty());
    assert!(p.is_checkmate());
}

#[test]
fn queen_check_by_armor_action_and_the_umbrella() {
    // Every neighbour of h8 is black, so the queen cannot step onto h8 from next to it, but
    // she can fly to h5 and drive h6-h7-h8 (killing h7), or e8-f8-g8-h8.
    let p = pos("6pk/6pp/8/8/8/8/8/Q3K3 b - - 0 1");
    assert!(p.in_check());
    assert!(p.in_check_by_generation());
    // A black bishop on f6 puts h8 inside NOFLY(black): no check any more.
    let q = pos("6pk/6pp/5b2/8/8/8/8/Q3K3 b - - 0 1");
    assert!(!q.in_check());
    assert!(!q.in_check_by_generation());
}

#[test]
fn artillery_never_checks() {
    // A bishop next to the King and a rook at (3,3) and (4,0): no check, and the King may
    // even step next to them.
    let p = pos("k7/8/8/8/R7/8/1b6/K7 w - - 0 1");
    assert!(!p.in_check());
    let p = pos("7k/8/8/8/3r4/8/1b6/K7 w - - 0 1");
    assert!(!p.in_check());
    // The King kills the bishop by displacement.
    assert!(p.legal_moves().contains(&"a1b2".to_string()));
}

#[test]
fn castling_blocked_by_an_attack_on_f1() {
    // The black knight on f4 reaches f1 (f3-f2-f1) and e2, but not e1 or g1 (Manhattan 4).
    check_oracle(
        "4k3/8/8/8/5n2/8/8/4K2R w - - 0 1",
        12,
        "e1d1 e1d2 e1f2 h1f1 h1g1 h1h2 h1h3 h1h4 h1h5 h1h6 h1h7 h1h8",
    );
    // With the knight elsewhere, castling is there.
    assert!(
        pos("4k3/8/8/8/n7/8/8/4K2R w - - 0 1")
            .legal_moves()
            .contains(&"e1g1".to_string())
    );
    // Ending in check (g1 touches the h2 pawn) is not allowed either.
    let p = pos("4k3/8/8/8/8/8/7p/4K2R w - - 0 1");
    assert!(!p.legal_moves().contains(&"e1g1".to_string()));
    // Not out of check.
    let p = pos("4k3/8/8/8/8/8/3p4/R3K2R w - - 0 1");
    assert!(p.in_check());
    assert!(!p.legal_moves().iter().any(|m| m == "e1g1" || m == "e1c1"));
}

#[test]
fn queenside_castling_tests_d1_but_not_b1() {
    // Knight d4 reaches d1 (d3-d2-d1): no e1c1.
    let p = pos("4k3/8/8/8/3n4/8/8/R3K3 w - - 0 1");
    assert!(!p.legal_moves().contains(&"e1c1".to_string()));
    // Knight b4 reaches only b1 of the squares between: castling is legal.
    let p = pos("4k3/8/8/8/1n6/8/8/R3K3 w - - 0 1");
    assert!(p.legal_moves().contains(&"e1c1".to_string()));
    assert_eq!(
        play(&p, "e1c1").to_fen(),
        "4k3/8/8/8/1n6/8/8/2KR4 b - - 1 1"
    );
    // Black castles too, and a piece between forbids it.
    let p = pos("r3k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    let moves = p.legal_moves();
    assert!(moves.contains(&"e8g8".to_string()) && moves.contains(&"e8c8".to_string()));
    assert_eq!(play(&p, "e8g8").to_fen(), "r4rk1/8/8/8/8/8/8/4K3 w - - 1 2");
    let p = pos("rn2k2r/8/8/8/8/8/8/4K3 b - - 0 1");
    assert!(!p.legal_moves().contains(&"e8c8".to_string()));
}

#[test]
fn castling_after_the_rook_has_moved() {
    let mut p = pos(T5A);
    for mv in ["h1h2", "e8d8", "h2h1", "d8e8"] {
        p = play(&p, mv);
    }
    assert!(p.legal_moves().contains(&"e1g1".to_string()));
    assert_eq!(p.to_fen(), "4k3/8/8/8/8/5p2/1p6/R3K2R w KQ - 4 3");
}

#[test]
fn bishop_shot_then_slide_through_the_victim() {
    // The shot at b2 opens the diagonal; stopping on b2 is the plain move a1b2.
    check_oracle(
        "7k/8/8/8/8/8/1p6/B6K w - - 0 1",
        10,
        "a1b2 a1b2,b2a1 a1b2,b2c3 a1b2,b2d4 a1b2,b2e5 a1b2,b2f6 a1b2,b2g7 h1g1 h1g2 h1h2",
    );
    let p = pos("7k/8/8/8/8/8/1p6/B6K w - - 0 1");
    assert_eq!(play(&p, "a1b2").to_fen(), "7k/8/8/8/8/8/1B6/7K b - - 0 1");
    assert_eq!(
        play(&p, "a1b2,b2e5").to_fen(),
        "7k/8/8/4B3/8/8/8/7K b - - 0 1"
    );
}

#[test]
fn queen_ends_on_her_start_square_only_with_a_kill() {
    // Fly to d2, drive c2 (kill) - c1 - d1: back home with a kill is a move.
    let p = pos("7k/6b1/8/8/8/8/2p5/3Q3K w - - 0 1");
    let moves = p.legal_moves();
    assert!(moves.contains(&"d1c2,c2d1".to_string()));
    assert!(moves.contains(&"d1c2".to_string()));
    assert!(!moves.iter().any(|m| m == "d1d1"));
    assert_eq!(
        play(&p, "d1c2,c2d1").to_fen(),
        "7k/6b1/8/8/8/8/8/3Q3K b - - 0 1"
    );
    // Every move from d1 changes something.
    for m in &moves {
        if m.starts_with("d1") {
            let (from, to, inter, _) = effect(m);
            assert!(from != to || !inter.is_empty(), "{m}");
        }
    }
}

#[test]
fn ca_t4a_with_a_black_rook_on_h1() {
    // CA-T4a plus a black rook on h1: RRANGE(h1) = {d1, e1, d5, e4, h4, h5} joins NOFLY, and
    // the rook itself is a target (shot from g1 f1 g2 h2 h3 f3, or taken by a step onto h1).
    let fen = "7k/6b1/8/8/2p5/8/8/K2Q3r w - - 0 1";
    let nofly = [
        "e5", "e7", "f6", "f7", "f8", "g5", "g6", "g8", "h6", "h7", "d1", "e1", "d5", "e4", "h4",
        "h5",
    ];
    let occupied = ["h8", "g7", "c4", "a1", "d1", "h1"];
    let mut want: Vec<String> = ["a1a2", "a1b1", "a1b2"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    for f in 0..8 {
        for r in 0..8 {
            let x = sq_name((f, r));
            if !occupied.contains(&x.as_str()) && !nofly.contains(&x.as_str()) {
                want.push(format!("d1{x}"));
            }
        }
    }
    want.push("d1c4".to_string());
    for x in [
        "a2", "a4", "a6", "b3", "b4", "b5", "c2", "c3", "c5", "c6", "d3", "d4", "e2", "e6",
    ] {
        want.push(format!("d1c4,c4{x}"));
    }
    want.push("d1h1".to_string());
    for x in ["f1", "f3", "g1", "g2", "h2", "h3"] {
        want.push(format!("d1h1,h1{x}"));
    }
    assert_eq!(want.len(), 68);
    check_oracle(fen, 68, &want.join(" "));
}

#[test]
fn pawn_double_step_any_time_and_clock() {
    let p = pos("4k3/3p4/8/8/8/8/4P3/4K3 b - - 7 9");
    assert!(p.legal_moves().contains(&"d7d5".to_string()));
    // Pawn moves do not reset the clock (CA-17).
    let q = play(&p, "d7d6");
    assert_eq!(q.halfmove(), 8);
    assert_eq!(q.to_fen(), "4k3/8/3p4/8/8/8/4P3/4K3 w - - 8 10");
    let q = play(&q, "e2e4");
    assert_eq!(q.halfmove(), 9);
    let q = play(&q, "d6d7");
    let q = play(&q, "e4e3");
    let q = play(&q, "d7d5");
    assert_eq!(q.to_fen(), "4k3/8/8/3p4/8/4P3/8/4K3 w - - 12 12");
    // A pawn back on its 2nd rank may double step again.
    let q = play(&q, "e3e2");
    let q = play(&q, "e8e7");
    assert!(q.legal_moves().contains(&"e2e4".to_string()));
}

#[test]
fn clock_reset_by_kills_and_promotion() {
    let p = pos("3n3k/4P3/8/8/8/8/2P5/K7 w - - 5 30");
    assert_eq!(play(&p, "e7e8q").halfmove(), 0);
    assert_eq!(play(&p, "e7d8n").halfmove(), 0);
    assert_eq!(play(&p, "e7d7").halfmove(), 6);
    let p = pos("7k/8/8/8/3p4/n7/8/B6K w - - 9 30");
    assert_eq!(play(&p, "a1a3,a3a1").halfmove(), 0);
    assert_eq!(play(&p, "a1b2").halfmove(), 10);
}

#[test]
fn promotion_by_kill_and_backwards_on_rank_one() {
    // A white pawn on the 1st rank moves on with no effect; a kill onto the last rank promotes.
    let p = pos("3n3k/4P3/8/8/8/8/8/K1P5 w - - 0 1");
    let moves = p.legal_moves();
    for m in [
        "c1b1", "c1d1", "c1b2", "c1c2", "c1d2", "e7d8q", "e7d8r", "e7d8b", "e7d8n",
    ] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
    assert!(!moves.contains(&"c1c3".to_string()));
    assert!(!moves.contains(&"e7d8".to_string()));
    assert_eq!(
        play(&p, "e7d8n").to_fen(),
        "3N3k/8/8/8/8/8/8/K1P5 b - - 0 1"
    );
}

#[test]
fn armor_blocked_by_own_pieces() {
    // Knight d1 with its own pawn on d2 and its own King on a1: d4 needs d2-d3-d4 and a1 is
    // own, so of the 11 footprint squares only c1 e1 g1 b2 f2 c3 e3 remain.
    let p = pos("7k/8/8/8/8/8/3P4/K2N4 w - - 0 1");
    let knight: Vec<String> = p
        .legal_moves()
        .into_iter()
        .filter(|m| m.starts_with("d1"))
        .collect();
    assert_eq!(knight, set("d1b2 d1c1 d1c3 d1e1 d1e3 d1f2 d1g1"));
}

#[test]
fn dead_position() {
    assert!(pos("4k3/2b5/8/8/8/8/3R4/4K3 w - - 0 1").is_dead_position());
    assert!(pos("4k3/8/8/8/8/8/8/4K3 w - - 0 1").is_dead_position());
    assert!(!pos("4k3/8/8/8/8/8/3N4/4K3 w - - 0 1").is_dead_position());
    assert!(!pos("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1").is_dead_position());
    assert!(!pos("4k3/8/8/8/8/8/3q4/4K3 w - - 0 1").is_dead_position());
    assert!(!pos(CA_START).is_dead_position());
}

#[test]
fn move_decoding() {
    let p = pos(T2);
    // Intermediate squares in any order mean the same effect.
    assert_eq!(
        play(&p, "c3d4,d4d3,d3e4").to_fen(),
        play(&p, "c3d3,d3d4,d4e4").to_fen()
    );
    // Bad or illegal strings are refused.
    for bad in [
        "",
        "c3",
        "c3c3",
        "c3e4",
        "c3d3,d3d4,d4e4q",
        "c3d3,d4e4",
        "c3d3,d3d3,d3e4",
        "z9a1",
        "c3d3,d3",
        "a1a3",
    ] {
        assert!(p.play(bad).is_err(), "accepted '{bad}'");
    }
    // Every legal move of every oracle plays from its canonical string, and from the reversed
    // order of its intermediate squares.
    for &(fen, _) in ORACLES {
        let p = pos(fen);
        for m in p.legal_moves() {
            let q = play(&p, &m);
            let (from, to, inter, promo) = effect(&m);
            let mut s = sq_name(from);
            for &k in inter.iter().rev() {
                s += &sq_name(k);
                s.push(',');
                s += &sq_name(k);
            }
            s += &sq_name(to);
            s += &promo;
            assert_eq!(
                play(&p, &s).to_fen(),
                q.to_fen(),
                "'{s}' vs '{m}' in '{fen}'"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// Internal consistency on random playouts.

const PLAYOUT_STARTS: &[&str] = &[
    CA_START,
    T2,
    T4A,
    T6,
    "r3k2r/ppp2ppp/2nb1n2/3qp3/3PP3/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1",
    T5A,
    T5C,
];

#[test]
fn attack_definition_agrees_with_move_generation() {
    let mut positions = 0;
    let mut checks = 0;
    playouts(PLAYOUT_STARTS, 28, 80, 0x9e37_79b9_7f4a_7c15, |p| {
        positions += 1;
        let c = p.in_check();
        checks += c as usize;
        assert_eq!(
            c,
            p.in_check_by_generation(),
            "the two readings of attack disagree in '{}'",
            p.to_fen()
        );
        // Legal moves never leave the own King attacked, and never kill a King (checked on
        // every third position, to keep the test quick).
        if positions % 3 != 0 {
            return;
        }
        let mover_white = p.to_fen().split_whitespace().nth(1) == Some("w");
        for m in p.legal_moves() {
            let q = play(p, &m);
            assert!(
                !q.king_attacked_by_generation(mover_white),
                "{m} in '{}'",
                p.to_fen()
            );
            assert_eq!(
                q.to_fen()
                    .split(' ')
                    .next()
                    .unwrap()
                    .matches(['k', 'K'])
                    .count(),
                2,
                "{m} in '{}'",
                p.to_fen()
            );
        }
    });
    eprintln!("{positions} positions, {checks} in check");
    assert!(
        positions > 500 && checks > 10,
        "{positions} positions, {checks} checks"
    );
}

#[test]
fn colour_mirror_symmetry() {
    let mut positions = 0;
    playouts(PLAYOUT_STARTS, 21, 60, 0x1234_5678_9abc_def1, |p| {
        positions += 1;
        let fen = p.to_fen();
        let m = pos(&mirror_fen(&fen));
        let mut mirrored: Vec<String> = p.legal_moves().iter().map(|s| mirror_move(s)).collect();
        mirrored.sort();
        assert_eq!(m.legal_moves(), mirrored, "mirror of '{fen}'");
        assert_eq!(m.in_check(), p.in_check(), "mirror of '{fen}'");
        if positions % 25 == 0 {
            assert_eq!(m.perft(2), p.perft(2), "perft(2) of the mirror of '{fen}'");
        }
    });
    assert!(positions > 300, "{positions}");
}

#[test]
fn perft_is_the_sum_of_divide() {
    let p = pos("r3k2r/ppp2ppp/2nb1n2/3qp3/3PP3/2NB1N2/PPPQ1PPP/R3K2R w KQkq - 0 1");
    let d = p.divide(2);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), p.perft(2));
    assert_eq!(d.len() as u64, p.perft(1));
}

// ---------------------------------------------------------------------------------------
// Timings.

#[test]
#[ignore]
fn start_perft_timings() {
    let depth: u32 = std::env::var("CA_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let p = pos(CA_START);
    for d in 1..=depth {
        let t = Instant::now();
        let n = p.perft(d);
        println!(
            "combinedarms start perft({d}) = {n}  ({:.3} s)",
            t.elapsed().as_secs_f64()
        );
    }
}
