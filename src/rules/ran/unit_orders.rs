//! A unit's Movement/Fire orders (RAN-ORD-1, RAN-ORD-2): whether it may
//! take the activated Busho's order, where it may move and its move by the
//! cheapest path, with fire at any time during it (RAN-ORD-1, L1020: "Las
//! unidades también pueden disparar en cualquier momento en su
//! movimiento"), the Reaction Facing a move draws (RAN-TQ-5), and the
//! Active Withdrawal (6.41).

use std::collections::BTreeMap;

use hexx::Hex;

use crate::engine::board::Facing;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::casualties;
use super::dice::d10;
use super::leader_actions;
use super::movement;
use super::shock;
use super::state::{FacingArc, RanCtx, RanState};
use super::tq;

fn refuse(rule: &str, reason: impl Into<String>) -> Result<(), Refusal> {
    Err(Refusal::new(rule, reason))
}

/// `unit` may take an order of the activated `busho`: an active unit of his
/// contingent (RAN-ORD-1, RAN-STAT-2).
///
/// # Errors
/// The refusal naming the rule it breaks.
pub fn own_unit(
    state: &RanState,
    busho: u32,
    unit: u32,
) -> Result<&super::state::RanUnit, Refusal> {
    let c = state.leader(busho).map_or(busho, |l| l.contingent);
    match state.unit(unit) {
        Some(u) if u.active() && u.contingent == c => Ok(u),
        Some(u) if !u.active() => Err(Refusal::new(
            "RAN-STAT-2",
            say!("ran-refuse-fled-or-eliminated", unit = u.name),
        )),
        Some(u) => Err(Refusal::new(
            "RAN-ORD-1",
            say!("ran-refuse-not-activated-contingent", unit = u.name),
        )),
        None => Err(Refusal::new(
            "RAN-ORD-1",
            say!("ran-refuse-no-unit", id = unit),
        )),
    }
}

/// A Kibamusha Committed only against AS/SI units may move away from them
/// (RAN-STAT-4, "la Kibamusha puede alejarse si está Comprometida con
/// unidades AS/SI"): every active enemy next to it is infantry.
pub fn kb_may_move_away(ctx: &RanCtx, state: &RanState, u: &super::state::RanUnit) -> bool {
    ctx.kibamusha(u)
        && state
            .units
            .iter()
            .filter(|e| e.side != u.side && e.active() && e.hex.unsigned_distance_to(u.hex) == 1)
            .all(|e| ctx.infantry(e))
}

/// Whether `u`, which has taken its order, may still move: an In-Command
/// unit that fired during its move goes on moving with the MP it has
/// left (RAN-ORD-1, L1020: "Las unidades también pueden disparar en
/// cualquier momento en su movimiento"), unless it has ended its move in
/// an enemy ZOC (RAN-STAT-4). Kassen's reading (stand-in for 6.13): the
/// fire's MP (RAN-FIRE-8) come out of the same allowance.
pub fn moves_on(ctx: &RanCtx, state: &RanState, u: &super::state::RanUnit) -> bool {
    u.fired && state.in_command(ctx, u) && !u.must_shock
}

/// Where a unit may move now ([`move_destinations`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveDestinations {
    /// Each hex it may end on, by axial `(x, y)`, with its cheapest path.
    pub reach: BTreeMap<(i32, i32), movement::Reach>,
    /// The MP it may spend (RAN-STAT-1: halved Out of Command).
    pub budget: u32,
    /// It is In Command (RAN-ORD-1) rather than Out (RAN-ORD-2).
    pub in_command: bool,
}

/// Where `u` may move now, with the MP it may spend and whether it is In
/// Command: the hexes [`movement::reachable`] finds, after RAN-STAT-4 (a
/// Committed unit moves only by Active Withdrawal, but a Kibamusha
/// Committed only with AS/SI units may move away, to a hex next to no
/// enemy) and RAN-ORD-2 (an Out-of-Command unit in an enemy ZOC may not
/// leave it; an In-Command one may, and entering one still stops it).
/// `apply` and the candidate moves both ask this.
///
/// # Errors
/// The refusal when the unit may not move at all.
pub fn move_destinations(
    ctx: &RanCtx,
    state: &RanState,
    u: &super::state::RanUnit,
) -> Result<MoveDestinations, Refusal> {
    destinations(ctx, state, u, None)
}

