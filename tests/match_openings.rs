//! Where the games of a match start: EPD and PGN books each played by a pair of games with
//! colours swapped, in sequence or shuffled by the seed; the variant's built-in book by default;
//! `--openings none` and `--fen`; random plies after a book position.

#[path = "support/matches.rs"]
mod matches;

use std::collections::HashSet;

use matches::{pgn_games, pgn_path, pgn_tag, run, temp_path, try_run};
use menagerie::matchplay::MatchSummary;
use menagerie::matchplay::book::{BookFormat, builtin, parse};
use menagerie::matchplay::referee::GameRecord;
use menagerie::variants::lookup;

const EPD: &str = "\
# three chess positions, opcodes and a comment ignored
rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 ; id \"open\";
r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3 bm Bb5;
rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2
";

/// The records by round.
fn by_round(s: &MatchSummary) -> Vec<&GameRecord> {
    let mut records: Vec<&GameRecord> = s.records.iter().collect();
    records.sort_by_key(|r| r.round);
    records
}

/// Self-play games that end fast (at the move limit, unless `extra` sets one: two plies).
fn quick(extra: &[&str]) -> MatchSummary {
    let mut args = vec![
        "--engine",
        "self:Hash=4",
        "--engine",
        "self:Hash=4",
        "--tc",
        "2+0.02",
    ];
    args.extend_from_slice(extra);
    if !extra.contains(&"--max-plies") {
        args.extend_from_slice(&["--max-plies", "2"]);
    }
    run(&args)
}

/// Both games of each pair start alike, with the colours swapped.
fn assert_pairs(records: &[&GameRecord]) {
    for pair in records.chunks(2) {
        assert!(pair[0].first_is_white && !pair[1].first_is_white);
        assert_eq!(pair[0].start_fen, pair[1].start_fen);
        let opening = pair[0].opening_plies;
        assert_eq!(opening, pair[1].opening_plies);
        assert_eq!(pair[0].moves[..opening], pair[1].moves[..opening]);
    }
}

