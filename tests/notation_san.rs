//! SAN and `O-O` castling as input (src/notation/san.rs): hand-made positions with the exact
//! canonical move each SAN string must read as, and the refusals with their messages: ambiguous
//! disambiguation, castling through check or without the right, moves no piece can make, and
//! Combined Arms moves that share mover, from and to but not their victims. And SAN written by
//! another program: Fairy-Stockfish (`pyffish`, driven by `scripts/pyffish-san.py`) writes every
//! legal move of positions of random games of chess and the Shock Troops sub-variants without
//! Ninja Pawns, and each must read back as the same move. `.ci/run` installs pyffish; without it
//! that test says so and passes, except under CI.

use std::path::Path;
use std::process::Command;

use menagerie::board::{Bits, MoveKind, MoveList};
use menagerie::movegen::generate_legal;
use menagerie::notation::{MoveError, parse_move, parse_move_in, parse_pgn_move, render};
use menagerie::position::Position;
use menagerie::variants::{AnyVariant, Variant, lookup_any};

fn read<B: Bits>(
    v: &'static Variant<B>,
    fen: Option<&str>,
    input: &str,
) -> Result<String, MoveError> {
    let pos = match fen {
        Some(f) => Position::from_fen(v, f).unwrap_or_else(|e| panic!("'{f}': {e}")),
        None => Position::start(v),
    };
    parse_move(&pos, input).map(|e| render(&pos, &e))
}

/// What `input` reads as in `fen` of `variant` (its start position for `None`).
fn parse(variant: &str, fen: Option<&str>, input: &str) -> Result<String, MoveError> {
    match lookup_any(variant).unwrap_or_else(|| panic!("no variant {variant}")) {
        AnyVariant::Narrow(v) => read(v, fen, input),
        AnyVariant::Wide(v) => read(v, fen, input),
    }
}

/// Every `(input, canonical)` pair reads as that canonical move.
fn reads(variant: &str, fen: Option<&str>, pairs: &[(&str, &str)]) {
    for &(input, canonical) in pairs {
        assert_eq!(
            parse(variant, fen, input).unwrap_or_else(|e| panic!("{input} in {fen:?}: {e}")),
            canonical,
            "{input} in {fen:?}"
        );
    }
}

/// The message of the refusal of `input`.
fn refusal(variant: &str, fen: Option<&str>, input: &str) -> String {
    match parse(variant, fen, input) {
        Ok(m) => panic!("{input} in {fen:?} reads as {m}"),
        Err(e) => e.to_string(),
    }
}

fn candidates(variant: &str, fen: Option<&str>, input: &str) -> Vec<String> {
    match parse(variant, fen, input) {
        Err(MoveError::Ambiguous { candidates, .. }) => candidates,
        other => panic!("{input} in {fen:?}: {other:?} is not ambiguous"),
    }
}

#[test]
fn castling_both_sides_both_colours() {
    let white = Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    reads(
        "chess",
        white,
        &[
            ("O-O", "e1g1"),
            ("O-O-O", "e1c1"),
            ("0-0", "e1g1"),
            ("0-0-0", "e1c1"),
            ("O-O+", "e1g1"),
            ("0-0-0#", "e1c1"),
            ("O-O!?", "e1g1"),
            ("move O-O", "e1g1"),
            ("usermove 0-0-0;", "e1c1"),
            // Castling is the king's move, so the king's SAN to its castling square reads too.
            ("Kg1", "e1g1"),
            ("Kc1", "e1c1"),
        ],
    );
    let black = Some("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    reads(
        "chess",
        black,
        &[
            ("O-O", "e8g8"),
            ("O-O-O", "e8c8"),
            ("0-0", "e8g8"),
            ("0-0-0", "e8c8"),
        ],
    );
    // The coordinate forms keep their meaning.
    reads("chess", white, &[("e1g1", "e1g1"), ("e1c1", "e1c1")]);
}

