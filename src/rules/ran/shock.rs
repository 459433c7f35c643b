//! The shock procedure (RAN-SHOCK-1) over the game state: the refusals of
//! a shock and the enemies a unit could shock, and steps 1–2 (declaration;
//! the defender's reaction and reaction withdrawal, with Samurai Aggression,
//! RAN-TQ-8). The planned column and roll (steps 5–6) are in
//! `shock_plan.rs`, the die in `dice.rs`. Contingent coordination
//! (RAN-COORD) is in `shock_segment.rs`. Steps 3–7, the post-shock checks,
//! advance and Committed status (RAN-STAT-4) are in `shock_resolve.rs`.

use hexx::Hex;

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::i18n::{Lang, with_lang};

use super::casualties::take_hits;
use super::dice::{d10, failed_unless, roll_entry};
use super::movement;
use super::shock_plan::terrain_shifts;
use super::shock_resolve::resolve;
use super::shock_table;
use super::state::{FacingArc, PendingShock, RanCtx, RanState, in_front};
use super::tq;

/// Why a shock may not be declared, or `None` when it may: every attacker
/// is an active unit of `side` with the defender in its front hexes, has
/// not shocked this phase, may shock (RAN-WPN-4), is not a Disordered unit
/// that neither moved nor is Committed (RAN-STAT-2), and an Out-of-Command
/// one only if Committed (RAN-ORD-2).
pub fn refuse(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
    attackers: &[u32],
    defender: u32,
    charge: bool,
) -> Option<(&'static str, String)> {
    let Some(d) = state
        .unit(defender)
        .filter(|d| d.active() && d.side != side)
    else {
        let why = match state.unit(defender) {
            Some(u) if u.side == side => say!("ran-refuse-friendly-unit", unit = u.name),
            Some(u) => say!("ran-refuse-shock-inactive", unit = u.name),
            None => say!("ran-refuse-not-on-board", id = defender),
        };
        return Some(("RAN-SHOCK-1", why));
    };
    if attackers.is_empty() {
        return Some(("RAN-SHOCK-1", say!("ran-refuse-no-attacker")));
    }
    let mut seen = Vec::new();
    for a in attackers {
        if seen.contains(a) {
            return Some(("RAN-SHOCK-1", say!("ran-refuse-listed-twice", id = a)));
        }
        seen.push(*a);
        let Some(u) = state.unit(*a).filter(|u| u.active() && u.side == side) else {
            return Some((
                "RAN-SHOCK-1",
                say!("ran-refuse-not-active-friendly", id = a),
            ));
        };
        if u.shocked {
            return Some((
                "RAN-SHOCK-1",
                say!("ran-refuse-already-shocked", unit = u.name),
            ));
        }
        if u.hex.unsigned_distance_to(d.hex) != 1 || !in_front(u.hex, u.facing, d.hex) {
            return Some((
                "RAN-SHOCK-2",
                say!("ran-refuse-not-in-front", unit = u.name, enemy = d.name),
            ));
        }
        let Some(t) = ctx.utype(u) else {
            return Some(("RAN-GLO-1", say!("ran-refuse-unknown-type")));
        };
        if t.shock_column.is_none() {
            return Some((
                "RAN-WPN-4",
                say!("ran-refuse-no-shock-column", unit = u.name, kind = u.kind),
            ));
        }
        if u.disordered && !u.moved && !u.committed {
            return Some((
                "RAN-STAT-2",
                say!("ran-refuse-disordered-shock", unit = u.name),
            ));
        }
        if !state.in_command(ctx, u) && !u.committed {
            return Some((
                "RAN-ORD-2",
                say!("ran-refuse-out-of-command-shock", unit = u.name),
            ));
        }
    }
    if charge
        && !attackers
            .iter()
            .filter_map(|a| state.unit(*a))
            .filter_map(|u| ctx.utype(u))
            .any(shock_table::may_charge)
    {
        return Some(("RAN-WPN-3", say!("ran-refuse-only-kibamusha-charge")));
    }
    if terrain_shifts(ctx, state, attackers, defender).is_none() {
        return Some(("RAN-SADJ-4", say!("ran-refuse-np-hexside")));
    }
    None
}

/// The enemies `unit` could shock now.
pub fn shock_targets<'a>(
    ctx: &'a RanCtx,
    state: &'a RanState,
    unit: u32,
) -> impl Iterator<Item = u32> + 'a {
    let u = state.unit(unit).cloned();
    state
        .units
        .iter()
        .filter(move |e| {
            u.as_ref().is_some_and(|u| {
                // Only an adjacent enemy can be shocked (RAN-SHOCK-2): the
                // rest are refused without asking.
                e.side != u.side
                    && e.active()
                    && e.hex.unsigned_distance_to(u.hex) == 1
                    && refuse(ctx, state, u.side, &[u.id], e.id, false).is_none()
            })
        })
        .map(|e| e.id)
}

