//! Undo and redo, written once for every module on the journal.
//!
//! A side may take back its own last commands, one at a time, back to its
//! last commitment: a die drawn, something hidden shown to it
//! ([`Rules::reveals`]), or control passed (the command was the other
//! side's, or the rules' automatic step). In solo play the person may also
//! take back the command that handed the decision to the computer, until
//! the computer has played; the computer's turn is never undone. An undo never edits the state: it
//! replays the journal from the scenario without the last command,
//! checking every checksum on the way, so it cannot leave a game that a
//! save would not load. The undone commands wait for a redo until any
//! other command is played.

use super::core::{Rules, ToAct};
use super::game::Game;
use crate::t;

/// Why an undo or redo is refused, in a sentence for the player.
pub type UndoRefusal = String;

impl<R: Rules> Game<R> {
    /// Whether `side` may undo the last command now.
    ///
    /// # Errors
    /// The reason, as a sentence: nothing to undo, not `side`'s decision,
    /// the last command not `side`'s, a die drawn by it ("the roll has been
    /// seen"), or something hidden it showed.
    pub fn can_undo(&self, side: u8) -> Result<(), UndoRefusal> {
        self.undo_point(side).map(|_| ())
    }

    /// The game before the last command, replayed, when `side` may undo it.
    fn undo_point(&self, side: u8) -> Result<Game<R>, UndoRefusal> {
        let n = self.journal.entries.len();
        let Some(last) = self.journal.entries.last() else {
            return Err(t!("engine-undo-nothing-played"));
        };
        // Solo play: the person may still take back the command that handed
        // the decision to the computer, until the computer has played (its
        // turn is never undone).
        let computer_to_play = matches!(self.to_act(), ToAct::Side(o)
            if o != side && self.seats.player(o).is_computer() && self.seats.player(side).is_human());
        if self.to_act() != ToAct::Side(side) && !computer_to_play {
            return Err(t!("engine-undo-not-to-act"));
        }
        let before = self.replayed(n - 1)?;
        match before.to_act() {
            ToAct::Side(s) if s == side => {}
            ToAct::Side(o) if self.seats.player(o).is_computer() => {
                return Err(t!("engine-undo-computer-played"));
            }
            _ => {
                return Err(t!("engine-undo-not-yours"));
            }
        }
        if before.dice.rolled() != last.dice {
            return Err(t!("engine-undo-roll-seen"));
        }
        if R::reveals(&self.ctx, &before.state, &last.command, &before.dice, side) {
            return Err(t!("engine-undo-hidden-seen"));
        }
        Ok(before)
    }

    /// Undoes `side`'s last command: the game becomes the journal without
    /// it, replayed from the scenario; the command waits for [`Game::redo`].
    ///
    /// # Errors
    /// As [`Game::can_undo`]; nothing changes then.
    pub fn undo(&mut self, side: u8) -> Result<(), UndoRefusal> {
        let mut before = self.undo_point(side)?;
        let Some(last) = self.journal.entries.last() else {
            return Err(t!("engine-undo-nothing"));
        };
        let mut redo = std::mem::take(&mut self.redo);
        redo.push(last.command.clone());
        before.redo = redo;
        before.seats = self.seats;
        before.bookmarks = std::mem::take(&mut self.bookmarks);
        *self = before;
        Ok(())
    }

    /// Plays again the last command `side` undid.
    ///
    /// # Errors
    /// Nothing undone, not `side`'s decision, or the command refused (a
    /// defect: it was accepted here before); nothing changes then.
    pub fn redo(&mut self, side: u8) -> Result<(), UndoRefusal> {
        let Some(cmd) = self.redo.last().cloned() else {
            return Err(t!("engine-redo-nothing"));
        };
        if self.to_act() != ToAct::Side(side) {
            return Err(t!("engine-redo-not-to-act"));
        }
        let mut rest = std::mem::take(&mut self.redo);
        rest.pop();
        match self.apply(&cmd) {
            Ok(()) => {
                self.redo = rest;
                Ok(())
            }
            Err(r) => {
                rest.push(cmd);
                self.redo = rest;
                Err(t!("engine-redo-refused", reason = r))
            }
        }
    }

    /// Writes the log anew in the current language: the journal replayed
    /// from the scenario, every checksum and dice count checked. The state,
    /// dice, seats and journal stay as they are; only the log's words change
    /// (a game's log is written in the language of the moment).
    ///
    /// # Errors
    /// The journal does not replay (a defect); the log is then unchanged.
    pub fn relog(&mut self) -> Result<(), UndoRefusal> {
        let again = self.replayed(self.journal.entries.len())?;
        self.log = again.log;
        Ok(())
    }

    /// This game's first `n` journalled commands replayed from the
    /// scenario, every checksum and dice count checked.
    fn replayed(&self, n: usize) -> Result<Game<R>, UndoRefusal> {
        let mut g = Game::with_ctx(
            std::sync::Arc::clone(&self.ctx),
            self.journal.seed,
            self.journal.loaded.clone(),
        );
        for (i, e) in self.journal.entries.iter().take(n).enumerate() {
            g.apply(&e.command)
                .map_err(|r| format!("the journal does not replay at command {}: {r}", i + 1))?;
            if g.state_sum() != e.checksum || g.dice.rolled() != e.dice {
                return Err(format!(
                    "the journal diverges at command {} on replay; nothing was undone",
                    i + 1
                ));
            }
        }
        g.seats = self.seats;
        Ok(g)
    }
}

