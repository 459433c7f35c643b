//! Where a choice may go, asked of the module itself: every hex of the
//! board (a move) or every unit in sight (a target) is turned into a
//! command by [`RulesView::choose`] and judged by a dry run of
//! [`Rules::apply`]. The app shades what is accepted and says why the rest
//! is refused, so a preview can never disagree with what `apply` then does:
//! there is no second copy of the movement or range rules.

use super::command::Refusal;
use super::core::{Rules, RulesView, dry_run};
use super::dice::Dice;
use super::view::{MovePath, Odds, Pick, Place, Scene};
use hexx::Hex;

/// The verdict of one destination or target.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// `apply` accepts it; the odds of the command, if it has any.
    Accepted(Option<Odds>),
    /// `apply` refuses it, with the rule that forbids it.
    Refused(Refusal),
}

impl Verdict {
    /// Whether `apply` accepts it.
    pub fn accepted(&self) -> bool {
        matches!(self, Verdict::Accepted(_))
    }
}

/// Each hex of the module's board, in the board's order, that the choice
/// `key` of `side` for `unit` can be aimed at (its `choose` makes a
/// command), with the verdict of a dry run of that command on `state` with
/// `dice`. Empty on an open table. Hexes for which `choose` makes no
/// command are left out.
pub fn hex_reach<R: Rules + RulesView>(
    ctx: &R::Ctx,
    state: &R::State,
    dice: &Dice,
    (side, unit, key): (u8, u32, &str),
) -> Vec<(Hex, Verdict)> {
    let Some(board) = R::hex_board(ctx) else {
        return Vec::new();
    };
    board
        .hexes()
        .into_iter()
        .filter_map(|hex| {
            let pick = Pick {
                unit,
                hex: Some(hex),
                ..Pick::default()
            };
            let verdict = judge::<R>(ctx, state, dice, side, key, &pick)?;
            Some((hex, verdict))
        })
        .collect()
}

/// Each of `targets` (unit ids, each with its hex on a hex board) that the
/// choice `key` of `side` for `unit` can be aimed at, with the verdict of a
/// dry run and, when accepted, the command's odds.
pub fn target_reach<R: Rules + RulesView>(
    ctx: &R::Ctx,
    state: &R::State,
    dice: &Dice,
    (side, unit, key): (u8, u32, &str),
    targets: &[(u32, Option<Hex>)],
) -> Vec<(u32, Verdict)> {
    targets
        .iter()
        .filter(|(t, _)| *t != unit)
        .filter_map(|(t, hex)| {
            let pick = Pick {
                unit,
                target: Some(*t),
                hex: *hex,
                ..Pick::default()
            };
            Some((*t, judge::<R>(ctx, state, dice, side, key, &pick)?))
        })
        .collect()
}

/// The path and cost of each accepted hex of `reach` (from [`hex_reach`]
/// for the same `side`, `unit` and choice `key`) that is a move, in the
/// reach's order: the module's [`RulesView::move_path`] of the command the
/// hex makes.
pub fn hex_paths<R: Rules + RulesView>(
    ctx: &R::Ctx,
    state: &R::State,
    (side, unit, key): (u8, u32, &str),
    reach: &[(Hex, Verdict)],
) -> Vec<(Hex, MovePath)> {
    reach
        .iter()
        .filter(|(_, v)| v.accepted())
        .filter_map(|(hex, _)| {
            let pick = Pick {
                unit,
                hex: Some(*hex),
                ..Pick::default()
            };
            let cmd = R::choose(ctx, state, side, key, &pick)?;
            Some((*hex, R::move_path(ctx, state, &cmd)?))
        })
        .collect()
}

/// The units `scene` shows, each with its hex on a hex board: the targets
/// [`target_reach`] tries for a viewer.
pub fn targets_in(scene: &Scene) -> Vec<(u32, Option<Hex>)> {
    scene
        .units
        .iter()
        .map(|u| match u.place {
            Place::Hex { hex, .. } => (u.id, Some(hex)),
            _ => (u.id, None),
        })
        .collect()
}