/// Whether the defender may react by withdrawing: its MA exceeds every
/// attacker's, a hex behind it is free, and it is not Committed unless it
/// passes RAN-TQ-2 (RAN-BASE Reaction Withdrawal).
pub fn may_withdraw(ctx: &RanCtx, state: &RanState, shock: &PendingShock) -> bool {
    let Some(d) = state.unit(shock.defender) else {
        return false;
    };
    let faster = shock
        .attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .all(|a| d.ma > a.ma);
    faster && movement::hex_behind(ctx, state, d).is_some()
}

/// Step 1 of RAN-SHOCK-1: MUST CHECK attackers test (RAN-TQ-11) and
/// Disordered Committed attackers test (RAN-TQ-3); one that fails and
/// retreats draws the enemy's Banzai (RAN-TQ-8). Returns the shock that
/// goes on, if any. A shock by units of more than one contingent has
/// rolled Coordination before (RAN-COORD, `shock_segment.rs`).
pub fn declare(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    attackers: &[u32],
    defender: u32,
    charge: bool,
    out: &mut Vec<LogEntry>,
) -> Option<PendingShock> {
    let mut attackers: Vec<u32> = attackers.to_vec();
    attackers.sort_unstable();
    for a in &attackers {
        if let Some(u) = state.unit_mut(*a) {
            u.shocked = true;
            u.must_shock = false;
        }
    }
    let mut extra = Vec::new();
    let mut going = Vec::new();
    let must_check = &ctx.tables.values.stand_ins.must_check_types;
    for a in attackers {
        let Some(u) = state.unit(a).cloned() else {
            continue;
        };
        let tq = ctx.effective_tq(state, &u);
        let t = tq.total();
        if u.disordered && u.committed {
            let r = d10(dice);
            let can = movement::hex_behind(ctx, state, &u).is_some();
            match tq::disordered_committed_shock(&ctx.tables.values.tq, r, t, can) {
                tq::DisorderedShock::Shocks => {
                    out.push(failed_unless(
                        true,
                        roll_entry(
                            "RAN-TQ-3",
                            vec![a],
                            say!("ran-disordered-committed-check", unit = u.name),
                            Some(tq),
                            Some(t),
                            r,
                            say!("ran-outcome-shocks-2-left"),
                            Some(tq::pass_chance(t)),
                        ),
                    ));
                    if extra.is_empty() {
                        // Kept in the state (a pending shock): in English,
                        // the same in every language; [`plan`] words it.
                        extra.push(with_lang(Lang::English, || {
                            shock_table::disordered_committed_shift(&ctx.tables.values.shock)
                        }));
                    }
                    going.push(a);
                }
                tq::DisorderedShock::Fails { hits, retreats } => {
                    out.push(failed_unless(
                        false,
                        roll_entry(
                            "RAN-TQ-3",
                            vec![a],
                            say!("ran-disordered-committed-check", unit = u.name),
                            Some(tq),
                            Some(t),
                            r,
                            if retreats {
                                say!("ran-outcome-fail-hits-retreats", n = hits)
                            } else {
                                say!("ran-outcome-fail-hits", n = hits)
                            },
                            Some(1.0 - tq::pass_chance(t)),
                        ),
                    ));
                    let mut retreated = false;
                    if retreats
                        && let Some(b) = movement::hex_behind(ctx, state, &u)
                        && let Some(um) = state.unit_mut(a)
                    {
                        um.hex = b;
                        um.committed = false;
                        movement::carry_leaders(state, &u, u.hex, b);
                        retreated = true;
                    }
                    // RAN-LDR-3 (L1061): the defender is the enemy here.
                    let kb = state.unit(defender).is_some_and(|x| ctx.kibamusha(x));
                    take_hits(ctx, state, dice, a, hits, kb, out);
                    // RAN-TQ-8 (L1023): "la unidad enemiga que se retira":
                    // the enemy's Samurai infantry check Banzai.
                    if retreated {
                        banzai(ctx, state, dice, a, u.hex, out);
                    }
                }
            }
            continue;
        }
        if must_check.iter().any(|k| *k == u.kind) {
            let r = d10(dice);
            let ok = tq::engages(r, t);
            out.push(failed_unless(
                ok,
                roll_entry(
                    "RAN-TQ-11",
                    vec![a],
                    say!("ran-must-check", unit = u.name),
                    Some(tq),
                    Some(t),
                    r,
                    if ok {
                        say!("ran-outcome-pass-shocks")
                    } else {
                        say!("ran-outcome-fail-no-shock")
                    },
                    Some(tq::chance_of(ok, t)),
                ),
            ));
            if !ok {
                continue;
            }
        }
        going.push(a);
    }
    if going.is_empty() {
        return None;
    }
    Some(PendingShock {
        attackers: going,
        defender,
        charge,
        extra,
    })
}

