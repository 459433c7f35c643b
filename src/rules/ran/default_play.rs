//! The scripted play and the candidate commands of a side now (the core's
//! `legal_commands` filters these through `apply`).

use hexx::Hex;

use crate::engine::board::Facing;

use super::orders::{Mode, RanCommand, move_destinations};
use super::sequence;
use super::shock::shock_targets;
use super::state::{Phase, RanCtx, RanState, Segment};
use super::{fire, movement};

/// The most commands the computer's playouts apply in one decision: a
/// guard on the slowest decision, not a cut in what *normal* usually
/// spends. A RAN playout runs the scripted play two turns on (most of a
/// battle, 100–200 commands). With the movement search's dense tables
/// (3× faster), the level's 240 playouts take at most 0.45 s, and this
/// bound, twice what they usually apply, lets them be (Mimigawa, 40
/// games, seed 7: no bound 82.5% and 443 ms at most; 30,000 81.2% and
/// 425 ms; the old 10,000 75% and 242 ms; a one-turn horizon instead
/// played worse, 62.5%).
pub const OPPONENT_WORK: u64 = 80_000;

/// Every candidate command of `side` now: activations, each unit's moves to
/// every reachable hex, turns, fire at each target in range, the other
/// orders, shocks (each attacker alone and all together), reactions and
/// the phase's pass. `legal_commands` keeps those `apply` accepts.
pub fn candidates(ctx: &RanCtx, state: &RanState, side: u8) -> Vec<RanCommand> {
    let mut v = Vec::new();
    match &state.phase {
        Phase::Select { resurrection, .. } => {
            for b in sequence::eligible(ctx, state, side, *resurrection) {
                for m in super::orders::MODES {
                    if !m.offered(ctx, state, b) {
                        continue;
                    }
                    v.push(RanCommand::Activate { busho: b, mode: m });
                }
            }
            v.push(RanCommand::Pass);
        }
        Phase::Orders {
            busho,
            segment: Segment::MoveFire,
        } if state.busho_movement => {
            v.extend(leader_move_candidates(ctx, state, *busho));
            v.push(RanCommand::EndMoveFire);
        }
        Phase::Orders {
            busho,
            segment: Segment::MoveFire,
        } => {
            let c = state.leader(*busho).map_or(*busho, |l| l.contingent);
            for u in state
                .units
                .iter()
                .filter(|u| u.contingent == c && u.active())
            {
                // RAN-ORD-1: a unit that fired during its move moves on.
                if !u.ordered || super::unit_orders::moves_on(ctx, state, u) {
                    let reach = move_destinations(ctx, state, u).map(|r| r.reach);
                    for (k, _) in reach.unwrap_or_default() {
                        v.push(RanCommand::Move {
                            unit: u.id,
                            to: Hex::new(k.0, k.1),
                        });
                    }
                }
                if !u.ordered {
                    for f in Facing::ALL {
                        if f != u.facing {
                            v.push(RanCommand::Face {
                                unit: u.id,
                                facing: f,
                            });
                        }
                    }
                    v.push(RanCommand::RemoveHits { unit: u.id });
                    v.push(RanCommand::Recover { unit: u.id });
                    v.push(RanCommand::Withdraw { unit: u.id });
                }
                for t in state.units.iter().filter(|t| t.side != side && t.active()) {
                    if fire::plan(ctx, state, side, &[u.id], t.id).is_ok() {
                        v.push(RanCommand::Fire {
                            units: vec![u.id],
                            target: t.id,
                        });
                    }
                }
            }
            // RAN-LDR-1: the Busho and his contingent's Samurai move too.
            v.extend(leader_move_candidates(ctx, state, *busho));
            v.push(RanCommand::EndMoveFire);
        }
        Phase::Orders {
            busho,
            segment: Segment::Shock,
        } => v.extend(shock_candidates(ctx, state, *busho)),
        Phase::Reaction { .. } => {
            v.push(RanCommand::ReactWithdraw);
            v.push(RanCommand::ReactStand);
        }
        Phase::Coordination { contingents, .. } => {
            v.extend(pick_candidates(contingents));
        }
        Phase::Challenge { busho } => {
            let Some(b) = state.leader(*busho) else {
                return v;
            };
            for c in state
                .leaders
                .iter()
                .filter(|c| c.id == *busho || (c.contingent == b.contingent && !c.dead))
            {
                for t in state.leaders.iter().filter(|t| t.side != side && !t.dead) {
                    v.push(RanCommand::Challenge {
                        challenger: c.id,
                        target: t.id,
                    });
                }
            }
            v.push(RanCommand::EndChallenge);
        }
        Phase::Momentum { .. } => {
            v.push(RanCommand::Momentum);
            v.push(RanCommand::Finish);
        }
        Phase::MomentumGained { busho } => {
            for mode in [Mode::Orders, Mode::Challenge] {
                v.push(RanCommand::Activate {
                    busho: *busho,
                    mode,
                });
            }
        }
        Phase::Continuity { .. } => {
            v.push(RanCommand::Continuity);
            v.push(RanCommand::EndActivation);
        }
        Phase::Trump { busho, momentum } => {
            v.extend(trump_candidates(ctx, state, *busho, *momentum));
        }
        _ => {}
    }
    v
}

