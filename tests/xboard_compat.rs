//! The XBoard compatibility layer of PROTOCOL.md §5 against the built binary and through the
//! library: transcript 18 (what every emitted `move` looks like, on random positions of every
//! variant, with and without `computer`), 19 (the root filter against a person), 20 (an only
//! move XBoard cannot show) and 21 (the XBoard forms of the test positions).

#[path = "support/cecp.rs"]
mod cecp;
#[path = "support/engine_process.rs"]
mod engine_process;
#[path = "support/rng.rs"]
mod rng;

use cecp::*;
use engine_process::secs;
use menagerie::engine::Engine;
use menagerie::protocol::xboard::moves;

/// (file, rank) of a square name, both from 0: `d11` is (3, 10).
fn square_coords(square: &str) -> Option<(usize, usize)> {
    let mut chars = square.chars();
    let file = chars.next().filter(char::is_ascii_lowercase)?;
    let digits = chars.as_str();
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rank: usize = digits.parse().ok()?;
    Some((file as usize - 'a' as usize, rank.checked_sub(1)?))
}

/// The from- and to-square of one leg (`b10b8q` gives `b10`, `b8`).
fn leg_squares(leg: &str) -> Option<(&str, &str)> {
    let split = |s: &str| -> Option<usize> {
        let digits = s.get(1..)?.bytes().take_while(u8::is_ascii_digit).count();
        (digits > 0).then_some(1 + digits)
    };
    let a = split(leg)?;
    let b = split(&leg[a..])?;
    Some((&leg[..a], &leg[a..a + b]))
}

/// The letter on `square` in a FEN's board field (`None`: empty, a hole, or off the board).
fn piece_at(fen: &str, square: &str) -> Option<char> {
    let board = fen.split_whitespace().next()?.split('[').next()?;
    let (file, rank) = square_coords(square)?;
    let rows: Vec<&str> = board.split('/').collect();
    let row = rows.get(rows.len().checked_sub(rank + 1)?)?;
    let (mut f, mut count) = (0, 0);
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            count = count * 10 + d as usize;
            continue;
        }
        f += count;
        count = 0;
        if f > file {
            return None;
        }
        if f == file {
            return c.is_ascii_alphabetic().then_some(c);
        }
        f += 1;
    }
    None
}

/// The FEN reader of transcript 18, on E-1: holes, multi-digit runs, both colours.
#[test]
fn t18_fen_reader() {
    assert_eq!(piece_at(E_1, "k6"), Some('K'));
    assert_eq!(piece_at(E_1, "b2"), Some('n'));
    assert_eq!(piece_at(E_1, "a2"), None);
    assert_eq!(piece_at(E_1, "c2"), None);
    assert_eq!(piece_at(E_1, "d2"), Some('S'));
    assert_eq!(piece_at(E_1, "c3"), Some('n'));
    assert_eq!(piece_at(E_1, "c1"), Some('b'));
    assert_eq!(piece_at(E_1, "f11"), Some('k'));
    assert_eq!(piece_at(E_1, "j6"), None);
    assert_eq!(leg_squares("b10b8q"), Some(("b10", "b8")));
    assert_eq!(square_coords("d11"), Some((3, 10)));
}

