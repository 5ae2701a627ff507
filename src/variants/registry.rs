//! The games this build knows, one entry each: its name and summary, the family builder that
//! makes its rules, the evaluation weights it plays, its opening book and how XBoard shows it.
//! Everything that differs from game to game is read from here: the command line and both
//! protocols list [`GAMES`], [`super::lookup`] builds from it, the evaluation, the referee and the
//! XBoard front end read the built [`Variant`]'s `weights`, `book` and `look`. Adding a game of a
//! family that exists is one entry here plus its data files (README, "Adding a game").

use super::exciting::Layout;
use super::shocktroops::Reserve;
use super::{Variant, combinedarms, exciting, orthodox, pawnier, shocktroops};
use crate::board::{Bits, ByWidth, Widths};

/// One game.
pub struct Game {
    /// The name the protocols and the command line use (`rules/README.md`, "Variant names").
    pub name: &'static str,
    /// One line for `menagerie variants` and the built variant's `summary`.
    pub summary: &'static str,
    /// Whether the protocols and the command line offer it.
    pub playable: bool,
    /// The family builder, given the name (which also seeds the position keys).
    pub build: Build,
    pub weights: Weights,
    /// The network family: the games whose network is shared (one input layout, the union of
    /// their kinds on one board; see `eval::nnue::Layout::of_family`).
    pub network: &'static str,
    /// The built-in opening book: EPD text, one position a line.
    pub book: &'static str,
    pub look: Look,
}

/// The family builders of one width.
#[derive(Clone, Copy, Debug)]
pub struct Builders;

