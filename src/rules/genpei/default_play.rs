//! Every legal command of the side to act, and the scripted default play:
//! play the card that orders the most units near the enemy, order the
//! units closest to the enemy, close in, and battle the weakest target in
//! reach. The computer opponent searches from here.

use hexx::Hex;

use crate::engine::core::Focus;
use crate::engine::dice::Dice;

use super::attack_dice::AttackKind;
use super::battle_plan::plan;
use super::data::Face;
use super::dragon::{DragonEffect, DragonTarget};
use super::movement;
use super::state::{Attack, AttackTarget, GenCtx, GenState, Phase, side_to_act};
use super::turn::{self, GenCommand, timing_now};

fn attack(unit: u32, target: AttackTarget, grapple: bool, inspire: u32, bonus: bool) -> Attack {
    Attack {
        unit,
        target,
        grapple,
        inspire,
        bonus,
        reaction_dice: 0,
        counter_inspire: 0,
    }
}

/// The enemy units and leaders alone within `u`'s longest reach (its
/// bow's range, or an arrow tower's; 1 without a bow), by id; [`plan`]
/// decides which may really be attacked.
fn targets_in_reach(ctx: &GenCtx, s: &GenState, u: &super::state::GenUnit) -> Vec<u32> {
    let reach = ctx.unit_type(&u.kind).map_or(1, |t| {
        t.ranged
            .as_ref()
            .map_or(1, |r| r.max_range.max(ctx.tables.combat.tower_range))
    });
    let mut targets: Vec<u32> = s
        .units
        .iter()
        .filter(|e| e.alive() && e.side != u.side && e.hex.unsigned_distance_to(u.hex) <= reach)
        .map(|e| e.id)
        .chain(
            s.leaders
                .iter()
                .filter(|l| {
                    !l.dead
                        && l.side != u.side
                        && s.unit_at(l.hex).is_none()
                        && l.hex.unsigned_distance_to(u.hex) <= reach
                })
                .map(|l| l.id),
        )
        .collect();
    targets.sort_unstable();
    targets
}

/// The battles unit `id` may make now, each checked by [`plan`].
fn battles(ctx: &GenCtx, s: &GenState, id: u32, bonus: bool) -> Vec<GenCommand> {
    let mut out = Vec::new();
    let Some(u) = s.unit(id) else {
        return out;
    };
    let targets = targets_in_reach(ctx, s, u);
    for t in targets {
        for (grapple, inspire) in [(false, 0), (true, 0), (false, 1)] {
            let a = attack(id, AttackTarget::Unit(t), grapple, inspire, bonus);
            if plan(ctx, s, &a).is_ok() {
                out.push(GenCommand::Battle {
                    unit: id,
                    target: a.target,
                    grapple,
                    inspire,
                });
            }
        }
    }
    if !bonus {
        for f in crate::engine::board::Facing::ALL {
            let h = u.hex.neighbor(f.edge_direction());
            let a = attack(id, AttackTarget::Work(h), false, 0, false);
            if plan(ctx, s, &a).is_ok() {
                out.push(GenCommand::Battle {
                    unit: id,
                    target: a.target,
                    grapple: false,
                    inspire: 0,
                });
            }
        }
    }
    out
}

/// The unit attack `a` is aimed at, if any.
fn attack_target_unit<'a>(s: &'a GenState, a: &Attack) -> Option<&'a super::state::GenUnit> {
    match a.target {
        AttackTarget::Unit(t) => s.unit(t),
        AttackTarget::Work(_) => None,
    }
}

/// The Leader Inspiration the defender of `attack` may buy for its battle
/// back or first strike, once an attack (GEN-STK-4, GEN-MSH-4).
fn battle_back_inspiration(ctx: &GenCtx, s: &GenState, attack: &Attack) -> Vec<GenCommand> {
    if attack.counter_inspire > 0 {
        return Vec::new();
    }
    (1..=ctx.tables.combat.inspiration_max_dice)
        .filter(|n| super::battle::check_counter_inspiration(ctx, s, attack, *n).is_ok())
        .map(|dice| GenCommand::InspireBattleBack { dice })
        .collect()
}

