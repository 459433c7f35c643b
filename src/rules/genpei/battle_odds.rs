//! The odds of a battle on a unit over the state, from the functions its
//! resolution calls: the stockade's first strike ([`counter_plan`],
//! GEN-STK-5) that may stop the attack, and the defender's losses as
//! `losses::lose` and `losses::retreat` take them: its retreat path, the H&F
//! bill and Lack of Honor, the marsh roll (GEN-MSH-3), its leader's checks
//! and escape ([`losses::lone_leader_route`]).

use std::collections::{BTreeMap, BTreeSet};

use super::attack_dice::AttackKind;
use super::battle_back::counter_plan;
use super::battle_dice::Counts;
use super::battle_plan::Plan;
use super::data::Face;
use super::effects::effect;
use super::honor::{attached_leader_death_chance, leader_falls_with_unit_chance};
use super::losses;
use super::odds::{AttackOdds, Defender, attack_odds, attacker_stays, roll_distribution};
use super::state::{Attack, GenCtx, GenState};
use super::works::{defender_battles_first, marsh_attrition};

/// Unit `id` as its losses treat it ([`Defender`]), for a retreat of at
/// most `most_flags` hexes.
pub fn defender_of(ctx: &GenCtx, s: &GenState, id: u32, most_flags: u32) -> Option<Defender> {
    let v = &ctx.tables.combat;
    let die = &ctx.tables.die;
    let u = s.unit(id)?;
    let ty = ctx.unit_type(&u.kind)?;
    let path = losses::retreat_path(ctx, s, id, most_flags);
    let marsh_at = path
        .iter()
        .position(|h| ctx.marsh(*h))
        .map(|i| i as u32 + 1);
    let faces: BTreeSet<Face> = die.faces.iter().copied().collect();
    let mut marsh: BTreeMap<u32, f64> = BTreeMap::new();
    let mut marsh_kills_leader = 0.0;
    for f in &faces {
        *marsh
            .entry(marsh_attrition(*f, Some(ty.rank), v).figures)
            .or_default() += die.p(*f);
        if marsh_attrition(*f, None, v).leader_dies {
            marsh_kills_leader += die.p(*f);
        }
    }
    let leader = s.attached_leader(u).map(|l| l.id);
    // Where he would go alone, his unit destroyed after 0, 1, … hexes of
    // retreat: the same route `losses::lone_leader_escapes` takes.
    let escape_into_marsh = leader.map_or_else(Vec::new, |lid| {
        std::iter::once(u.hex)
            .chain(path.iter().copied())
            .map(|h| {
                let mut t = s.clone();
                if let Some(m) = t.unit_mut(id) {
                    m.figures = 0;
                    m.hex = h;
                }
                if let Some(l) = t.leaders.iter_mut().find(|l| l.id == lid) {
                    l.hex = h;
                }
                let r = losses::lone_leader_route(ctx, &t, lid);
                r.path
                    .last()
                    .is_some_and(|e| ctx.marsh(*e) && t.unit_at(*e).is_none())
            })
            .collect()
    });
    let p_sword = die.p(Face::Sword);
    Some(Defender {
        figures: u.figures,
        rank: ty.rank,
        leader: leader.is_some(),
        tokens: s.hf[u.side as usize],
        room: path.len() as u32,
        marsh_at,
        marsh: marsh.into_iter().map(|(n, p)| (p, n)).collect(),
        check_dies: attached_leader_death_chance(p_sword, v),
        falls_with_unit: leader_falls_with_unit_chance(p_sword, v),
        escape_into_marsh,
        marsh_kills_leader,
    })
}

/// The stockade's first strike before attack `a` (GEN-STK-5), if the
/// defender strikes first: the chance that the attack is still rolled, by
/// what the first strike changes in the defender's H&F (the tokens its
/// roll earns, less the Inspiration it pays).
pub fn first_strike(ctx: &GenCtx, s: &GenState, a: &Attack, p: &Plan) -> Option<Vec<(f64, i64)>> {
    let v = &ctx.tables.combat;
    let d = p.defender.and_then(|d| s.unit(d))?;
    let att = s.unit(a.unit)?;
    let (first, _) = defender_battles_first(s.stockade(ctx, d.hex), s.stockade(ctx, att.hex));
    if p.kind != AttackKind::Close || !first {
        return None;
    }
    let cp = counter_plan(ctx, s, d.id, a.unit, a.counter_inspire)?;
    let n = cp.dice.total().max(0) as u32;
    let dist = roll_distribution(&ctx.tables.die, n, cp.reroll_hf, cp.inspired, v.odds_hf_top);
    let room = losses::retreat_path(ctx, s, a.unit, n).len() as u32;
    let mut by: BTreeMap<i64, f64> = BTreeMap::new();
    for (c, q) in &dist {
        let e = effect(c, AttackKind::Close, &cp.striker, &cp.target, false, v);
        if attacker_stays(e.hits(), e.retreat, att.figures, room) {
            *by.entry(i64::from(e.hf_tokens) - i64::from(cp.cost))
                .or_default() += q;
        }
    }
    Some(by.into_iter().map(|(t, q)| (q, t)).collect())
}

/// The odds of attack `a` (planned as `p`, its roll distributed as `dist`)
/// on a unit, and the chance that a first strike stops it. The roll's
/// distributions are those of the attack when it is rolled; the events
/// (eliminated, blocked, grapple, the leader falls) are of the whole
/// battle.
pub fn unit_battle_odds(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    p: &Plan,
    dist: &[(Counts, f64)],
) -> Option<(AttackOdds, f64)> {
    let v = &ctx.tables.combat;
    let n = p.dice.total().max(1) as u32;
    let base = defender_of(ctx, s, p.defender?, n)?;
    let mut o = attack_odds(dist, p.kind, &p.striker, &p.target, a.grapple, &base, v);
    let Some(groups) = first_strike(ctx, s, a, p) else {
        return Some((o, 0.0));
    };
    let rolled: f64 = groups.iter().map(|g| g.0).sum();
    let (mut eliminated, mut falls) = (0.0, 0.0);
    for (q, dt) in &groups {
        let mut d = base.clone();
        d.tokens = u32::try_from((i64::from(base.tokens) + dt).max(0)).unwrap_or(u32::MAX);
        let g = attack_odds(dist, p.kind, &p.striker, &p.target, a.grapple, &d, v);
        eliminated += q * g.eliminated;
        falls += q * g.leader_falls;
    }
    o.eliminated = eliminated;
    o.leader_falls = falls;
    o.retreat_blocked *= rolled;
    o.grapple *= rolled;
    Some((o, 1.0 - rolled))
}
