//! What a command would do, foreseen before it is given: a dry run of
//! [`Rules::apply`] on the acting side's observation, with a copy of the
//! game's dice, keeping the log entries `apply` writes up to its first
//! roll. The open table's drag ghost and the pass button show these, so a
//! distance, a take-off cut short or a forced landing ahead is told in the
//! module's own words, by the code that then carries it out. No roll's
//! result is shown before the roll is made.

use super::command::Refusal;
use super::core::{Rules, ToAct};
use super::dice::Dice;
use super::log::{GameLog, LogEntry};

/// The most automatic steps followed after the command.
const STEPS: usize = 1_000;

/// A command's foreseen effect.
#[derive(Clone, Debug)]
pub struct Foresight<S> {
    /// The acting side's observation after the command.
    pub after: S,
    /// The entries `apply` writes before its first roll, those the acting
    /// side may see ([`Rules::log_visible`]), in order.
    pub lines: Vec<LogEntry>,
    /// Whether dice are rolled after `lines` (their results are not
    /// foreseen).
    pub rolls: bool,
}

/// Foresees `cmd` of `side`: a dry run of `apply` on `side`'s observation
/// of `state` with a copy of `dice`, followed by the rules' own steps
/// ([`Rules::step_command`]) while nobody decides and nothing is rolled
/// (the end of a phase a pass leads to). The game does not change.
///
/// # Errors
/// The [`Refusal`] `apply` gives, with its rule ID.
pub fn foresee<R: Rules>(
    ctx: &R::Ctx,
    state: &R::State,
    cmd: &R::Command,
    dice: &Dice,
    side: u8,
) -> Result<Foresight<R::State>, Refusal> {
    let mut after = R::observation(ctx, state, side);
    let mut d = dice.clone();
    let mut log = GameLog::default();
    R::apply(ctx, &mut after, cmd, &mut d, &mut log)?;
    // Bounded like `Game::advance`: the steps a pass leads to.
    for _ in 0..STEPS {
        if log.entries.iter().any(|e| !e.dice.is_empty()) || R::to_act(ctx, &after) != ToAct::Rules
        {
            break;
        }
        let Some(step) = R::step_command(ctx, &after) else {
            break;
        };
        if R::apply(ctx, &mut after, &step, &mut d, &mut log).is_err() {
            break;
        }
    }
    let first_roll = log.entries.iter().position(|e| !e.dice.is_empty());
    let shown = first_roll.unwrap_or(log.entries.len());
    let lines = log
        .entries
        .into_iter()
        .take(shown)
        .filter(|e| R::log_visible(ctx, &after, Some(side), e))
        .collect();
    Ok(Foresight {
        after,
        lines,
        rolls: first_roll.is_some(),
    })
}

#[cfg(test)]
mod tests {
    use super::foresee;
    use crate::engine::core::{BoardKind, Module, ToAct};
    use crate::engine::game::Game;
    use crate::engine::log::GameLog;
    use crate::engine::table::{Base, bearing_vector};
    use crate::engine::view::{Needs, Pick, Place};
    use crate::rules::{ModuleVisitor, visit_all};
    use crate::session;

    /// How far two foreseen and carried-out positions may differ, inches
    /// (float rounding).
    const SAME: f32 = 1e-3;

    /// The base of `unit` in `side`'s scene of `state`, if on the table.
    fn base_of<R: Module>(g: &Game<R>, state: &R::State, side: u8, unit: u32) -> Option<Base> {
        let scene = R::scene(&g.ctx, &R::observation(&g.ctx, state, side), Some(side));
        scene
            .units
            .iter()
            .find(|u| u.id == unit)
            .and_then(|u| match u.place {
                Place::Table(b) if u.models > 0 => Some(b),
                _ => None,
            })
    }

    /// Drags of `unit` from `base` at eight bearings and at `distances`.
    fn drags(unit: u32, base: &Base, distances: &[f32]) -> Vec<(f32, Pick)> {
        let mut out = Vec::new();
        for step in 0..8u8 {
            let bearing = f32::from(step) * 45.0;
            for d in distances {
                let to = base.center + bearing_vector(bearing) * *d;
                let pick = Pick {
                    unit,
                    path: vec![(to.x, to.y)],
                    facing: bearing,
                    ..Pick::default()
                };
                out.push((*d, pick));
            }
        }
        out
    }

    /// What one module's drags showed.
    #[derive(Default)]
    struct Tally {
        /// Drags judged.
        drags: usize,
        /// Drags accepted.
        accepted: usize,
        /// Accepted drags within a tenth of an inch of the card's limit.
        at_the_limit: usize,
    }

