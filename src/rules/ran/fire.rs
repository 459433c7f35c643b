//! Fire over the game state (RAN-FIRE, RAN-BB-1, RAN-TQ-4, RAN-TQ-7): who may
//! fire at what, the itemized roll, the result, Disorder checks, Busho
//! checks on an unmodified 9, and the target's reactions.

use crate::engine::dice::Dice;
use crate::engine::log::{Itemized, LogEntry, Modifier};

use super::casualties::{self, take_hits};
use super::dice::{checked, d10, roll_entry};
use super::fire_table::{self, FireInputs};
use super::movement;
use super::shock;
use super::shock_plan;
use super::state::{FacingArc, PendingShock, RanCtx, RanState};
use super::terrain;
use super::tq;

/// A planned fire: the effect row and the itemized modifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct FirePlan {
    /// Effect row ("R5").
    pub row: String,
    /// Range in hexes.
    pub range: u32,
    /// Modifiers.
    pub mods: Vec<Modifier>,
}

/// The plan of `firers` (the first leads) at `target`, or the refusal with
/// its rule: missile units only; Committed units neither fire nor are
/// fired at (RAN-STAT-4); Out of Command only bows (RAN-ORD-2, RAN-ORD-4,
/// RAN-STAT-1); through front or flank hexsides; in range, "[Ext]" only from
/// higher elevation (RAN-FIRE-2); MP left for the fire cost (RAN-FIRE-8).
pub fn plan(
    ctx: &RanCtx,
    state: &RanState,
    side: u8,
    firers: &[u32],
    target: u32,
) -> Result<FirePlan, (&'static str, String)> {
    let Some(t) = state.unit(target).filter(|t| t.active() && t.side != side) else {
        return Err((
            "RAN-FIRE-1",
            say!("ran-refuse-not-fire-target", id = target),
        ));
    };
    if t.committed {
        return Err((
            "RAN-STAT-4",
            say!("ran-refuse-committed-target", unit = t.name),
        ));
    }
    let Some(lead) = firers.first().and_then(|f| state.unit(*f)) else {
        return Err(("RAN-FIRE-1", say!("ran-refuse-no-firer")));
    };
    let lt = ctx
        .utype(lead)
        .ok_or_else(|| ("RAN-GLO-1", say!("ran-refuse-unknown-type")))?;
    let firer_key = lt.missile.clone().ok_or_else(|| {
        (
            "RAN-FIRE-4",
            say!("ran-refuse-no-missile", unit = lead.name),
        )
    })?;
    let range = lead.hex.unsigned_distance_to(t.hex);
    let (row, ext) =
        fire_table::effect_row(&ctx.tables.fire, &firer_key, range).ok_or_else(|| {
            (
                "RAN-FIRE-4",
                say!(
                    "ran-refuse-out-of-range-for",
                    unit = t.name,
                    range = range,
                    kind = lead.kind
                ),
            )
        })?;
    let higher = ctx.board.elevation(lead.hex) > ctx.board.elevation(t.hex);
    if !fire_table::range_allowed(ext, higher) {
        return Err(("RAN-FIRE-2", say!("ran-refuse-ext-range", range = range)));
    }
    let mut seen = Vec::new();
    for f in firers {
        if seen.contains(f) {
            return Err(("RAN-FIRE-7", say!("ran-refuse-listed-twice", id = f)));
        }
        seen.push(*f);
        let Some(u) = state.unit(*f).filter(|u| u.active() && u.side == side) else {
            return Err(("RAN-FIRE-1", say!("ran-refuse-not-active-friendly", id = f)));
        };
        let Some(ut) = ctx.utype(u) else {
            return Err(("RAN-GLO-1", say!("ran-refuse-unknown-type")));
        };
        let Some(key) = ut.missile.as_ref() else {
            return Err(("RAN-FIRE-4", say!("ran-refuse-no-missile", unit = u.name)));
        };
        if u.fired || (u.ordered && !u.moved) {
            return Err(("RAN-ORD-1", say!("ran-refuse-order-used", unit = u.name)));
        }
        if u.committed {
            return Err((
                "RAN-STAT-4",
                say!("ran-refuse-committed-no-fire", unit = u.name),
            ));
        }
        if !state.in_command(ctx, u) && key == "AS-T" {
            return Err((
                "RAN-ORD-4",
                say!("ran-refuse-out-of-command-fire", unit = u.name),
            ));
        }
        // RAN-ORD-2: an Out-of-Command unit may Move or Fire, not both.
        if !state.in_command(ctx, u) && u.moved {
            return Err((
                "RAN-ORD-2",
                say!("ran-refuse-out-of-command-moved-fire", unit = u.name),
            ));
        }
        if ctx.arc(u.hex, u.facing, t.hex) == FacingArc::Rear {
            return Err(("RAN-FIRE-7", say!("ran-refuse-fire-rear", unit = u.name)));
        }
        let u_range = u.hex.unsigned_distance_to(t.hex);
        let Some((_, u_ext)) = fire_table::effect_row(&ctx.tables.fire, key, u_range) else {
            return Err((
                "RAN-FIRE-4",
                say!("ran-refuse-out-of-range-of", target = t.name, unit = u.name),
            ));
        };
        // RAN-FIRE-2 [Ext]: every unit of a Volley, not the lead alone,
        // fires at that range only from higher elevation.
        let u_higher = ctx.board.elevation(u.hex) > ctx.board.elevation(t.hex);
        if !fire_table::range_allowed(u_ext, u_higher) {
            return Err(("RAN-FIRE-2", say!("ran-refuse-ext-range", range = u_range)));
        }
        if u.moved && u.mp_used + fire_cost(ctx, u).0 > u.ma {
            return Err(("RAN-FIRE-8", say!("ran-refuse-no-mp-fire", unit = u.name)));
        }
    }
    let tt = ctx
        .utype(t)
        .ok_or_else(|| ("RAN-GLO-1", say!("ran-refuse-unknown-type")))?;
    let b = ctx.tables.battle(&ctx.scenario.battle);
    let terrain = b
        .and_then(|b| terrain::row(b, &movement::terrain_at(ctx, t.hex)))
        .map(|r| {
            (
                say!("ran-mod-target-in", terrain = r.label()),
                r.fire(),
                r.rule(),
            )
        });
    let inputs = FireInputs {
        through_flank: ctx.arc(lead.hex, lead.facing, t.hex) == FacingArc::Flank,
        terrain,
        moved: lead.moved,
        // RAN-FIRE-7 (L42): "unidades armadas con arcos (-B) disparan a KB o
        // SI": every -B firer, the mounted KB-B too.
        bows_vs_armour: firer_key.contains("-B") && tt.armoured,
        volley_units: firers.len() as u32,
        teppo_vs_ashigaru: firer_key == "AS-T" && t.kind == "AS",
        target_closed: !tt.open_order,
    };
    let mut mods = fire_table::modifiers(&ctx.tables.values.fire, &inputs);
    // RAN-TER-2 [k], [b]: the hexside features' Fire cells.
    mods.extend(hexside_modifiers(ctx, lead.hex, t.hex));
    Ok(FirePlan {
        row: row.to_string(),
        range,
        mods,
    })
}

