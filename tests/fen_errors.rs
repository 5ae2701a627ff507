//! FEN reading (rules/README.md §3): malformed and rule-breaking FENs are refused with an error,
//! never a panic; the lenient forms the rules ask readers to accept are accepted; and 5,000
//! random mutations of valid FENs each give `Ok` or `Err` without panicking (an accepted one
//! must also round-trip and have its moves generated and made without trouble).
//!
//! Run with `cargo test --release --test fen_errors`.

use std::panic::{AssertUnwindSafe, catch_unwind};

use menagerie::board::{Bits, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const SHOCK_START: &str = "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1";

fn variant(name: &str) -> &'static Variant<u64> {
    match lookup(name) {
        Some(AnyVariant::Narrow(v)) => v,
        _ => panic!("{name} is an 8x8 variant"),
    }
}

/// Reads `fen`, turning a panic into a test failure that names the input.
fn read_in<B: Bits>(v: &'static Variant<B>, fen: &str) -> Result<Position<B>, String> {
    match catch_unwind(AssertUnwindSafe(|| Position::from_fen(v, fen))) {
        Ok(r) => r.map_err(|e| e.to_string()),
        Err(_) => panic!("{}: from_fen panicked on {fen:?}", v.name),
    }
}

fn read(variant_name: &str, fen: &str) -> Result<Position<u64>, String> {
    read_in(variant(variant_name), fen)
}

/// Reads `fen` in a variant of either width (8x8 or the wide boards) and writes it back.
fn read_any(variant_name: &str, fen: &str) -> Result<String, String> {
    match lookup(variant_name) {
        Some(AnyVariant::Narrow(v)) => read_in(v, fen).map(|p| p.to_fen()),
        Some(AnyVariant::Wide(v)) => read_in(v, fen).map(|p| p.to_fen()),
        None => panic!("no variant {variant_name}"),
    }
}

fn refused(variant_name: &str, fen: &str, why: &str) {
    match read_any(variant_name, fen) {
        Ok(back) => panic!("{variant_name}: {why}: {fen:?} was accepted as '{back}'"),
        Err(msg) => assert!(!msg.is_empty(), "{fen:?}: an empty message"),
    }
}

