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

/// The Shock Troops family (rules/shocktroops.md): the reserve is 1 + 1 pieces and, with Ninja
/// Pawns, 2 J per side, and nothing ever joins a hand (1.1, 1.3.5, ST-10); a Ninja Pawn is dropped
/// on the 2nd rank, never moves back and must promote on the last rank (1.3.3); its double step
/// gives no e.p. right (1.3.3, ST-5); castling is FIDE's with the original rooks (1.3.5, ST-11).
/// The hand is checked against the reserve, not against the pieces on the board: the perft suite
/// (tests/perft/shocktroops.perft) has positions with two Ninja Pawns on the board and one in hand.
#[test]
fn shocktroops_family_fens_are_checked() {
    for (name, w, e, ninjas) in [
        ("shocktroops", 'W', 'E', true),
        ("shocktroopsnoninja", 'W', 'E', false),
        ("shocktroopsdrone", 'W', 'E', true),
        ("shocktroopsdronenoninja", 'W', 'E', false),
        ("shocktroopsca", 'C', 'A', true),
        ("shocktroopscanoninja", 'C', 'A', false),
    ] {
        let (bw, be) = (w.to_ascii_lowercase(), e.to_ascii_lowercase());
        let start_hand = if ninjas {
            format!("{w}{e}JJ{bw}{be}jj")
        } else {
            format!("{w}{e}{bw}{be}")
        };
        let bare = |hand: &str| format!("4k3/8/8/8/8/8/8/4K3[{hand}] w - - 0 1");
        let mut refusals: Vec<(String, &str)> = vec![
            // More reserve pieces than the game starts with.
            (bare(&format!("{w}{w}")), "in hand"),
            (bare(&format!("{be}{be}")), "in hand"),
            (bare(&format!("{start_hand}{e}")), "in hand"),
            // A dropped reserve piece on h1 is not the rook.
            (
                format!("r3k2r/8/8/8/8/8/8/R3K2{w}[] w K - 0 1"),
                "castling right",
            ),
            // Regular pawns as in chess.
            ("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1".into(), "first rank"),
            ("P3k3/8/8/8/8/8/8/4K3[] w - - 0 1".into(), "promote"),
            ("4k3/8/8/8/8/8/8/4K3[] w - e6 0 1".into(), "e.p. square"),
        ];
        let mut acceptances: Vec<(String, String)> = vec![
            (
                format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{start_hand}] w KQkq - 0 1"),
                String::new(),
            ),
            (bare(&format!("{w}{e}{bw}{be}")), String::new()),
            (
                "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1".into(),
                String::new(),
            ),
            // ST-T6b: a regular pawn's double step gives the e.p. right.
            ("4k3/8/8/3pP3/8/8/8/4K3[] w - d6 0 1".into(), String::new()),
        ];
        if ninjas {
            refusals.extend([
                (bare("JJJ"), "in hand"),
                ("4k3/8/8/8/8/8/8/J3K3[] w - - 0 1".into(), "first rank"),
                ("J3k3/8/8/8/8/8/8/4K3[] w - - 0 1".into(), "promote"),
                ("4k3/8/8/8/8/8/8/j3K3[] w - - 0 1".into(), "promote"),
                ("j3k3/8/8/8/8/8/8/4K3[] w - - 0 1".into(), "first rank"),
                // ST-T6a with an e.p. field: a Ninja Pawn's double step gives no e.p. right.
                ("4k3/8/8/3jP3/8/8/8/4K3[] w - d6 0 1".into(), "e.p. square"),
            ]);
            acceptances.extend([
                // XBoard's hand order (PROTOCOL.md 1.3).
                (
                    format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[JJ{e}{w}jj{be}{bw}] w KQkq - 0 1"),
                    format!("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[{start_hand}] w KQkq - 0 1"),
                ),
                ("4k3/8/8/8/8/8/J7/4K3[J] w - - 0 1".into(), String::new()),
                ("4k3/J7/8/8/8/8/8/4K3[] w - - 0 1".into(), String::new()),
                ("4k3/8/8/8/8/8/8/4K3[JJjj] w - - 0 1".into(), String::new()),
                // ST-T6c: the regular pawn's right stands next to a Ninja Pawn.
                ("4k3/8/8/3pJ3/8/8/8/4K3[] w - d6 0 1".into(), String::new()),
            ]);
        } else {
            refusals.push((bare("J"), "'J'"));
        }
        let refusals: Vec<(&str, &str)> = refusals.iter().map(|(f, m)| (f.as_str(), *m)).collect();
        let acceptances: Vec<(&str, &str)> = acceptances
            .iter()
            .map(|(f, w)| (f.as_str(), w.as_str()))
            .collect();
        check(name, &refusals, &acceptances);
    }
}