/// [`move_destinations`], or with `only` just that hex's way (the same
/// MP and path), for a move already chosen.
fn destinations(
    ctx: &RanCtx,
    state: &RanState,
    u: &super::state::RanUnit,
    only: Option<Hex>,
) -> Result<MoveDestinations, Refusal> {
    let cmd_ok = state.in_command(ctx, u);
    let kb_away = u.committed && kb_may_move_away(ctx, state, u);
    if u.committed && !kb_away {
        return Err(Refusal::new(
            "RAN-STAT-4",
            say!("ran-refuse-committed-no-move", unit = u.name),
        ));
    }
    if !cmd_ok && state.enemy_zoc(u.side, u.hex) {
        return Err(Refusal::new(
            "RAN-ORD-2",
            say!("ran-refuse-in-enemy-zoc", unit = u.name),
        ));
    }
    // RAN-ORD-1: a unit that fired during its move goes on with the MP
    // it has left.
    let budget = movement::allowance(ctx, u, cmd_ok).saturating_sub(u.mp_used);
    let mut reach = match only {
        None => movement::reachable(ctx, state, u, budget, cmd_ok),
        Some(to) => movement::reach_to(ctx, state, u, budget, cmd_ok, to)
            .map(|r| BTreeMap::from([((to.x, to.y), r)]))
            .unwrap_or_default(),
    };
    if kb_away {
        reach.retain(|k, _| !state.enemy_adjacent(u.side, Hex::new(k.0, k.1)));
    }
    Ok(MoveDestinations {
        reach,
        budget,
        in_command: cmd_ok,
    })
}

/// Moves a unit of the active Busho's contingent by its cheapest path
/// (RAN-ORD-1, RAN-ORD-2, RAN-STAT-1/2/4, RAN-TER).
pub(super) fn move_unit(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    unit: u32,
    to: Hex,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let u = own_unit(state, busho, unit)?.clone();
    if u.ordered && !moves_on(ctx, state, &u) {
        // RAN-ORD-2: an Out-of-Command unit may Move or Fire, not both.
        if u.fired && !state.in_command(ctx, &u) {
            return refuse(
                "RAN-ORD-2",
                say!("ran-refuse-out-of-command-fired-move", unit = u.name),
            );
        }
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-already-ordered", unit = u.name),
        );
    }
    let MoveDestinations {
        reach,
        budget,
        in_command: cmd_ok,
    } = destinations(ctx, state, &u, Some(to))?;
    let Some(r) = reach.get(&(to.x, to.y)).cloned() else {
        if u.committed && state.enemy_adjacent(u.side, to) {
            return refuse(
                "RAN-STAT-4",
                say!("ran-refuse-kibamusha-not-away", unit = u.name),
            );
        }
        return refuse(
            if cmd_ok { "RAN-TER-1" } else { "RAN-STAT-1" },
            if cmd_ok {
                say!("ran-refuse-cannot-reach", unit = u.name, mp = budget)
            } else {
                say!(
                    "ran-refuse-cannot-reach-out-of-command",
                    unit = u.name,
                    mp = budget
                )
            },
        );
    };
    casualties::pass_through(ctx, state, dice, &u, &r.path, out);
    // The hex the last step left: the path's one before last, else the start.
    let before = r.path.iter().rev().nth(1).copied().unwrap_or(u.hex);
    let facing = Facing::towards_neighbor(before, to).unwrap_or(u.facing);
    let zoc = state.enemy_zoc(u.side, to);
    // RAN-STAT-4: a unit that moves into an enemy ZOC must shock,
    // if it may shock at all (RAN-WPN-4; RAN-ORD-2 when Out of
    // Command). Command is judged where it stands after the move.
    let no_column = ctx.utype(&u).is_some_and(|t| t.shock_column.is_none());
    let from = u.hex;
    if let Some(um) = state.unit_mut(u.id) {
        um.hex = to;
        um.facing = facing;
        // What it spent before this leg (firing, RAN-FIRE-8) counts too.
        um.mp_used = u.mp_used + r.mp;
        um.moved = true;
        um.ordered = true;
        um.committed = false;
    }
    let mut with = String::new();
    for l in state
        .leaders
        .iter_mut()
        .filter(|l| !l.dead && l.hex == from && l.side == u.side && l.contingent == u.contingent)
    {
        l.hex = to;
        with.push(' ');
        with.push_str(&say!("ran-move-with-leader", leader = l.name));
    }
    let out_of_command = state
        .unit(u.id)
        .is_some_and(|m| !state.in_command(ctx, m) && !m.committed);
    if let Some(um) = state.unit_mut(u.id) {
        um.must_shock = zoc && !no_column && !out_of_command;
    }
    out.push(LogEntry::event("RAN-ORD-1", vec![u.id], {
        let (unit, n, mp) = (&u.name, r.path.len(), r.mp);
        match (zoc, no_column, out_of_command) {
            (false, _, _) => say!("ran-moves", unit = unit, with = with, n = n, mp = mp),
            (true, true, _) => {
                say!(
                    "ran-moves-zoc-no-column",
                    unit = unit,
                    with = with,
                    n = n,
                    mp = mp
                )
            }
            (true, false, true) => say!(
                "ran-moves-zoc-out-of-command",
                unit = unit,
                with = with,
                n = n,
                mp = mp
            ),
            (true, false, false) => {
                say!(
                    "ran-moves-zoc-must-shock",
                    unit = unit,
                    with = with,
                    n = n,
                    mp = mp
                )
            }
        }
    }));
    reaction_facing(ctx, state, dice, u.id, out);
    Ok(())
}

