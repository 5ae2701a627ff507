//! Starting a player: the one place that knows every kind of [`Player`] (UCI, CECP, this engine
//! in process), so that the players depend on the trait and nothing depends back on them.

use super::cecp::CecpPlayer;
use super::player::{CommonOptions, EngineSpec, Player, StartError};
use super::selfplay::SelfPlayer;
use super::uci::UciPlayer;

/// Starts the player that `spec` describes and sets `options` (each a name and a value) on it;
/// `slot` (0 or 1) only names its log lines.
pub fn start_player(
    spec: &EngineSpec,
    common: &CommonOptions,
    options: &[(String, String)],
    slot: usize,
) -> Result<Box<dyn Player>, String> {
    let label = format!("{}#{}", spec.label(), slot + 1);
    match spec {
        EngineSpec::Uci(cmd) => Ok(Box::new(UciPlayer::start(cmd, &label, common, options)?)),
        EngineSpec::Cecp(cmd) => Ok(Box::new(CecpPlayer::start(cmd, &label, common, options)?)),
        EngineSpec::Detect(cmd) => match UciPlayer::start(cmd, &label, common, options) {
            Ok(p) => Ok(Box::new(p)),
            Err(StartError::Setup(e)) => Err(e),
            Err(StartError::Handshake(uci_error)) => {
                log::info!("{label}: not UCI ({uci_error}); trying CECP");
                let p = CecpPlayer::start(cmd, &label, common, options).map_err(|e| match e {
                    StartError::Setup(e) => e,
                    StartError::Handshake(e) => {
                        format!("'{cmd}' speaks neither UCI ({uci_error}) nor CECP ({e})")
                    }
                })?;
                Ok(Box::new(p))
            }
        },
        EngineSpec::SelfEngine(own) => {
            let mut all = own.clone();
            all.extend_from_slice(options);
            Ok(Box::new(SelfPlayer::new(&all, common)?))
        }
    }
}
