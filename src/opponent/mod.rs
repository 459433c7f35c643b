//! The computer opponent, written once for every module against the core
//! ([`Rules`](crate::engine::core::Rules)): it reads only the deciding side's `observation`, its
//! `legal_commands`, and the outcome and score of clones it steps with
//! `apply`. It never sees the other side's hidden units,
//! sealed orders or card hands, and it rolls its own dice, seeded from its
//! own generator, never the game's.
//!
//! - [`search`]: the decision, a flat Monte Carlo search with successive
//!   halving over the side's legal commands (or the module's
//!   [`Focus`](crate::engine::core::Focus)), each scored by playouts of the
//!   scripted default play two turns ahead from the observation (or the
//!   module's horizon, on the module's deal of unseen cards).
//! - [`driver`]: a side's whole decision (every command until it passes),
//!   for `kassen sim --players` and `kassen match` (the command line's
//!   layer, above this one).

pub mod driver;
#[cfg(test)]
mod properties;
pub mod search;

pub use crate::engine::seats::{Level, Player, parse_players};

impl Level {
    /// Playouts per command (each two turns of default play from the
    /// observation, on a clone with the opponent's own dice).
    pub fn playouts(self) -> u32 {
        match self {
            Level::Easy => 8,
            Level::Normal => 240,
            Level::Hard => 1280,
        }
    }

    /// Work units ([`crate::engine::work`]) one command's decision may
    /// spend: the listing of its candidates, its pilot playout, its
    /// playouts and its confirmation. Calibrated on the reference machine
    /// so that a decision takes at most 100 ms (*easy*), 1 s (*normal*)
    /// and 3 s (*hard*) on any scenario within the stated limits
    /// (docs/opponent.md, "Thinking time").
    pub fn work_budget(self) -> u64 {
        match self {
            Level::Easy => 200_000,
            Level::Normal => 4_000_000,
            Level::Hard => 12_000_000,
        }
    }
}

/// Two players for a headless run (`kassen sim --players`, `kassen
/// match`): as [`parse_players`], but nobody sits at a screen there, so
/// `human` is refused.
///
/// # Errors
/// Not two names, an unknown one, or `human`.
pub fn parse_headless_players(s: &str) -> Result<[Player; 2], String> {
    let players = parse_players(s)?;
    if players.iter().any(|p| p.is_human()) {
        return Err(format!(
            "--players \"{s}\": nobody sits at the screen here; use default, easy, normal or hard (\"human\" is for the app)"
        ));
    }
    Ok(players)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_and_name_themselves() {
        assert_eq!(
            parse_headless_players("normal,default"),
            Ok([Player::Computer(Level::Normal), Player::Default])
        );
        assert_eq!(Player::Computer(Level::Hard).to_string(), "hard");
        let e = parse_headless_players("human,default").expect_err("nobody at a screen");
        assert!(e.contains("for the app"), "{e}");
    }
}