/// The Fire cells of hexside features (RAN-TER-2; RAN-TER-OKIT-5 and the
/// slope rows): a feature marked [k] on a side of the target's hex (the
/// palisade, "sólo se aplica si el objetivo está directamente adyacente a
/// la empalizada"), counted once; and, for fire from the next hex across
/// a slope hexside (a steep level, an escarpment), the Fire cell of the
/// row of its direction, up or down from the firer (RAN-TER-2 [b]).
/// Kassen's reading (stand-in): a slope's cell counts only for fire
/// across that hexside, so from the next hex.
pub fn hexside_modifiers(ctx: &RanCtx, firer: hexx::Hex, target: hexx::Hex) -> Vec<Modifier> {
    let Some(b) = ctx.tables.battle(&ctx.scenario.battle) else {
        return Vec::new();
    };
    let mut m: Vec<Modifier> = Vec::new();
    for n in target.all_neighbors() {
        let Some(r) = ctx
            .board
            .hexside(target, n)
            .and_then(|f| terrain::row(b, &f.name))
        else {
            continue;
        };
        if r.row.fire.contains("[k]") && r.fire() != 0 && m.iter().all(|x| x.rule != r.rule()) {
            m.push(Modifier::new(
                say!("ran-mod-target-beside", terrain = r.label()),
                r.fire(),
                r.rule(),
            ));
        }
    }
    if firer.unsigned_distance_to(target) == 1
        && let Some(f) = ctx.board.hexside(firer, target)
        && terrain::is_slope(&f.name)
        && let Some(r) = terrain::row(b, &ctx.slope_row(&f.name, firer, target))
        && r.fire() != 0
    {
        m.push(Modifier::new(
            say!("ran-mod-fire-across", terrain = r.label()),
            r.fire(),
            r.rule(),
        ));
    }
    m
}

