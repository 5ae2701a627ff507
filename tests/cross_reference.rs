//! The engine against the independent mailbox generator of `tests/reference/mod.rs`:
//! (a) random playouts of chess, Shock Chess and the Shock Troops family, from the start position and from the oracle
//! FENs, comparing at every position the sorted canonical move set and the FEN;
//! (b) perft(3) on positions sampled from those playouts.
//!
//! Shock Chess playouts capture a General whenever one can and a coin says so, so that freezes,
//! passes and shock mates are frequent. The PRNG is a fixed xorshift, so every run plays the
//! same games; a failure prints the start FEN and the moves that lead to the position.
//!
//! Run with `cargo test --release --test cross_reference`.

mod reference;

use menagerie::board::{Bits, MoveEntry, MoveKind, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::render;
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};
use reference::RefPos;

const GAMES: usize = 200;
const MAX_PLIES: usize = 120;
const PERFT_SAMPLES: usize = 20;
const PERFT_DEPTH: u32 = 3;

/// Published chess perft positions (chessprogramming wiki, "Perft Results").
const CHESS_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
];

/// The Shock Chess start, the oracles of rules/shockchess.md §2.8 with their follow-up
/// positions, two busy middle games with Generals and one with an e.p. capture pending.
const SHOCK_STARTS: &[&str] = &[
    "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
    "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
    "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen",
    "1G6/7k/8/8/8/8/8/r6K w - - 1 2",
    "3gk3/8/8/8/8/8/8/3GK3 w - - 0 1",
    "k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1",
    "k3r3/8/8/7B/8/8/8/4K3 w - - 1 2",
    "4r2k/8/8/8/8/8/4g3/4K3 w - - 0 1",
    "4r2k/8/8/8/8/8/4K3/8 w - - 1 2",
    "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1",
    "r3k2r/p1ppgpb1/bn2pnp1/3PN3/1p2P3/2N2G1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/g4N2/Pp1P2PP/R2G1RK1 w kq - 0 1",
    "rnbgkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBGKBNR w KQkq d6 0 3",
];

/// Shock Troops (written with W and E; the -ca games read them as C and A): the start, a middle
/// game with Ninja Pawns on the board and in hand, an ending where both pawn kinds can promote,
/// and one with a regular pawn's e.p. right beside a Ninja Pawn (ST-T6c).
const TROOPS_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1",
    "r1bqk2r/pp1p1ppp/2n1jn2/2b1p3/2B1P3/2NJ1N2/PP1P1PPP/R1BQK2R[WEJwej] w KQkq - 0 6",
    "4k3/1p4j1/8/3J4/8/8/2P3J1/4K3[WEwe] w - - 0 1",
    "r3k2r/1J4p1/8/3pJ3/8/8/1j4P1/R3K2R[EJwj] w KQkq d6 0 1",
];

#[path = "support/oracle.rs"]
mod oracle;
#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

fn variant(name: &str) -> &'static Variant<u64> {
    match lookup(name) {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("{name} is an 8x8 variant"),
    }
}

/// What the playouts met, so that a test can insist the interesting cases happened.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    frozen: usize,
    shock_mates: usize,
    mates: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    drops: usize,
}

/// One position of a playout: the engine's, the reference's, and how it was reached.
struct Node {
    engine: Position<u64>,
    reference: RefPos,
    start: &'static str,
    history: Vec<String>,
}

fn is_general_capture(p: &Position<u64>, e: &MoveEntry<u64>) -> bool {
    let v = p.variant();
    e.removed.iter().any(|sq| v.is_shock(p.piece_at(sq).kind()))
}

/// Picks the index of the move to play: a General capture half the time when there is one
/// (Shock Chess), else a capture or promotion a third of the time, else any move.
fn choose(p: &Position<u64>, list: &MoveList<u64>, rng: &mut Rng) -> usize {
    let entries = list.as_slice();
    let pick = |rng: &mut Rng, f: &dyn Fn(&MoveEntry<u64>) -> bool| {
        let fits: Vec<usize> = (0..entries.len()).filter(|&i| f(&entries[i])).collect();
        (!fits.is_empty()).then(|| fits[rng.below(fits.len())])
    };
    if p.variant().flags.shock
        && rng.chance(2)
        && let Some(i) = pick(rng, &|e| is_general_capture(p, e))
    {
        return i;
    }
    if rng.chance(3)
        && let Some(i) = pick(rng, &|e| {
            e.is_capture() || e.mv.kind() == MoveKind::Promotion
        })
    {
        return i;
    }
    rng.below(entries.len())
}

/// Compares engine and reference at one node; panics with the path on a difference.
fn compare(node: &Node, variant_name: &str) -> Vec<String> {
    let mut list = MoveList::new();
    generate_legal(&node.engine, &mut list);
    let mut engine: Vec<String> = list.iter().map(|e| render(&node.engine, e)).collect();
    engine.sort();
    let reference = node.reference.legal_moves();
    let path = || {
        format!(
            "{variant_name}: start '{}' moves [{}]",
            node.start,
            node.history.join(" ")
        )
    };
    assert_eq!(
        engine,
        reference,
        "move sets differ (left engine, right reference) in '{}'\n{}",
        node.engine.to_fen(),
        path()
    );
    assert_eq!(
        node.engine.to_fen(),
        node.reference.to_fen(),
        "FENs differ (left engine, right reference)\n{}",
        path()
    );
    assert_eq!(
        node.engine.in_check(),
        node.reference.in_check(),
        "in_check differs in '{}'\n{}",
        node.engine.to_fen(),
        path()
    );
    engine
}

