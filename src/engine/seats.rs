//! Who plays each side of a game: a person at this screen, the module's
//! scripted default play, or the computer opponent at a level. Plain data,
//! kept in saves and autosaves, so that *Resume* continues a solo game as a
//! solo game and a computer-vs-computer game as one.

use crate::t;
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How hard the computer thinks (its search budget; see
/// `opponent::Level::playouts`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Level {
    /// A few playouts: beatable.
    Easy,
    /// The default level.
    Normal,
    /// Many playouts: slower and stronger.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Player {
    /// A person at this screen (in the app; headless runs play the
    /// scripted default for a human side).
    Human,
    /// The module's scripted default play (`RulesHints::default_commands`).
    Default,
    /// The computer opponent at a level.
    Computer(Level),
    /// A person on another machine, through the network (remote play:
    /// their commands arrive from there; nothing here plays the side).
    Remote,
}

impl Player {
    /// Whether a person plays this side at this screen.
    pub fn is_human(self) -> bool {
        self == Player::Human
    }

    /// Whether the computer plays this side here (the scripted play or the
    /// opponent).
    pub fn is_computer(self) -> bool {
        matches!(self, Player::Default | Player::Computer(_))
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Human => f.write_str("human"),
            Player::Remote => f.write_str("remote"),
            Player::Default => f.write_str("default"),
            Player::Computer(l) => f.write_str(l.name()),
        }
    }
}

impl FromStr for Player {
    type Err = String;
    /// `human`, `default`, `easy`, `normal` or `hard`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s.trim() {
            "human" => Ok(Player::Human),
            "default" => Ok(Player::Default),
            "easy" => Ok(Player::Computer(Level::Easy)),
            "normal" => Ok(Player::Computer(Level::Normal)),
            "hard" => Ok(Player::Computer(Level::Hard)),
            other => Err(format!(
                "unknown player \"{other}\": use human, default, easy, normal or hard"
            )),
        }
    }
}

/// Who plays side 0 and side 1, and the seed of the computer's own
/// generator (never the game's dice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Seats {
    /// Side 0's player, then side 1's.
    pub players: [Player; 2],
    /// Seed of the computer players; side `s` thinks with `ai_seed ^ s`.
    pub ai_seed: u64,
}

impl Default for Seats {
    /// Hot-seat: two people at one screen.
    fn default() -> Self {
        Self {
            players: [Player::Human; 2],
            ai_seed: 1,
        }
    }
}

impl Seats {
    /// The player of `side` (0 or 1; anything else is side 1).
    pub fn player(&self, side: u8) -> Player {
        self.players[usize::from(side.min(1))]
    }

    /// Both sides are people at one screen: the hot-seat cover is used.
    pub fn hot_seat(&self) -> bool {
        self.players.iter().all(|p| p.is_human())
    }

    /// The one side a person plays against the computer, if exactly one is
    /// human (solo play: the screen is always that side's eyes).
    pub fn solo_side(&self) -> Option<u8> {
        match self.players.map(Player::is_human) {
            [true, false] => Some(0),
            [false, true] => Some(1),
            _ => None,
        }
    }

    /// Nobody plays: the computer plays both sides (watching, the demo).
    pub fn watching(&self) -> bool {
        !self.players.iter().any(|p| p.is_human())
    }

    /// The seed side `side` thinks with.
    pub fn seed_of(&self, side: u8) -> u64 {
        self.ai_seed ^ u64::from(side)
    }

    /// "Takeda: you, Uesugi: computer (normal)", with the sides' names.
    pub fn describe(&self, sides: &[String; 2]) -> String {
        let who = |p: Player| match p {
            Player::Human if self.solo_side().is_some() => t!("engine-seat-you"),
            Player::Human => t!("engine-seat-human"),
            Player::Default => t!("engine-seat-scripted"),
            Player::Computer(l) => t!("engine-seat-computer", level = l.name()),
            Player::Remote => t!("engine-seat-remote"),
        };
        t!(
            "engine-seats",
            side0 = sides[0],
            who0 = who(self.players[0]),
            side1 = sides[1],
            who1 = who(self.players[1])
        )
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
    fn players_parse_and_seats_tell_the_modes_apart() {
        assert_eq!(
            parse_players("human,hard"),
            Ok([Player::Human, Player::Computer(Level::Hard)])
        );
        let e = parse_players("normal").expect_err("one player");
        assert!(e.contains("two players"), "{e}");
        let e = parse_players("normal,expert").expect_err("unknown");
        assert!(e.contains("\"expert\""), "{e}");
        let hot = Seats::default();
        assert!(hot.hot_seat() && hot.solo_side().is_none() && !hot.watching());
        let solo = Seats {
            players: [Player::Computer(Level::Easy), Player::Human],
            ai_seed: 9,
        };
        assert_eq!(solo.solo_side(), Some(1));
        assert!(!solo.hot_seat() && !solo.watching());
        assert_eq!((solo.seed_of(0), solo.seed_of(1)), (9, 8));
        let names = ["Takeda".to_string(), "Uesugi".to_string()];
        assert_eq!(
            solo.describe(&names),
            "Takeda: computer (easy), Uesugi: you"
        );
        let watch = Seats {
            players: [Player::Default, Player::Computer(Level::Normal)],
            ai_seed: 0,
        };
        assert!(watch.watching());
        // Seats survive a save as RON.
        let text = ron::to_string(&solo).expect("ron");
        assert_eq!(ron::from_str::<Seats>(&text).expect("read back"), solo);
    }
}