/// The Dragon cards `side` may play now, with every valid target.
fn dragons(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<GenCommand> {
    let mut out = Vec::new();
    let Some(now) = timing_now(s, side) else {
        return out;
    };
    let mut keys = s.dragon_hands[side as usize].clone();
    keys.dedup();
    for k in keys {
        let Some(card) = ctx.dragons.card(&k) else {
            continue;
        };
        if super::dragon::check_play(
            card,
            now,
            s.dragon_played[side as usize],
            s.hf[side as usize],
        )
        .is_err()
        {
            continue;
        }
        let targets: Vec<Option<u32>> = match card.target {
            DragonTarget::OrderedUnits | DragonTarget::Attack => vec![None],
            DragonTarget::OwnUnit | DragonTarget::EnemyUnit => s
                .units
                .iter()
                .filter(|u| u.alive())
                .map(|u| Some(u.id))
                .collect(),
            DragonTarget::Challenge => s
                .leaders
                .iter()
                .filter(|l| !l.dead)
                .map(|l| Some(l.id))
                .collect(),
        };
        for t in targets {
            if turn::check_dragon_target(ctx, s, side, &k, t).is_ok() {
                out.push(GenCommand::Dragon {
                    card: k.clone(),
                    target: t,
                });
            }
        }
    }
    out
}

/// The units and leaders the card in play may still order, by id: the
/// checks of `Order` (GEN-BASE) without copying the state.
pub fn order_options(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<u32> {
    let Some(card) = s.card.as_deref().and_then(|k| ctx.cards.card(k)) else {
        return Vec::new();
    };
    let army = turn::army(ctx, s, side);
    let held = s.hands[side as usize].len() as u32 + 1;
    let mut chosen = turn::ordered(s);
    let n = chosen.len();
    let mut out = Vec::new();
    for o in &army {
        if chosen.contains(&o.id) {
            continue;
        }
        chosen.push(o.id);
        if super::cards::check_orders(card, &chosen, &army, held).is_ok() {
            out.push(o.id);
        }
        chosen.truncate(n);
    }
    out
}

/// Every legal command of `side` now, in a stable order.
pub fn candidates(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<GenCommand> {
    let mut out = Vec::new();
    if side_to_act(s) != Some(side) {
        return out;
    }
    match &s.phase {
        Phase::Play => {
            let mut keys = s.hands[side as usize].clone();
            keys.dedup();
            out.extend(keys.into_iter().map(|card| GenCommand::PlayCard { card }));
        }
        Phase::Order => {
            out.extend(
                order_options(ctx, s, side)
                    .into_iter()
                    .map(|id| GenCommand::Order { id }),
            );
            out.push(GenCommand::OrdersDone);
        }
        Phase::Move => {
            for u in s.units.iter().filter(|u| u.ordered && u.alive()) {
                let reach = movement::reachable(ctx, s, u);
                if !reach.is_empty() {
                    out.push(GenCommand::Hold { id: u.id });
                }
                for (k, _) in reach {
                    out.push(GenCommand::Move {
                        id: u.id,
                        to: Hex::new(k.0, k.1),
                    });
                }
            }
            for l in s.leaders.iter().filter(|l| l.ordered && !l.dead) {
                for (k, _) in movement::leader_reachable(ctx, s, l.id) {
                    out.push(GenCommand::Move {
                        id: l.id,
                        to: Hex::new(k.0, k.1),
                    });
                }
            }
            out.push(GenCommand::MovesDone);
        }
        Phase::Battle => {
            for u in s
                .units
                .iter()
                .filter(|u| u.ordered && !u.battled && u.alive())
            {
                out.extend(battles(ctx, s, u.id, false));
            }
            out.push(GenCommand::BattlesDone);
        }
        Phase::Bonus { unit } => {
            out.extend(battles(ctx, s, *unit, true));
            out.push(GenCommand::Pass);
        }
        Phase::Reaction { attack } => {
            out.push(GenCommand::Pass);
            out.extend(battle_back_inspiration(ctx, s, attack));
        }
        Phase::TakeGround { .. } => {
            out.push(GenCommand::TakeGround);
            out.push(GenCommand::Pass);
        }
        Phase::Grapple { .. } => {
            out.push(GenCommand::Grapple { grapple: false });
            out.push(GenCommand::Grapple { grapple: true });
        }
        Phase::Keep { cards } => {
            let mut keys = cards.clone();
            keys.dedup();
            out.extend(keys.into_iter().map(|card| GenCommand::Keep { card }));
        }
        Phase::EndTurn => {
            out.push(GenCommand::EndTurn { dragon: false });
            if !s.dragon_deck.draw.is_empty() || !s.dragon_deck.discard.is_empty() {
                out.push(GenCommand::EndTurn { dragon: true });
            }
            if !s.dragon_played[s.active as usize] {
                let mut hand = s.dragon_hands[s.active as usize].clone();
                hand.dedup();
                out.extend(
                    hand.into_iter()
                        .map(|card| GenCommand::DiscardDragon { card }),
                );
            }
        }
        Phase::Over { .. } => {}
    }
    out.extend(dragons(ctx, s, side));
    out
}

/// Hexes from `h` to the nearest live enemy of `side`.
fn enemy_distance(s: &GenState, side: u8, h: Hex) -> u32 {
    s.units
        .iter()
        .filter(|u| u.alive() && u.side != side)
        .map(|u| u.hex.unsigned_distance_to(h))
        .min()
        .unwrap_or(99)
}

/// A rough worth of a battle from its plan: expected hits over the
/// target's figures, a leader alone worth more (a banner).
fn plan_worth(ctx: &GenCtx, p: &super::battle_plan::Plan, inspire: u32) -> f64 {
    let n = f64::from(p.dice.total().max(0));
    let die = &ctx.tables.die;
    if p.lone_leader.is_some() {
        return 1.5 * (1.0 - (1.0 - die.p(Face::Sword)).powf(n));
    }
    match p.work {
        Some(_) => 0.2 * n * die.p(Face::Sword),
        None => {
            let mut q = die.p(p.target.rank.face());
            if p.kind == AttackKind::Close {
                q += 0.5 * die.p(Face::Sword);
            }
            n * q / f64::from(p.figures.max(1)) - 0.05 * f64::from(inspire)
        }
    }
}

/// The scripted play's best battle now: each ordered unit yet to battle
/// (or the bonus unit) against each target in reach, plain, or with one
/// die of Inspiration when the army has tokens to spare; the best worth.
fn best_battle(ctx: &GenCtx, s: &GenState, side: u8) -> Option<GenCommand> {
    let bonus = match s.phase {
        Phase::Bonus { unit } => Some(unit),
        _ => None,
    };
    let spare = s.hf[side as usize] >= 3;
    let mut best: Option<(f64, GenCommand)> = None;
    for u in s
        .units
        .iter()
        .filter(|u| u.alive() && bonus.map_or(u.ordered && !u.battled, |b| b == u.id))
    {
        let targets = targets_in_reach(ctx, s, u);
        for t in targets {
            // A stronger boat grapples a weaker one to hold it for the kill
            // (GEN-GRP-1); the grapple costs a sword's hit.
            let grapple = s.unit(t).is_some_and(|e| {
                ctx.ocean(e.hex)
                    && e.hex.unsigned_distance_to(u.hex) == 1
                    && (ctx.ocean(u.hex) || ctx.shore(u.hex))
                    && u.figures > e.figures
                    && !s.grappled_together(u.id, t)
            });
            for inspire in [0, 1] {
                if inspire == 1 && !(spare && super::battle_plan::inspiring_leader(ctx, s, u.id)) {
                    continue;
                }
                let a = attack(
                    u.id,
                    AttackTarget::Unit(t),
                    grapple,
                    inspire,
                    bonus.is_some(),
                );
                let Ok(p) = plan(ctx, s, &a) else {
                    continue;
                };
                let w = plan_worth(ctx, &p, inspire);
                if best.as_ref().is_none_or(|b| w > b.0 + 1e-9) {
                    best = Some((
                        w,
                        GenCommand::Battle {
                            unit: u.id,
                            target: a.target,
                            grapple,
                            inspire,
                        },
                    ));
                }
            }
        }
    }
    best.filter(|b| b.0 > 0.0).map(|b| b.1)
}

/// The scripted play's command for `side` now.
pub fn default_command(ctx: &GenCtx, s: &GenState, side: u8) -> Option<GenCommand> {
    if side_to_act(s) != Some(side) {
        return None;
    }
    match &s.phase {
        Phase::Play => {
            // The card that may order the most units within 4 hexes of the enemy.
            let mut keys = s.hands[side as usize].clone();
            keys.dedup();
            let army = turn::army(ctx, s, side);
            let held = s.hands[side as usize].len() as u32;
            let mut best: Option<(i64, GenCommand)> = None;
            for card in keys {
                let Some(cc) = ctx.cards.card(&card) else {
                    continue;
                };
                let near = army
                    .iter()
                    .filter(|o| super::cards::check_orders(cc, &[o.id], &army, held).is_ok())
                    .filter(|o| {
                        s.unit(o.id)
                            .is_some_and(|u| enemy_distance(s, side, u.hex) <= 4)
                    })
                    .count() as i64;
                let limit = i64::from(super::cards::order_limit(cc, &army, held));
                let score = near.min(limit) * 10 + limit;
                if best.as_ref().is_none_or(|b| score > b.0) {
                    best = Some((score, GenCommand::PlayCard { card }));
                }
            }
            best.map(|b| b.1)
        }
        Phase::Order => {
            let mut orders: Vec<(u32, u32)> = order_options(ctx, s, side)
                .into_iter()
                .filter_map(|id| {
                    let h = s.unit(id).map(|u| u.hex)?;
                    Some((enemy_distance(s, side, h), id))
                })
                .collect();
            orders.sort_unstable();
            orders
                .first()
                .map(|(_, id)| GenCommand::Order { id: *id })
                .or(Some(GenCommand::OrdersDone))
        }
        Phase::Move => {
            for u in s
                .units
                .iter()
                .filter(|u| u.ordered && u.alive() && u.moved == 0 && !u.embarked)
            {
                let d0 = enemy_distance(s, side, u.hex);
                let ranged = ctx.unit_type(&u.kind).and_then(|t| t.ranged.clone());
                if d0 <= 1
                    || ranged
                        .as_ref()
                        .is_some_and(|r| d0 >= r.min_range && d0 <= r.max_range)
                {
                    continue;
                }
                let mb = ctx.unit_type(&u.kind).map_or(1, |t| t.move_and_battle);
                let mut best: Option<((u32, u32, i32, i32), Hex)> = None;
                for (k, path) in movement::reachable(ctx, s, u) {
                    let to = Hex::new(k.0, k.1);
                    if ctx.ocean(to) != ctx.ocean(u.hex) {
                        continue;
                    }
                    let d = enemy_distance(s, side, to);
                    let over = u32::from(path.len() as u32 > mb);
                    let key = (d, over, k.0, k.1);
                    if d < d0 && best.as_ref().is_none_or(|b| key < b.0) {
                        best = Some((key, to));
                    }
                }
                if let Some((_, to)) = best {
                    return Some(GenCommand::Move { id: u.id, to });
                }
            }
            Some(GenCommand::MovesDone)
        }
        Phase::Battle | Phase::Bonus { .. } => {
            best_battle(ctx, s, side).or(Some(if matches!(s.phase, Phase::Bonus { .. }) {
                GenCommand::Pass
            } else {
                GenCommand::BattlesDone
            }))
        }
        Phase::Reaction { attack } => {
            // One die of Inspiration for the battle back when the army has
            // tokens to spare, as for its own attacks.
            let inspire = GenCommand::InspireBattleBack { dice: 1 };
            if s.hf[side as usize] >= 3
                && battle_back_inspiration(ctx, s, attack).contains(&inspire)
            {
                return Some(inspire);
            }
            dragons(ctx, s, side)
                .into_iter()
                .find(|c| {
                    matches!(c, GenCommand::Dragon { card, .. }
                    if ctx.dragons.card(card).is_some_and(|d| matches!(d.effect, DragonEffect::Dice(n) if n < 0)))
                })
                .or(Some(GenCommand::Pass))
        }
        // A stronger boat grapples a weaker one to hold it for the kill
        // (GEN-GRP-1); it never severs.
        Phase::Grapple { attack, .. } => {
            let grapple = match (s.unit(attack.unit), attack_target_unit(s, attack)) {
                (Some(u), Some(e)) => u.figures > e.figures && !s.grappled_together(u.id, e.id),
                _ => false,
            };
            Some(GenCommand::Grapple { grapple })
        }
        Phase::TakeGround { hex, .. } => Some(if ctx.marsh(*hex) {
            GenCommand::Pass
        } else {
            GenCommand::TakeGround
        }),
        Phase::Keep { cards } => cards
            .first()
            .map(|card| GenCommand::Keep { card: card.clone() }),
        Phase::EndTurn => Some(
            if s.dragon_hands[side as usize].len() < 2
                && (!s.dragon_deck.draw.is_empty() || !s.dragon_deck.discard.is_empty())
            {
                GenCommand::EndTurn { dragon: true }
            } else {
                GenCommand::EndTurn { dragon: false }
            },
        ),
        Phase::Over { .. } => None,
    }
}

/// The computer opponent's search: in the Move and Battle steps the
/// commands of one unit at a time (the scripted play's unit), the pass and
/// the Dragon cards; the orders follow the scripted play; elsewhere
/// everything.
pub fn focus(ctx: &GenCtx, obs: &GenState, side: u8) -> Option<Focus<GenCommand>> {
    let baseline = default_command(ctx, obs, side)?;
    let legal = candidates(ctx, obs, side);
    let unit_of = |c: &GenCommand| match c {
        GenCommand::Move { id, .. } | GenCommand::Order { id } | GenCommand::Hold { id } => {
            Some(*id)
        }
        GenCommand::Battle { unit, .. } => Some(*unit),
        _ => None,
    };
    let candidates: Vec<GenCommand> = match (&obs.phase, unit_of(&baseline)) {
        // Which units a card orders follows the scripted choice (the card
        // itself, the moves and the battles are searched).
        (Phase::Order, _) => vec![baseline.clone()],
        (Phase::Move | Phase::Battle, Some(u)) => legal
            .into_iter()
            .filter(|c| unit_of(c).is_none_or(|x| x == u))
            .collect(),
        _ => legal,
    };
    if !candidates.contains(&baseline) {
        return None;
    }
    Some(Focus {
        candidates,
        baseline,
    })
}

/// The scripted play's commands for the whole decision of `side` now: in
/// the Order and Move steps every order or move and the step's end, worked
/// out on a copy, up to the first that rolls (a move into marsh,
/// GEN-MSH-3); elsewhere one command, since a battle's dice decide what
/// comes next (each battle is a decision of its own, see
/// `turn::phase_words`).
pub fn default_sequence(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<GenCommand> {
    let mut out = Vec::new();
    let mut t = s.clone();
    let mut d = Dice::new(0);
    while out.len() < 64 && side_to_act(&t) == Some(side) {
        let Some(c) = default_command(ctx, &t, side) else {
            break;
        };
        let step = std::mem::discriminant(&t.phase);
        let multi = matches!(t.phase, Phase::Order | Phase::Move);
        let rolled = d.rolled();
        if turn::apply(ctx, &mut t, &c, &mut d, &mut Vec::new()).is_err() {
            break;
        }
        out.push(c);
        // A move into marsh rolls (GEN-MSH-3): what follows depends on the
        // real roll, not the copy's, so the sequence stops there.
        if !multi || std::mem::discriminant(&t.phase) != step || d.rolled() != rolled {
            break;
        }
    }
    out
}