#[test]
fn castling_refusals_say_why() {
    // The rook on f8 covers f1: the king would pass through check.
    let through_check = Some("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        refusal("chess", through_check, "O-O"),
        "illegal move (O-O is not legal now): O-O"
    );
    assert_eq!(parse("chess", through_check, "O-O-O").unwrap(), "e1c1");
    let no_right = Some("4k3/8/8/8/8/8/8/R3K2R w Q - 0 1");
    assert_eq!(
        refusal("chess", no_right, "0-0"),
        "illegal move (no O-O castling right): 0-0"
    );
    assert_eq!(
        refusal("pawnier", None, "O-O-O"),
        "illegal move (pawnier has no O-O-O castling): O-O-O"
    );
    // Not castling forms at all.
    for bad in ["O-O-O-O", "OO", "o-o", "O-0"] {
        assert!(parse("chess", no_right, bad).is_err(), "{bad}");
    }
}

#[test]
fn castling_in_other_variants() {
    // rules/exciting.md E-6: the knight on j2 covers h1; queen side the king goes f1 to d1.
    let e6 = Some("**3k3**/*9*/11/11/11/11/11/11/11/*1P5Pn*/**R2K2R** w KQ - 0 1");
    assert_eq!(parse("exciting", e6, "O-O-O").unwrap(), "f1d1");
    assert_eq!(parse("exciting", e6, "0-0-0").unwrap(), "f1d1");
    assert_eq!(
        refusal("exciting", e6, "O-O"),
        "illegal move (O-O is not legal now): O-O"
    );
    // rules/combinedarms.md 3.4.7, test T5a: castling at any time; b2 covers c1.
    let t5a = Some("4k3/8/8/8/8/5p2/1p6/R3K2R w - - 0 1");
    assert_eq!(parse("combinedarms", t5a, "O-O").unwrap(), "e1g1");
    assert_eq!(parse("combinedarms", t5a, "0-0").unwrap(), "e1g1");
    assert!(parse("combinedarms", t5a, "O-O-O").is_err());
    // Shock Troops without Ninja Pawns, with its hand.
    let troops = Some("r3k2r/8/8/8/8/8/8/R3K2R[WEwe] b KQkq - 0 1");
    assert_eq!(parse("shocktroopsnoninja", troops, "O-O").unwrap(), "e8g8");
    assert_eq!(
        parse("shocktroopsnoninja", troops, "O-O-O").unwrap(),
        "e8c8"
    );
}

#[test]
fn piece_moves_pawn_moves_and_captures() {
    // After 1.e4 e5 2.Nf3 Nc6.
    let fen = Some("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    reads(
        "chess",
        fen,
        &[
            ("Nxe5", "f3e5"),
            ("Ne5", "f3e5"),
            ("N:e5", "f3e5"),
            ("Nxe5!", "f3e5"),
            ("Bb5", "f1b5"),
            ("Bc4", "f1c4"),
            ("d4", "d2d4"),
            ("d3", "d2d3"),
            ("Pd4", "d2d4"),
            ("Nc3", "b1c3"),
            ("Ke2", "e1e2"),
            ("Qe2", "d1e2"),
            ("Rg1", "h1g1"),
            ("Ng1", "f3g1"),
            ("move Nc3", "b1c3"),
            ("Nfg1", "f3g1"),
        ],
    );
    // A lower-case letter is a file, not a piece: `bc4`/`bxc4` is the b-pawn's capture.
    let files = Some("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1");
    reads(
        "chess",
        files,
        &[
            ("bxc4", "b3c4"),
            ("bc4", "b3c4"),
            ("Bxc4", "f1c4"),
            ("Bc4", "f1c4"),
        ],
    );
    assert!(parse("chess", fen, "nc3").is_err(), "nc3 is not SAN");
    assert!(parse("chess", fen, "Nc3x").is_err());
}

#[test]
fn en_passant() {
    let fen = Some("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    reads(
        "chess",
        fen,
        &[
            ("exd6", "e5d6"),
            ("ed6", "e5d6"),
            ("e:d6", "e5d6"),
            ("exd6+", "e5d6"),
        ],
    );
    reads("chess", fen, &[("e6", "e5e6")]);
}