/// The properties of transcript 18 for a move string `text` sent in `fen`: at most two legs; the
/// middle square of a two-leg move holds an enemy; a promotion or crowning carries its letter;
/// a drop is `X@sq` with an upper-case letter; a pass is `@@@@`. Returns the legal move (its
/// canonical string) that the engine's parser reads from `text`.
fn check_emission(engine: &Engine, fen: &str, text: &str) -> String {
    let ctx = || format!("'{text}' in {fen}");
    let game = engine.game();
    let named = game
        .parse(text)
        .map(|m| game.render(m).expect("a legal move renders"))
        .unwrap_or_else(|err| panic!("{err}: {}", ctx()));
    if named == "0000" {
        assert_eq!(text, "@@@@", "{}", ctx());
        return named;
    }
    if let Some((letter, square)) = text.split_once('@') {
        assert!(
            letter.len() == 1 && letter.chars().all(|c| c.is_ascii_uppercase()),
            "{}",
            ctx()
        );
        assert!(square_coords(square).is_some(), "{}", ctx());
        assert!(named.contains('@'), "{}", ctx());
        return named;
    }
    let legs: Vec<&str> = text.split(',').collect();
    assert!(legs.len() <= 2, "more than two legs: {}", ctx());
    let squares: Vec<(&str, &str)> = legs
        .iter()
        .map(|l| leg_squares(l).unwrap_or_else(|| panic!("bad leg {l}: {}", ctx())))
        .collect();
    if let [(_, middle), (again, _)] = squares[..] {
        assert_eq!(middle, again, "{}", ctx());
        let white = fen.split_whitespace().nth(1) == Some("w");
        let piece = piece_at(fen, middle);
        assert!(
            piece.is_some_and(|p| p.is_ascii_uppercase() != white),
            "the middle square {middle} holds {piece:?}, not an enemy: {}",
            ctx()
        );
    }
    // A canonical string ends in a letter exactly when the move promotes (rules/README.md §4).
    let letter = |s: &str| s.chars().last().filter(char::is_ascii_alphabetic);
    if let Some(l) = letter(&named) {
        assert_eq!(letter(text), Some(l), "promotion letter: {}", ctx());
    }
    named
}

/// The canonical text of the legal move `s` names in `engine`'s position.
fn canonical(engine: &Engine, s: &str) -> Option<String> {
    let game = engine.game();
    game.parse(s).ok().and_then(|m| game.render(m))
}

/// The root moves of the state machine (§5.3) in `engine`'s position.
fn root(engine: &Engine, computer: bool) -> Vec<String> {
    let legal = engine.game().legal_strings();
    moves::playable_at_root(&legal, computer, false, |s| canonical(engine, s))
}

/// Whether a position with these legal moves shows what `want` asks for (see `random_positions`).
fn wanted(want: usize, legal: &[String]) -> bool {
    match want {
        0 | 1 => legal.iter().any(|m| !moves::representable(m)),
        2 => legal
            .iter()
            .any(|m| m == "0000" || m.ends_with(|c: char| c.is_ascii_alphabetic())),
        _ => true,
    }
}

/// Random positions of `variant` that are not over, alternately White and Black to move. The
/// games favour kill chains; half of them go on (a little) until an unrepresentable move (§5.3)
/// is legal, a quarter until a pass or a promotion is, looking one ply ahead for it.
fn random_positions(variant: &str, count: usize, rng: &mut rng::Rng) -> Vec<String> {
    let mut engine = Engine::new();
    engine.set_variant(variant).unwrap();
    let mut out = Vec::new();
    while out.len() < count {
        engine.set_position(None, &[]).unwrap();
        let side = if out.len() % 2 == 0 { "w" } else { "b" };
        let target = 4 + rng.below(60);
        let want = rng.below(4);
        for ply in 0.. {
            let legal = engine.game().legal_strings();
            if legal.is_empty() || engine.game().outcome().is_some() || ply > target + 30 {
                break;
            }
            let our_turn = engine.game().fen().split_whitespace().nth(1) == Some(side);
            if ply >= target && our_turn && (wanted(want, &legal) || ply > target + 20) {
                out.push(engine.game().fen());
                break;
            }
            let ahead = (want == 2 && ply >= target && !our_turn)
                .then(|| {
                    legal.iter().find(|m| {
                        engine.apply(m).unwrap();
                        let found = engine.game().outcome().is_none()
                            && wanted(want, &engine.game().legal_strings());
                        engine.undo();
                        found
                    })
                })
                .flatten();
            let multi: Vec<&String> = legal.iter().filter(|m| m.contains(',')).collect();
            let mv = match ahead {
                Some(m) => m,
                None if !multi.is_empty() && rng.chance(3) => multi[rng.below(multi.len())],
                None => &legal[rng.below(legal.len())],
            };
            engine.apply(mv).unwrap();
        }
    }
    out
}

