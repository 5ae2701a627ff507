//! Opening books: the EPD and PGN readers of `matchplay::book` (positions and moves checked with
//! our rules, every error with its line), and `menagerie book`, the generator (the same book from
//! one seed whatever the thread count). The FENs expected here were worked out by hand from the
//! moves, not taken from the program.

use std::process::Command;

use menagerie::game::AnyGame;
use menagerie::matchplay::book::{BookEntry, BookFormat, load, parse};
use menagerie::variants::{self, AnyVariant};

fn variant(name: &str) -> AnyVariant {
    variants::lookup(name).expect("a playable variant")
}

/// The FEN after an entry's moves.
fn final_fen(entry: &BookEntry, v: AnyVariant) -> String {
    let mut game = AnyGame::new(v, entry.fen.as_deref()).expect("the entry's start");
    for mv in &entry.moves {
        game.apply(mv).expect("the entry's moves are legal");
    }
    game.fen()
}

// ---- EPD -------------------------------------------------------------------------------------

#[test]
fn epd_reads_the_fen_and_ignores_opcodes_comments_and_blank_lines() {
    let text = "# a book written by hand\n\
        \n\
        rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm c5; id \"after 1.e4\";\n\
        \t  \n\
        r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3 ; ce 20; c0 \"Nf3 Nc6\";\n\
        \x20 # an indented comment\n\
        4k3/8/8/8/8/8/4P3/4K3 w - -\r\n";
    let book = parse(text, BookFormat::Epd, variant("chess")).unwrap();
    let fens: Vec<&str> = book.iter().map(|e| e.fen.as_deref().unwrap()).collect();
    assert_eq!(
        fens,
        [
            // Counters missing: 0 and 1.
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 3",
            "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        ]
    );
    assert!(book.iter().all(|e| e.moves.is_empty()));
}

#[test]
fn epd_hands_and_the_frozen_word() {
    // Shock Troops: the hand is part of the board field.
    let book = parse(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1 c0 \"start\";\n",
        BookFormat::Epd,
        variant("shocktroops"),
    )
    .unwrap();
    assert_eq!(
        book[0].fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[WEJJwejj] w KQkq - 0 1")
    );
    // Shock Chess: White just took Black's General; Black is frozen and must pass. With and
    // without the move counters before `frozen`.
    let text = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR b KQkq - 0 4 frozen ; id \"a\";\n\
                rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR b KQkq - frozen\n";
    let book = parse(text, BookFormat::Epd, variant("shockchess")).unwrap();
    assert_eq!(
        book[0].fen.as_deref(),
        Some("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR b KQkq - 0 4 frozen")
    );
    assert_eq!(
        book[1].fen.as_deref(),
        Some("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBGKBNR b KQkq - 0 1 frozen")
    );
    // `frozen` belongs to Shock Chess only.
    let err = parse(
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1 frozen\n",
        BookFormat::Epd,
        variant("chess"),
    )
    .unwrap_err();
    assert!(err.contains("line 1"), "{err}");
}

#[test]
fn epd_errors_name_the_line_and_the_reason() {
    let chess = variant("chess");
    // Line 4: the board has seven ranks.
    let text = "# header\n\
        rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\n\
        \n\
        rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n\
        4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\n";
    let err = parse(text, BookFormat::Epd, chess).unwrap_err();
    assert!(err.starts_with("line 4:"), "{err}");
    assert!(err.contains("ranks"), "{err}");

    // Too few fields.
    let err = parse("4k3/8/8/8/8/8/4P3/4K3 w\n", BookFormat::Epd, chess).unwrap_err();
    assert!(
        err.starts_with("line 1:") && err.contains("4 fields"),
        "{err}"
    );

    // The side not to move in check: our rules refuse the FEN.
    let err = parse(
        "\n4k3/8/8/8/8/8/8/4KR2 w - -\n4k3/4R3/8/8/8/8/8/4K3 w - -\n",
        BookFormat::Epd,
        chess,
    )
    .unwrap_err();
    assert!(err.starts_with("line 3:"), "{err}");

    // A finished game (fool's mate) leaves nothing to play.
    let err = parse(
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n",
        BookFormat::Epd,
        chess,
    )
    .unwrap_err();
    assert!(err.starts_with("line 1:") && err.contains("over"), "{err}");

    // Nothing but comments: an empty book.
    assert!(parse("# nothing\n\n", BookFormat::Epd, chess).is_err());
    assert!(parse("", BookFormat::Epd, chess).is_err());
}

#[test]
fn load_names_the_file_and_picks_the_format() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let epd = dir.join(format!("menagerie-book-{id}.epd"));
    std::fs::write(
        &epd,
        "4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8/8/8/8/4P3/4K3 x - -\n",
    )
    .unwrap();
    let err = load(&epd, variant("chess")).unwrap_err();
    let _ = std::fs::remove_file(&epd);
    assert!(err.contains(&epd.display().to_string()), "{err}");
    assert!(err.contains("line 2"), "{err}");

    // No known extension: the tag line makes it PGN.
    let txt = dir.join(format!("menagerie-book-{id}.openings"));
    std::fs::write(&txt, "[Event \"x\"]\n\n1. e2e4 e7e5 *\n").unwrap();
    let book = load(&txt, variant("chess"));
    let _ = std::fs::remove_file(&txt);
    assert_eq!(
        book.unwrap(),
        [BookEntry {
            fen: None,
            moves: vec!["e2e4".to_string(), "e7e5".to_string()]
        }]
    );

    let missing = dir.join(format!("menagerie-book-{id}-missing.epd"));
    let err = load(&missing, variant("chess")).unwrap_err();
    assert!(err.contains("missing"), "{err}");
}

