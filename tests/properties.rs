//! Properties that must hold in every position (DESIGN.md §7), checked on random playouts of
//! chess, Shock Chess and the Shock Troops family: the incremental key equals the recomputed one; `check_validity` holds;
//! every generated move is legal and has its own `Move` value; FENs round-trip; every move string
//! round-trips through the parser, also with the `usermove ` prefix and a trailing `;`
//! (rules/README.md §4); promotion letters are written in lower case and read in either case;
//! Shock Chess reads a `q` suffix as `g` (shockchess.md SC-8); a quiet move's check is told
//! without making it exactly as the made move tells it.
//!
//! Run with `cargo test --release --test properties`.

use menagerie::board::{Bits, MoveEntry, MoveKind, MoveList};
use menagerie::movegen::{generate_legal, proven_no_check};
use menagerie::notation::{parse_move, render};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

const GAMES: usize = 120;
const MAX_PLIES: usize = 150;

const CHESS_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

const SHOCK_STARTS: &[&str] = &[
    "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
    "r3k2r/p1ppgpb1/bn2pnp1/3PN3/1p2P3/2N2G1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/g4N2/Pp1P2PP/R2G1RK1 w kq - 0 1",
    "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1",
    "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1",
];

/// Shock Troops starts with full hands, and a middle game with Ninja Pawns on the board.
const TROOPS_STARTS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1",
    "r1bqk2r/pp1p1ppp/2n1jn2/2b1p3/2B1P3/2NJ1N2/PP1P1PPP/R1BQK2R[WEJwej] w KQkq - 0 6",
    "4k3/1p4j1/8/3J4/8/8/2P3J1/4K3[WEwe] w - - 0 1",
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

fn legal(p: &Position<u64>) -> MoveList<u64> {
    let mut list = MoveList::new();
    generate_legal(p, &mut list);
    list
}

fn captures_general(p: &Position<u64>, e: &MoveEntry<u64>) -> bool {
    let v = p.variant();
    e.removed.iter().any(|sq| v.is_shock(p.piece_at(sq).kind()))
}

/// Counts of what the checks met.
#[derive(Default, Debug)]
struct Seen {
    positions: usize,
    moves: usize,
    promotions: usize,
    drops: usize,
    exempt_exposures: usize,
    quiet_checks: usize,
}

/// Every property of one position.
fn check_position(p: &Position<u64>, seen: &mut Seen) {
    let fen = p.to_fen();
    let v = p.variant();
    assert_eq!(p.key(), p.compute_key(), "incremental key of '{fen}'");
    if let Err(e) = p.check_validity() {
        panic!("'{fen}': {e}");
    }

    // FEN round trip, key included.
    let read = Position::from_fen(v, &fen).unwrap_or_else(|e| panic!("'{fen}' re-read: {e}"));
    assert_eq!(read.to_fen(), fen, "FEN round trip");
    assert_eq!(
        read.key(),
        p.key(),
        "key after the FEN round trip of '{fen}'"
    );

    let list = legal(p);
    let mut raws: Vec<u32> = list.iter().map(|e| e.mv.raw()).collect();
    raws.sort_unstable();
    raws.dedup();
    assert_eq!(
        raws.len(),
        list.len(),
        "two moves share a Move value in '{fen}'"
    );

    let us = p.side_to_move();
    for e in list.iter() {
        seen.moves += 1;
        let text = render(p, e);
        // Legality: the mover's king is not attacked afterwards, unless the move captures a
        // General (shockchess.md §2.3.3). The pass leaves the board as it is.
        let after = p.make_move(e);
        let king = after.king_square(us).expect("the mover keeps its king");
        let exposed = after.is_attacked(king, us.flip());
        if captures_general(p, e) {
            assert!(
                after.is_frozen(),
                "{text} in '{fen}' captures a General: no freeze"
            );
            seen.exempt_exposures += exposed as usize;
        } else {
            assert!(!exposed, "{text} in '{fen}' leaves the king attacked");
            assert!(!after.is_frozen(), "{text} in '{fen}' freezes");
        }

        // The check test without making the move is exact for quiet moves of these games
        // (castling is left to the made move).
        if !e.is_capture() && e.mv.kind() != MoveKind::Castle && e.mv.kind() != MoveKind::Pass {
            assert_eq!(
                proven_no_check(p, e),
                !after.in_check(),
                "{text} in '{fen}': the check test without the move"
            );
            seen.quiet_checks += usize::from(after.in_check());
        }

        // Move strings: canonical round trip and the accepted wrappers.
        for input in [
            text.clone(),
            format!("usermove {text}"),
            format!("{text};"),
            format!("usermove {text};"),
            format!("move {text}"),
        ] {
            match parse_move(p, &input) {
                Ok(parsed) => assert_eq!(parsed, *e, "'{input}' in '{fen}'"),
                Err(err) => panic!("'{input}' in '{fen}': {err}"),
            }
        }
        if e.mv.kind() == MoveKind::Drop {
            seen.drops += 1;
        }
        if e.mv.kind() == MoveKind::Promotion {
            seen.promotions += 1;
            check_promotion_letters(p, e, &text);
        }
    }
}