/// Step 2 without withdrawal: the defender's reaction check (RAN-TQ-10).
pub fn defender_reaction(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    shock: &PendingShock,
    out: &mut Vec<LogEntry>,
) {
    let Some(d) = state.unit(shock.defender).cloned() else {
        return;
    };
    let tqv = ctx.effective_tq(state, &d);
    let t = tqv.total();
    let mods =
        tq::defender_reaction_modifiers(&ctx.tables.values.tq, ctx.infantry(&d), shock.charge);
    let r = d10(dice);
    let hits = tq::defender_reaction_hits(r, &mods, t);
    let mut value = Itemized::new(say!("ran-value-roll"), r as i32);
    for m in &mods {
        value.add(m.name.clone(), m.value, m.rule.clone());
    }
    out.push(roll_entry(
        "RAN-TQ-10",
        vec![d.id],
        say!("ran-defender-reaction", unit = d.name, tq = t),
        Some(value),
        Some(t),
        r,
        say!("ran-outcome-hits", n = hits),
        None,
    ));
    let kb = shock
        .attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.kibamusha(a));
    take_hits(ctx, state, dice, d.id, hits, kb, out);
}

/// The shock against a defender that stands: its reaction check (RAN-TQ-10),
/// then steps 3–7 ([`resolve`]). A defender that flees on its reaction check
/// leaves before contact, and no shock is fought; one already Fled makes no
/// check and is Eliminated by the shock (RAN-BASE).
pub fn fight(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    shock: &PendingShock,
    out: &mut Vec<LogEntry>,
) {
    let Some(d) = state.unit(shock.defender).cloned() else {
        return;
    };
    if d.active() {
        defender_reaction(ctx, state, dice, shock, out);
        if !state.unit(d.id).is_some_and(|u| u.active()) {
            out.push(LogEntry::event(
                "RAN-TQ-10",
                vec![d.id],
                say!("ran-flees-before-contact", unit = d.name),
            ));
            return;
        }
    }
    resolve(ctx, state, dice, shock, out);
}

/// The defender withdraws instead (RAN-TQ-1, or RAN-TQ-2 when Committed):
/// it takes its excess hits and steps back 1 hex. Returns whether it went.
pub fn reaction_withdrawal(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    shock: &PendingShock,
    out: &mut Vec<LogEntry>,
) -> bool {
    let Some(d) = state.unit(shock.defender).cloned() else {
        return false;
    };
    let tqv = ctx.effective_tq(state, &d);
    let t = tqv.total();
    if d.committed {
        let r = d10(dice);
        let ok = tq::committed_may_withdraw(r, t);
        out.push(roll_entry(
            "RAN-TQ-2",
            vec![d.id],
            say!("ran-committed-tries-withdraw", unit = d.name),
            Some(tqv),
            Some(t),
            r,
            if ok {
                say!("ran-outcome-withdraws")
            } else {
                say!("ran-outcome-must-attack")
            },
            Some(tq::pass_chance(t)),
        ));
        if !ok {
            // RAN-TQ-2 (L1012): "en otro caso debe atacar en Choque": the
            // Committed unit shocks its lead attacker instead of standing.
            if let Some(lead) = shock.attackers.first().copied() {
                let turned = PendingShock {
                    attackers: vec![d.id],
                    defender: lead,
                    charge: false,
                    extra: Vec::new(),
                };
                if let Some(um) = state.unit_mut(d.id) {
                    um.shocked = true;
                }
                fight(ctx, state, dice, &turned, out);
            }
            return false;
        }
    }
    let flank = shock
        .attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.arc(d.hex, d.facing, a.hex) != FacingArc::Front);
    let mods = tq::withdrawal_modifiers(&ctx.tables.values.tq, flank, ctx.open_order(&d));
    let r = d10(dice);
    let hits = tq::reaction_withdrawal_hits(r, &mods, t);
    let mut value = Itemized::new(say!("ran-value-roll"), r as i32);
    for m in &mods {
        value.add(m.name.clone(), m.value, m.rule.clone());
    }
    out.push(roll_entry(
        "RAN-TQ-1",
        vec![d.id],
        say!("ran-reaction-withdrawal", unit = d.name),
        Some(value),
        Some(t),
        r,
        say!("ran-outcome-hits", n = hits),
        None,
    ));
    let old = d.hex;
    if let Some(b) = movement::hex_behind(ctx, state, &d)
        && let Some(u) = state.unit_mut(d.id)
    {
        u.hex = b;
        u.committed = false;
        movement::carry_leaders(state, &d, old, b);
    }
    // RAN-LDR-3 (L1061): an enemy Kibamusha among the attackers makes a
    // Busho caught in this retreat roll to survive.
    let kb = shock
        .attackers
        .iter()
        .any(|a| state.unit(*a).is_some_and(|u| ctx.kibamusha(u)));
    take_hits(ctx, state, dice, d.id, hits, kb, out);
    banzai(ctx, state, dice, d.id, old, out);
    true
}