/// Transcript 18: random positions of every variant, both colours, with and without `computer`.
/// The library check covers every move the state machine may play at the root; the process
/// check covers what it plays (depth 1, to stay fast).
#[test]
fn t18_emission_property() {
    const PER_VARIANT: usize = 20;
    let mut rng = rng::Rng(0x18e1_5510);
    let mut e = start();
    let mut engine = Engine::new();
    let (mut seen, mut colours) = ([0usize; 5], [0usize; 2]);
    for variant in menagerie::variants::playable() {
        let positions = random_positions(variant, PER_VARIANT, &mut rng);
        engine.set_variant(variant).unwrap();
        for computer in [false, true] {
            send_all(&mut e, &["new", &format!("variant {variant}")]);
            let setup = (variant != "chess").then(|| e.expect_line("setup ", secs(5)));
            if computer {
                e.send("computer");
            }
            e.send("sd 1");
            for fen in &positions {
                engine.set_position(Some(fen), &[]).unwrap();
                let root = root(&engine, computer);
                // Every move the engine may play here.
                for m in &root {
                    let text = moves::emission(m, false, |s| canonical(&engine, s));
                    assert_eq!(&check_emission(&engine, fen, &text), m, "{variant}");
                    // What was met: lossy forms, passes, drops, promotions, two legs.
                    seen[0] += (text != *m && m != "0000") as usize;
                    seen[1] += (text == "@@@@") as usize;
                    seen[2] += (text.contains('@') && text != "@@@@") as usize;
                    seen[3] += text.ends_with(|c: char| c.is_ascii_alphabetic()) as usize;
                    seen[4] += text.contains(',') as usize;
                }
                // What it plays.
                send_all(&mut e, &["force", &format!("setboard {fen}"), "go"]);
                // The position's `setup` pair (PROTOCOL.md §4.2), then the move.
                let mut lines = e.lines_until(&move_pred(), secs(10));
                let line = lines.pop().unwrap_or_default();
                match &setup {
                    Some(setup) => expect_position_setups(&lines, variant, setup, fen, &e),
                    None => assert!(lines.is_empty(), "{}", e.dump()),
                }
                let Some(text) = line.strip_prefix("move ") else {
                    panic!("{variant} {fen}: expected a move\n{}", e.dump());
                };
                let played = check_emission(&engine, fen, text);
                assert!(
                    root.contains(&played),
                    "{variant} {fen}: {played} is not a root move (computer: {computer})"
                );
                colours[fen.contains(" b ") as usize] += 1;
                // Nothing else but a result claim after the move, or (to a person, not to an
                // engine) the word that a General capture froze their army or that a capture put
                // a soldier in the engine's hand (issue 13, items 11 and 10).
                let rest = sync(&mut e);
                assert!(
                    rest.iter().all(|l| l.starts_with("1-0 ")
                        || l.starts_with("0-1 ")
                        || l.starts_with("1/2-1/2 ")
                        || (!computer
                            && (l.starts_with("telluser Your General was captured")
                                || l.starts_with("telluser I captured")))),
                    "{}",
                    e.dump()
                );
            }
        }
    }
    // Both colours played, and every kind of string came up.
    assert!(colours[0] > 0 && colours[1] > 0, "{colours:?}");
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

/// Transcript 19 (E-3), human opponent: the unrepresentable `c4d5,d5f7,f7g8` is left out.
#[test]
fn t19_root_filter_human() {
    let mut e = start();
    set_up(&mut e, "exciting", E_3);
    send_all(&mut e, &["st 0.3", "go"]);
    let line = e.expect_line(move_pred(), secs(10));
    assert!(
        line == "move c4d5,d5e6" || line == "move h2h8",
        "{}",
        e.dump()
    );
}

/// Transcript 20: the only legal move is unrepresentable, so it is played in its lossy form,
/// against a human and against a computer; with `XBoardLegs=full` as the full chain.
#[test]
fn t20_only_move_unrepresentable() {
    let mut e = start();
    for (setting, expected) in [
        (None, "move c4d5,d5g8"),
        (Some("computer"), "move c4d5,d5g8"),
        (Some("option XBoardLegs=full"), "move c4d5,d5f7,f7g8"),
    ] {
        send_all(&mut e, &["new", "variant exciting"]);
        e.expect_line("setup ", secs(5));
        if setting.is_some() {
            e.send("computer");
        }
        if let Some(option) = setting.filter(|s| s.starts_with("option")) {
            e.send(option);
        }
        send_all(
            &mut e,
            &[
                "force",
                &format!("setboard {ONLY_UNREPRESENTABLE}"),
                "st 0.2",
                "go",
            ],
        );
        assert_eq!(
            e.expect_line(move_pred(), secs(10)),
            expected,
            "{setting:?}: {}",
            e.dump()
        );
    }
}

/// Transcript 21: the XBoard forms of the compatibility layer, through the state machine's own
/// functions and the engine's parser.
#[test]
fn t21_xboard_forms() {
    let form = |engine: &Engine, m: &str| moves::emission(m, false, |s| canonical(engine, s));
    // CA-T2: the 28 moves of rules/combinedarms.md.
    let engine = library("combinedarms", CA_T2);
    let mut legal = engine.game().legal_strings();
    legal.sort();
    let mut expected: Vec<&str> = "a1a2 a1b1 a1b2 c3a2 c3a4 c3b1 c3b3 c3b5 c3c2 c3d1 c3d3 \
         c3d3,d3b3 c3d3,d3c2 c3d3,d3d1 c3d3,d3d4,d4d5 c3d3,d3d4,d4e4 c3d3,d3e2 c3d3,d3e4 \
         c3d3,d3f3 c3d4,d4d3 c3e2 c4b3 c4b4 c4b5 c4c5 c4d3 c4d4 c4d5"
        .split_whitespace()
        .collect();
    expected.sort_unstable();
    assert_eq!(legal, expected);
    for m in &legal {
        let want = match m.as_str() {
            "c3d3,d3d4,d4e4" => "c3d4,d4e4",
            "c3d3,d3d4,d4d5" => "c3d3,d3d5",
            other => other,
        };
        assert_eq!(form(&engine, m), want, "{m}");
    }
    // Against a computer every move has a form and stays at the root; against a human the two
    // unrepresentable ones are left out.
    assert_eq!(root(&engine, true), engine.game().legal_strings());
    let human = root(&engine, false);
    assert_eq!(human.len(), 26);
    assert!(human.iter().all(|m| moves::representable(m)));
    // E-1.
    let engine = library("exciting", E_1);
    assert_eq!(form(&engine, "d2b2,b2c1,c1c3,c3c2"), "d2b2,b2c2");
    // No form: both two-leg strings to e4 name other moves, so the move is left out at the root,
    // also against a computer.
    let engine = library("combinedarms", "7k/8/8/8/3p4/2Np4/8/K7 w - - 0 1");
    let legal = engine.game().legal_strings();
    assert!(legal.iter().any(|m| m == "c3d3,d3d4,d4e4"));
    assert_eq!(
        moves::lossy_form("c3d3,d3d4,d4e4", |s| canonical(&engine, s)),
        None
    );
    for computer in [false, true] {
        let root = root(&engine, computer);
        assert!(!root.iter().any(|m| m == "c3d3,d3d4,d4e4"), "{computer}");
        // Every representable move stays.
        for m in legal.iter().filter(|m| moves::representable(m)) {
            assert!(root.contains(m), "{m} {computer}");
        }
    }
    // (`c3d3,d3d4,d4d5` keeps its form `c3d3,d3d5` against a computer.)
    assert!(root(&engine, true).iter().any(|m| m == "c3d3,d3d4,d4d5"));
}