/// A promotion is written with a lower-case letter; the upper-case letter reads the same; in
/// Shock Chess `q`/`Q` read as `g`; a letter that is not a promotion choice is refused.
fn check_promotion_letters(p: &Position<u64>, e: &MoveEntry<u64>, text: &str) {
    let fen = p.to_fen();
    let (squares, letter) = text.split_at(text.len() - 1);
    let letter = letter.chars().next().expect("a promotion letter");
    assert!(
        letter.is_ascii_lowercase(),
        "'{text}': canonical letter is lower case"
    );
    let upper = format!("{squares}{}", letter.to_ascii_uppercase());
    assert_eq!(parse_move(p, &upper).ok(), Some(*e), "'{upper}' in '{fen}'");
    let shock = p.variant().flags.shock;
    if shock && letter == 'g' {
        for alias in ["q", "Q"] {
            let input = format!("{squares}{alias}");
            assert_eq!(parse_move(p, &input).ok(), Some(*e), "'{input}' in '{fen}'");
        }
    }
    // A king, a pawn, an unknown letter and (in chess) the General are no promotion choices.
    for bad in ["k", "p", "x", "K", "P"] {
        assert!(
            parse_move(p, &format!("{squares}{bad}")).is_err(),
            "{squares}{bad}"
        );
    }
    if !shock {
        assert!(
            parse_move(p, &format!("{squares}g")).is_err(),
            "{squares}g in chess"
        );
    }
    // Leaving the letter out is refused where there is a choice of four.
    assert!(
        parse_move(p, squares).is_err(),
        "'{squares}' without a letter in '{fen}'"
    );
}

fn playouts(variant_name: &str, starts: &[&str], seed: u64) -> Seen {
    let v = variant(variant_name);
    let mut rng = Rng(seed);
    let mut seen = Seen::default();
    for game in 0..GAMES {
        let mut p = Position::from_fen(v, starts[game % starts.len()]).expect("start FEN");
        for _ in 0..MAX_PLIES {
            check_position(&p, &mut seen);
            seen.positions += 1;
            let list = legal(&p);
            if list.is_empty() {
                break;
            }
            let entries = list.as_slice();
            // Prefer captures and promotions now and then, so that games reach endings.
            let forcing: Vec<&MoveEntry<u64>> = entries
                .iter()
                .filter(|e| e.is_capture() || e.mv.kind() == MoveKind::Promotion)
                .collect();
            let entry = if !forcing.is_empty() && rng.below(3) == 0 {
                *forcing[rng.below(forcing.len())]
            } else {
                entries[rng.below(entries.len())]
            };
            p = p.make_move(&entry);
        }
    }
    seen
}

#[test]
fn chess_properties() {
    let seen = playouts("chess", CHESS_STARTS, 0x2545_f491_4f6c_dd1d);
    eprintln!("chess: {seen:?}");
    assert!(seen.promotions > 0 && seen.quiet_checks > 0, "{seen:?}");
}

#[test]
fn shockchess_properties() {
    let seen = playouts("shockchess", SHOCK_STARTS, 0x853c_49e6_748f_ea9b);
    eprintln!("shockchess: {seen:?}");
    assert!(seen.promotions > 0, "{seen:?}");
    assert!(
        seen.exempt_exposures > 0,
        "no exempt General capture met: {seen:?}"
    );
}

#[test]
fn promotion_letters_by_hand() {
    let chess = variant("chess");
    let p = Position::from_fen(chess, "8/1P5k/8/8/8/8/8/K7 w - - 0 1").expect("valid");
    let q = parse_move(&p, "b7b8q").expect("b7b8q");
    assert_eq!(render(&p, &q), "b7b8q");
    assert_eq!(parse_move(&p, "b7b8Q"), Ok(q));
    assert!(parse_move(&p, "b7b8g").is_err(), "chess has no General");
    assert!(
        parse_move(&p, "b7b8").is_err(),
        "a promotion needs its letter"
    );

    let shock = variant("shockchess");
    let p = Position::from_fen(shock, "8/1P5k/8/8/8/8/8/K7 w - - 0 1").expect("valid");
    let g = parse_move(&p, "b7b8g").expect("b7b8g");
    assert_eq!(render(&p, &g), "b7b8g");
    for alias in ["b7b8G", "b7b8q", "b7b8Q", "usermove b7b8q;"] {
        assert_eq!(parse_move(&p, alias), Ok(g), "{alias}");
    }
    assert_eq!(p.make_move(&g).to_fen(), "1G6/7k/8/8/8/8/8/K7 b - - 0 1");
}

#[test]
fn shocktroops_properties() {
    for (i, name) in ["shocktroops", "shocktroopsdrone", "shocktroopsca"]
        .into_iter()
        .enumerate()
    {
        // The -ca game has C and A where the others have W and E (in board and hands).
        let starts: Vec<String> = TROOPS_STARTS
            .iter()
            .map(|f| {
                if name == "shocktroopsca" {
                    oracle::with_chancellor_archbishop(f)
                } else {
                    f.to_string()
                }
            })
            .collect();
        let starts: Vec<&str> = starts.iter().map(String::as_str).collect();
        let seen = playouts(name, &starts, 0x9e37_79b9_7f4a_7c15 ^ i as u64);
        eprintln!("{name}: {seen:?}");
        assert!(seen.promotions > 0 && seen.drops > 0, "{seen:?}");
    }
}