/// For the undo tests: the `i`-th command to try for `side`: every other
/// one a listed command that is not the pass (an order, a move), else the
/// scripted play's, else the pass.
#[cfg(test)]
pub(crate) fn command_to_try<R: super::core::RulesHints>(
    g: &Game<R>,
    side: u8,
    i: usize,
) -> Option<R::Command> {
    let pass = R::pass_command(&g.ctx, &g.state, side);
    let others: Vec<R::Command> = R::legal_commands(&g.ctx, &g.state, side)
        .into_iter()
        .filter(|c| Some(c) != pass.as_ref())
        .collect();
    (i.is_multiple_of(2) && !others.is_empty())
        .then(|| others[(i * 7) % others.len()].clone())
        .or_else(|| {
            R::default_commands(&g.ctx, &g.state, side)
                .into_iter()
                .next()
        })
        .or(pass)
}

#[cfg(test)]
mod tests {
    use super::command_to_try;
    use crate::engine::core::{Module, ToAct};
    use crate::rules::{ModuleVisitor, visit_all};
    use crate::session;

    /// In every module's first shipped scenario: a command that drew dice
    /// is never undone, and one that drew none, by the side still to act,
    /// is undone to the state before it and redone to the state after.
    #[test]
    fn undo_stops_at_a_roll_and_undo_then_redo_restores_the_game() {
        struct U(Vec<String>);
        impl ModuleVisitor for U {
            fn visit<R: Module>(&mut self) {
                let Some((file, text)) = crate::session::scenarios_of::<R>().into_iter().next()
                else {
                    return;
                };
                let mut g =
                    session::open_text::<R>(&file, &text, false, Some(3), &[]).expect("opens");
                let (mut undone, mut refused_roll) = (0, 0);
                for i in 0..400usize {
                    g.advance();
                    let ToAct::Side(side) = g.to_act() else {
                        break;
                    };
                    let Some(cmd) = command_to_try(&g, side, i) else {
                        break;
                    };
                    let rolled = g.dice.rolled();
                    let before = g.clone();
                    if g.apply(&cmd).is_err() {
                        break;
                    }
                    if g.to_act() != ToAct::Side(side) {
                        continue;
                    }
                    if g.dice.rolled() != rolled {
                        let e = g.can_undo(side).expect_err("a roll is never undone");
                        assert!(e.contains("roll has been seen"), "{e}");
                        let same = g.clone();
                        assert!(g.undo(side).is_err());
                        assert_eq!(g.journal, same.journal, "a refused undo changes nothing");
                        refused_roll += 1;
                    } else if g.can_undo(side).is_ok() {
                        let after = g.clone();
                        g.undo(side).expect("undo");
                        assert_eq!(g.state, before.state, "{}: undo", R::RULESET);
                        assert_eq!(g.journal, before.journal);
                        assert_eq!(g.dice.rolled(), before.dice.rolled());
                        g.redo(side).expect("redo");
                        assert_eq!(g.state, after.state, "{}: redo", R::RULESET);
                        assert_eq!(g.journal, after.journal);
                        undone += 1;
                    }
                }
                self.0.push(format!(
                    "{}: {undone} undone and redone, {refused_roll} refused after a roll",
                    R::RULESET
                ));
                assert!(undone > 0, "{}: no command was undone", R::RULESET);
            }
        }
        let mut u = U(Vec::new());
        visit_all(&mut u);
        eprintln!("{}", u.0.join("; "));
        assert_eq!(u.0.len(), crate::rules::rulesets().len(), "{:?}", u.0);
    }

    /// Solo play (the person on side 1, the computer on side 0), in every
    /// module's first scenario: where the person's command handed the
    /// decision to the computer and drew no dice, it may still be taken
    /// back (and played again) until the computer plays; once the computer
    /// has played, its turn is never undone.
    #[test]
    fn in_solo_play_the_command_before_the_computers_turn_is_undone_but_not_its_turn() {
        use crate::engine::seats::{Level, Player, Seats};
        struct S(u32, u32);
        impl ModuleVisitor for S {
            fn visit<R: Module>(&mut self) {
                let Some((file, text)) = crate::session::scenarios_of::<R>().into_iter().next()
                else {
                    return;
                };
                let mut g =
                    session::open_text::<R>(&file, &text, false, Some(5), &[]).expect("opens");
                g.seats = Seats {
                    players: [Player::Computer(Level::Easy), Player::Human],
                    ai_seed: 1,
                };
                for i in 0..600usize {
                    g.advance();
                    let ToAct::Side(side) = g.to_act() else {
                        break;
                    };
                    let Some(cmd) = command_to_try(&g, side, i) else {
                        break;
                    };
                    let before = g.clone();
                    if g.apply(&cmd).is_err() {
                        break;
                    }
                    let handed = side == 1 && g.to_act() == ToAct::Side(0);
                    if handed && g.dice.rolled() == before.dice.rolled() && g.can_undo(1).is_ok() {
                        let after = g.clone();
                        g.undo(1).expect("undo");
                        assert_eq!(g.state, before.state, "{}", R::RULESET);
                        assert_eq!(g.to_act(), ToAct::Side(1));
                        g.redo(1).expect("redo");
                        assert_eq!(g.state, after.state);
                        self.0 += 1;
                    }
                    if side == 0 && g.to_act() == ToAct::Side(1) {
                        let e = g.can_undo(1).expect_err("the computer's turn stays");
                        assert!(e.contains("computer has played"), "{}: {e}", R::RULESET);
                        self.1 += 1;
                    }
                }
            }
        }
        let mut s = S(0, 0);
        visit_all(&mut s);
        assert!(s.0 > 0, "no hand-over was undone");
        assert!(s.1 > 0, "no computer turn was refused");
    }
}