/// The verdict of the choice `key` with `pick`, or `None` when the pick
/// makes no command.
fn judge<R: Rules + RulesView>(
    ctx: &R::Ctx,
    state: &R::State,
    dice: &Dice,
    side: u8,
    key: &str,
    pick: &Pick,
) -> Option<Verdict> {
    let cmd = R::choose(ctx, state, side, key, pick)?;
    Some(match dry_run::<R>(ctx, state, &cmd, dice) {
        Ok(_) => Verdict::Accepted(R::odds(ctx, state, &cmd)),
        Err(r) => Verdict::Refused(r),
    })
}

#[cfg(test)]
mod tests {
    use super::{Verdict, hex_reach, target_reach};
    use crate::engine::core::{BoardKind, Module, ToAct};
    use crate::engine::view::{Needs, Pick};
    use crate::rules::{ModuleVisitor, visit_all};
    use crate::session;

    /// Checks the move path of `unit`'s accepted hex command `cmd`, judged
    /// on `obs`: it starts next to the unit and goes hex by hex, carries a
    /// rule and a line, and when `apply` moves the unit at once (RAN,
    /// Genpei) it is all for now and the unit then stands on its last hex;
    /// an order written for later (Samurai Battles) leaves the unit where
    /// it is. Whether it had a path.
    fn check_path<R: Module>(
        ctx: &R::Ctx,
        obs: &R::State,
        dice: &crate::engine::dice::Dice,
        (side, unit): (u8, u32),
        cmd: &R::Command,
    ) -> bool {
        let Some(p) = R::move_path(ctx, obs, cmd) else {
            return false;
        };
        let hex_of = |s: &R::State| {
            R::scene(ctx, s, Some(side))
                .units
                .iter()
                .find(|u| u.id == unit)
                .and_then(|u| match u.place {
                    crate::engine::view::Place::Hex { hex, .. } => Some(hex),
                    _ => None,
                })
        };
        let (Some(start), Some(last)) = (hex_of(obs), p.hexes.last()) else {
            panic!("{cmd:?}: a path {p:?} of no unit on the board, or empty");
        };
        assert!(!p.rule.is_empty() && !p.line.is_empty(), "{p:?}");
        let mut at = start;
        for h in &p.hexes {
            assert_eq!(at.unsigned_distance_to(*h), 1, "{cmd:?}: {p:?} jumps");
            at = *h;
        }
        assert!(p.now >= 1 && p.now <= p.hexes.len(), "{p:?}");
        let after = crate::engine::core::dry_run::<R>(ctx, obs, cmd, dice).expect("accepted");
        let now = hex_of(&after);
        // Moved at once: all the way, to the goal.
        if now != Some(start) {
            assert_eq!(p.now, p.hexes.len(), "{cmd:?}: {p:?}");
            assert_eq!(
                now,
                Some(*last),
                "{cmd:?}: the unit stands elsewhere after apply"
            );
        }
        true
    }