/// Combined Arms (rules/combinedarms.md): infantry arriving on its last rank must promote, but may
/// stand on its own first rank (3.4.1); the castling field is ignored and the written one is what
/// the placement implies (3.2, CA-15); there is no e.p., and the field is ignored (3.2,
/// PROTOCOL.md 1.3: XBoard writes one after an infantry double step).
#[test]
fn combinedarms_fens_are_checked() {
    let refusals: &[(&str, &str)] = &[
        // The report of issue 13: accepted, and h8g8q listed.
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "promote"),
        ("4k3/8/8/8/8/8/8/4K2p b - - 0 1", "promote"),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "kings"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "no king"),
        // 3.8 (consequences): armor orthogonally next to the enemy King attacks it.
        ("4k3/4N3/8/8/8/8/8/4K3 w - - 0 1", "capture the black king"),
    ];
    let acceptances: &[(&str, &str)] = &[
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", ""),
        ("p3k3/8/8/8/8/8/8/4K3 b - - 0 1", ""),
        ("4k3/4N3/8/8/8/8/8/4K3 b - - 0 1", ""),
        ("4k3/7P/8/8/8/8/8/4K3 w - - 0 1", ""),
        (
            "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ),
        (
            "4k3/8/8/8/8/8/8/4K3 w - e6 0 1",
            "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        ),
        (
            "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
            "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1",
        ),
    ];
    check("combinedarms", refusals, acceptances);
}

/// Pawnier (rules/pawnier.md): six reserve pawns per side and nothing else ever joins the reserve
/// (I.2.6, A-P11), so a hand holds at most 6; pawns may stand on any rank (I.2.5); a sergeant
/// beyond its 9th rank is read ("to cope with odd FENs", I.2.3); no castling, no e.p. (the field
/// is ignored, PROTOCOL.md 1.3).
#[test]
fn pawnier_fens_are_checked() {
    let start =
        "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPpppppp] w - - 0 1";
    let refusals: &[(&str, &str)] = &[
        (
            "9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[PPPPPPP] w - - 0 1",
            "in hand",
        ),
        (
            "9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[ppppppp] w - - 0 1",
            "in hand",
        ),
        (
            "9/1kppppp2/sssssss2/ppp6/6*2/4*4/2*6/6PPP/2SSSSSSS/2PPPPPK1/9[PPPPPPppppppp] w - - 0 1",
            "in hand",
        ),
        ("9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[] w K - 0 1", "castling"),
        ("9/1k7/9/9/6*2/4*4/2*6/9/9/6KK1/9[] w - - 0 1", "kings"),
        ("9/9/9/9/6*2/4*4/2*6/9/9/7K1/9[] w - - 0 1", "no king"),
    ];
    let acceptances: &[(&str, &str)] = &[
        (start, ""),
        (
            "9/1k7/9/9/6*2/4*4/2*6/9/9/7K1/9[PPPPPPpppppp] w - - 0 1",
            "",
        ),
        ("P7p/1k7/9/9/6*2/4*4/2*6/9/9/7K1/p7P[] w - - 0 1", ""),
        ("9/1k2S4/4S4/9/6*2/4*4/2*6/9/4s4/4s2K1/9[] w - - 0 1", ""),
        (
            "9/1k7/9/9/6*2/4*4/2*6/6P2/9/7K1/9[] b - g3 0 1",
            "9/1k7/9/9/6*2/4*4/2*6/6P2/9/7K1/9[] b - - 0 1",
        ),
    ];
    check("pawnier", refusals, acceptances);
}

/// Exciting Chess pieces where they can never stand (rules/exciting.md): a pawn on its first rank
/// or on a square whose forward neighbour is off the board (II.2.4); a man on its last rank, where
/// it is crowned (II.2.9); a checker of either kind on a light square (II.1: checkers stay on the
/// dark squares; II.2.4: a pawn becomes D only on a dark one).
#[test]
fn exciting_pieces_where_they_cannot_stand_are_refused() {
    let fen = |ranks: [&str; 11]| format!("{}[] w - - 0 1", ranks.join("/"));
    let board = |changes: &[(usize, &str)]| {
        let mut ranks = [
            "**3k3**", "*9*", "11", "11", "11", "11", "11", "11", "11", "*9*", "**3K3**",
        ];
        for &(rank, row) in changes {
            ranks[11 - rank] = row;
        }
        fen(ranks)
    };
    for name in [
        "exciting",
        "excitingnotigers",
        "excitingnoreentry",
        "excitingcannon",
    ] {
        let refusals = [
            (board(&[(1, "**2PK3**")]), "first rank"),
            (board(&[(11, "**2Pk3**")]), "promote"),
            (board(&[(9, "P10")]), "promote"),
            (board(&[(9, "10P")]), "promote"),
            (board(&[(10, "*P8*")]), "promote"),
            (board(&[(3, "p10")]), "promote"),
            (board(&[(2, "*p8*")]), "promote"),
            (board(&[(11, "**1M1k3**")]), "promote"),
            (board(&[(1, "**1m1K3**")]), "promote"),
            (board(&[(5, "4M6")]), "dark squares"),
            (board(&[(5, "4m6")]), "dark squares"),
            (board(&[(5, "4D6")]), "dark squares"),
            (board(&[(5, "4+M6")]), "dark squares"),
            (board(&[(5, "4K6")]), "kings"),
        ];
        let acceptances = [
            board(&[(8, "P10")]),
            board(&[(9, "1P9")]),
            board(&[(2, "*P8*")]),
            board(&[(4, "p10")]),
            board(&[(5, "3M7")]),
            board(&[(10, "*3M5*")]),
            board(&[(11, "**1D1k3**")]),
            board(&[(5, "3m7"), (4, "d10")]),
        ];
        let refusals: Vec<(&str, &str)> = refusals.iter().map(|(f, m)| (f.as_str(), *m)).collect();
        let acceptances: Vec<(&str, &str)> = acceptances.iter().map(|f| (f.as_str(), "")).collect();
        check(name, &refusals, &acceptances);
    }
    // exciting9 (II.4.4): pawns promote on a8 and i8 too, men only on rank 9.
    check(
        "exciting9",
        &[
            ("*3k3*/9/9/9/9/9/9/9/*2PK3* w - - 0 1", "first rank"),
            ("*3k3*/P8/9/9/9/9/9/9/*3K3* w - - 0 1", "promote"),
            ("*M2k3*/9/9/9/9/9/9/9/*3K3* w - - 0 1", "promote"),
            ("*3k3*/9/9/9/4M4/9/9/9/*3K3* w - - 0 1", "dark squares"),
        ],
        &[
            ("*3k3*/1P7/9/9/9/9/9/9/*3K3* w - - 0 1", ""),
            ("*3k3*/M8/9/9/9/9/9/9/*3K3* w - - 0 1", ""),
            ("*D2k3*/9/9/9/3M5/9/9/9/*3K3* w - - 0 1", ""),
        ],
    );
}

/// Letters per member of the Exciting family (rules/README.md §3: "Letters are per variant"):
/// the Cannon only in the cannon layout (II.1), no Tigers in `notigers` (II.4.1), neither
/// soldiers nor Tigers in the 9x9 game (II.4.4). `+S` and `+M` are read as V and D (§3).
#[test]
fn exciting_letters_per_member_are_checked() {
    let base = |row5: &str| format!("**3k3**/*9*/11/11/11/11/{row5}/11/11/*9*/**3K3**[] w - - 0 1");
    let nine = |row5: &str| format!("*3k3*/9/9/9/{row5}/9/9/9/*3K3* w - - 0 1");
    for (name, absent, present) in [
        ("exciting", "C", "STVMDQRBNP"),
        ("excitingnoreentry", "C", "STVMDQRBNP"),
        ("excitingnotigers", "TC", "SVMDQRBNP"),
        ("excitingcannon", "", "STVMDCQRBNP"),
    ] {
        // The piece stands on rank 5: the checkers on the dark d5, the rest on e5.
        let row = |c: char| match c {
            'M' | 'D' => format!("3{c}7"),
            _ => format!("4{c}6"),
        };
        let fens: Vec<(String, char)> = absent
            .chars()
            .chain(absent.chars().map(|c| c.to_ascii_lowercase()))
            .map(|c| (base(&row(c)), c))
            .collect();
        let refusals: Vec<(&str, &str)> = fens
            .iter()
            .map(|(f, _)| (f.as_str(), "not a piece"))
            .collect();
        let accepted: Vec<String> = present.chars().map(|c| base(&row(c))).collect();
        let acceptances: Vec<(&str, &str)> = accepted.iter().map(|f| (f.as_str(), "")).collect();
        check(name, &refusals, &acceptances);
        check(
            name,
            &[(&base("4+P6"), "'+P'"), (&base("4+Q6"), "'+Q'")],
            &[
                (&base("4+S6"), &base("4V6")),
                (&base("4+s6"), &base("4v6")),
                (&base("3+M7"), &base("3D7")),
                (&base("3+m7"), &base("3d7")),
            ],
        );
    }
    check(
        "exciting9",
        &[
            (&nine("4S4"), "not a piece"),
            (&nine("4s4"), "not a piece"),
            (&nine("4V4"), "not a piece"),
            (&nine("4T4"), "not a piece"),
            (&nine("4C4"), "not a piece"),
            (&nine("4+S4"), "not a piece"),
        ],
        &[
            (&nine("3M5"), ""),
            (&nine("3D5"), ""),
            (&nine("3+M5"), &nine("3D5")),
            (&nine("2Q6"), ""),
            (&nine("4N4"), ""),
        ],
    );
}

/// Exciting hands, castling and e.p. (rules/exciting.md): every soldier captured goes to the
/// captor's hand and soldiers are made only by pawn promotion to V (II.2.8, A-E18), so the hands
/// hold at most the soldiers of the start plus one per pawn gone, less those on the board; castling
/// needs the king on f1 and the rook on i1 or c1 (in the cannon layout the Cannon on c1; on the
/// 9x9 board e1, h1 and b1) (II.2.10, II.4); e.p. only after a pawn's double step from its
/// starting rank (II.2.4, A-E26).
#[test]
fn exciting_hands_castling_and_ep_are_checked() {
    let starts = [
        (
            "exciting",
            "**rbqkbnr**/*ppppppppp*/ssstsstssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSTSSTSSSS/*PPPPPPPPP*/**RBQKBNR**",
        ),
        (
            "excitingnotigers",
            "**rbqkbnr**/*ppppppppp*/sssssssssss/m1m1m1m1m1m/11/11/11/M1M1M1M1M1M/SSSSSSSSSSS/*PPPPPPPPP*/**RBQKBNR**",
        ),
        (
            "excitingcannon",
            "**cbqkbnr**/*ppppppppp*/snrts1tssss/msmsmsmsmsm/11/11/11/MSMSMSMSMSM/SNRTS1TSSSS/*PPPPPPPPP*/**CBQKBNR**",
        ),
    ];
    for (name, board) in starts {
        // Every soldier is on the board and no pawn is gone: a soldier in hand is one too many.
        let one_pawn_gone = board.replace("*PPPPPPPPP*", "*1PPPPPPPP*");
        let two_soldiers = format!("{one_pawn_gone}[Ss] w KQkq - 0 1");
        let refusals = [
            (format!("{board}[S] w KQkq - 0 1"), "soldier"),
            (format!("{board}[s] w KQkq - 0 1"), "soldier"),
            (two_soldiers.clone(), "soldier"),
        ];
        let acceptances = [
            (format!("{board}[] w KQkq - 0 1"), ""),
            // A white pawn gone: it may have become a V that Black took.
            (format!("{one_pawn_gone}[s] w KQkq - 0 1"), ""),
            (format!("{one_pawn_gone}[S] w KQkq - 0 1"), ""),
        ];
        let refusals: Vec<(&str, &str)> = refusals.iter().map(|(f, m)| (f.as_str(), *m)).collect();
        let acceptances: Vec<(&str, &str)> =
            acceptances.iter().map(|(f, w)| (f.as_str(), *w)).collect();
        check(name, &refusals, &acceptances);
    }
    let fen = |top: &str, row4: &str, row8: &str, row10: &str, bottom: &str, rest: &str| {
        format!("{top}/{row10}/11/{row8}/11/11/11/{row4}/11/*9*/{bottom}[] {rest}")
    };
    let plain = |rest: &str| fen("**3k3**", "11", "11", "*9*", "**3K3**", rest);
    for name in ["exciting", "excitingnotigers", "excitingnoreentry"] {
        check(
            name,
            &[
                (&plain("w K - 0 1"), "castling right"),
                (&plain("w kq - 0 1"), "castling right"),
                (
                    &fen("**3k3**", "11", "11", "*9*", "**R3K1R**", "w Q - 0 1"),
                    "castling right",
                ),
                (&plain("b - e3 0 1"), "e.p. square"),
                (
                    &fen("**3k3**", "4P6", "11", "*9*", "**3K3**", "w - e3 0 1"),
                    "e.p. square",
                ),
                (
                    &fen("**3k3**", "4P6", "11", "*9*", "**3K3**", "b - e4 0 1"),
                    "e.p. square",
                ),
                (
                    &fen("**3k3**", "11", "4p6", "*3p5*", "**3K3**", "w - e9 0 1"),
                    "e.p. square",
                ),
            ],
            &[
                // E-6.
                (
                    "**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**R2K2R**[] w KQ - 0 1",
                    "",
                ),
                (
                    &fen("**r2k2r**", "11", "11", "*9*", "**3K3**", "w kq - 0 1"),
                    "",
                ),
                (
                    &fen("**3k3**", "4P6", "11", "*9*", "**3K3**", "b - e3 0 1"),
                    "",
                ),
                (
                    &fen("**3k3**", "1P9", "11", "*9*", "**3K3**", "b - b3 0 1"),
                    "",
                ),
                (
                    &fen("**3k3**", "11", "4p6", "*9*", "**3K3**", "w - e9 0 1"),
                    "",
                ),
            ],
        );
    }
    check(
        "excitingcannon",
        &[
            (
                &fen("**3k3**", "11", "11", "*9*", "**R2K2R**", "w Q - 0 1"),
                "castling right",
            ),
            (
                &fen("**3k3**", "11", "11", "*9*", "**C2K3**", "w K - 0 1"),
                "castling right",
            ),
        ],
        &[(
            &fen("**c2k2r**", "11", "11", "*9*", "**C2K2R**", "w KQkq - 0 1"),
            "",
        )],
    );
    check(
        "exciting9",
        &[
            ("*3k3*/9/9/9/9/9/9/9/*3K3* w KQ - 0 1", "castling right"),
            ("*3k3*/9/9/9/9/9/9/9/*R3K1R* w K - 0 1", "castling right"),
            ("*3k3*/9/9/9/9/9/9/9/*3K3* b - e3 0 1", "e.p. square"),
            ("*3k3*/9/9/9/9/4P4/9/9/*3K3* w - e3 0 1", "e.p. square"),
        ],
        &[
            ("*r2k2r*/9/9/9/9/9/9/9/*R2K2R* w KQkq - 0 1", ""),
            ("*3k3*/9/9/9/9/4P4/9/9/*3K3* b - e3 0 1", ""),
            ("*3k3*/9/9/4p4/9/9/9/9/*3K3* w - e7 0 1", ""),
        ],
    );
}
