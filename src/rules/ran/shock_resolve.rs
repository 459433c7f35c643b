//! Steps 3–7 of the shock procedure (RAN-SHOCK-1) and what follows them:
//! the roll on the Shock Results table, the hits, the post-shock TQ checks,
//! advance after shock and Committed status (RAN-STAT-4).

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry};
use crate::i18n::{Lang, with_lang};

use super::casualties::take_hits;

use super::shock::{busho_on, d10, plan, roll_entry};
use super::shock_table;
use super::state::{PendingShock, RanCtx, RanState, ShockRecord};
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
        // A Fled defender that is shocked is Eliminated (RAN-BASE).
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
        return;
    }
    let side = state.unit(attackers[0]).map_or(0, |u| u.side);
    // Step 3: non-samurai individual combat (9.25), Bushos stacked on both sides.
    let ab = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .find_map(|a| busho_on(state, side, a.hex));
    let db = busho_on(state, d.side, d.hex);
    if let (Some(ab), Some(db)) = (ab, db) {
        super::casualties::individual_combat(ctx, state, dice, ab, db, "RAN-SHOCK-1", out);
    }
    // Step 4: Busho casualty check (9.26).
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
        let name = state.leader(b).map_or_else(String::new, |l| l.name.clone());
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
            Some(super::shock::chance_of(|x| {
                (x == ctx.tables.values.fire.busho_check_roll) == hit
            })),
        ));
        if hit {
            super::casualties::busho_casualty(ctx, state, dice, b, out);
        }
    }
    // Steps 5–7.
    let Some(p) = plan(ctx, state, &attackers, d.id, shock.charge, &shock.extra) else {
        return;
    };
    let raw = d10(dice);
    let dr = shock_table::modified_roll(raw, &p.roll_mods);
    let cell = shock_table::crt_cell(&ctx.tables.crt, p.column, dr);
    let (ha, hd) = shock_table::doubled(&ctx.tables.values.shock, cell, p.positional, p.castle);
    let lead_name = state
        .unit(p.lead)
        .map_or_else(String::new, |u| u.name.clone());
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
    let (column, a_cell, d_cell) = (p.column, cell.0, cell.1);
    // The doublings of RAN-SADJ-6, each a clause of its own.
    let mut doubling = String::new();
    if p.positional {
        doubling.push_str(&say!("ran-crt-doubling-positional", rule = "RAN-SADJ-6"));
    }
    if p.castle {
        doubling.push_str(&say!("ran-crt-doubling-castle", rule = "RAN-SADJ-6"));
    }
    let outcome = say!(
        "ran-crt-outcome",
        column = column,
        roll = dr,
        a_cell = a_cell,
        d_cell = d_cell,
        doubling = doubling,
        a_hits = ha,
        d_hits = hd
    );
    let what = if p.roll_mods.is_empty() {
        say!(
            "ran-shock-leads",
            lead = lead_name,
            n = attackers.len(),
            defender = d.name
        )
    } else {
        say!(
            "ran-shock-leads-roll-mods",
            dice_rule = "RAN-DICE-3",
            lead = lead_name,
            n = attackers.len(),
            defender = d.name,
            mods = format!("{:+}", p.roll_mods.iter().map(|m| m.value).sum::<i32>())
        )
    };
    let e = roll_entry(
        "RAN-CRT-2",
        attackers.iter().copied().chain([d.id]).collect(),
        what,
        Some(value),
        Some(p.column),
        raw,
        outcome,
        Some(super::shock::face_chance()),
    );
    out.push(e);
    // The record is part of the state: its words in English, the same in
    // every language.
    let (title, shifts, roll_mods) = with_lang(Lang::English, || {
        let english = plan(ctx, state, &attackers, d.id, shock.charge, &shock.extra);
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
    let kb_att = attackers
        .iter()
        .filter_map(|a| state.unit(*a))
        .any(|a| ctx.kibamusha(a));
    let kb_def = ctx.kibamusha(&d);
    take_hits(ctx, state, dice, p.lead, ha, kb_def, out);
    take_hits(ctx, state, dice, d.id, hd, kb_att, out);
    // Post-shock TQ checks (RAN-BASE): units that took hits and stand.
    for (id, h) in [(p.lead, ha), (d.id, hd)] {
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
        out.push(roll_entry(
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
        ));
        if !ok && let Some(um) = state.unit_mut(id) {
            um.disordered = true;
        }
    }
    // Advance after shock, or Committed (RAN-STAT-4).
    let defender_gone = !state.unit(d.id).is_some_and(|u| u.active());
    if defender_gone {
        let lead = state.unit(p.lead).cloned();
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
        for a in &attackers {
            if let Some(um) = state.unit_mut(*a)
                && um.id != p.lead
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
            attackers.clone(),
            say!("ran-shock-committed"),
        ));
    }
}
