//! A replay of a journalled game, written once for every module: the game
//! at any point of its journal, reached fast in both directions.
//!
//! [`Replay::new`] replays the journal once from the scenario, checking
//! every checksum and dice count, and keeps a snapshot of the game every
//! [`SNAPSHOT_EVERY`] commands and the turn and phase after every command.
//! [`Replay::at`] then takes the nearest snapshot at or before the point
//! and applies at most `SNAPSHOT_EVERY - 1` commands from it, so a step
//! backward costs no more than a step forward. The replay never changes the
//! game it was made from; *Play from here* starts a new game from
//! [`Replay::at`], with the journal so far.

use super::core::{Rules, ToAct};
pub use super::game::Bookmark;
use super::game::Game;

/// Commands between two snapshots (each snapshot is a whole [`Game`],
/// log included).
pub const SNAPSHOT_EVERY: usize = 16;

/// Where a replay stands after a number of commands: the turn, the phase
/// in the game's words and who decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The turn, from 1.
    pub turn: u32,
    /// The phase in the game's words.
    pub phase: String,
    /// Who decides at this point.
    pub to_act: ToAct,
}

/// A replay of a game of module `R`.
pub struct Replay<R: Rules> {
    /// The game as journalled to its end (seats and bookmarks included).
    full: Game<R>,
    /// The game after `i * SNAPSHOT_EVERY` commands, for every `i`.
    snapshots: Vec<Game<R>>,
    /// Where the replay stands after `k` commands, for `k` in `0..=len`.
    marks: Vec<Mark>,
}

impl<R: Rules> Replay<R> {
    /// The replay of `game`'s journal, replayed once from its scenario.
    ///
    /// # Errors
    /// A command refused or diverging on replay (its number), as a
    /// sentence; a game that loaded from a save never has one.
    pub fn new(game: Game<R>) -> Result<Self, String> {
        let mut g = Game::with_ctx(
            std::sync::Arc::clone(&game.ctx),
            game.journal.seed,
            game.journal.loaded.clone(),
        );
        let mut snapshots = vec![g.clone()];
        let mut marks = vec![mark(&g)];
        for (i, e) in game.journal.entries.iter().enumerate() {
            g.apply(&e.command)
                .map_err(|r| format!("command {} is refused on replay: {r}", i + 1))?;
            if g.state_sum() != e.checksum || g.dice.rolled() != e.dice {
                return Err(format!("command {} diverges on replay", i + 1));
            }
            if (i + 1) % SNAPSHOT_EVERY == 0 {
                snapshots.push(g.clone());
            }
            marks.push(mark(&g));
        }
        Ok(Self {
            full: game,
            snapshots,
            marks,
        })
    }

    /// Commands in the journal (the last point is `len()`).
    pub fn len(&self) -> usize {
        self.full.journal.entries.len()
    }

    /// Whether the journal is empty (the replay has one point, the start).
    pub fn is_empty(&self) -> bool {
        self.full.journal.entries.is_empty()
    }

    /// The turn, phase and decider after each number of commands,
    /// `len() + 1` of them.
    pub fn marks(&self) -> &[Mark] {
        &self.marks
    }

    /// The game as journalled to its end.
    pub fn full(&self) -> &Game<R> {
        &self.full
    }

    /// The bookmarks, in the order they were made.
    pub fn bookmarks(&self) -> &[Bookmark] {
        &self.full.bookmarks
    }

    /// Adds a bookmark at `at` (clamped to the journal), or renames the
    /// one already there.
    pub fn bookmark(&mut self, at: usize, label: &str) {
        let at = at.min(self.len());
        match self.full.bookmarks.iter_mut().find(|b| b.at == at) {
            Some(b) => b.label = label.to_string(),
            None => self.full.bookmarks.push(Bookmark {
                at,
                label: label.to_string(),
            }),
        }
    }