/// The Shock Segment's candidates: each attacker alone (plain and
/// charging), all of the activated contingent together, and those joined
/// by the units of other Active contingents (RAN-COORD-1); then the end of
/// the segment.
fn shock_candidates(ctx: &RanCtx, state: &RanState, busho: u32) -> Vec<RanCommand> {
    let mut v = Vec::new();
    let c = state.leader(busho).map_or(busho, |l| l.contingent);
    let mine: Vec<u32> = state
        .units
        .iter()
        .filter(|u| u.contingent == c && u.active() && !u.shocked)
        .map(|u| u.id)
        .collect();
    let mut targets: Vec<u32> = mine
        .iter()
        .flat_map(|a| shock_targets(ctx, state, *a).collect::<Vec<_>>())
        .collect();
    targets.sort_unstable();
    targets.dedup();
    for t in targets {
        let att: Vec<u32> = mine
            .iter()
            .copied()
            .filter(|a| shock_targets(ctx, state, *a).any(|x| x == t))
            .collect();
        for a in &att {
            v.push(RanCommand::Shock {
                attackers: vec![*a],
                defender: t,
                charge: false,
            });
            v.push(RanCommand::Shock {
                attackers: vec![*a],
                defender: t,
                charge: true,
            });
        }
        if att.len() > 1 {
            v.push(RanCommand::Shock {
                attackers: att.clone(),
                defender: t,
                charge: false,
            });
        }
        // RAN-COORD-1: units of other Active contingents may join.
        let joining = joining_attackers(ctx, state, busho, t);
        if !att.is_empty() && !joining.is_empty() {
            v.push(RanCommand::Shock {
                attackers: att.into_iter().chain(joining).collect(),
                defender: t,
                charge: false,
            });
        }
    }
    v.push(RanCommand::EndShock);
    v
}

/// The units of other Active contingents of `busho`'s side that may join
/// a shock on `t` in his Shock Segment (RAN-COORD-1).
fn joining_attackers(ctx: &RanCtx, state: &RanState, busho: u32, t: u32) -> Vec<u32> {
    state
        .units
        .iter()
        .filter(|u| !u.shocked && super::shock_segment::may_join(state, busho, u))
        .filter(|u| shock_targets(ctx, state, u.id).any(|x| x == t))
        .map(|u| u.id)
        .collect()
}

/// The owner's picks after a Coordination tie or a 7 (RAN-COORD-2).
fn pick_candidates(contingents: &[u32]) -> Vec<RanCommand> {
    contingents
        .iter()
        .map(|c| RanCommand::PickContingent { contingent: *c })
        .collect()
}

/// Every leader move of an Orders Phase's move segment: each leader that
/// may move now (the Busho and his contingent's Samurai, RAN-LDR-1; under
/// a Busho Movement Order every Busho of the side, RAN-LDR-3) to each hex
/// his movement allowance left reaches, his own included: the same reach
/// `apply` checks a move against.
fn leader_move_candidates(ctx: &RanCtx, state: &RanState, so: u32) -> Vec<RanCommand> {
    let mut v = Vec::new();
    for l in state
        .leaders
        .iter()
        .filter(|l| super::leader_actions::may_move_leader(state, so, l))
    {
        let (_, left) = super::leader_actions::leader_ma_left(ctx, l);
        let reach = super::leader_actions::leader_reach(ctx, state, l, left);
        for (x, y) in reach.keys() {
            v.push(RanCommand::MoveLeader {
                leader: l.id,
                to: Hex::new(*x, *y),
            });
        }
    }
    v
}

