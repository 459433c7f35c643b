//! One battle over the state: the resolution ([`fight`]) of what it rolls
//! and on what ([`plan`], in `battle_plan.rs`): the stockade's first strike
//! (GEN-STK-5), the roll with Sohei re-rolls and Inspiration, the effect
//! with resistances, grapples and severing (GEN-GRP-1..4), attacks on
//! palisades and stockades (GEN-PAL-4, GEN-STK-6), H&F tokens, losses,
//! retreats, battle back and taking ground. The numbers come from the pure
//! functions of [`attack_dice`](super::attack_dice) and
//! [`effects`](super::effects).

use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::attack_dice::AttackKind;
use super::battle_back::counter;
pub use super::battle_back::{CounterPlan, check_counter_inspiration, counter_plan};
use super::battle_dice::roll;
use super::battle_plan::{Plan, faces, plan, plan_inner, refuse, terrain_now};
use super::effects::{Work, demolition, effect};
use super::honor::{bonus_close_combat, inspiration_cost, lone_leader_hit};
use super::losses;
use super::naval::check_take_ground;
use super::odds::roll_distribution;
use super::state::{Attack, AttackTarget, GenCtx, GenState, Phase};
use super::works::{MarshTurn, check_take_ground_marsh, defender_battles_first};

/// Resolves `a` (already checked by [`plan`]): pays Inspiration, the
/// stockade's first strike, the roll, its effect, battle back and taking
/// ground. Sets the next phase.
///
/// # Errors
/// What [`plan`] refuses.
pub fn fight(
    ctx: &GenCtx,
    s: &mut GenState,
    a: &Attack,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let p = plan(ctx, s, a)?;
    let v = &ctx.tables.combat;
    let side = s.active;
    let Some(u) = s.unit(a.unit).cloned() else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-such-unit")));
    };
    if let Some(m) = s.unit_mut(a.unit) {
        m.battled = true;
    }
    if a.inspire > 0 {
        let (cost, _) = inspiration_cost(a.inspire, s.hf[side as usize], v);
        s.hf[side as usize] -= cost;
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![a.unit],
            say!(
                "gen-log-inspiration-paid",
                unit = u.name,
                cost = cost,
                n = a.inspire
            ),
        ));
    }
    let mut first_struck = false;
    if p.kind == AttackKind::Close
        && let Some(d) = p.defender
        && let Some(du) = s.unit(d)
    {
        let (first, rule) = defender_battles_first(s.stockade(ctx, du.hex), s.stockade(ctx, u.hex));
        if first {
            first_struck = true;
            out.push(LogEntry::event(
                rule,
                vec![d, a.unit],
                say!("gen-log-stockade-first", unit = du.name),
            ));
            counter(ctx, s, d, a.unit, true, a.counter_inspire, dice, out);
            let still = s.unit(a.unit).is_some_and(|x| x.alive() && x.hex == u.hex);
            if !still {
                s.phase = Phase::Battle;
                return Ok(());
            }
        }
    }
    let n = p.dice.total().max(0) as u32;
    let r = roll(&ctx.tables.die, n, p.reroll_hf, p.inspired, dice);
    let c = r.counts();
    let mut e = LogEntry::event(
        "GEN-DICE-2",
        vec![a.unit],
        say!("gen-log-rolls", unit = u.name, n = n, roll = r.describe()),
    );
    e.value = Some(p.dice.clone());
    e.die = Some(say!("gen-die-battle"));
    e.dice = faces(ctx, &r);
    out.push(e);
    // The state keeps the roll in English: the same game in any language
    // is the same state (its checksum, the journal's replay).
    s.last_roll = Some(format!(
        "{}: {}",
        u.name,
        crate::i18n::with_lang(crate::i18n::Lang::English, || r.describe())
    ));
    if let Some((work, need)) = p.work {
        let AttackTarget::Work(h) = a.target else {
            return Ok(());
        };
        let (fell, text) = demolition(work, c.swords, need);
        let rule = if work == Work::Palisade {
            "GEN-PAL-4"
        } else {
            "GEN-STK-6"
        };
        out.push(LogEntry::event(rule, vec![a.unit], text));
        if fell {
            match work {
                Work::Palisade => {
                    // GEN-PAL-4: "Any sword result will destroy and remove
                    // the Palisade tile": every side of its hex.
                    let tile = ctx.palisade_hex(u.hex, h).unwrap_or(h);
                    let mut sides = ctx.palisade_sides(tile);
                    if sides.is_empty() {
                        sides.push((u.hex, h));
                    }
                    for side in sides {
                        if s.palisade(ctx, side.0, side.1) {
                            s.palisades_down.push(side);
                        }
                    }
                }
                Work::Stockade => {
                    s.stockades_down.push(h);
                    let figs = terrain_now(ctx, s, h)
                        .demolish_figures
                        .max(ctx.terrain(h).demolish_figures);
                    if let Some(occ) = s.unit_at(h).map(|x| x.id) {
                        losses::lose(ctx, s, occ, figs, side, "GEN-STK-6", dice, out);
                    }
                }
            }
        }
        s.phase = Phase::Battle;
        return Ok(());
    }
    if let Some(l) = p.lone_leader {
        attack_lone_leader(ctx, s, a, l, &p, c.swords, dice, out);
        return Ok(());
    }
    let Some(d) = p.defender else {
        return Ok(());
    };
    // GEN-GRP-1 (L48: "may elect to allocate one of those sword die
    // rolls as a grapple"), GEN-GRP-4: the choice comes after the roll.
    if !a.grapple && p.kind == AttackKind::Close && c.swords > 0 && grapple_allowed(ctx, s, a) {
        out.push(LogEntry::event(
            "GEN-GRP-1",
            vec![a.unit, d],
            say!("gen-log-grapple-may-elect", unit = u.name),
        ));
        s.phase = Phase::Grapple {
            attack: a.clone(),
            roll: c,
            first_struck,
            from: u.hex,
        };
        return Ok(());
    }
    resolve_roll(ctx, s, a, &p, d, &c, first_struck, u.hex, dice, out);
    Ok(())
}