/// Plays `GAMES` random games of `variant_name`, comparing every position. Returns what was
/// seen and `PERFT_SAMPLES` positions for the perft comparison.
fn playouts(variant_name: &str, starts: &[&'static str], seed: u64) -> (Seen, Vec<Node>) {
    let v = variant(variant_name);
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    let mut samples = Vec::new();
    for game in 0..GAMES {
        let start = starts[game % starts.len()];
        let mut node = Node {
            engine: Position::from_fen(v, start).expect("start FEN"),
            reference: RefPos::from_fen(variant_name, start).expect("start FEN"),
            start,
            history: Vec::new(),
        };
        // Every tenth game gives one perft sample: its position at a random ply (or the
        // last one with a move, if the game ends sooner).
        let sample_ply = if game % (GAMES / PERFT_SAMPLES) == 0 {
            Some(rng.below(MAX_PLIES / 2))
        } else {
            None
        };
        let mut sample = None;
        for ply in 0..MAX_PLIES {
            let strings = compare(&node, variant_name);
            seen.positions += 1;
            if node.engine.is_frozen() {
                seen.frozen += 1;
            }
            let mut list = MoveList::new();
            generate_legal(&node.engine, &mut list);
            if list.is_empty() {
                seen.mates += node.engine.in_check() as usize;
                seen.shock_mates += node.engine.is_frozen() as usize;
                break;
            }
            if sample_ply.is_some_and(|s| ply <= s) {
                sample = Some(Node {
                    engine: node.engine,
                    reference: node.reference.clone(),
                    start,
                    history: node.history.clone(),
                });
            }
            let entry = list.as_slice()[choose(&node.engine, &list, &mut rng)];
            let text = render(&node.engine, &entry);
            debug_assert!(strings.contains(&text));
            match entry.mv.kind() {
                MoveKind::Castle => seen.castles += 1,
                MoveKind::EnPassant => seen.en_passant += 1,
                MoveKind::Promotion => seen.promotions += 1,
                MoveKind::Drop => seen.drops += 1,
                _ => {}
            }
            node.reference = node.reference.play(&text).unwrap_or_else(|e| {
                panic!("{e}\nstart '{start}' moves [{}]", node.history.join(" "))
            });
            node.engine = node.engine.make_move(&entry);
            node.history.push(text);
        }
        samples.extend(sample);
    }
    (seen, samples)
}

fn perft_agreement(variant_name: &str, samples: &[Node]) {
    assert!(
        samples.len() >= PERFT_SAMPLES,
        "{variant_name}: only {} perft samples",
        samples.len()
    );
    for node in samples {
        let engine = perft(&node.engine, PERFT_DEPTH);
        let reference = node.reference.perft(PERFT_DEPTH);
        assert_eq!(
            engine,
            reference,
            "{variant_name} perft({PERFT_DEPTH}) of '{}' (left engine, right reference)\n\
             start '{}' moves [{}]",
            node.engine.to_fen(),
            node.start,
            node.history.join(" ")
        );
    }
}

#[test]
fn chess_playouts_and_perft() {
    let (seen, samples) = playouts("chess", CHESS_STARTS, 0x9e37_79b9_7f4a_7c15);
    eprintln!("chess: {seen:?}, {} perft samples", samples.len());
    assert!(seen.positions > GAMES * 20, "{seen:?}");
    assert!(
        seen.castles > 0 && seen.en_passant > 0 && seen.promotions > 0,
        "{seen:?}"
    );
    perft_agreement("chess", &samples);
}

#[test]
fn shockchess_playouts_and_perft() {
    let (seen, samples) = playouts("shockchess", SHOCK_STARTS, 0xd1b5_4a32_d192_ed03);
    eprintln!("shockchess: {seen:?}, {} perft samples", samples.len());
    assert!(seen.positions > GAMES * 10, "{seen:?}");
    assert!(seen.frozen >= 100, "too few freezes: {seen:?}");
    assert!(seen.shock_mates >= 5, "too few shock mates: {seen:?}");
    assert!(seen.promotions > 0, "{seen:?}");
    perft_agreement("shockchess", &samples);
}

/// The same kinds of positions without Ninja Pawns.
const TROOPS_NONINJA_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEwe] w KQkq - 0 1",
    "r1bqk2r/pp1p1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PP1P1PPP/R1BQK2R[WEwe] w KQkq - 0 6",
    "4k3/1p6/8/8/8/8/2P5/4K3[WEwe] w - - 0 1",
    "r3k2r/6p1/8/3pP3/8/8/6P1/R3K2R[Ewe] w KQkq d6 0 1",
];

/// The six Shock Troops games.
#[test]
fn shocktroops_playouts_and_perft() {
    for (i, name) in [
        "shocktroops",
        "shocktroopsdrone",
        "shocktroopsca",
        "shocktroopsnoninja",
        "shocktroopsdronenoninja",
        "shocktroopscanoninja",
    ]
    .into_iter()
    .enumerate()
    {
        let base = if name.ends_with("noninja") {
            TROOPS_NONINJA_STARTS
        } else {
            TROOPS_STARTS
        };
        let starts: Vec<&'static str> = if name.starts_with("shocktroopsca") {
            base.iter()
                .map(|f| &*oracle::with_chancellor_archbishop(f).leak())
                .collect()
        } else {
            base.to_vec()
        };
        let (seen, samples) = playouts(name, &starts, 0x5851_f42d_4c95_7f2d ^ i as u64);
        eprintln!("{name}: {seen:?}, {} perft samples", samples.len());
        assert!(seen.positions > GAMES * 20, "{seen:?}");
        assert!(
            seen.drops > 0 && seen.promotions > 0 && seen.castles > 0,
            "{seen:?}"
        );
        perft_agreement(name, &samples);
    }
}