/// A Trump window's commands (RAN-LDR-2): each Busho that may be
/// designated, and declining.
fn trump_candidates(ctx: &RanCtx, state: &RanState, busho: u32, momentum: bool) -> Vec<RanCommand> {
    let mut v: Vec<RanCommand> =
        super::leader_actions::trump_designees(ctx, state, busho, momentum)
            .into_iter()
            .map(|d| RanCommand::Trump { busho: d })
            .collect();
    v.push(RanCommand::DeclineTrump);
    v
}

/// The scripted play of `side` now: activate the lowest-id Busho for
/// Orders; each unit in turn fires at the nearest target in range or moves
/// toward the nearest enemy; every unit that can shocks its nearest enemy;
/// Momentum with a factor of 4 or more; Continuity with Initiative 4 or more;
/// stand against a shock.
pub fn default_command(ctx: &RanCtx, state: &RanState, side: u8) -> Option<RanCommand> {
    match &state.phase {
        Phase::Select { resurrection, .. } => sequence::eligible(ctx, state, side, *resurrection)
            .first()
            .map(|b| RanCommand::Activate {
                busho: *b,
                mode: Mode::Orders,
            })
            .or(Some(RanCommand::Pass)),
        Phase::Orders {
            segment: Segment::MoveFire,
            ..
        } if state.busho_movement => Some(RanCommand::EndMoveFire),
        Phase::Trump { .. } => Some(RanCommand::DeclineTrump),
        Phase::Orders {
            busho,
            segment: Segment::MoveFire,
        } => {
            let c = state.leader(*busho).map_or(*busho, |l| l.contingent);
            let enemies: Vec<_> = state
                .units
                .iter()
                .filter(|e| e.side != side && e.active())
                .collect();
            for u in state
                .units
                .iter()
                .filter(|u| u.contingent == c && u.active() && !u.ordered && !u.fired)
            {
                let mut ts: Vec<_> = enemies
                    .iter()
                    .map(|e| (e.hex.unsigned_distance_to(u.hex), e.id))
                    .collect();
                ts.sort_unstable();
                // Only a missile unit fires, and only within its longest
                // range (RAN-FIRE-4): `plan` refuses the rest, so they are
                // not asked.
                let longest = ctx
                    .utype(u)
                    .and_then(|t| t.missile.as_deref())
                    .map(|k| super::fire_table::max_range(&ctx.tables.fire, k));
                let in_reach = ts
                    .iter()
                    .take_while(|(d, _)| longest.is_some_and(|m| *d <= m));
                for (_, t) in in_reach {
                    if fire::plan(ctx, state, side, &[u.id], *t).is_ok() {
                        return Some(RanCommand::Fire {
                            units: vec![u.id],
                            target: *t,
                        });
                    }
                }
                if state.enemy_zoc(u.side, u.hex) || u.committed {
                    continue;
                }
                let cmd_ok = state.in_command(ctx, u);
                let reach =
                    movement::reachable(ctx, state, u, movement::allowance(ctx, u, cmd_ok), cmd_ok);
                let here = ts.first().map_or(0, |t| t.0);
                let missile = ctx.utype(u).is_some_and(|t| t.missile.is_some());
                let best = reach
                    .keys()
                    .map(|k| {
                        let h = Hex::new(k.0, k.1);
                        let d = enemies
                            .iter()
                            .map(|e| e.hex.unsigned_distance_to(h))
                            .min()
                            .unwrap_or(0);
                        let want = if missile { d.abs_diff(2) } else { d };
                        (want, *k)
                    })
                    .min();
                if let Some((d, k)) = best
                    && d < here
                {
                    return Some(RanCommand::Move {
                        unit: u.id,
                        to: Hex::new(k.0, k.1),
                    });
                }
                // Turn to face the nearest enemy.
                if let Some(e) = enemies
                    .iter()
                    .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id))
                {
                    let f = Facing::towards(u.hex, e.hex);
                    if f != u.facing
                        && movement::facing_cost(ctx, u, f).0 <= movement::allowance(ctx, u, cmd_ok)
                    {
                        return Some(RanCommand::Face {
                            unit: u.id,
                            facing: f,
                        });
                    }
                }
            }
            Some(RanCommand::EndMoveFire)
        }
        Phase::Orders {
            busho,
            segment: Segment::Shock,
        } => {
            let c = state.leader(*busho).map_or(*busho, |l| l.contingent);
            for u in state
                .units
                .iter()
                .filter(|u| u.contingent == c && u.active() && !u.shocked)
            {
                let charge = ctx.utype(u).is_some_and(super::shock_table::may_charge);
                if let Some(t) = shock_targets(ctx, state, u.id).next() {
                    return Some(RanCommand::Shock {
                        attackers: vec![u.id],
                        defender: t,
                        charge,
                    });
                }
            }
            Some(RanCommand::EndShock)
        }
        Phase::Reaction { .. } => Some(RanCommand::ReactStand),
        Phase::Coordination { contingents, .. } => pick_candidates(contingents).into_iter().next(),
        Phase::Challenge { .. } => Some(RanCommand::EndChallenge),
        Phase::MomentumGained { busho } => Some(RanCommand::Activate {
            busho: *busho,
            mode: Mode::Orders,
        }),
        Phase::Momentum { busho } => Some(
            if state
                .leader(*busho)
                .is_some_and(|l| l.factors.momentum >= 4)
            {
                RanCommand::Momentum
            } else {
                RanCommand::Finish
            },
        ),
        Phase::Continuity { side } => Some(
            if state
                .so_taisho(*side)
                .is_some_and(|l| l.factors.initiative >= 4)
            {
                RanCommand::Continuity
            } else {
                RanCommand::EndActivation
            },
        ),
        _ => None,
    }
}