/// Checks a table of FENs of one variant: each `(fen, fragment)` refusal must be refused with a
/// message containing `fragment` (so that it is refused for the reason the case is about), each
/// `(fen, written)` acceptance must be read and written back as `written` ("" = as given; an
/// empty `[]` aside).
/// Every failing case is reported, not only the first.
fn check(variant_name: &str, refusals: &[(&str, &str)], acceptances: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for &(fen, fragment) in refusals {
        match read_any(variant_name, fen) {
            Ok(back) => failures.push(format!("{fen:?} was accepted as '{back}'")),
            Err(msg) if !msg.contains(fragment) => failures.push(format!(
                "{fen:?} was refused with '{msg}', which does not say '{fragment}'"
            )),
            Err(_) => {}
        }
    }
    for &(fen, written) in acceptances {
        let written = if written.is_empty() { fen } else { written };
        match read_any(variant_name, fen) {
            Err(msg) => failures.push(format!("{fen:?} was refused: {msg}")),
            // A variant without hands reads `[]` and writes nothing (§3).
            Ok(back) if back.replace("[]", "") != written.replace("[]", "") => failures.push(
                format!("{fen:?} was written back as '{back}', not '{written}'"),
            ),
            Ok(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{variant_name}: {} of {} cases failed:\n{}",
        failures.len(),
        refusals.len() + acceptances.len(),
        failures.join("\n")
    );
}

fn accepted(variant_name: &str, fen: &str) -> Position<u64> {
    read(variant_name, fen).unwrap_or_else(|e| panic!("{variant_name}: {fen:?} refused: {e}"))
}

#[test]
fn malformed_fens_are_refused() {
    let cases: &[(&str, &str)] = &[
        ("", "empty string"),
        ("   ", "only blanks"),
        (
            "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "9 ranks",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/ w KQkq - 0 1",
            "trailing '/'",
        ),
        (
            "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "9 files",
        ),
        (
            "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "9 empty files",
        ),
        (
            "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "44 empty files",
        ),
        (
            "rnbqkbnr/pppppppp/4p4/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "9 files with a piece",
        ),
        (
            "rnbqkbn/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 files",
        ),
        (
            "rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "7 empty files",
        ),
        (
            "rnbqkbnr/pppppppp//8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "an empty rank",
        ),
        (
            "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "an empty count of 0",
        ),
        (
            "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "unknown letter x",
        ),
        (
            "rnbgkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR w KQkq - 0 1",
            "the General in chess",
        ),
        (
            "rnbqkbnr/pppppppp/8/3*4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "a hole on a board without holes",
        ),
        (
            "rnbqkbnr/pppppppp/8/3+P4/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1",
            "a promoted piece chess does not have",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN+ w KQkq - 0 1",
            "'+' at the end",
        ),
        (
            "rnbqkbnr/pppppppp/8/3é4/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "a non-ASCII letter",
        ),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "two white kings"),
        ("4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "white pawn on rank 1"),
        ("P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "white pawn on rank 8"),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", "black pawn on rank 1"),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "black pawn on rank 8"),
        (
            "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1",
            "the side not to move is in check",
        ),
        (
            "4k3/8/8/8/8/8/4r3/4K3 b - - 0 1",
            "the side not to move is in check (Black to move)",
        ),
        ("4k3/8/8/8/8/8/8/4K3 b - - 0 1 frozen", "'frozen' in chess"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side letter x"),
        ("4k3/8/8/8/8/8/8/4K3 white - - 0 1", "side 'white'"),
        ("4k3/8/8/8/8/8/8/4K3 wb - - 0 1", "side 'wb'"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - a 1",
            "non-numeric halfmove clock",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 b",
            "non-numeric fullmove number",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "negative halfmove clock"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 1.5 1",
            "fractional halfmove clock",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1x", "fullmove with a suffix"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 99999999999 1",
            "huge halfmove clock",
        ),
        ("4k3/8/8/8/8/8/8/4K3 w KQkx - 0 1", "castling letter x"),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "e.p. field not a square"),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", "e.p. field off the board"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "a 7th field in chess",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1",
            "a hand in chess, which has none",
        ),
        ("4k3/8/8/8/8/8/8/4K3[q] w - - 0 1", "a black hand in chess"),
        ("4k3/8/8/8/8/8/8/4K3[ w - - 0 1", "an unterminated '['"),
        ("4k3/8/8/8/8/8/8/4K3[- w - - 0 1", "an unterminated '[-'"),
        ("4k3/8/8/8/8/8/8/4K3] w - - 0 1", "']' without '['"),
        ("4k3/8/8/8/8/8/8/4K3[]x w - - 0 1", "text after ']'"),
        ("4k3/8/8/8/8/8/8/4K3[]] w - - 0 1", "a second ']'"),
    ];
    for &(fen, why) in cases {
        refused("chess", fen, why);
    }
}

#[test]
fn shockchess_fens_are_refused() {
    let cases: &[(&str, &str)] = &[
        (
            "4k3/8/8/8/8/8/8/4G1K1 w - - 0 1",
            "the side not to move is in check",
        ),
        (
            "1G6/7k/8/8/8/8/8/r6K b - - 0 1",
            "SC-T1 after b2b8 without the frozen field",
        ),
        (
            "1G6/7k/8/8/8/8/8/r6K b - - 0 1 froze",
            "a misspelt frozen field",
        ),
        (
            "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen frozen",
            "frozen twice",
        ),
        (
            "1g6/7k/8/8/8/8/1G6/r6K w - - frozen",
            "frozen in place of a clock",
        ),
        ("4k3/8/8/8/8/8/8/4K3[G] w - - 0 1", "a hand in Shock Chess"),
        (
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra",
            "an unknown 7th field",
        ),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "two white kings"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "pawn on rank 1"),
    ];
    for &(fen, why) in cases {
        refused("shockchess", fen, why);
    }
    // The Queen letter is an alias of the General (shockchess.md SC-8).
    assert_eq!(
        accepted("shockchess", "4k3/8/8/8/8/8/8/3QKq2 w - - 0 1").to_fen(),
        "4k3/8/8/8/8/8/8/3GKg2 w - - 0 1"
    );
}