/// Whether attack `a` may turn a sword into a grapple, or a severing
/// (GEN-GRP-1, GEN-GRP-4).
pub fn grapple_allowed(ctx: &GenCtx, s: &GenState, a: &Attack) -> bool {
    let g = Attack {
        grapple: true,
        ..a.clone()
    };
    plan_inner(ctx, s, &g, false).is_ok()
}

/// The attacker's election after the roll (GEN-GRP-1, GEN-GRP-4): one
/// sword grapples (or severs), or every sword hits; then the roll takes
/// effect.
///
/// # Errors
/// GEN-GRP-1 when no roll waits for the choice, or a grapple may not be
/// made.
pub fn elect_grapple(
    ctx: &GenCtx,
    s: &mut GenState,
    grapple: bool,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) -> Result<(), Refusal> {
    let Phase::Grapple {
        attack,
        roll,
        first_struck,
        from,
    } = s.phase.clone()
    else {
        return Err(refuse("GEN-GRP-1", say!("gen-refuse-grapple-where")));
    };
    let a = Attack { grapple, ..attack };
    let p = plan_inner(ctx, s, &a, false)?;
    let Some(d) = p.defender else {
        return Err(refuse("GEN-GRP-1", say!("gen-refuse-grapple-where")));
    };
    s.phase = Phase::Battle;
    resolve_roll(ctx, s, &a, &p, d, &roll, first_struck, from, dice, out);
    Ok(())
}

/// The exact distribution of the hits of attack `a` with plan `p`:
/// entry `k` is the chance of `k` hits (GEN-DICE-1, `odds.rs`).
fn hits_odds(ctx: &GenCtx, a: &Attack, p: &Plan) -> Vec<f64> {
    let v = &ctx.tables.combat;
    let n = p.dice.total().max(0) as u32;
    let dist = roll_distribution(&ctx.tables.die, n, p.reroll_hf, p.inspired, v.odds_hf_top);
    let mut hits: Vec<f64> = Vec::new();
    for (c, pr) in &dist {
        let k = effect(c, p.kind, &p.striker, &p.target, a.grapple, v).hits() as usize;
        if hits.len() <= k {
            hits.resize(k + 1, 0.0);
        }
        hits[k] += pr;
    }
    hits
}

/// What the roll `c` of attack `a` on unit `d` does: its effect with
/// resistances, grapple or severing, H&F, losses and retreat, battle back
/// (not after a first strike) and taking ground; `from`, the attacker's
/// hex. Sets the next phase.
#[allow(clippy::too_many_arguments)]
fn resolve_roll(
    ctx: &GenCtx,
    s: &mut GenState,
    a: &Attack,
    p: &Plan,
    d: u32,
    c: &super::battle_dice::Counts,
    first_struck: bool,
    from: Hex,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let v = &ctx.tables.combat;
    let side = s.active;
    let severing = a.grapple && s.grappled_together(a.unit, d);
    let eff = effect(c, p.kind, &p.striker, &p.target, a.grapple, v);
    let mut e = LogEntry::event("GEN-DICE-1", vec![a.unit, d], {
        let (unit, hits, flags, why) = (
            s.unit(d).map_or("?", |x| x.name.as_str()),
            eff.hits(),
            eff.retreat,
            eff.reasons.join("; "),
        );
        if eff.hf_tokens > 0 {
            say!(
                "gen-log-effect-hf",
                unit = unit,
                hits = hits,
                flags = flags,
                hf = eff.hf_tokens,
                why = why
            )
        } else {
            say!(
                "gen-log-effect",
                unit = unit,
                hits = hits,
                flags = flags,
                why = why
            )
        }
    });
    // The hits are the attacker's luck, against the exact odds of the
    // roll (GEN-DICE-1), for a kept log only.
    if crate::engine::log::kept() {
        e.weigh_count(&hits_odds(ctx, a, p), eff.hits() as usize);
    }
    out.push(e);
    s.hf[side as usize] += eff.hf_tokens;
    if eff.grapple {
        let k = (a.unit.min(d), a.unit.max(d));
        if severing {
            s.grapples.retain(|g| *g != k);
            out.push(LogEntry::event(
                "GEN-GRP-4",
                vec![a.unit, d],
                say!("gen-log-grapple-severed"),
            ));
        } else if !s.grapples.contains(&k) {
            s.grapples.push(k);
            s.grapples.sort_unstable();
            out.push(LogEntry::event(
                "GEN-GRP-1",
                vec![a.unit, d],
                say!("gen-log-grapple-placed"),
            ));
        }
    }
    let before = s.unit(d).map(|x| x.hex);
    losses::lose(ctx, s, d, eff.hits(), side, "GEN-DICE-1", dice, out);
    let mut retreated = false;
    if eff.retreat > 0 && s.unit(d).is_some_and(|x| x.alive()) {
        losses::retreat(ctx, s, d, eff.retreat, side, dice, out);
        retreated = s.unit(d).map(|x| x.hex) != before;
    }
    if over(s) {
        return;
    }
    let alive = s.unit(d).is_some_and(|x| x.alive());
    if p.kind == AttackKind::Close && alive && !retreated && !first_struck {
        counter(ctx, s, d, a.unit, false, a.counter_inspire, dice, out);
    }
    if over(s) {
        return;
    }
    // Taking ground (GEN-BASE; not between ocean and land, GEN-NCB-6;
    // marsh, GEN-MSH-2).
    let attacker = s.unit(a.unit).cloned();
    s.phase = Phase::Battle;
    if let (AttackKind::Close, Some(at), Some(h)) = (p.kind, attacker, before)
        && at.alive()
        && at.hex == from
        && !s.occupied(h)
        && take_ground_allowed(ctx, s, at.id, h).is_ok()
    {
        s.phase = Phase::TakeGround {
            unit: at.id,
            hex: h,
        };
    }
}

