//! Steps 3–7 of the shock procedure (RAN-SHOCK-1) and what follows them:
//! the roll on the Shock Results table, the hits, the post-shock TQ checks,
//! advance after shock and Committed status (RAN-STAT-4).

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::i18n::{Lang, with_lang};

use super::casualties::take_hits;

use super::dice::{d10, failed_unless, roll_entry};
use super::shock_plan::{Plan, busho_on, plan};
use super::shock_table;
use super::state::{PendingShock, RanCtx, RanState, RanUnit, ShockRecord};
use super::tq;

/// Steps 3–7 and what follows (RAN-SHOCK-1): non-samurai individual
/// combat, the Busho casualty check, the column, the roll, the hits, then
/// post-shock TQ checks, advance after shock and Committed status.
pub fn resolve(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    shock: &PendingShock,
    out: &mut Vec<LogEntry>,
) {
    let attackers: Vec<u32> = shock
        .attackers
        .iter()
        .copied()
        .filter(|a| state.unit(*a).is_some_and(|u| u.active()))
        .collect();
    let Some(d) = state.unit(shock.defender).cloned() else {
        return;
    };
    if attackers.is_empty() {
        return;
    }
    if !d.active() {
        fled_defender_eliminated(state, &d, out);
        return;
    }
    let side = state.unit(attackers[0]).map_or(0, |u| u.side);
    individual_combat_step(ctx, state, dice, side, &attackers, &d, out);
    busho_casualty_checks(ctx, state, dice, side, &attackers, &d, out);
    // Steps 5–7.
    let Some(p) = plan(ctx, state, &attackers, d.id, shock.charge, &shock.extra) else {
        return;
    };
    let (ha, hd) = roll_shock(ctx, state, dice, shock, (&attackers, &d), &p, out);
    let kb_att = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.kibamusha(a));
    let kb_def = ctx.kibamusha(&d);
    take_hits(ctx, state, dice, p.lead, ha, kb_def, out);
    take_hits(ctx, state, dice, d.id, hd, kb_att, out);
    post_shock_checks(ctx, state, dice, [(p.lead, ha), (d.id, hd)], out);
    after_shock(state, &attackers, &d, p.lead, out);
}

/// A Fled defender that is shocked is Eliminated (RAN-BASE).
fn fled_defender_eliminated(state: &mut RanState, d: &RanUnit, out: &mut Vec<LogEntry>) {
    if let Some(u) = state.unit_mut(d.id)
        && !u.eliminated
        && u.fled
    {
        u.eliminated = true;
        out.push(LogEntry::event(
            "RAN-BASE",
            vec![d.id],
            say!("ran-already-fled-eliminated", unit = d.name),
        ));
    }
}

/// Step 3 (RAN-SHOCK-1): non-samurai individual combat (9.25) when Bushos
/// are stacked with units on both sides.
fn individual_combat_step(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    side: u8,
    attackers: &[u32],
    d: &RanUnit,
    out: &mut Vec<LogEntry>,
) {
    let ab = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .find_map(|a| busho_on(state, side, a.hex));
    let db = busho_on(state, d.side, d.hex);
    if let (Some(ab), Some(db)) = (ab, db) {
        super::casualties::individual_combat(ctx, state, dice, ab, db, "RAN-SHOCK-1", out);
    }
}

/// Step 4: the Busho casualty check (9.26, RAN-BB-1, RAN-BB-4) of every
/// Busho stacked with an attacker or the defender, in id order.
fn busho_casualty_checks(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    side: u8,
    attackers: &[u32],
    d: &RanUnit,
    out: &mut Vec<LogEntry>,
) {
    let mut bushos: Vec<u32> = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .filter_map(|a| busho_on(state, side, a.hex))
        .collect();
    if let Some(b) = busho_on(state, d.side, d.hex) {
        bushos.push(b);
    }
    bushos.sort_unstable();
    bushos.dedup();
    for b in bushos {
        let r = d10(dice);
        let hit = r == ctx.tables.values.fire.busho_check_roll;
        let name = state
            .leader(b)
            .map_or_else(String::new, |l| l.name.to_string());
        out.push(roll_entry(
            "RAN-BB-1",
            vec![b],
            say!(
                "ran-busho-casualty-check-shock",
                rule = "RAN-BB-4",
                leader = name
            ),
            None,
            None,
            r,
            if hit {
                say!("ran-outcome-busho-table")
            } else {
                say!("ran-outcome-safe")
            },
            Some(super::dice::chance_of(|x| {
                (x == ctx.tables.values.fire.busho_check_roll) == hit
            })),
        ));
        if hit {
            super::casualties::busho_casualty(ctx, state, dice, b, out);
        }
    }
}

