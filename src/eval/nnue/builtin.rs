//! The networks built into the binary (`nets/`). A game plays the built-in network that lists it
//! unless `EvalFile` names another that fits it or `UseNetwork` is off. A network lists a game
//! only once its SPRT `[0, 5]` against the hand-written evaluation has passed in that game
//! (README, "Training a network"): a family network may fit games it has not yet been tried in,
//! and those play the terms. The kept files that no game lists wait for their SPRT.

use std::sync::{Arc, OnceLock};

use super::{Network, file};

/// One built-in network: its file's name, its bytes and the games that play it.
pub struct BuiltIn {
    pub name: &'static str,
    bytes: &'static [u8],
    /// The games (registry names) it passed its SPRT in, all of its network family.
    pub games: &'static [&'static str],
}

/// Every built-in network (a game is listed by one at most).
pub const BUILT_IN: &[BuiltIn] = &[
    BuiltIn {
        name: "chess-r1.nnue",
        bytes: include_bytes!("nets/chess-r1.nnue"),
        games: &["chess"],
    },
    BuiltIn {
        name: "shockchess-r1.nnue",
        bytes: include_bytes!("nets/shockchess-r1.nnue"),
        games: &["shockchess"],
    },
    BuiltIn {
        name: "combinedarms-r1.nnue",
        bytes: include_bytes!("nets/combinedarms-r1.nnue"),
        games: &["combinedarms"],
    },
    BuiltIn {
        name: "pawnier-r1.nnue",
        bytes: include_bytes!("nets/pawnier-r1.nnue"),
        games: &["pawnier"],
    },
    BuiltIn {
        name: "shocktroops-r2.nnue",
        bytes: include_bytes!("nets/shocktroops-r2.nnue"),
        games: &[
            "shocktroops",
            "shocktroopsnoninja",
            "shocktroopsdrone",
            "shocktroopsdronenoninja",
        ],
    },
    BuiltIn {
        name: "exciting-r2.nnue",
        bytes: include_bytes!("nets/exciting-r2.nnue"),
        games: &["exciting"],
    },
];

/// The built-in network the game named `game` plays, with its file's name; read on first use.
/// A file that does not read is logged and leaves its games with none (a test reads them all).
pub fn of_game(game: &str) -> Option<(&'static str, Arc<Network>)> {
    static READ: OnceLock<Vec<Option<Arc<Network>>>> = OnceLock::new();
    let nets = READ.get_or_init(|| {
        BUILT_IN
            .iter()
            .map(|b| match file::read(b.bytes) {
                Ok(net) => Some(Arc::new(net)),
                Err(e) => {
                    log::error!("the built-in network {} does not read: {e}", b.name);
                    None
                }
            })
            .collect()
    });
    let at = BUILT_IN.iter().position(|b| b.games.contains(&game))?;
    nets[at]
        .as_ref()
        .map(|net| (BUILT_IN[at].name, Arc::clone(net)))
}