/// A leader attacked on his own (GEN-BASE): any sword kills him, a banner
/// for the attacker; otherwise he retreats or commits seppuku. A close
/// combat that empties his hex may take ground.
#[allow(clippy::too_many_arguments)]
fn attack_lone_leader(
    ctx: &GenCtx,
    s: &mut GenState,
    a: &Attack,
    l: u32,
    p: &Plan,
    swords: u32,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let Some(ld) = s.leader(l).cloned() else {
        return;
    };
    let side = s.active;
    if lone_leader_hit(swords) {
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![a.unit, l],
            say!(
                "gen-log-lone-leader-falls",
                swords = swords,
                leader = ld.name
            ),
        ));
        losses::leader_dies(ctx, s, l, side, out);
    } else {
        out.push(LogEntry::event(
            "GEN-BASE",
            vec![a.unit, l],
            say!("gen-log-lone-leader-no-sword", leader = ld.name),
        ));
        losses::lone_leader_escapes(ctx, s, l, dice, out);
    }
    s.phase = Phase::Battle;
    if over(s) {
        return;
    }
    if p.kind == AttackKind::Close
        && !s.occupied(ld.hex)
        && take_ground_allowed(ctx, s, a.unit, ld.hex).is_ok()
    {
        s.phase = Phase::TakeGround {
            unit: a.unit,
            hex: ld.hex,
        };
    }
}

/// Whether unit `id` may take ground into `h` now.
///
/// # Errors
/// GEN-NCB-6 (between ocean and land), GEN-MSH-2 (marsh), GEN-STK-2
/// (cavalry into a stockade).
pub fn take_ground_allowed(ctx: &GenCtx, s: &GenState, id: u32, h: Hex) -> Result<(), Refusal> {
    let Some(u) = s.unit(id) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-such-unit")));
    };
    // GEN-GRP-3: "While grappled, units may not move".
    if s.grappled(id) {
        return Err(refuse("GEN-GRP-3", say!("gen-refuse-grappled-no-ground")));
    }
    check_take_ground(ctx.ocean(u.hex), ctx.ocean(h))?;
    check_take_ground_marsh(&MarshTurn {
        started_in_marsh: ctx.marsh(u.start),
        moved: u.moved > 0,
        entered_marsh: u.entered_marsh,
        took_ground: u.took_ground,
    })?;
    // GEN-STK-2: no cavalry, and no leader carried along, into a stockade.
    let carries_leader = s.attached_leader(u).is_some_and(|l| !l.ordered);
    if s.stockade(ctx, h) && (carries_leader || ctx.unit_type(&u.kind).is_some_and(|t| t.mounted)) {
        return Err(refuse("GEN-STK-2", say!("gen-refuse-cavalry-stockade")));
    }
    Ok(())
}

/// Whether the attacker may make a bonus close combat after taking ground
/// (GEN-BASE; GEN-NCB-5 at sea).
pub fn bonus_allowed(ctx: &GenCtx, s: &GenState, id: u32) -> (bool, &'static str) {
    let Some(u) = s.unit(id) else {
        return (false, "GEN-BASE");
    };
    let mounted = ctx.unit_type(&u.kind).is_some_and(|t| t.mounted);
    bonus_close_combat(mounted, ctx.ocean(u.hex), s.attached_leader(u).is_some())
}

/// Whether the game has ended.
pub fn over(s: &GenState) -> bool {
    matches!(s.phase, Phase::Over { .. })
}