/// The MP a unit pays to fire, from the terrain table (RAN-FIRE-8, [f]).
pub fn fire_cost(ctx: &RanCtx, u: &super::state::RanUnit) -> (u32, String) {
    let name = match u.kind.as_str() {
        "AS-T" => "AS-T fire",
        "KB-B" => return (0, "RAN-TER-2".to_string()),
        _ => "AS-B / SI-B fire",
    };
    ctx.tables
        .battle(&ctx.scenario.battle)
        .and_then(|b| terrain::row(b, name))
        .map_or((0, "RAN-FIRE-8".to_string()), |r| match r.mp(true) {
            terrain::Mp::Cost(n) | terrain::Mp::Extra(n) => (n, r.rule()),
            _ => (0, r.rule()),
        })
}

/// Resolves a fire (RAN-FIRE-1..3, RAN-FIRE-7): one roll for the volley,
/// the result on the lead firer's row, then "D" (RAN-FIRE-2), a Busho check
/// on an unmodified 9 (RAN-BB-1) and the target's reactions (RAN-TQ-4,
/// RAN-TQ-7).
pub fn resolve(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    firers: &[u32],
    target: u32,
    p: &FirePlan,
    out: &mut Vec<LogEntry>,
) {
    for f in firers {
        let cost = state.unit(*f).map_or(0, |u| fire_cost(ctx, u).0);
        if let Some(u) = state.unit_mut(*f) {
            u.fired = true;
            u.ordered = true;
            u.mp_used += cost;
        }
    }
    let Some(t) = state.unit(target).cloned() else {
        return;
    };
    let raw = d10(dice);
    let sum: i32 = p.mods.iter().map(|m| m.value).sum();
    let res = fire_table::result(
        &ctx.tables.fire,
        &ctx.tables.values.fire,
        &p.row,
        raw as i32 + sum,
    );
    let mut value = Itemized::new(say!("ran-value-roll"), raw as i32);
    for m in &p.mods {
        value.add(m.name.clone(), m.value, m.rule.clone());
    }
    let lead = state
        .unit(firers[0])
        .map_or_else(String::new, |u| u.name.to_string());
    out.push(roll_entry(
        "RAN-FIRE-3",
        firers.iter().copied().chain([target]).collect(),
        say!(
            "ran-fires-at",
            lead = lead,
            target = t.name,
            range = p.range,
            row = p.row
        ),
        Some(value),
        None,
        raw,
        say!(
            "ran-fire-result",
            result = res.label(),
            modified = raw as i32 + sum
        ),
        None,
    ));
    let mut hits = res.hits;
    if res.disorder {
        if t.disordered {
            hits += 1;
            out.push(LogEntry::event(
                "RAN-FIRE-2",
                vec![target],
                say!("ran-already-disordered-extra-hit", unit = t.name),
            ));
        } else {
            let tqv = ctx.effective_tq(state, &t);
            let tv = tqv.total();
            let r = d10(dice);
            let ok = tq::passes(r as i32, tv);
            out.push(checked(
                ok,
                tq::pass_chance(tv),
                roll_entry(
                    "RAN-FIRE-2",
                    vec![target],
                    say!("ran-checks-disorder", unit = t.name),
                    Some(tqv),
                    Some(tv),
                    r,
                    if ok {
                        say!("ran-outcome-holds")
                    } else {
                        say!("ran-outcome-disordered")
                    },
                    None,
                ),
            ));
            if !ok && let Some(u) = state.unit_mut(target) {
                u.disordered = true;
            }
        }
    }
    // RAN-LDR-3 (L1061): a Busho in retreat with an enemy Kibamusha (a
    // KB-B firing) rolls to survive.
    let kb_firer = firers
        .iter()
        .any(|f| state.unit(*f).is_some_and(|u| ctx.kibamusha(u)));
    take_hits(ctx, state, dice, target, hits, kb_firer, out);
    if super::leaders::fire_checks_busho(raw, ctx.tables.values.fire.busho_check_roll)
        && let Some(b) = shock_plan::busho_on(state, t.side, t.hex)
    {
        out.push(LogEntry::event(
            "RAN-BB-1",
            vec![b],
            say!("ran-fire-busho-check"),
        ));
        casualties::busho_casualty(ctx, state, dice, b, out);
    }
    reactions(ctx, state, dice, firers[0], target, out);
}