/// Steps 5–7: the roll on the Shock Results table in the column of `p`
/// (RAN-CRT-2), with the doublings of RAN-SADJ-6, by `attackers` on the
/// defender `d`; logs it, keeps it as the last shock and gives the hits
/// (attacker's, defender's).
fn roll_shock(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    shock: &PendingShock,
    (attackers, d): (&[u32], &RanUnit),
    p: &Plan,
    out: &mut Vec<LogEntry>,
) -> (u32, u32) {
    let raw = d10(dice);
    let dr = shock_table::modified_roll(raw, &p.roll_mods);
    let cell = shock_table::crt_cell(&ctx.tables.crt, p.column, dr);
    let (ha, hd) = shock_table::doubled(&ctx.tables.values.shock, cell, p.positional, p.castle);
    let lead_name = state
        .unit(p.lead)
        .map_or_else(String::new, |u| u.name.to_string());
    let outcome = crt_outcome(p, dr, cell, (ha, hd));
    let what = shock_words(p, &lead_name, attackers.len(), &d.name);
    let e = roll_entry(
        "RAN-CRT-2",
        attackers.iter().copied().chain([d.id]).collect(),
        what,
        Some(crt_value(ctx, p)),
        Some(p.column),
        raw,
        outcome,
        Some(super::dice::face_chance()),
    );
    out.push(e);
    // The record is part of the state: its words in English, the same in
    // every language.
    let (title, shifts, roll_mods) = with_lang(Lang::English, || {
        let english = plan(ctx, state, attackers, d.id, shock.charge, &shock.extra);
        (
            say!("ran-shock-title", lead = lead_name, defender = d.name),
            english
                .as_ref()
                .map_or_else(|| p.shifts.clone(), |e| e.shifts.clone()),
            english.map_or_else(|| p.roll_mods.clone(), |e| e.roll_mods),
        )
    });
    state.last_shock = Some(ShockRecord {
        title,
        matrix: p.matrix.clone(),
        base: p.base,
        shifts,
        column: p.column,
        roll: raw,
        roll_mods,
        dr,
        hits: (ha, hd),
    });
    (ha, hd)
}

/// The column of the shock in items: the weapons-matrix column
/// (RAN-SADJ-1) and its shifts.
fn crt_value(ctx: &RanCtx, p: &Plan) -> Itemized {
    let mut value = Itemized::new(
        say!(
            "ran-value-weapons-matrix",
            rule = "RAN-SADJ-1",
            attacker = ctx.tables.weapons.attacker_name(&p.matrix.0),
            defender = p.matrix.1
        ),
        p.base,
    );
    for m in &p.shifts {
        value.add(m.name.clone(), m.value, m.rule.clone());
    }
    value
}

/// The outcome of the roll `dr` in words: the column, the cell, the
/// doublings of RAN-SADJ-6 (each a clause of its own) and the hits.
fn crt_outcome(p: &Plan, dr: i32, cell: (u32, u32), (ha, hd): (u32, u32)) -> String {
    let (column, a_cell, d_cell) = (p.column, cell.0, cell.1);
    let mut doubling = String::new();
    if p.positional {
        doubling.push_str(&say!("ran-crt-doubling-positional", rule = "RAN-SADJ-6"));
    }
    if p.castle {
        doubling.push_str(&say!("ran-crt-doubling-castle", rule = "RAN-SADJ-6"));
    }
    say!(
        "ran-crt-outcome",
        column = column,
        roll = dr,
        a_cell = a_cell,
        d_cell = d_cell,
        doubling = doubling,
        a_hits = ha,
        d_hits = hd
    )
}

