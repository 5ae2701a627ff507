//! This program's own engine as a player, in-process through the facade (`engine.rs`): no pipes,
//! the clocks passed as `Limits`, the search run to completion on the worker thread.

use std::sync::Arc;
use std::time::Instant;

use super::player::{CommonOptions, Eval, GameSetup, MoveRequest, Player, PlayerError, Reply};
use crate::engine::Engine;
use crate::search::{Info, Limits, SearchSink};

/// Progress reports are of no use to the referee.
struct IgnoreInfo;

impl SearchSink for IgnoreInfo {
    fn on_info(&self, _info: &Info) {}
}

pub struct SelfPlayer {
    engine: Engine,
}

impl SelfPlayer {
    /// An engine with the match's common options, then the player's own (`self:Hash=64`), which
    /// win.
    pub fn new(options: &[(String, String)], common: &CommonOptions) -> Result<SelfPlayer, String> {
        let mut engine = Engine::new();
        if let Some(threads) = common.threads {
            engine.set_option("Threads", &threads.to_string())?;
        }
        if let Some(hash) = common.hash_mb {
            engine.set_option("Hash", &hash.to_string())?;
        }
        for (name, value) in options {
            engine
                .set_option(name, value)
                .map_err(|e| format!("self: {e}"))?;
        }
        Ok(SelfPlayer { engine })
    }
}

impl Player for SelfPlayer {
    fn name(&self) -> String {
        format!("menagerie {}", env!("CARGO_PKG_VERSION"))
    }

    fn new_game(&mut self, setup: &GameSetup) -> Result<(), PlayerError> {
        self.engine
            .set_variant(&setup.variant)
            .map_err(PlayerError::Protocol)?;
        self.engine.new_game();
        Ok(())
    }

    /// The search cannot be interrupted from here (the facade's `search_sync` blocks), so the
    /// deadline is not enforced; the referee still measures the time used and flags a late move.
    fn go(&mut self, request: &MoveRequest, _deadline: Instant) -> Result<Reply, PlayerError> {
        self.engine
            .set_position(request.fen, request.moves)
            .map_err(|e| PlayerError::Refused(format!("position refused: {e}")))?;
        let limits = Limits {
            wtime: Some(request.white_time),
            btime: Some(request.black_time),
            winc: Some(request.increment),
            binc: Some(request.increment),
            ..Limits::default()
        };
        let report = self.engine.search_sync(limits, Arc::new(IgnoreInfo));
        Ok(match report.best {
            Some(mv) => Reply::Move(
                mv,
                Some(Eval {
                    score: report.score,
                    depth: report.depth,
                }),
            ),
            None => Reply::NoMove("the search found no legal move".to_string()),
        })
    }

    fn game_over(&mut self, _result: &str, _reason: &str) {}

    fn is_healthy(&self) -> bool {
        true
    }
}