/// Samurai Aggression (RAN-TQ-8): the enemy's Samurai infantry (SI, SI-B)
/// near a withdrawing unit (a Reaction or an Active Withdrawal) check; on a
/// roll ≤ TQ each moves half its MA (rounded up) toward it, passing
/// friendly units (RAN-TQ-6), and shocks it if it gets next to it.
pub(super) fn banzai(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    target: u32,
    from: Hex,
    out: &mut Vec<LogEntry>,
) {
    let Some(t) = state.unit(target).cloned() else {
        return;
    };
    let si: Vec<u32> = state
        .units
        .iter()
        .filter(|u| {
            u.side != t.side
                && u.active()
                && ctx.utype(u).is_some_and(|k| k.samurai)
                && !u.disordered
                && !u.committed
        })
        .filter(|u| u.hex.unsigned_distance_to(from) <= tq::banzai_mp(&ctx.tables.values.tq, u.ma))
        .map(|u| u.id)
        .collect();
    for id in si {
        let Some(u) = state.unit(id).cloned() else {
            continue;
        };
        if !state.unit(target).is_some_and(|x| x.active()) {
            return;
        }
        // RAN-STAT-3, RAN-TQ-12: every TQ check uses the effective TQ.
        let tqv = ctx.effective_tq(state, &u);
        let t = tqv.total();
        let r = d10(dice);
        let go = tq::banzai(r, t);
        out.push(roll_entry(
            "RAN-TQ-8",
            vec![id],
            say!("ran-banzai-check", unit = u.name),
            Some(tqv),
            Some(t),
            r,
            if go {
                say!("ran-outcome-banzai-charges")
            } else {
                say!("ran-outcome-holds")
            },
            Some(tq::pass_chance(t)),
        ));
        if !go {
            continue;
        }
        let Some(tx) = state.unit(target).map(|x| x.hex) else {
            return;
        };
        let reach = movement::reachable(
            ctx,
            state,
            &u,
            tq::banzai_mp(&ctx.tables.values.tq, u.ma),
            true,
        );
        // It moves toward the withdrawing unit as far as half its MA
        // allows, and shocks it only if it gets next to it.
        let Some((_, best)) = movement::toward(&reach, u.hex, tx) else {
            continue;
        };
        let path = best.path.clone();
        // RAN-TQ-6: Stationary friendly units passed through check.
        for h in &path[..path.len().saturating_sub(1)] {
            if let Some(s) = state.unit_at(*h).filter(|s| s.side == u.side).cloned() {
                let tqv = ctx.effective_tq(state, &s);
                let t = tqv.total();
                let r = d10(dice);
                let hits = tq::banzai_pass_through_hits(r, t);
                out.push(roll_entry(
                    "RAN-TQ-6",
                    vec![s.id],
                    say!("ran-banzai-passed-through", unit = s.name),
                    Some(tqv),
                    Some(t),
                    r,
                    say!("ran-outcome-hits", n = hits),
                    None,
                ));
                take_hits(ctx, state, dice, s.id, hits, false, out);
            }
        }
        if let (Some(end), Some(um)) = (path.last().copied(), state.unit_mut(id)) {
            um.hex = end;
            um.facing = crate::engine::board::Facing::towards(end, tx);
            um.moved = true;
        }
        if let Some(um) = state.unit_mut(id) {
            um.shocked = true;
        }
        if path.last().is_none_or(|e| e.unsigned_distance_to(tx) > 1) {
            out.push(LogEntry::event(
                "RAN-TQ-8",
                vec![id],
                say!("ran-banzai-falls-short", unit = u.name),
            ));
            continue;
        }
        let shock = PendingShock {
            attackers: vec![id],
            defender: target,
            charge: false,
            extra: Vec::new(),
        };
        fight(ctx, state, dice, &shock, out);
    }
}