    /// Judges every move choice of every unit of `side` in `g` by the
    /// drags the app makes, foreseen as the app foresees them, against
    /// what `apply` then does on a copy of the game.
    fn judge_drags<R: Module>(g: &Game<R>, side: u8, file: &str, t: &mut Tally) {
        let obs = R::observation(&g.ctx, &g.state, side);
        let scene = R::scene(&g.ctx, &obs, Some(side));
        for u in scene
            .units
            .iter()
            .filter(|u| u.side == side && u.models > 0)
        {
            let Place::Table(base) = u.place else {
                continue;
            };
            let card: Vec<String> = R::unit_card(&g.ctx, &obs, u.id, Some(side))
                .into_iter()
                .map(|l| l.text)
                .collect();
            for c in R::choices(&g.ctx, &obs, side, u.id) {
                if c.needs != Needs::Path {
                    continue;
                }
                let a = R::move_allowance(&g.ctx, &obs, u.id, Some(&c.key))
                    .unwrap_or_else(|| panic!("{file}: {} has no limit", c.key));
                // "May move" on the card is this limit.
                let shown = format!("{} {a:.1}\"", c.label);
                assert!(
                    card.iter().any(|l| l.contains(&shown)),
                    "{file}: the card of {} lacks \"{shown}\": {card:?}",
                    u.name
                );
                let distances = [a * 0.5, a - 0.1, a + 0.3, a * 1.5];
                for (d, pick) in drags(u.id, &base, &distances) {
                    let Some(cmd) = R::choose(&g.ctx, &obs, side, &c.key, &pick) else {
                        continue;
                    };
                    if R::reveals(&g.ctx, &g.state, &cmd, &g.dice, side) {
                        continue;
                    }
                    t.drags += 1;
                    let seen = foresee::<R>(&g.ctx, &g.state, &cmd, &g.dice, side);
                    let mut real = g.state.clone();
                    let mut dice = g.dice.clone();
                    let mut log = GameLog::default();
                    let done = R::apply(&g.ctx, &mut real, &cmd, &mut dice, &mut log);
                    assert_eq!(
                        seen.is_ok(),
                        done.is_ok(),
                        "{file}: {cmd:?} foreseen {:?}, applied {done:?}",
                        seen.as_ref().err()
                    );
                    let Ok(f) = seen else { continue };
                    t.accepted += 1;
                    // The ghost stands where `apply` puts the base.
                    let ghost = base_of(g, &f.after, side, u.id);
                    let end = base_of(g, &real, side, u.id);
                    if let (Some(a_), Some(b_)) = (ghost, end) {
                        assert!(
                            a_.center.distance(b_.center) < SAME
                                && (a_.facing - b_.facing).abs() < SAME,
                            "{file}: {cmd:?} ghost {a_:?}, apply {b_:?}"
                        );
                        // It never goes beyond the card's limit.
                        let went = base.center.distance(b_.center);
                        assert!(went <= a + 0.05, "{file}: {cmd:?} went {went} > {a}");
                        if (d - (a - 0.1)).abs() < SAME {
                            t.at_the_limit += 1;
                        }
                    } else {
                        assert_eq!(ghost.is_some(), end.is_some(), "{file}: {cmd:?}");
                    }
                    // Its words are `apply`'s, in order.
                    let real_lines: Vec<_> = log
                        .entries
                        .iter()
                        .filter(|e| R::log_visible(&g.ctx, &real, Some(side), e))
                        .collect();
                    for (a_, b_) in f.lines.iter().zip(&real_lines) {
                        assert_eq!((&a_.rule, &a_.what), (&b_.rule, &b_.what), "{file}");
                    }
                    assert!(
                        f.lines.len() >= real_lines.len().min(1) || f.rolls,
                        "{file}: {cmd:?} foresees nothing of {real_lines:?}"
                    );
                }
            }
        }
    }

    /// For every shipped open-table scenario, at the start and every few
    /// commands of a game of varied legal commands: each unit's move
    /// choices, dragged at eight bearings to half, just under, just over
    /// and half again its limit. The drag ghost's verdict, end and words
    /// (foreseen on the side's observation) are what `apply` does on a
    /// copy of the game; the card's "may move" is the choice's limit, no
    /// move ends farther than it, and a move to just under it is accepted
    /// somewhere.
    #[test]
    fn the_ghost_and_the_card_say_what_apply_does() {
        struct V(Vec<String>);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                if R::BOARD != BoardKind::Table {
                    return;
                }
                let mut t = Tally::default();
                for (file, text) in session::scenarios_of::<R>() {
                    let mut g =
                        session::open_text::<R>(&file, &text, false, Some(11), &[]).expect("opens");
                    for i in 0..60usize {
                        g.advance();
                        let ToAct::Side(side) = g.to_act() else {
                            break;
                        };
                        if i % 6 == 0 {
                            judge_drags(&g, side, &file, &mut t);
                        }
                        let legal = R::legal_commands(&g.ctx, &g.state, side);
                        let Some(cmd) = legal.get((i * 7919) % legal.len().max(1)).cloned() else {
                            break;
                        };
                        if g.apply(&cmd).is_err() {
                            break;
                        }
                    }
                }
                assert!(t.accepted > 0, "{}: no drag accepted", R::RULESET);
                assert!(t.at_the_limit > 0, "{}: no move to its limit", R::RULESET);
                self.0.push(format!(
                    "{}: {} drags, {} accepted, {} at the limit",
                    R::RULESET,
                    t.drags,
                    t.accepted,
                    t.at_the_limit
                ));
            }
        }
        let mut v = V(Vec::new());
        visit_all(&mut v);
        eprintln!("{}", v.0.join("; "));
        assert!(!v.0.is_empty(), "no open-table module");
    }
}