/// What the computer opponent searches (the core's `opponent_focus`): the
/// decisions that shape a battle, each with the scripted play as the
/// baseline: which Busho acts (or a pass), each shock a unit may make (or
/// none), Momentum and Continuity, and the defender's reaction. The
/// Movement/Fire orders follow the scripted play.
pub fn focus(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
) -> Option<crate::engine::core::Focus<RanCommand>> {
    let baseline = default_command(ctx, state, side)?;
    let mut candidates = vec![baseline.clone()];
    match &state.phase {
        Phase::Select { resurrection, .. } => {
            for b in sequence::eligible(ctx, state, side, *resurrection) {
                candidates.push(RanCommand::Activate {
                    busho: b,
                    mode: Mode::Orders,
                });
            }
            candidates.push(RanCommand::Pass);
        }
        Phase::Orders {
            busho,
            segment: Segment::Shock,
        } => {
            let c = state.leader(*busho).map_or(*busho, |l| l.contingent);
            for u in state
                .units
                .iter()
                .filter(|u| u.contingent == c && u.active() && !u.shocked)
            {
                let charge = ctx.utype(u).is_some_and(super::shock_table::may_charge);
                for t in shock_targets(ctx, state, u.id) {
                    candidates.push(RanCommand::Shock {
                        attackers: vec![u.id],
                        defender: t,
                        charge,
                    });
                }
            }
            if let Some(p) = super::orders::pass_command(ctx, state, side) {
                candidates.push(p);
            }
        }
        Phase::Momentum { .. } => candidates.extend([RanCommand::Momentum, RanCommand::Finish]),
        Phase::Continuity { .. } => {
            candidates.extend([RanCommand::Continuity, RanCommand::EndActivation])
        }
        Phase::Reaction { .. } => {
            candidates.extend([RanCommand::ReactWithdraw, RanCommand::ReactStand])
        }
        Phase::Trump { busho, momentum } => {
            candidates.extend(trump_candidates(ctx, state, *busho, *momentum));
        }
        Phase::Coordination { contingents, .. } => {
            candidates.extend(pick_candidates(contingents));
        }
        _ => {}
    }
    let mut seen = Vec::new();
    candidates.retain(|c| {
        let new = !seen.contains(c);
        seen.push(c.clone());
        new
    });
    Some(crate::engine::core::Focus {
        candidates,
        baseline,
    })
}