/// A unit fired upon: a Kibamusha checks Aggression (RAN-TQ-7) and may
/// charge the firer; Samurai Infantry check Reaction Movement (RAN-TQ-4).
pub(super) fn reactions(
    ctx: &RanCtx,
    state: &mut RanState,
    dice: &mut Dice,
    firer: u32,
    target: u32,
    out: &mut Vec<LogEntry>,
) {
    let Some(t) = state
        .unit(target)
        .cloned()
        .filter(|t| t.active() && !t.committed)
    else {
        return;
    };
    let Some(f) = state.unit(firer).cloned() else {
        return;
    };
    if ctx.kibamusha(&t) {
        // RAN-STAT-3, RAN-TQ-12: the check uses the effective TQ.
        let tqv = ctx.effective_tq(state, &t);
        let tq_now = tqv.total();
        let r = d10(dice);
        let go = tq::kb_aggression(r, tq_now);
        out.push(roll_entry(
            "RAN-TQ-7",
            vec![target],
            say!("ran-kb-aggression-check", unit = t.name),
            Some(tqv),
            Some(tq_now),
            r,
            if go {
                say!("ran-outcome-charges-firer")
            } else {
                say!("ran-outcome-holds")
            },
            // The chance of the result rolled: charging is the failed check.
            Some(tq::chance_of(!go, tq_now)),
        ));
        if !go {
            return;
        }
        let budget = ctx.tables.values.stand_ins.kb_aggression_mp;
        // RAN-STAT-2 bars a Disordered unit from entering an enemy ZOC
        // "voluntarily": this move is forced, so it may.
        let mut forced = t.clone();
        forced.disordered = false;
        let reach = movement::reachable(ctx, state, &forced, budget, true);
        // RAN-TQ-7: it moves toward the firer by the most direct route,
        // as far as its MP allow, and shocks it if it gets next to it.
        let Some((h, r)) = movement::toward(&reach, t.hex, f.hex) else {
            return;
        };
        let path = r.path.clone();
        casualties::pass_through(ctx, state, dice, &t, &path, out);
        if let Some(u) = state.unit_mut(target) {
            u.hex = h;
            u.facing = crate::engine::board::Facing::towards(h, f.hex);
            u.moved = true;
            u.shocked = true;
        }
        if h.unsigned_distance_to(f.hex) > 1 {
            out.push(LogEntry::event(
                "RAN-TQ-7",
                vec![target],
                say!("ran-aggression-falls-short", unit = t.name, mp = budget),
            ));
            return;
        }
        let s = PendingShock {
            attackers: vec![target],
            defender: firer,
            charge: false,
            extra: Vec::new(),
        };
        shock::fight(ctx, state, dice, &s, out);
    } else if t.kind == "SI" {
        let tqv = ctx.effective_tq(state, &t);
        let tq_now = tqv.total();
        let r = d10(dice);
        let forced = tq::reaction_movement_forced(r, tq_now);
        out.push(roll_entry(
            "RAN-TQ-4",
            vec![target],
            say!("ran-reaction-movement-check", unit = t.name),
            Some(tqv),
            Some(tq_now),
            r,
            if forced {
                say!("ran-outcome-moves-forward")
            } else {
                say!("ran-outcome-holds")
            },
            None,
        ));
        if forced {
            let ahead = t.hex.neighbor(t.facing.edge_direction());
            let free = ctx.board.contains(ahead)
                && state.unit_at(ahead).is_none()
                && movement::step_cost(ctx, state, t.side, false, false, t.hex, ahead).is_some();
            if free && let Some(u) = state.unit_mut(target) {
                u.hex = ahead;
            }
        }
    }
}