#[test]
fn disambiguation_by_file_rank_and_square() {
    // Knights b1 and f3 can both go to d2.
    let knights = Some("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(
        refusal("chess", knights, "Nd2"),
        "ambiguous move: Nd2 (b1d2, f3d2)"
    );
    reads(
        "chess",
        knights,
        &[
            ("Nbd2", "b1d2"),
            ("Nfd2", "f3d2"),
            ("N1d2", "b1d2"),
            ("N3d2", "f3d2"),
            ("Nb1d2", "b1d2"),
            ("Nf3xd2", "f3d2"),
        ],
    );
    // Rooks a1 and a5 on one file: the rank decides.
    let rooks = Some("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    reads("chess", rooks, &[("R1a3", "a1a3"), ("R5a3", "a5a3")]);
    assert_eq!(candidates("chess", rooks, "Raa3"), ["a1a3", "a5a3"]);
    // Queens a1, a5 and e1 all reach e5: only the whole square names a1.
    let queens = Some("8/7k/8/Q7/8/8/8/Q3Q2K w - - 0 1");
    assert_eq!(candidates("chess", queens, "Qe5"), ["a1e5", "a5e5", "e1e5"]);
    assert_eq!(candidates("chess", queens, "Qae5"), ["a1e5", "a5e5"]);
    assert_eq!(candidates("chess", queens, "Q1e5"), ["a1e5", "e1e5"]);
    reads(
        "chess",
        queens,
        &[
            ("Qa1e5", "a1e5"),
            ("Qa1xe5", "a1e5"),
            ("Qa5e5", "a5e5"),
            ("Q5e5", "a5e5"),
            ("Qee5", "e1e5"),
            ("Qe1e5", "e1e5"),
        ],
    );
    // A disambiguation that names no mover.
    assert!(parse("chess", queens, "Qbe5").is_err());
}

#[test]
fn promotions_in_every_form() {
    let fen = Some("n2k4/1P6/8/8/8/8/8/4K3 w - - 0 1");
    reads(
        "chess",
        fen,
        &[
            ("b8=Q", "b7b8q"),
            ("b8Q", "b7b8q"),
            ("b8(Q)", "b7b8q"),
            ("b8/Q", "b7b8q"),
            ("b8=q", "b7b8q"),
            ("b8=R", "b7b8r"),
            ("b8=B+", "b7b8b"),
            ("b8=N", "b7b8n"),
            ("Pb8=Q", "b7b8q"),
            ("b7b8=Q", "b7b8q"),
            ("bxa8=N", "b7a8n"),
            ("bxa8N", "b7a8n"),
            ("ba8=Q", "b7a8q"),
            ("bxa8(R)", "b7a8r"),
            ("b7xa8=B", "b7a8b"),
            // The coordinate form is unchanged.
            ("b7b8q", "b7b8q"),
        ],
    );
    // Without the piece, four promotions fit.
    assert_eq!(
        refusal("chess", fen, "b8"),
        "ambiguous move: b8 (b7b8q, b7b8r, b7b8b, b7b8n)"
    );
    assert!(parse("chess", fen, "b8=K").is_err(), "no promotion to king");
    assert_eq!(
        refusal("chess", fen, "b8=Z"),
        "illegal move (chess has no piece 'Z'): b8=Z"
    );
}

#[test]
fn illegal_san_is_refused_with_a_reason() {
    assert_eq!(
        refusal("chess", None, "Ke2"),
        "illegal move (no legal king move to e2): Ke2"
    );
    assert_eq!(
        refusal("chess", None, "e5"),
        "illegal move (no legal pawn move to e5): e5"
    );
    assert_eq!(
        refusal("chess", None, "Xe4"),
        "illegal move (chess has no piece 'X'): Xe4"
    );
    // Shock Troops' own pieces have their letters; a War Knight in hand has no board move.
    assert_eq!(
        refusal("shocktroopsnoninja", None, "We3"),
        "illegal move (no legal war knight move to e3): We3"
    );
    // Not SAN, nor any other form.
    assert_eq!(refusal("chess", None, "hello"), "illegal move: hello");
    // A frozen Shock Chess side must pass, whatever it writes.
    let frozen = Some("1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen");
    for input in ["Kh6", "Rb1", "O-O"] {
        assert_eq!(
            refusal("shockchess", frozen, input),
            format!("illegal move (you must pass): {input}")
        );
    }
    // The General is a queen to SAN readers too (its letter alias).
    let general = Some("1G6/7k/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(parse("shockchess", general, "Gb2").unwrap(), "b8b2");
    assert_eq!(parse("shockchess", general, "Qb2").unwrap(), "b8b2");
}

#[test]
fn two_digit_ranks_on_the_exciting_board() {
    // Rooks d3 and d9 both reach d6; a pawn on c10 promotes on c11.
    let fen = Some("**5k1**/*1P7*/3R7/11/11/11/11/11/3R7/*9*/**3K3** w - - 0 1");
    assert_eq!(candidates("exciting", fen, "Rd6"), ["d3d6", "d9d6"]);
    reads(
        "exciting",
        fen,
        &[
            ("R3d6", "d3d6"),
            ("R9d6", "d9d6"),
            ("Rd9d6", "d9d6"),
            ("Rd10", "d9d10"),
            ("R9d10", "d9d10"),
            ("Rd9d10", "d9d10"),
            ("Rd11", "d9d11"),
            ("Rdd11", "d9d11"),
            ("c11=Q", "c10c11q"),
            ("c11Q", "c10c11q"),
            ("c11(N)", "c10c11n"),
            ("c10c11=R", "c10c11r"),
            ("Pc10c11/B", "c10c11b"),
        ],
    );
    assert!(candidates("exciting", fen, "c11").contains(&"c10c11q".to_string()));
    // a10 and a11 are removed corners; k12 is off the board.
    for bad in ["Ra10", "Rd12", "R12d6"] {
        assert!(parse("exciting", fen, bad).is_err(), "{bad}");
    }
}

#[test]
fn moves_that_differ_only_in_their_victims_are_ambiguous() {
    // rules/combinedarms.md T2: the armor on c3 reaches e4 killing d3, or killing d3 and d4.
    let t2 = Some("7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1");
    assert_eq!(
        refusal("combinedarms", t2, "Ne4"),
        "ambiguous move: Ne4 (c3d3,d3e4, c3d3,d3d4,d4e4)"
    );
    assert_eq!(candidates("combinedarms", t2, "Nd1"), ["c3d1", "c3d3,d3d1"]);
    // Only one effect ends on d5.
    assert_eq!(parse("combinedarms", t2, "Nd5").unwrap(), "c3d3,d3d4,d4d5");
    assert_eq!(parse("combinedarms", t2, "c5").unwrap(), "c4c5");
    // T3a: the bishop on a1 reaches b2 by a plain move or by shooting a3 or d4.
    let t3a = Some("7k/8/8/8/3p4/n7/8/B6K w - - 0 1");
    assert_eq!(
        candidates("combinedarms", t3a, "Bb2"),
        ["a1b2", "a1a3,a3b2", "a1d4,d4b2"]
    );
}

#[test]
fn exciting_pieces_by_their_letters() {
    // rules/exciting.md E-1: the soldier's custodian captures; one effect ends on c2, one on d3.
    let e1 = Some("**3k3**/*9*/11/11/11/10K/11/2S8/1Sn8/*n1S6*/**bS5** w - - 0 1");
    reads(
        "exciting",
        e1,
        &[
            ("Sc2", "d2b2,b2c1,c1c3,c3c2"),
            ("Sd3", "d2c3,c3d3"),
            ("Kj7", "k6j7"),
            ("Sb3b4", "b3b4"),
        ],
    );
    assert_eq!(candidates("exciting", e1, "Sb4"), ["b3b4", "c4b4"]);
}

fn read_pgn_move<B: Bits>(
    v: &'static Variant<B>,
    fen: &str,
    input: &str,
) -> Result<String, MoveError> {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("'{fen}': {e}"));
    let mut legal = MoveList::new();
    generate_legal(&pos, &mut legal);
    parse_pgn_move(&pos, &legal, input).map(|e| render(&pos, &e))
}

/// What `input` reads as in a PGN ([`parse_pgn_move`]).
fn parse_pgn(variant: &str, fen: &str, input: &str) -> Result<String, MoveError> {
    match lookup_any(variant).unwrap_or_else(|| panic!("no variant {variant}")) {
        AnyVariant::Narrow(v) => read_pgn_move(v, fen, input),
        AnyVariant::Wide(v) => read_pgn_move(v, fen, input),
    }
}

/// Moves as XBoard 4.9.1 saves them in PGN (PROTOCOL.md 4.8): SAN for the first leg, `-` or `x`
/// and the square of each further leg; the from square written out for a move XBoard does not
/// know; plain SAN for the move that kills nothing off its destination. The expected moves are
/// the rules' lists (combinedarms.md CA-T2, CA-T3a; shocktroops.md ST-T4a).
#[test]
fn forms_xboard_saves_in_pgn() {
    let t3a = "7k/8/8/8/3p4/n7/8/B6K w - - 0 1";
    for (input, canonical) in [
        ("Bb2", "a1b2"),
        ("Bc3", "a1c3"),
        ("Bxa3-a1", "a1a3,a3a1"),
        ("Bxa3-b2", "a1a3,a3b2"),
        ("Bxa3-c3", "a1a3,a3c3"),
        ("Bxd4-b2", "a1d4,d4b2"),
        ("Bxd4-c3+", "a1d4,d4c3"),
        ("Ba1xa3-a1", "a1a3,a3a1"),
        ("Ba1b2", "a1b2"),
        ("Kg2", "h1g2"),
    ] {
        assert_eq!(
            parse_pgn("combinedarms", t3a, input).as_deref(),
            Ok(canonical),
            "{input}"
        );
    }
    // The plain SAN alone is ambiguous (notation/san.rs); in a PGN it is the plain move.
    assert!(parse("combinedarms", Some(t3a), "Bb2").is_err());

    let t2 = "7k/8/8/8/2Pp4/2Np4/8/K7 w - - 0 1";
    for (input, canonical) in [
        ("Nd1", "c3d1"),
        ("Nxd3-d1", "c3d3,d3d1"),
        ("Nxd3", "c3d3"),
        ("Nxd3-e4", "c3d3,d3e4"),
        ("Nxd3xd4-e4", "c3d3,d3d4,d4e4"),
        ("Nxd3xd4-d5", "c3d3,d3d4,d4d5"),
        ("Pc4xd4", "c4d4"),
        ("Pc4c5", "c4c5"),
        ("c5", "c4c5"),
    ] {
        assert_eq!(
            parse_pgn("combinedarms", t2, input).as_deref(),
            Ok(canonical),
            "{input}"
        );
    }
    // No kill-free move ends on e4: without legs the SAN names two moves.
    assert!(matches!(
        parse_pgn("combinedarms", t2, "Ne4"),
        Err(MoveError::Ambiguous { .. })
    ));
    assert!(parse_pgn("combinedarms", t2, "Nxd3-c5").is_err());

    // Drops carry check marks in SAN; a J dropped on d2 and pushed to d4 checks the king on e5.
    let t4a = "8/8/8/4k3/2p5/1p6/P7/K7[J] w - - 0 1";
    for (input, canonical) in [("J@d4+", "J@d4"), ("J@d3", "J@d3"), ("a2xb3", "a2b3")] {
        assert_eq!(
            parse_pgn("shocktroops", t4a, input).as_deref(),
            Ok(canonical),
            "{input}"
        );
    }
    // Passes: XBoard writes `--`; only a frozen side may pass (shockchess.md SC-T1).
    let frozen = "1G6/7k/8/8/8/8/8/r6K b - - 0 1 frozen";
    for pass in ["--", "0000", "@@@@", "pass", "null"] {
        assert_eq!(
            parse_pgn("shockchess", frozen, pass).as_deref(),
            Ok("0000"),
            "{pass}"
        );
    }
    assert!(parse_pgn("shockchess", frozen, "Kg7").is_err());
    assert!(parse_pgn("shockchess", "1g6/7k/8/8/8/8/1G6/r6K w - - 0 1", "--").is_err());
}

/// One position as `scripts/pyffish-san.py` lists it: variant, FEN, and each legal move as
/// (canonical, SAN).
type Listed<'a> = (&'a str, &'a str, Vec<(&'a str, &'a str)>);

/// What reading Fairy-Stockfish's SAN of one position found.
#[derive(Default)]
struct Tally {
    moves: usize,
    castlings: usize,
    promotions: usize,
    en_passant: usize,
    /// Piece moves written with a from file or rank.
    disambiguated: usize,
    mismatches: Vec<String>,
}

/// Reads each `(canonical, san)` of the position and checks it names that move, and that the
/// position has as many legal moves as Fairy-Stockfish listed.
fn read_back<B: Bits>(v: &'static Variant<B>, fen: &str, moves: &[(&str, &str)], t: &mut Tally) {
    let pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("'{fen}': {e}"));
    let mut legal = MoveList::new();
    generate_legal(&pos, &mut legal);
    if legal.len() != moves.len() {
        t.mismatches.push(format!(
            "{} {fen}: {} legal moves, Fairy-Stockfish lists {}",
            v.name,
            legal.len(),
            moves.len()
        ));
    }
    for &(canonical, san) in moves {
        t.moves += 1;
        match parse_move_in(&pos, &legal, san) {
            Ok(e) if render(&pos, &e) == canonical => {
                match e.mv.kind() {
                    MoveKind::Castle => t.castlings += 1,
                    MoveKind::Promotion => t.promotions += 1,
                    MoveKind::EnPassant => t.en_passant += 1,
                    _ => {}
                }
                let body = san.trim_end_matches(['+', '#']).replace('x', "");
                let piece = san.starts_with(|c: char| c.is_ascii_uppercase());
                if piece && e.mv.kind() != MoveKind::Drop && body.len() > 3 {
                    t.disambiguated += 1;
                }
            }
            other => t.mismatches.push(format!(
                "{} {fen}: {san} should be {canonical}, reads as {:?}",
                v.name,
                other.map(|e| render(&pos, &e))
            )),
        }
    }
}

