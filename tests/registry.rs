//! One registry entry per game (`variants::registry`): a game of an existing family is added by
//! one entry and its data, and the rules, the evaluation, the book and the XBoard presentation
//! all follow from it.

use menagerie::eval::Evaluator;
use menagerie::matchplay::book::{self, BookFormat};
use menagerie::perft::perft;
use menagerie::position::Position;
use menagerie::protocol::xboard::look;
use menagerie::variants::registry::{self, Game, Image, Look, Weights};
use menagerie::variants::{AnyVariant, GAMES, Variant, lookup};

/// A throw-away game: Shock Troops without Ninja Pawns under another name, playing Shock
/// Troops' weights, with a book of two positions and the Man image for the Elephant Knight.
fn toy() -> Game {
    let parent = registry::game("shocktroopsnoninja").expect("shocktroopsnoninja");
    Game {
        name: "toytroops",
        summary: "a throw-away Shock Troops game for a test",
        playable: false,
        build: parent.build,
        weights: Weights::Of("shocktroops"),
        network: "shocktroops",
        book: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[WEwe] b KQkq - 0 1\n\
               rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[WEwe] w KQkq - 0 2\n",
        look: Look {
            parent: Some("bughouse"),
            images: &[('E', Image::Man), ('W', Image::Angel)],
            pawn_off_slot_0: false,
        },
    }
}

#[test]
fn a_game_added_by_one_entry_plays_through_every_layer() {
    let game = toy();
    let v: &'static Variant<u64> = Box::leak(Box::new(game.narrow().expect("an 8x8 game")));
    assert!(game.wide().is_none());
    assert_eq!((v.name, v.summary), (game.name, game.summary));

    // The rules are the family's: the same tree as the game it was copied from.
    let Some(AnyVariant::Narrow(parent)) = lookup("shocktroopsnoninja") else {
        panic!("shocktroopsnoninja is 8x8");
    };
    let (start, parent_start) = (Position::start(v), Position::start(parent));
    assert_eq!(perft(&start, 3), perft(&parent_start, 3));
    // The name seeds the keys: a game of its own, not an alias.
    assert_ne!(start.key(), parent_start.key());

    // The evaluation plays the table the entry names, as shocktroopsnoninja does.
    let weights = Evaluator::new(v).weights().to_vec();
    assert_eq!(weights, Evaluator::new(parent).weights().to_vec());
    assert_ne!(weights, Evaluator::with_family(v).weights().to_vec());

    // The book is the entry's.
    let openings = book::parse(v.book, BookFormat::Epd, AnyVariant::Narrow(v)).expect("the book");
    assert_eq!(openings.len(), 2);

    // XBoard shows it with the entry's images: the Elephant Knight on the Man slot (10).
    let setup = look::setup_line_of(v).expect("a setup line");
    assert!(
        setup.starts_with("setup (PNBRQ..W..E")
            && setup.contains("8x8+")
            && setup.contains("_bughouse "),
        "{setup}"
    );
}

#[test]
fn every_playable_game_is_built_from_its_entry() {
    for game in GAMES.iter().filter(|g| g.playable) {
        let any = lookup(game.name).unwrap_or_else(|| panic!("{} is not offered", game.name));
        menagerie::by_width!(any, v => {
            assert_eq!(v.name, game.name);
            assert_eq!(v.summary, game.summary);
            assert_eq!(v.weights, game.weights);
            assert!(v.book == game.book, "{}", game.name);
            assert!(!v.book.is_empty(), "{} has no book", game.name);
        });
    }
    let mut names: Vec<&str> = GAMES.iter().map(|g| g.name).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), GAMES.len(), "a name is given twice");
    assert!(lookup("toytroops").is_none());
    assert_eq!(registry::game("normal").map(|g| g.name), Some("chess"));
}
