//! Casualties: cohesion hits and flight (RAN-BASE, RAN-STAT), leaders in
//! retreat (RAN-LDR-3), leaders killed and replaced (RAN-BB-2, RAN-WD-2),
//! individual combat (RAN-IC), the Busho casualty table (RAN-BB), and the
//! hit a Closed-Order mover gives each friendly unit it passes through
//! (RAN-TER-2 [d]).

use hexx::Hex;

use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;
use crate::i18n::{Lang, with_lang};

use super::dice::{d10, roll_entry};
use super::leaders::{self, Role};
use super::movement;
use super::state::{RanCtx, RanLeader, RanState, RanUnit};

/// Cohesion hits on a unit: hits at or above TQ make it Fled (RAN-BASE,
/// RAN-STAT); a leader stacked with a fleeing unit is a leader in retreat
/// (RAN-LDR-3).
pub fn take_hits(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    id: u32,
    n: u32,
    kibamusha_enemy: bool,
    out: &mut Vec<LogEntry>,
) {
    if n == 0 {
        return;
    }
    let Some(u) = state.unit_mut(id) else { return };
    if !u.active() {
        return;
    }
    u.hits = (u.hits + n).min(u.tq.max(0) as u32);
    let (name, hits, tq, hex) = (u.name.clone(), u.hits, u.tq, u.hex);
    out.push(LogEntry::event(
        "RAN-DICE-2",
        vec![id],
        say!("ran-takes-hits", unit = name, n = n, hits = hits, tq = tq),
    ));
    if hits as i32 >= tq {
        let side = state.unit(id).map_or(0, |u| u.side);
        let leaders: Vec<u32> = state
            .leaders
            .iter()
            .filter(|l| !l.dead && l.side == side && l.hex == hex)
            .map(|l| l.id)
            .collect();
        if let Some(e) = movement::flee(ctx, state, id, ctx.tables.values.stand_ins.flee_hexes) {
            out.push(e);
        }
        for lid in leaders {
            leader_in_retreat(ctx, state, dice, lid, hex, kibamusha_enemy, out);
        }
    }
}

/// A leader whose unit fled (RAN-LDR-3): placed with the nearest friendly
/// unit, or, with an enemy Kibamusha involved, eliminated on 3–9.
fn leader_in_retreat(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    lid: u32,
    from: Hex,
    kb: bool,
    out: &mut Vec<LogEntry>,
) {
    let Some(l) = state.leader(lid).cloned() else {
        return;
    };
    let roll = kb.then(|| d10(dice));
    let survives = leaders::leader_in_retreat_survives(&ctx.tables.casualty, kb, roll);
    if !survives {
        out.push(roll_entry(
            "RAN-LDR-3",
            vec![lid],
            say!("ran-leader-caught-in-retreat", leader = l.name),
            None,
            None,
            roll.unwrap_or(0),
            say!("ran-outcome-captured-or-killed"),
            Some(leaders::leader_in_retreat_loss_chance(&ctx.tables.casualty)),
        ));
        kill_leader(ctx, state, lid, out);
        return;
    }
    let nearest = state
        .units
        .iter()
        .filter(|u| u.side == l.side && u.active())
        .min_by_key(|u| (u.hex.unsigned_distance_to(from), u.id))
        .map(|u| u.hex);
    if let (Some(h), Some(lm)) = (nearest, state.leader_mut(lid)) {
        lm.hex = h;
    }
    let mut e = LogEntry::event(
        "RAN-LDR-3",
        vec![lid],
        say!("ran-leader-placed", leader = l.name),
    );
    if let Some(r) = roll {
        e.dice = vec![r];
        e.die = Some("d10 (0-9)".into());
        e.outcome = say!("ran-outcome-placed");
        e.probability = Some(1.0 - leaders::leader_in_retreat_loss_chance(&ctx.tables.casualty));
    }
    out.push(e);
}

/// How far above a dead Busho's id his replacement's id is sought (again
/// and again until free): numbering, not a rule; far above the ids a
/// scenario gives, so that a replacement never takes a scenario's id.
const REPLACEMENT_ID_STEP: u32 = 100_000;