#[test]
fn san_written_by_fairy_stockfish_reads_back() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let has_pyffish = Command::new("python3")
        .args(["-c", "import pyffish"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_pyffish || !root.join("../shared/anchors/variants.ini").exists() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must have pyffish and ../shared/anchors (see .ci/run)"
        );
        eprintln!("pyffish or the anchors are missing: skipped (pip install pyffish)");
        return;
    }
    let out = Command::new("python3")
        .arg(root.join("scripts/pyffish-san.py"))
        .args(["60", "2026"])
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    // Lines of one position are consecutive: group them.
    let mut positions: Vec<Listed> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 4, "{line}");
        match positions.last_mut() {
            Some((v, fen, moves)) if *v == f[0] && *fen == f[1] => moves.push((f[2], f[3])),
            _ => positions.push((f[0], f[1], vec![(f[2], f[3])])),
        }
    }
    let mut t = Tally::default();
    for (variant, fen, moves) in &positions {
        match lookup_any(variant).unwrap_or_else(|| panic!("no variant {variant}")) {
            AnyVariant::Narrow(v) => read_back(v, fen, moves, &mut t),
            AnyVariant::Wide(v) => read_back(v, fen, moves, &mut t),
        }
    }
    assert!(
        t.mismatches.is_empty(),
        "{} of {} moves:\n{}",
        t.mismatches.len(),
        t.moves,
        t.mismatches[..t.mismatches.len().min(20)].join("\n")
    );
    // Every position of the random games, and each form of SAN seen.
    assert!(positions.len() >= 4 * 60, "{} positions", positions.len());
    assert!(t.castlings >= 4, "{} castlings", t.castlings);
    assert!(t.promotions >= 20, "{} promotions", t.promotions);
    assert!(t.en_passant >= 1, "{} e.p. captures", t.en_passant);
    assert!(t.disambiguated >= 10, "{} disambiguations", t.disambiguated);
    eprintln!(
        "{} SAN moves of {} positions read back ({} castlings, {} promotions, {} e.p., {} \
         disambiguated)",
        t.moves,
        positions.len(),
        t.castlings,
        t.promotions,
        t.en_passant,
        t.disambiguated
    );
}