    /// For every shipped scenario of every module, at the start and every
    /// few commands of a game of varied legal commands: for each unit of
    /// the side acting and each of its choices that needs a hex or a
    /// target, judged on the side's observation as the app does, a hex is
    /// shaded (a target glows) exactly when the command it makes is one of
    /// `legal_commands` there, and a refused one carries a rule ID.
    #[test]
    fn the_shaded_hexes_and_glowing_targets_are_the_legal_commands() {
        struct V(Vec<String>);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                let (mut shaded, mut glowing, mut refused, mut paths) =
                    (0usize, 0usize, 0usize, 0usize);
                for (file, text) in session::scenarios_of::<R>() {
                    let mut g =
                        session::open_text::<R>(&file, &text, false, Some(7), &[]).expect("opens");
                    for i in 0..90usize {
                        g.advance();
                        let ToAct::Side(side) = g.to_act() else {
                            break;
                        };
                        let legal = R::legal_commands(&g.ctx, &g.state, side);
                        if i % 15 == 0 {
                            // As the app judges it: on the side's
                            // observation, against what it may list there.
                            let obs = R::observation(&g.ctx, &g.state, side);
                            let seen = R::legal_commands(&g.ctx, &obs, side);
                            let scene = R::scene(&g.ctx, &obs, Some(side));
                            let units = super::targets_in(&scene);
                            for u in scene.units.iter().filter(|u| u.side == side) {
                                for c in R::choices(&g.ctx, &obs, side, u.id) {
                                    let who = (side, u.id, c.key.as_str());
                                    let verdicts: Vec<(Pick, Verdict)> = match c.needs {
                                        Needs::Hex => hex_reach::<R>(&g.ctx, &obs, &g.dice, who)
                                            .into_iter()
                                            .map(|(h, v)| {
                                                let pick = Pick {
                                                    unit: u.id,
                                                    hex: Some(h),
                                                    ..Pick::default()
                                                };
                                                (pick, v)
                                            })
                                            .collect(),
                                        Needs::Target => {
                                            target_reach::<R>(&g.ctx, &obs, &g.dice, who, &units)
                                                .into_iter()
                                                .map(|(t, v)| {
                                                    let hex = units
                                                        .iter()
                                                        .find(|x| x.0 == t)
                                                        .and_then(|x| x.1);
                                                    let pick = Pick {
                                                        unit: u.id,
                                                        target: Some(t),
                                                        hex,
                                                        ..Pick::default()
                                                    };
                                                    (pick, v)
                                                })
                                                .collect()
                                        }
                                        _ => Vec::new(),
                                    };
                                    for (pick, v) in verdicts {
                                        let cmd = R::choose(&g.ctx, &obs, side, &c.key, &pick)
                                            .expect("a judged pick makes a command");
                                        let listed = seen.contains(&cmd);
                                        assert_eq!(
                                            v.accepted(),
                                            listed,
                                            "{file}, command {i}: {cmd:?} is {} but {} in \
                                             legal_commands ({v:?})",
                                            if v.accepted() { "shaded" } else { "refused" },
                                            if listed { "is" } else { "is not" },
                                        );
                                        match (&v, c.needs) {
                                            (Verdict::Refused(r), _) => {
                                                assert!(!r.rule.is_empty(), "{r:?}");
                                                refused += 1;
                                            }
                                            (_, Needs::Hex) => {
                                                shaded += 1;
                                                let who = (side, u.id);
                                                paths += usize::from(check_path::<R>(
                                                    &g.ctx, &obs, &g.dice, who, &cmd,
                                                ));
                                            }
                                            _ => glowing += 1,
                                        }
                                    }
                                }
                            }
                        }
                        let pass = R::pass_command(&g.ctx, &g.state, side);
                        let pick = legal
                            .iter()
                            .filter(|c| Some(*c) != pass.as_ref())
                            .nth((i * 7919) % legal.len().max(1))
                            .or(pass.as_ref())
                            .cloned();
                        let Some(cmd) = pick else { break };
                        if g.apply(&cmd).is_err() {
                            break;
                        }
                    }
                }
                if R::BOARD == BoardKind::Hex {
                    assert!(shaded > 0, "{}: no hex was shaded", R::RULESET);
                    assert!(paths > 0, "{}: no shaded hex had a path", R::RULESET);
                }
                self.0.push(format!(
                    "{}: {shaded} hexes shaded ({paths} with a path), {glowing} targets, \
                     {refused} refused",
                    R::RULESET
                ));
            }
        }
        let mut v = V(Vec::new());
        visit_all(&mut v);
        eprintln!("{}", v.0.join("; "));
        assert_eq!(v.0.len(), crate::rules::rulesets().len());
    }
}
