//! The computer opponent, written once for every module against the core
//! ([`Rules`](crate::engine::core::Rules)): it reads only the deciding side's `observation`, its
//! `legal_commands`, and the outcome and score of clones it steps with
//! `apply`. It never sees the other side's hidden units,
//! sealed orders or card hands, and it rolls its own dice, seeded from its
//! own generator, never the game's.
//!
//! - [`search`]: the decision, a flat Monte Carlo search with successive
//!   halving over the side's legal commands, each scored by playouts of the
//!   scripted default play to the end of the game from the observation.
//! - [`driver`]: a side's whole decision (every command until it passes),
//!   for `kassen sim --players` and `kassen match`.
//! - [`matches`]: `kassen match`, N games between two players with sides
//!   swapped every game, wins with a 95% confidence interval and decision
//!   times.

pub mod driver;
pub mod matches;
#[cfg(test)]
mod properties;
pub mod search;

use std::fmt;
use std::str::FromStr;

/// How hard the computer thinks: playouts per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// A few playouts: beatable.
    Easy,
    /// The default level.
    Normal,
    /// Many playouts: slower and stronger.
    Hard,
}

impl Level {
    /// Playouts per decision (each a whole game of default play from the
    /// observation, on a clone with the opponent's own dice).
    pub fn playouts(self) -> u32 {
        match self {
            Level::Easy => 12,
            Level::Normal => 64,
            Level::Hard => 256,
        }
    }

    /// The level's name ("easy", "normal", "hard").
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The module's scripted default play (`default_commands`).
    Default,
    /// The computer opponent at a level.
    Computer(Level),
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Default => f.write_str("default"),
            Player::Computer(l) => f.write_str(l.name()),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    /// `default`, `easy`, `normal` or `hard`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "default" => Ok(Player::Default),
            "easy" => Ok(Player::Computer(Level::Easy)),
            "normal" => Ok(Player::Computer(Level::Normal)),
            "hard" => Ok(Player::Computer(Level::Hard)),
            other => Err(format!(
                "unknown player \"{other}\": use default, easy, normal or hard"
            )),
        }
    }
}

/// Two players, as `a,b` on the command line (side 0 first).
///
/// # Errors
/// Not two names, or an unknown one.
pub fn parse_players(s: &str) -> Result<[Player; 2], String> {
    let parts: Vec<&str> = s.split(',').collect();
    match parts.as_slice() {
        [a, b] => Ok([a.parse()?, b.parse()?]),
        _ => Err(format!(
            "--players takes two players separated by a comma (\"normal,default\"), not \"{s}\""
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_parse_and_name_themselves() {
        assert_eq!(
            parse_players("normal,default"),
            Ok([Player::Computer(Level::Normal), Player::Default])
        );
        assert_eq!(Player::Computer(Level::Hard).to_string(), "hard");
        let e = parse_players("normal").expect_err("one player");
        assert!(e.contains("two players"), "{e}");
        let e = parse_players("normal,expert").expect_err("unknown");
        assert!(e.contains("\"expert\""), "{e}");
        assert!(Level::Easy.playouts() < Level::Normal.playouts());
        assert!(Level::Normal.playouts() < Level::Hard.playouts());
    }
}