// ---- PGN -------------------------------------------------------------------------------------

/// Everything PGN allows around the moves: tags, comments of both kinds, NAGs, annotation
/// suffixes, nested variations (with comments holding parentheses), move numbers glued to moves,
/// an escape line; then a game from a FEN with Black to move, and a game without a result.
const ANNOTATED: &str = r#"% an escape line, skipped
[Event "Annotated"]
[Site "?"]
[Variant "chess"]
[White "A \"quoted\" name"]
[Result "*"]

1. e2e4 {best by test (they say)} e7e5 $1 (1... c7c5 2. g1f3 (2. b1c3 {closed} d7d6
3. f2f4) d7d6 $14) 2.g1f3!? b8c6?! ; 3. f1c4 is for later
3. f1b5 {Ruy Lopez} 3... a7a6 *

[Event "From a FEN"]
[SetUp "1"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"]
[Result "1/2-1/2"]

1... c7c5 2. g1f3 {} 1/2-1/2

[Event "No result"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"]

1. e2e4 e8d7 2. e1d2
"#;

#[test]
fn pgn_reads_the_moves_of_every_game() {
    let chess = variant("chess");
    let book = parse(ANNOTATED, BookFormat::Pgn, chess).unwrap();
    assert_eq!(book.len(), 3);
    assert_eq!(book[0].fen, None);
    assert_eq!(
        book[0].moves,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6"]
    );
    assert_eq!(
        final_fen(&book[0], chess),
        "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"
    );
    assert_eq!(
        book[1].fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    );
    assert_eq!(book[1].moves, ["c7c5", "g1f3"]);
    assert_eq!(
        final_fen(&book[1], chess),
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    // King and pawn: e2e4 resets the clock, two king moves count; Black to move in move 2.
    assert_eq!(book[2].moves, ["e2e4", "e8d7", "e1d2"]);
    assert_eq!(
        final_fen(&book[2], chess),
        "8/3k4/8/8/4P3/8/3K4/8 b - - 2 2"
    );
}

#[test]
fn pgn_moves_become_canonical_strings() {
    // Shock Troops: a Ninja Pawn dropped on e2 and pushed to e3 in the same move is written on
    // its final square (`J@e3`); Black drops one on d7, where its pawn stood, without a push.
    // Drops reset the 50-move counter and a drop-push leaves no e.p. right (shocktroops.md).
    let troops = variant("shocktroops");
    let pgn = "[Variant \"shocktroops\"]\n\n1. e2e4 d7d5 2. J@e2,e2e3 j@d7 *\n";
    let book = parse(pgn, BookFormat::Pgn, troops).unwrap();
    assert_eq!(book[0].moves, ["e2e4", "d7d5", "J@e3", "J@d7"]);
    assert_eq!(
        final_fen(&book[0], troops),
        "rnbqkbnr/pppjpppp/8/3p4/4P3/4J3/PPPP1PPP/RNBQKBNR[WEJwej] w KQkq - 0 3"
    );

    // SAN, which the notation reader also takes.
    let book = parse(
        "[Variant \"Standard\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n",
        BookFormat::Pgn,
        variant("chess"),
    )
    .unwrap();
    assert_eq!(
        book[0].moves,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "e1g1"]
    );
}

#[test]
fn pgn_errors() {
    let chess = variant("chess");
    // Another variant's game.
    let err = parse(
        "[Event \"x\"]\n[Variant \"shocktroops\"]\n\n1. e2e4 *\n",
        BookFormat::Pgn,
        chess,
    )
    .unwrap_err();
    assert!(
        err.contains("Variant") && err.contains("shocktroops"),
        "{err}"
    );

    // An illegal move: its line and ply.
    let err = parse(
        "[Event \"x\"]\n\n1. e2e4 e7e5\n2. e4e5 *\n",
        BookFormat::Pgn,
        chess,
    )
    .unwrap_err();
    assert!(err.contains("line 4") && err.contains("e4e5"), "{err}");
    assert!(err.contains("ply 3"), "{err}");

    // A game that ends in mate is no opening.
    let err = parse("1. f2f3 e7e5 2. g2g4 d8h4 0-1\n", BookFormat::Pgn, chess).unwrap_err();
    assert!(err.contains("game 1"), "{err}");

    // A bad FEN tag, an unclosed comment, an unclosed variation, a broken tag.
    for (pgn, wanted) in [
        ("[FEN \"8/8/8 w - -\"]\n\n1. e2e4 *\n", "FEN"),
        ("[Event \"x\"]\n\n1. e2e4 {never closed\n\n", "line 3"),
        ("[Event \"x\"]\n\n1. e2e4 (1. d2d4 d7d5 *\n", "line 3"),
        ("[Event x]\n\n1. e2e4 *\n", "line 1"),
    ] {
        let err = parse(pgn, BookFormat::Pgn, chess).unwrap_err();
        assert!(err.contains(wanted), "{pgn:?}: {err}");
    }

    // No game at all.
    assert!(parse("; just a comment\n", BookFormat::Pgn, chess).is_err());
}

/// Issue 13: the reader behind books is the one `menagerie replay` uses, so a pass reads as a move
/// (`0000`, XBoard's `--`) and so do the forms XBoard saves. SC-T3 (shockchess.md 2.8): the pinned
/// bishop takes the General and Black passes; the rules give the FEN after the pass. CA-T3a
/// (combinedarms.md): the bishop shoots a3 and stays (`Bxa3-a1`, PROTOCOL.md 4.8), Black's king
/// steps, and `Bb2` is the plain move though a shot of d4 also ends on b2.
#[test]
fn pgn_passes_and_xboard_forms() {
    let shock = variant("shockchess");
    for pass in ["0000", "--", "@@@@"] {
        let pgn = format!(
            "[Variant \"shockchess\"]\n[FEN \"k3r3/8/8/7g/8/8/4B3/4K3 w - - 0 1\"]\n\n\
             1. Bxh5 {pass} *\n"
        );
        let book = parse(&pgn, BookFormat::Pgn, shock).unwrap_or_else(|e| panic!("{pass}: {e}"));
        assert_eq!(book[0].moves, ["e2h5", "0000"], "{pass}");
        assert_eq!(
            final_fen(&book[0], shock),
            "k3r3/8/8/7B/8/8/8/4K3 w - - 1 2",
            "{pass}"
        );
    }
    // A pass where none is legal is an illegal move, with its line.
    let err = parse(
        "[Event \"x\"]\n\n1. e4\n0000 *\n",
        BookFormat::Pgn,
        variant("chess"),
    )
    .unwrap_err();
    assert!(err.contains("line 4") && err.contains("0000"), "{err}");

    let ca = variant("combinedarms");
    let pgn = "[Variant \"combinedarms\"]\n[SetUp \"1\"]\n\
               [FEN \"7k/8/8/8/3p4/n7/8/B6K w - - 0 1\"]\n\n1. Bxa3-a1 Kg8 2. Bb2 *\n";
    let book = parse(pgn, BookFormat::Pgn, ca).unwrap();
    assert_eq!(book[0].moves, ["a1a3,a3a1", "h8g8", "a1b2"]);
    assert_eq!(final_fen(&book[0], ca), "6k1/8/8/8/3p4/8/1B6/7K b - - 2 2");
}

/// Book files go through the same bounded reader as `menagerie replay`: more than 64 MiB is
/// refused by its size (a sparse file), and so is text that is not UTF-8 or a word of movetext
/// longer than any move.
#[test]
fn book_files_are_bounded_and_text() {
    let dir = std::env::temp_dir();
    let id = std::process::id();
    let big = dir.join(format!("menagerie-book-{id}-big.pgn"));
    let file = std::fs::File::create(&big).unwrap();
    file.set_len(64 * 1024 * 1024 + 1).unwrap();
    drop(file);
    let err = load(&big, variant("chess")).unwrap_err();
    let _ = std::fs::remove_file(&big);
    assert!(err.contains("larger than 64 MiB"), "{err}");

    let latin = dir.join(format!("menagerie-book-{id}-latin.pgn"));
    std::fs::write(&latin, b"[Event \"Caf\xe9\"]\n\n1. e4 *\n").unwrap();
    let err = load(&latin, variant("chess")).unwrap_err();
    let _ = std::fs::remove_file(&latin);
    assert!(err.contains("line 1: byte 0xE9 is not UTF-8"), "{err}");

    let long = format!("1. {} *\n", "e".repeat(5000));
    let err = parse(&long, BookFormat::Pgn, variant("chess")).unwrap_err();
    assert!(err.contains("line 1: a word of 5000 bytes"), "{err}");
}

// ---- the generator ---------------------------------------------------------------------------

fn generate(threads: &str, seed: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args([
            "book",
            "--variant",
            "chess",
            "--count",
            "6",
            "--nodes",
            "3000",
        ])
        .args(["--seed", seed, "--threads", threads])
        .output()
        .expect("run menagerie book");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn book_depends_on_the_seed_not_on_the_threads() {
    let one = generate("1", "42");
    let two = generate("2", "42");
    assert_eq!(one, two);
    assert_ne!(one, generate("2", "43"));

    // What the generator writes, the reader reads: six positions, distinct, each a game to play
    // with the side to move not in check, each scored within the default margin.
    let chess = variant("chess");
    let book = parse(&one, BookFormat::Epd, chess).unwrap();
    assert_eq!(book.len(), 6);
    let mut keys: Vec<String> = book
        .iter()
        .map(|e| {
            let fen = e.fen.as_deref().unwrap();
            fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
        })
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 6);
    for line in one.lines() {
        let ce: i32 = line
            .split(';')
            .find_map(|op| op.trim().strip_prefix("ce "))
            .expect("a ce opcode")
            .parse()
            .unwrap();
        assert!(ce.abs() <= 80, "{line}");
        let fen = line.split(" ;").next().unwrap();
        assert_eq!(fen.split_whitespace().count(), 6, "{line}");
        let Some(AnyVariant::Narrow(v)) = variants::lookup("chess") else {
            unreachable!()
        };
        let pos = menagerie::position::Position::from_fen(v, fen).unwrap();
        assert!(!pos.in_check(), "{line}");
    }
}

// ---- the books built into the binary ---------------------------------------------------------

/// Whether the side to move is in check in `fen`.
fn in_check(v: AnyVariant, fen: &str) -> bool {
    use menagerie::position::Position;
    match v {
        AnyVariant::Narrow(v) => Position::from_fen(v, fen).unwrap().in_check(),
        AnyVariant::Wide(v) => Position::from_fen(v, fen).unwrap().in_check(),
    }
}

#[test]
fn every_shipped_book_is_sound() {
    use menagerie::matchplay::book::builtin;
    assert!(builtin("no such game").is_none());
    assert_eq!(builtin("normal"), builtin("chess"));
    let mut names = 0;
    for name in variants::playable() {
        names += 1;
        let v = variant(name);
        let text = builtin(name).unwrap_or_else(|| panic!("no book for {name}"));
        let book = parse(text, BookFormat::Epd, v).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(book.len() >= 500, "{name}: {} positions", book.len());
        let mut keys = std::collections::HashSet::new();
        for (entry, line) in book.iter().zip(text.lines()) {
            let fen = entry.fen.as_deref().unwrap();
            let key: Vec<&str> = fen.split_whitespace().take(4).collect();
            assert!(keys.insert(key.join(" ")), "{name}: {fen} twice");
            let game = AnyGame::new(v, Some(fen)).unwrap();
            assert!(game.outcome().is_none(), "{name}: {fen} is over");
            assert!(!in_check(v, fen), "{name}: {fen} in check");
            // The line's own FEN is what the reader read, and its score is within the margin.
            assert!(line.starts_with(fen), "{name}: {line}");
            let ce: i32 = line
                .split(';')
                .find_map(|op| op.trim().strip_prefix("ce "))
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("{name}: no ce in {line}"));
            assert!(ce.abs() <= 80, "{name}: {line}");
        }
    }
    assert_eq!(names, 15);
}