/// An Active Withdrawal (RAN-ORD-1, 6.41): an In-Command unit steps to the
/// hex behind it and is no longer Committed; the enemy's Samurai infantry
/// near it then check Banzai (RAN-TQ-8).
pub(super) fn active_withdrawal(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    busho: u32,
    unit: u32,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let u = own_unit(state, busho, unit)?.clone();
    if u.ordered {
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-already-ordered", unit = u.name),
        );
    }
    if !state.in_command(ctx, &u) {
        return refuse(
            "RAN-ORD-2",
            say!("ran-refuse-out-of-command-withdraw", unit = u.name),
        );
    }
    let Some(b) = movement::hex_behind(ctx, state, &u) else {
        return refuse("RAN-ORD-1", say!("ran-refuse-no-hex-behind", unit = u.name));
    };
    if let Some(um) = state.unit_mut(u.id) {
        um.hex = b;
        um.committed = false;
        um.ordered = true;
    }
    movement::carry_leaders(state, &u, u.hex, b);
    out.push(LogEntry::event(
        "RAN-ORD-1",
        vec![u.id],
        say!("ran-active-withdrawal", unit = u.name),
    ));
    shock::banzai(ctx, state, dice, u.id, u.hex, out);
    // RAN-LDR-2 (6.44): the Busho who ordered it checks for Seppuku.
    leader_actions::seppuku_check(ctx, state, dice, busho, out);
    Ok(())
}

/// Turns a unit in place, its order for the phase (RAN-ORD-1), paying the
/// "Change facing" rows (RAN-TER-2 [e]).
pub(super) fn face_unit(
    ctx: &RanCtx,
    state: &mut RanState,
    busho: u32,
    unit: u32,
    facing: Facing,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let u = own_unit(state, busho, unit)?.clone();
    if u.ordered {
        return refuse(
            "RAN-ORD-1",
            say!("ran-refuse-already-ordered", unit = u.name),
        );
    }
    if u.committed {
        return refuse(
            "RAN-STAT-4",
            say!("ran-refuse-committed-no-turn", unit = u.name),
        );
    }
    if facing == u.facing {
        return refuse("RAN-TER-1", say!("ran-refuse-already-facing"));
    }
    let (mp, rules) = movement::facing_cost(ctx, &u, facing);
    if mp > movement::allowance(ctx, &u, state.in_command(ctx, &u)) {
        return refuse("RAN-TER-1", say!("ran-refuse-turn-mp"));
    }
    if let Some(um) = state.unit_mut(u.id) {
        um.facing = facing;
        um.mp_used = mp;
        um.ordered = true;
        um.moved = true;
    }
    out.push(LogEntry::event(
        rules.first().map_or("RAN-TER-1", |s| s.as_str()),
        vec![u.id],
        say!("ran-changes-facing", unit = u.name, mp = mp),
    ));
    Ok(())
}

/// Reaction Facing (RAN-TQ-5): enemies the mover now threatens through a
/// flank or rear hexside may turn to face it.
pub(super) fn reaction_facing(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    mover: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(m) = state.unit(mover).cloned() else {
        return;
    };
    let ids: Vec<u32> = state
        .units
        .iter()
        .filter(|e| {
            e.side != m.side && e.active() && !e.committed && e.hex.unsigned_distance_to(m.hex) == 1
        })
        .filter(|e| ctx.arc(e.hex, e.facing, m.hex) != FacingArc::Front)
        .map(|e| e.id)
        .collect();
    for id in ids {
        let Some(e) = state.unit(id).cloned() else {
            continue;
        };
        let (ei, mi) = (ctx.infantry(&e), ctx.infantry(&m));
        // RAN-STAT-3, RAN-TQ-12: the check uses the effective TQ.
        let tqv = ctx.effective_tq(state, &e);
        let t = tqv.total();
        let r = if ei == mi { Some(d10(dice)) } else { None };
        let ok = tq::reaction_facing(r.unwrap_or(0), t, ei, mi);
        let mut entry = LogEntry::event(
            "RAN-TQ-5",
            vec![id, mover],
            say!("ran-tries-reaction-facing", unit = e.name, enemy = m.name),
        );
        if let Some(r) = r {
            entry.dice = vec![r];
            entry.die = Some("d10 (0-9)".into());
            entry.target = Some(t);
            entry.value = Some(tqv);
        }
        entry.outcome = if ok {
            say!("ran-outcome-turns-to-face")
        } else {
            say!("ran-outcome-cannot-turn")
        };
        out.push(entry);
        if ok && let Some(um) = state.unit_mut(id) {
            um.facing = Facing::towards(e.hex, m.hex);
        }
    }
}