impl Widths for Builders {
    type Of<B: Bits> = fn(&'static str) -> Variant<B>;
}

/// A family builder at the board width the game needs.
pub type Build = ByWidth<Builders>;

/// The evaluation table a game plays (`src/eval/tables/`, format in `eval::table`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Weights {
    /// Its family's table (`family-FAMILY.txt`), the hand-set weights where the family has none.
    Family,
    /// A table of its own, every term its own.
    Own(&'static str),
    /// The table of the game named: its weights for the terms both games have.
    Of(&'static str),
}

/// How XBoard 4.9.1 shows a game (PROTOCOL.md §4.3, §6).
#[derive(Clone, Copy, Debug)]
pub struct Look {
    /// XBoard's parent variant whose GUI logic it inherits; `None`: XBoard's own `normal`, no
    /// `setup` line.
    pub parent: Option<&'static str>,
    /// The image of each kind (by upper-case letter) that its movement does not decide.
    pub images: &'static [(char, Image)],
    /// Pawns whose moves XBoard 4.9.1 would misapply on its Pawn image (PROTOCOL.md §4.7: a
    /// file-changing move onto an empty square in the far half is taken for an e.p. capture and
    /// the piece behind the destination vanishes from XBoard's board). They take the Man image,
    /// which XBoard moves without side effects: Pawnier pawns slide like rooks and bishops (a
    /// match lost a king this way), Combined Arms infantry steps diagonally right after an enemy
    /// double step.
    pub pawn_off_slot_0: bool,
}

impl Look {
    /// XBoard's `normal`: orthodox chess, no `setup` line.
    pub const NORMAL: Look = Look {
        parent: None,
        images: &[],
        pawn_off_slot_0: false,
    };

    const fn on(parent: &'static str, images: &'static [(char, Image)]) -> Look {
        Look {
            parent: Some(parent),
            images,
            pawn_off_slot_0: false,
        }
    }

    const fn pawns_off_slot_0(self) -> Look {
        Look {
            pawn_off_slot_0: true,
            ..self
        }
    }
}

/// XBoard's piece images that our games use (its slots, common.h:294-305).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Image {
    Pawn,
    Knight,
    Bishop,
    Rook,
    Queen,
    Ferz,
    Alfil,
    Angel,
    Marshall,
    Wazir,
    Man,
}

mod tables {
    pub const CHESS: &str = include_str!("../eval/tables/chess.txt");
    pub const SHOCKCHESS: &str = include_str!("../eval/tables/shockchess.txt");
    pub const SHOCKTROOPS: &str = include_str!("../eval/tables/shocktroops.txt");
    pub const SHOCKTROOPSDRONE: &str = include_str!("../eval/tables/shocktroopsdrone.txt");
    pub const SHOCKTROOPSCA: &str = include_str!("../eval/tables/shocktroopsca.txt");
    pub const SHOCKTROOPSCANONINJA: &str = include_str!("../eval/tables/shocktroopscanoninja.txt");
    pub const COMBINEDARMS: &str = include_str!("../eval/tables/combinedarms.txt");
    pub const PAWNIER: &str = include_str!("../eval/tables/pawnier.txt");
}

/// `include_str!` needs a literal path, hence one macro call per book.
macro_rules! book {
    ($name:literal) => {
        include_str!(concat!("../../benches/openings/", $name, ".epd"))
    };
}

use Image::*;

/// The Shock Troops games' images: the reserve pieces and the Ninja Pawn.
const TROOPS_KNIGHTS: &[(char, Image)] = &[('J', Ferz), ('E', Alfil), ('W', Angel)];
const TROOPS_KNIGHTS_NO_NINJA: &[(char, Image)] = &[('E', Alfil), ('W', Angel)];
const EXCITING_IMAGES: &[(char, Image)] = &[
    ('S', Ferz),
    ('T', Alfil),
    ('M', Angel),
    ('C', Marshall),
    ('D', Wazir),
    ('V', Man),
];

/// Every game, in the order `menagerie variants` and the protocols list them (names unique).
pub const GAMES: &[Game] = &[
    Game {
        name: "chess",
        summary: "orthodox chess, FIDE rules (8x8)",
        playable: true,
        build: Build::Narrow(orthodox::chess),
        weights: Weights::Own(tables::CHESS),
        network: "chess",
        book: book!("chess"),
        look: Look::NORMAL,
    },
    Game {
        name: "shocktroops",
        summary: "Shock Troops: War Knight, Elephant Knight and two Ninja Pawns in hand (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::Knights, true)),
        weights: Weights::Own(tables::SHOCKTROOPS),
        network: "shocktroops",
        book: book!("shocktroops"),
        look: Look::on("bughouse", TROOPS_KNIGHTS),
    },
    Game {
        name: "shocktroopsnoninja",
        summary: "Shock Troops without Ninja Pawns (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::Knights, false)),
        // No fit of its own: its parent's weights.
        weights: Weights::Of("shocktroops"),
        network: "shocktroops",
        book: book!("shocktroopsnoninja"),
        look: Look::on("bughouse", TROOPS_KNIGHTS_NO_NINJA),
    },
    Game {
        name: "shocktroopsdrone",
        summary: "Shock Troops with War Drone and Elephant, two Ninja Pawns (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::Drones, true)),
        weights: Weights::Own(tables::SHOCKTROOPSDRONE),
        network: "shocktroops",
        book: book!("shocktroopsdrone"),
        look: Look::on("bughouse", TROOPS_KNIGHTS),
    },
    Game {
        name: "shocktroopsdronenoninja",
        summary: "Shock Troops with War Drone and Elephant, no Ninja Pawns (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::Drones, false)),
        weights: Weights::Of("shocktroopsdrone"),
        network: "shocktroops",
        book: book!("shocktroopsdronenoninja"),
        look: Look::on("bughouse", TROOPS_KNIGHTS_NO_NINJA),
    },
    Game {
        name: "shocktroopsca",
        summary: "Shock Troops with Chancellor and Archbishop, two Ninja Pawns (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::ChancellorArchbishop, true)),
        weights: Weights::Own(tables::SHOCKTROOPSCA),
        network: "shocktroops",
        book: book!("shocktroopsca"),
        look: Look::on("bughouse", &[('J', Ferz), ('A', Angel), ('C', Marshall)]),
    },
    Game {
        name: "shocktroopscanoninja",
        summary: "Shock Troops with Chancellor and Archbishop, no Ninja Pawns (8x8)",
        playable: true,
        build: Build::Narrow(|name| shocktroops::build(name, Reserve::ChancellorArchbishop, false)),
        weights: Weights::Own(tables::SHOCKTROOPSCANONINJA),
        network: "shocktroops",
        book: book!("shocktroopscanoninja"),
        look: Look::on("bughouse", &[('A', Angel), ('C', Marshall)]),
    },
    Game {
        name: "shockchess",
        summary: "Shock Chess: capturing a General freezes its army for one turn (8x8)",
        playable: true,
        build: Build::Narrow(orthodox::shockchess),
        weights: Weights::Own(tables::SHOCKCHESS),
        network: "shockchess",
        book: book!("shockchess"),
        look: Look::on("lion", &[('G', Queen)]),
    },
    Game {
        name: "combinedarms",
        summary: "Combined Arms Brigade Chess: artillery, armor, aviation (8x8)",
        playable: true,
        build: Build::Narrow(combinedarms::build),
        weights: Weights::Own(tables::COMBINEDARMS),
        network: "combinedarms",
        book: book!("combinedarms"),
        // The arms move by rules of their own; they keep the orthodox images.
        look: Look::on(
            "fairy",
            &[
                ('P', Pawn),
                ('N', Knight),
                ('B', Bishop),
                ('R', Rook),
                ('Q', Queen),
            ],
        )
        .pawns_off_slot_0(),
    },
    Game {
        name: "pawnier",
        summary: "Pawnier Chess: pawns borrow powers from neighbours, pawn drops (9x11, 3 holes)",
        playable: true,
        build: Build::Wide(pawnier::build),
        weights: Weights::Own(tables::PAWNIER),
        network: "pawnier",
        book: book!("pawnier"),
        look: Look::on("bughouse", &[('S', Ferz)]).pawns_off_slot_0(),
    },
    Game {
        name: "exciting",
        summary: "Exciting Chess: soldiers, checkers, tigers (11x11 octagon)",
        playable: true,
        build: Build::Wide(|name| exciting::build(name, Layout::Main)),
        weights: Weights::Family,
        network: "exciting",
        book: book!("exciting"),
        look: Look::on("bughouse", EXCITING_IMAGES),
    },
    // The Exciting games play their family's table (the sub-variants have no fit of their own).
    Game {
        name: "excitingnotigers",
        summary: "Exciting Chess with Soldiers in place of the Tigers (11x11)",
        playable: true,
        build: Build::Wide(|name| exciting::build(name, Layout::NoTigers)),
        weights: Weights::Family,
        network: "exciting",
        book: book!("excitingnotigers"),
        look: Look::on("bughouse", EXCITING_IMAGES),
    },
    Game {
        name: "excitingnoreentry",
        summary: "Exciting Chess without re-entry of captured Soldiers (11x11)",
        playable: true,
        build: Build::Wide(|name| exciting::build(name, Layout::NoReentry)),
        weights: Weights::Family,
        network: "exciting",
        book: book!("excitingnoreentry"),
        look: Look::on("bughouse", EXCITING_IMAGES),
    },
    Game {
        name: "excitingcannon",
        summary: "Exciting Chess, the layout with Cannon (11x11)",
        playable: true,
        build: Build::Wide(|name| exciting::build(name, Layout::Cannon)),
        weights: Weights::Family,
        network: "exciting",
        book: book!("excitingcannon"),
        look: Look::on("bughouse", EXCITING_IMAGES),
    },
    Game {
        name: "exciting9",
        summary: "the 9x9 Exciting Chess without Soldiers (9x9, 4 corners removed)",
        playable: true,
        build: Build::Wide(|name| exciting::build(name, Layout::Nine)),
        weights: Weights::Family,
        network: "exciting9",
        book: book!("exciting9"),
        look: Look::on("bughouse", EXCITING_IMAGES),
    },
];

/// The entry of the game called `name` (XBoard's `normal` is `chess`), playable or not.
pub fn game(name: &str) -> Option<&'static Game> {
    index(name).map(|i| &GAMES[i])
}

/// The place of the game called `name` in [`GAMES`].
pub fn index(name: &str) -> Option<usize> {
    let name = if name == "normal" { "chess" } else { name };
    GAMES.iter().position(|g| g.name == name)
}

impl Game {
    /// The game's rules, built at 64 bits with the entry's summary, weights, book and look;
    /// `None` for a game on a wider board.
    pub fn narrow(&self) -> Option<Variant<u64>> {
        self.built()
    }

    /// As [`Game::narrow`], for a game on a board wider than 64 squares.
    pub fn wide(&self) -> Option<Variant<u128>> {
        self.built()
    }

    /// The game built at width `B`, if that is its width.
    fn built<B: Bits>(&self) -> Option<Variant<B>> {
        B::of_width(&self.build).map(|build| self.finish(build(self.name)))
    }

    fn finish<B: Bits>(&self, mut v: Variant<B>) -> Variant<B> {
        v.summary = self.summary;
        v.weights = self.weights;
        v.network = self.network;
        v.book = self.book;
        v.look = self.look;
        v
    }
}