/// Who shocks whom in words, with the roll modifiers when there are any
/// (RAN-DICE-3).
fn shock_words(p: &Plan, lead_name: &str, n: usize, defender: &str) -> String {
    if p.roll_mods.is_empty() {
        say!(
            "ran-shock-leads",
            lead = lead_name,
            n = n,
            defender = defender
        )
    } else {
        say!(
            "ran-shock-leads-roll-mods",
            dice_rule = "RAN-DICE-3",
            lead = lead_name,
            n = n,
            defender = defender,
            mods = format!("{:+}", p.roll_mods.iter().map(|m| m.value).sum::<i32>())
        )
    }
}

/// Post-shock TQ checks (RAN-BASE, RAN-SHOCK-2): each unit of `hit` that
/// took hits and still stands, in order, rolls against its effective TQ or
/// is Disordered.
fn post_shock_checks(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    hit: [(u32, u32); 2],
    out: &mut Vec<LogEntry>,
) {
    for (id, h) in hit {
        let Some(u) = state.unit(id).cloned() else {
            continue;
        };
        if h == 0 || !u.active() || u.disordered {
            continue;
        }
        let tqv = ctx.effective_tq(state, &u);
        let t = tqv.total();
        let r = d10(dice);
        let ok = tq::passes(r as i32, t);
        out.push(failed_unless(
            ok,
            roll_entry(
                "RAN-SHOCK-2",
                vec![id],
                say!("ran-post-shock-check", unit = u.name),
                Some(tqv),
                Some(t),
                r,
                if ok {
                    say!("ran-outcome-holds")
                } else {
                    say!("ran-outcome-disordered")
                },
                Some(tq::chance_of(ok, t)),
            ),
        ));
        if !ok && let Some(um) = state.unit_mut(id) {
            um.disordered = true;
        }
    }
}

/// Advance after shock, or Committed (RAN-STAT-2, RAN-STAT-4): when the
/// defender `d` is gone, the `lead` attacker, if in good order, advances
/// into its empty hex with the leaders stacked with it and the other
/// attackers are no longer Committed; otherwise every active unit of the
/// shock is Committed.
fn after_shock(
    state: &mut RanState,
    attackers: &[u32],
    d: &RanUnit,
    lead: u32,
    out: &mut Vec<LogEntry>,
) {
    let defender_gone = !state.unit(d.id).is_some_and(|u| u.active());
    if defender_gone {
        advance_after_shock(state, d, lead, out);
        for a in attackers {
            if let Some(um) = state.unit_mut(*a)
                && um.id != lead
            {
                um.committed = false;
            }
        }
    } else {
        for id in attackers.iter().copied().chain([d.id]) {
            if let Some(um) = state.unit_mut(id)
                && um.active()
            {
                um.committed = true;
            }
        }
        out.push(LogEntry::event(
            "RAN-STAT-4",
            attackers.to_vec(),
            say!("ran-shock-committed"),
        ));
    }
}

/// Advance after shock (RAN-STAT-2): the `lead` attacker, active and not
/// Disordered, moves into the defender's empty hex, no longer Committed,
/// with the leaders of its side stacked with it.
fn advance_after_shock(state: &mut RanState, d: &RanUnit, lead: u32, out: &mut Vec<LogEntry>) {
    let lead = state.unit(lead).cloned();
    if let Some(l) = lead.filter(|l| l.active() && !l.disordered)
        && state.unit_at(d.hex).is_none()
    {
        let from = l.hex;
        if let Some(um) = state.unit_mut(l.id) {
            um.hex = d.hex;
            um.committed = false;
        }
        for ld in state
            .leaders
            .iter_mut()
            .filter(|x| !x.dead && x.hex == from && x.side == l.side)
        {
            ld.hex = d.hex;
        }
        out.push(LogEntry::event(
            "RAN-STAT-2",
            vec![l.id],
            say!("ran-advances-after-shock", unit = l.name),
        ));
    }
}