/// Kills a leader. A dead Busho whose contingent still has a unit on the
/// board is replaced by a leader with the stand-in factors of
/// `values.ron`, placed with the contingent's nearest unit (RAN-BASE); the
/// contingent's original Busho is then gone (RAN-WD-2).
pub fn kill_leader(ctx: &RanCtx, state: &mut RanState, lid: u32, out: &mut Vec<LogEntry>) {
    let Some(l) = state.leader_mut(lid) else {
        return;
    };
    l.dead = true;
    l.died_this_turn = true;
    l.finished = true;
    let l = l.clone();
    out.push(LogEntry::event(
        "RAN-BB-2",
        vec![lid],
        say!("ran-leader-dead", leader = l.name),
    ));
    if l.role != Role::Busho {
        return;
    }
    let at = state
        .units
        .iter()
        .filter(|u| u.contingent == l.contingent && u.active())
        .min_by_key(|u| (u.hex.unsigned_distance_to(l.hex), u.id))
        .map(|u| u.hex);
    let Some(at) = at else { return };
    let r = &ctx.tables.values.stand_ins.replacement;
    let mut id = lid + REPLACEMENT_ID_STEP;
    while state.leader(id).is_some() {
        id += REPLACEMENT_ID_STEP;
    }
    let new = RanLeader {
        id,
        // A name in the state: in English, the same in every language.
        name: with_lang(Lang::English, || {
            say!("ran-replacement-name", leader = l.name.as_str())
        })
        .into(),
        factors: leaders::Factors {
            initiative: 0,
            momentum: r.momentum,
            energy: r.energy,
            combat: r.combat,
            activation: l.factors.activation,
        },
        wounds: 0,
        ic_hits: 0,
        dead: false,
        finished: true,
        momentum_used: 0,
        died_this_turn: false,
        replacement: true,
        hex: at,
        ..l
    };
    out.push(LogEntry::event(
        "RAN-WD-2",
        vec![id],
        say!("ran-takes-command", leader = new.name),
    ));
    let pos = state
        .leaders
        .iter()
        .position(|x| x.id > id)
        .unwrap_or(state.leaders.len());
    state.leaders.insert(pos, new);
}

/// Individual combat between two leaders (RAN-IC-1..3, RAN-IC-5).
pub fn individual_combat(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    a: u32,
    b: u32,
    why: &str,
    out: &mut Vec<LogEntry>,
) {
    let (Some(la), Some(lb)) = (state.leader(a).cloned(), state.leader(b).cloned()) else {
        return;
    };
    let (ra, rb) = (d10(dice), d10(dice));
    let (ta, tb) = (ra as i32 + la.factors.combat, rb as i32 + lb.factors.combat);
    let (ha, hb) = leaders::individual_combat(&ctx.tables.individual, ta, tb);
    let mut e = LogEntry::event(
        "RAN-IC-2",
        vec![a, b],
        say!(
            "ran-individual-combat",
            ic_rule = "RAN-IC-1",
            a = la.name,
            a_total = ta,
            a_roll = ra,
            a_combat = la.factors.combat,
            b = lb.name,
            b_total = tb,
            b_roll = rb,
            b_combat = lb.factors.combat,
            rule = why
        ),
    );
    e.die = Some("d10 (0-9)".into());
    e.dice = vec![ra, rb];
    e.outcome = if ha == 0 && hb == 0 {
        say!("ran-outcome-ic-tie", rule = "RAN-IC-3")
    } else {
        say!(
            "ran-outcome-ic-takes",
            leader = if ha > 0 { &la.name } else { &lb.name },
            n = ha.max(hb)
        )
    };
    out.push(e);
    for (id, h) in [(a, ha), (b, hb)] {
        if h == 0 {
            continue;
        }
        let Some(l) = state.leader_mut(id) else {
            continue;
        };
        l.ic_hits += h;
        let (hits, energy, name) = (l.ic_hits, l.factors.energy, l.name.clone());
        if leaders::ic_hits_kill(hits, energy) {
            kill_leader(ctx, state, id, out);
            out.push(LogEntry::event(
                "RAN-IC-5",
                vec![id],
                say!(
                    "ran-leader-falls",
                    leader = name,
                    hits = hits,
                    energy = energy
                ),
            ));
        }
    }
    let _ = ctx;
}

/// The Busho casualty table (RAN-BB-2, RAN-BB-3) for leader `b`.
pub fn busho_casualty(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    b: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(l) = state.leader(b).cloned() else {
        return;
    };
    let r = d10(dice);
    let c = leaders::busho_casualty(&ctx.tables.casualty, r, l.factors, l.wounds);
    out.push(roll_entry(
        "RAN-BB-2",
        vec![b],
        say!("ran-busho-casualty", leader = l.name),
        None,
        None,
        r,
        c.text.clone(),
        Some(super::dice::face_chance()),
    ));
    if c.dies {
        kill_leader(ctx, state, b, out);
        return;
    }
    if let Some(lm) = state.leader_mut(b) {
        lm.factors = c.factors;
        lm.wounds = c.wounds;
        lm.finished = true;
    }
}

/// A Closed-Order mover passing through friendly units along `path` (from
/// `u`'s hex, excluded): each Stationary unit it passes takes 1 hit
/// (RAN-TER-2 [d]), logged. Used by every move, ordered or forced.
pub fn pass_through(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut crate::engine::dice::Dice,
    u: &RanUnit,
    path: &[Hex],
    out: &mut Vec<LogEntry>,
) {
    let mut prev = u.hex;
    for h in path {
        let step = movement::step_cost(
            ctx,
            state,
            u.side,
            ctx.open_column(u),
            ctx.barred_by_m(u),
            prev,
            *h,
        );
        if let Some(sid) = step.and_then(|s| s.through) {
            out.push(LogEntry::event(
                "RAN-TER-2",
                vec![sid, u.id],
                say!("ran-passes-through-stationary", unit = u.name),
            ));
            take_hits(ctx, state, dice, sid, 1, false, out);
        }
        prev = *h;
    }
}