/// A run of digits longer than any board must be refused, not overflow. `4294967304` is
/// 2^32 + 8: with a wrapping 32-bit count it reads as 8 empty squares.
#[test]
fn long_empty_counts_are_refused() {
    for count in ["99999999999", "4294967304", "18446744073709551624"] {
        let fen = format!("rnbqkbnr/pppppppp/{count}/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        refused("chess", &fen, "an empty count beyond any board");
    }
}

#[test]
fn lenient_forms_are_accepted() {
    // Missing fields default to White to move, no castling, no e.p., clocks 0 and 1.
    let p = accepted(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
    );
    assert_eq!(p.to_fen(), START);
    let p = accepted(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5",
    );
    assert_eq!(p.halfmove_clock(), 5);
    assert_eq!(p.fullmove_number(), 1);
    let p = accepted("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR");
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"
    );
    // rules/README.md §3: "Read `[]`, `[-]` and a missing bracket as empty"; a variant without
    // hands writes nothing.
    for hand in ["[]", "[-]"] {
        let fen = START.replacen(' ', &format!("{hand} "), 1);
        assert_eq!(accepted("chess", &fen).to_fen(), START, "{fen}");
        let fen = SHOCK_START.replacen(' ', &format!("{hand} "), 1);
        assert_eq!(accepted("shockchess", &fen).to_fen(), SHOCK_START, "{fen}");
    }
    // Extra blanks between fields.
    let p = accepted(
        "chess",
        "  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq  -  0  1  ",
    );
    assert_eq!(p.to_fen(), START);
    // Both e.p. habits are read (§3): the square after a double step whether or not a capture
    // is possible. (Rights and squares that cannot be are refused: see the tests below.)
    let p = accepted(
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    );
    assert_eq!(
        p.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    // The side not to move in check is allowed in Shock Chess when the side to move is frozen.
    let p = accepted("shockchess", "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen");
    assert!(p.is_frozen());
    assert_eq!(p.to_fen(), "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen");
}

/// Valid FENs of both variants that the mutations start from.
const SEEDS: &[(&str, &str)] = &[
    ("chess", START),
    (
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
    (
        "chess",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    ),
    ("chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
    ("chess", "4k3/8/8/8/8/8/8/4K3[] w - - 12 40"),
    ("shockchess", SHOCK_START),
    ("shockchess", "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen"),
    ("shockchess", "3Gk3/8/8/8/8/8/8/4K3 b - - 0 1 frozen"),
    ("shockchess", "g1n5/1P6/8/8/8/8/8/k1K5 w - - 0 1"),
    (
        "shockchess",
        "r3k2r/p1ppgpb1/bn2pnp1/3PN3/1p2P3/2N2G1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ),
];

/// Characters a mutation inserts or substitutes: FEN syntax, letters of both variants, digits,
/// blanks, and a few that belong to no FEN.
const ALPHABET: &[char] = &[
    'p', 'n', 'b', 'r', 'q', 'k', 'g', 'P', 'N', 'B', 'R', 'Q', 'K', 'G', 'w', 'x', 'e', 'a', 'h',
    '0', '1', '2', '3', '4', '5', '7', '8', '9', '/', ' ', '[', ']', '-', '*', '+', '@', 'é', '\t',
];

#[path = "support/rng.rs"]
mod rng;
use rng::Rng;

/// One to three random replacements, insertions or deletions.
fn mutate(fen: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = fen.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let c = ALPHABET[rng.below(ALPHABET.len())];
        let at = rng.below(chars.len() + 1);
        match rng.below(3) {
            0 if at < chars.len() => chars[at] = c,
            1 => chars.insert(at, c),
            _ if at < chars.len() => {
                chars.remove(at);
            }
            _ => chars.push(c),
        }
    }
    chars.into_iter().collect()
}

/// Everything an accepted FEN must survive: re-reading its own FEN, the consistency check, and
/// generating and making every legal move.
fn exercise(v: &'static Variant<u64>, p: &Position<u64>) -> Result<(), String> {
    let fen = p.to_fen();
    let again = Position::from_fen(v, &fen).map_err(|e| format!("own FEN '{fen}' refused: {e}"))?;
    if again.to_fen() != fen || again.key() != p.key() {
        return Err(format!("'{fen}' does not round-trip"));
    }
    p.check_validity()?;
    let mut list = MoveList::new();
    generate_legal(p, &mut list);
    for e in list.iter() {
        p.make_move(e).check_validity()?;
    }
    Ok(())
}

#[test]
fn random_mutations_never_panic() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut panicked = Vec::new();
    let mut faults = Vec::new();
    let (mut ok, mut err) = (0, 0);
    for i in 0..5000 {
        let (name, seed) = SEEDS[i % SEEDS.len()];
        let v = variant(name);
        let input = mutate(seed, &mut rng);
        match catch_unwind(|| Position::from_fen(v, &input)) {
            Err(_) => panicked.push(format!("{name}: {input:?}")),
            Ok(Err(_)) => err += 1,
            Ok(Ok(p)) => {
                ok += 1;
                match catch_unwind(|| exercise(v, &p)) {
                    Err(_) => panicked.push(format!("{name}: {input:?} (after reading)")),
                    Ok(Err(e)) => faults.push(format!("{name}: {input:?}: {e}")),
                    Ok(Ok(())) => {}
                }
            }
        }
    }
    eprintln!("mutations: {ok} accepted, {err} refused");
    assert!(
        panicked.is_empty(),
        "{} inputs panicked, e.g. {:?}",
        panicked.len(),
        &panicked[..panicked.len().min(10)]
    );
    assert!(
        faults.is_empty(),
        "{} accepted inputs misbehave, e.g. {:?}",
        faults.len(),
        &faults[..faults.len().min(10)]
    );
    assert!(ok > 100 && err > 100, "{ok} accepted, {err} refused");
}

// ---- Rights and pieces a position cannot have (issue 13, item 8) ----------------------------
//
// Each refusal names the rule it comes from; each is next to the accepted cases just inside it.

/// Castling rights need their king and rook (or other partner) on the squares the variant castles
/// from; an e.p. square must be one a pawn of the side that just moved has just skipped
/// (rules/README.md §3, FIDE 3.8 and 3.7; chess has no rules file of its own).
#[test]
fn chess_castling_and_ep_fields_are_checked() {
    let refusals: &[(&str, &str)] = &[
        // Castling.
        ("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", "castling right"),
        ("r3k2r/8/8/8/8/8/8/R4K1R w KQkq - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/R3K2R w KQk - 0 1", "castling right"),
        ("r2k4/8/8/8/8/8/8/4K3 w q - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K2Q w K - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K2r w K - 0 1", "castling right"),
        // e.p.: no pawn, the wrong rank for the side to move, an occupied square, the double
        // step's start square occupied, another piece or the mover's own pawn in front.
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "e.p. square"),
        (
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
            "e.p. square",
        ),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d7 0 1", "e.p. square"),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d5 0 1", "e.p. square"),
        ("4k3/8/3n4/3pP3/8/8/8/4K3 w - d6 0 1", "e.p. square"),
        ("4k3/3n4/8/3pP3/8/8/8/4K3 w - d6 0 1", "e.p. square"),
        ("4k3/8/8/3nP3/8/8/8/4K3 w - d6 0 1", "e.p. square"),
        ("4k3/8/8/3PP3/8/8/8/4K3 w - d6 0 1", "e.p. square"),
        ("4k3/8/8/8/3P4/8/8/4K3 w - d3 0 1", "e.p. square"),
    ];
    let acceptances: &[(&str, &str)] = &[
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w qKkQ - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ),
        ("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1", ""),
        ("4k2r/8/8/8/8/8/8/4K3 b k - 0 1", ""),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ""),
        // No pawn can take on d6: still read and kept (§3, both habits).
        ("4k3/8/8/3p4/8/8/8/4K3 w - d6 0 1", ""),
        ("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1", ""),
    ];
    check("chess", refusals, acceptances);
}

/// Shock Chess castles and takes e.p. as in chess (rules/shockchess.md 2.3.6); the General is not
/// a rook.
#[test]
fn shockchess_castling_and_ep_fields_are_checked() {
    let refusals: &[(&str, &str)] = &[
        ("4k3/8/8/8/8/8/8/4K2G w K - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "castling right"),
        ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "e.p. square"),
        ("4k3/8/8/3gP3/8/8/8/4K3 w - d6 0 1", "e.p. square"),
        // 2.3.1: a frozen side to move follows a General capture, never a double step.
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1 frozen", "e.p. square"),
    ];
    let acceptances: &[(&str, &str)] = &[
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", ""),
        ("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", ""),
        ("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", ""),
        ("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1 frozen", ""),
        (SHOCK_START, ""),
    ];
    check("shockchess", refusals, acceptances);
}