    /// Removes the bookmark at `at`, if any.
    pub fn unbookmark(&mut self, at: usize) {
        self.full.bookmarks.retain(|b| b.at != at);
    }

    /// The game after the first `at` commands (clamped to the journal):
    /// the nearest snapshot, then at most `SNAPSHOT_EVERY - 1` commands.
    /// Its journal holds those commands; its redo list is empty.
    ///
    /// # Errors
    /// A command refused on the way (not possible for a journal
    /// [`Replay::new`] accepted), as a sentence.
    pub fn at(&self, at: usize) -> Result<Game<R>, String> {
        let at = at.min(self.len());
        let i = (at / SNAPSHOT_EVERY).min(self.snapshots.len().saturating_sub(1));
        let mut g = self.snapshots[i].clone();
        for (k, e) in self
            .full
            .journal
            .entries
            .iter()
            .enumerate()
            .take(at)
            .skip(i * SNAPSHOT_EVERY)
        {
            g.apply(&e.command)
                .map_err(|r| format!("command {} is refused on replay: {r}", k + 1))?;
        }
        g.seats = self.full.seats;
        g.bookmarks = self.full.bookmarks.clone();
        Ok(g)
    }
}

/// Where `g` stands.
fn mark<R: Rules>(g: &Game<R>) -> Mark {
    Mark {
        turn: g.turn(),
        phase: g.phase_name(),
        to_act: g.to_act(),
    }
}

/// The points (numbers of commands) where a new phase begins: 0, and every
/// point whose turn or phase differs from the point before. `marks` is a
/// replay's [`Replay::marks`].
pub fn phase_starts(marks: &[Mark]) -> Vec<usize> {
    starts(marks, |a, b| a.turn != b.turn || a.phase != b.phase)
}

/// The points where a new turn begins: 0, and every point whose turn
/// differs from the point before.
pub fn turn_starts(marks: &[Mark]) -> Vec<usize> {
    starts(marks, |a, b| a.turn != b.turn)
}

fn starts(marks: &[Mark], new: impl Fn(&Mark, &Mark) -> bool) -> Vec<usize> {
    let mut v = Vec::new();
    for (i, m) in marks.iter().enumerate() {
        if i == 0 || new(&marks[i - 1], m) {
            v.push(i);
        }
    }
    v
}

/// The last start before `at` (for "back to the previous phase/turn"): the
/// start of the current span when `at` is inside it, the one before when
/// `at` is on a start; 0 at the beginning.
pub fn start_before(starts: &[usize], at: usize) -> usize {
    starts.iter().rev().find(|s| **s < at).copied().unwrap_or(0)
}

/// The first start after `at`, or `last` (the end of the journal) when
/// none is left.
pub fn start_after(starts: &[usize], at: usize, last: usize) -> usize {
    starts.iter().find(|s| **s > at).copied().unwrap_or(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(turn: u32, phase: &str) -> Mark {
        Mark {
            turn,
            phase: phase.to_string(),
            to_act: ToAct::Rules,
        }
    }

    #[test]
    fn starts_are_found_where_the_turn_or_phase_changes() {
        let marks = [
            m(1, "Orders"),
            m(1, "Orders"),
            m(1, "Melee"),
            m(1, "Melee"),
            m(2, "Orders"),
            m(2, "Melee"),
        ];
        assert_eq!(phase_starts(&marks), vec![0, 2, 4, 5]);
        assert_eq!(turn_starts(&marks), vec![0, 4]);
    }

    #[test]
    fn a_step_back_from_a_start_goes_to_the_start_before_it() {
        let s = [0, 2, 4, 5];
        assert_eq!(start_before(&s, 4), 2);
        assert_eq!(start_before(&s, 3), 2);
        assert_eq!(start_before(&s, 0), 0);
        assert_eq!(start_after(&s, 2, 9), 4);
        assert_eq!(start_after(&s, 5, 9), 9);
        assert_eq!(start_after(&s, 0, 9), 2);
    }
}