#[test]
fn an_epd_book_in_sequence_each_opening_twice() {
    let book = temp_path("three.epd");
    std::fs::write(&book, EPD).unwrap();
    let pgn = pgn_path("epd_book");
    let s = quick(&[
        "--openings",
        book.to_str().unwrap(),
        "--games",
        "8",
        "--concurrency",
        "2",
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    let records = by_round(&s);
    assert_eq!(records.len(), 8);
    assert_pairs(&records);
    let fens: Vec<&str> = EPD
        .lines()
        .skip(1)
        .map(|l| l.split(" ;").next().unwrap())
        .collect();
    let fens: Vec<String> = fens
        .iter()
        .map(|l| l.split_whitespace().take(6).collect::<Vec<_>>().join(" "))
        .collect();
    // Pair k plays line k, and the fourth pair starts the book again.
    for (k, pair) in records.chunks(2).enumerate() {
        assert_eq!(pair[0].start_fen.as_deref(), Some(fens[k % 3].as_str()));
        assert_eq!(pair[0].opening_plies, 0);
    }
    let text = std::fs::read_to_string(&pgn).unwrap();
    for game in pgn_games(&text) {
        assert_eq!(pgn_tag(game, "SetUp"), Some("1"));
        assert!(
            fens.iter()
                .any(|f| pgn_tag(game, "FEN") == Some(f.as_str())),
            "{game}"
        );
    }
    // --openings-start picks the line to begin with.
    let s = quick(&[
        "--openings",
        book.to_str().unwrap(),
        "--games",
        "2",
        "--openings-start",
        "3",
    ]);
    assert_eq!(s.records[0].start_fen.as_deref(), Some(fens[2].as_str()));
}

#[test]
fn random_order_is_a_shuffle_fixed_by_the_seed() {
    let text: String = (1..=8)
        .map(|n| {
            format!(
                "4k3/8/8/8/8/8/{}/4K3 w - - 0 1\n",
                match n {
                    1 => "P7".to_string(),
                    8 => "7P".to_string(),
                    _ => format!("{}P{}", n - 1, 8 - n),
                }
            )
        })
        .collect();
    let book = temp_path("eight.epd");
    std::fs::write(&book, &text).unwrap();
    let starts = |seed: &str| -> Vec<String> {
        let s = quick(&[
            "--openings",
            book.to_str().unwrap(),
            "--openings-order",
            "random",
            "--seed",
            seed,
            "--games",
            "16",
            "--concurrency",
            "2",
            "--max-plies",
            "1",
        ]);
        let records = by_round(&s);
        assert_pairs(&records);
        records
            .chunks(2)
            .map(|p| p[0].start_fen.clone().unwrap())
            .collect()
    };
    let a = starts("5");
    // Every opening once in eight pairs, in an order the seed fixes.
    assert_eq!(a.iter().collect::<HashSet<_>>().len(), 8);
    assert_eq!(a, starts("5"));
    let b = starts("6");
    assert_eq!(b.iter().collect::<HashSet<_>>().len(), 8);
    assert_ne!(
        a, b,
        "another seed, another order (1 chance in 40,320 to fail)"
    );
}

#[test]
fn a_pgn_book_plays_its_moves_then_random_plies() {
    let book = temp_path("two.pgn");
    std::fs::write(
        &book,
        "[Event \"a\"]\n[Variant \"chess\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 *\n\n\
         [Event \"b\"]\n\n1. d4 (1. c4) d5 1/2-1/2\n",
    )
    .unwrap();
    let s = quick(&[
        "--openings",
        book.to_str().unwrap(),
        "--openings-plies",
        "2",
        "--seed",
        "3",
        "--games",
        "4",
        "--max-plies",
        "7",
    ]);
    let records = by_round(&s);
    assert_pairs(&records);
    assert_eq!(records[0].start_fen, None);
    assert_eq!(records[0].opening_plies, 6);
    assert_eq!(records[0].moves[..4], ["e2e4", "e7e5", "g1f3", "b8c6"]);
    assert_eq!(records[2].opening_plies, 4);
    assert_eq!(records[2].moves[..2], ["d2d4", "d7d5"]);
}

#[test]
fn the_built_in_book_is_the_default() {
    for variant in ["chess", "shockchess", "exciting9"] {
        let s = quick(&["--variant", variant, "--games", "2", "--max-plies", "1"]);
        let v = lookup(variant).unwrap();
        let first = &parse(builtin(variant).unwrap(), BookFormat::Epd, v).unwrap()[0];
        let records = by_round(&s);
        assert_pairs(&records);
        assert_eq!(records[0].start_fen, first.fen, "{variant}");
    }
    // `--openings none` and `--fen` start where they say.
    let s = quick(&["--openings", "none", "--games", "2", "--max-plies", "1"]);
    assert!(s.records.iter().all(|r| r.start_fen.is_none()));
    let fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
    let s = quick(&["--fen", fen, "--games", "2", "--max-plies", "1"]);
    assert!(
        s.records
            .iter()
            .all(|r| r.start_fen.as_deref() == Some(fen))
    );
}

#[test]
fn bad_books_are_refused_before_play() {
    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--openings",
        "/no/such.epd",
    ])
    .unwrap_err();
    assert!(e.contains("/no/such.epd"), "{e}");
    let book = temp_path("bad.epd");
    std::fs::write(
        &book,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -\nnot a fen at all\n",
    )
    .unwrap();
    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--openings",
        book.to_str().unwrap(),
    ])
    .unwrap_err();
    assert!(e.contains("line 2"), "{e}");
    let e = try_run(&[
        "--engine",
        "self",
        "--engine",
        "self",
        "--fen",
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "--openings",
        book.to_str().unwrap(),
    ])
    .unwrap_err();
    assert!(e.contains("--fen"), "{e}");
}
