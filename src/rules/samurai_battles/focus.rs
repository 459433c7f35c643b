//! What the computer opponent searches in the Planning Phase (its optional
//! module knowledge, [`RulesHints::opponent_focus`](crate::engine::core::RulesHints::opponent_focus)).
//!
//! Orders are written one unit at a time (SBA-ORD-1: every unit may get an
//! order, written in secret), so a turn's search never multiplies: the
//! opponent decides the order of the lowest-id unit of its side that has
//! none written yet and has more than one sensible order, then the next.
//! For that unit the candidates are
//! - its default order (the scripted play, [`default_order`]), the
//!   baseline;
//! - every order without a target or destination that it may take;
//! - Assault, Fire Ranged Weapons and Move and Fire at each enemy it sees;
//! - March and Run toward each enemy it sees, and three hexes out in each of
//!   the six directions (to give ground, to flank).
//!
//! Every candidate passes [`validate_order`]. Once no unit is left, the
//! only candidate is Orders done. The focus reads the side's observation
//! only: enemy units hidden in Ambush (SBA-ORD-10) are not in it.

use hexx::{EdgeDirection, Hex};

use crate::engine::board::{Facing, HexBoard};
use crate::engine::core::Focus;

use super::battle::Battle;
use super::default_orders::default_order;
use super::order_checks::validate_order;
use super::orders::{OrderKind, OrderSpec};
use super::state::{SbaCommand, SbaCtx, SbaPhase, SbaState, read_battle};

/// Hexes out, in each of the six directions, of the March and Run
/// candidates that are not toward an enemy.
const STEP_OUT: i32 = 3;

/// The opponent's focus for `side` in `obs` (its observation), or `None`
/// outside its Planning Phase.
pub fn planning_focus(ctx: &SbaCtx, obs: &SbaState, side: u8) -> Option<Focus<SbaCommand>> {
    if obs.phase != SbaPhase::Planning || obs.game.side_to_plan() != Some(side) {
        return None;
    }
    let b = read_battle(ctx, obs);
    let mut ids: Vec<u32> = obs
        .units
        .iter()
        .filter(|u| u.side == side && !obs.game.written.contains_key(&u.id))
        .map(|u| u.id)
        .collect();
    ids.sort_unstable();
    for id in ids {
        let Some(baseline) = default_order(&b, id) else {
            continue;
        };
        let orders = unit_candidates(&b, side, id);
        if orders.len() <= 1 {
            continue;
        }
        let write = |order: OrderSpec| SbaCommand::WriteOrder {
            side,
            unit: id,
            order,
        };
        let mut candidates: Vec<SbaCommand> = orders.into_iter().map(write).collect();
        let baseline = write(baseline);
        if !candidates.contains(&baseline) {
            candidates.insert(0, baseline.clone());
        }
        return Some(Focus {
            candidates,
            baseline,
        });
    }
    let done = SbaCommand::EndPlanning { side };
    Some(Focus {
        candidates: vec![done.clone()],
        baseline: done,
    })
}

/// The distinct orders worth trying for unit `id` of `side` (see the module
/// docs), each legal under [`validate_order`], in a stable order.
pub fn unit_candidates(b: &Battle, side: u8, id: u32) -> Vec<OrderSpec> {
    let Some(u) = b.unit(id) else {
        return Vec::new();
    };
    let mut enemies: Vec<(u32, Hex)> = b
        .units
        .iter()
        .filter(|e| e.side != side && b.visible_to(e, side))
        .map(|e| (e.id, e.hex))
        .collect();
    enemies.sort_unstable_by_key(|e| e.0);
    let mut tries: Vec<OrderSpec> = OrderKind::ALL
        .into_iter()
        .filter(|k| !k.takes_target() && !k.takes_destination())
        .map(OrderSpec::plain)
        .collect();
    for &(e, _) in &enemies {
        for kind in [
            OrderKind::Assault,
            OrderKind::FireRangedWeapons,
            OrderKind::MoveAndFire,
        ] {
            tries.push(OrderSpec::at_unit(kind, e));
        }
    }
    // SBA-BASE: Defend facing each enemy (its card's Kill Zone, if any).
    for &(_, h) in &enemies {
        tries.push(OrderSpec::defend(Some(Facing::towards(u.hex, h)), None));
    }
    let mut toward: Vec<Hex> = enemies.iter().map(|e| e.1).collect();
    toward.extend(
        EdgeDirection::ALL_DIRECTIONS
            .iter()
            .map(|d| u.hex + Hex::from(*d) * STEP_OUT),
    );
    for to in toward {
        for kind in [OrderKind::March, OrderKind::Run] {
            tries.push(OrderSpec::to_hex(kind, HexBoard::to_offset(to)));
        }
    }
    let mut out: Vec<OrderSpec> = Vec::new();
    for o in tries {
        if !out.contains(&o) && validate_order(b, side, id, &o).is_ok() {
            out.push(o);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Rules;
    use crate::rules::samurai_battles::game::SamuraiBattles;
    use crate::rules::samurai_battles::game::tests::new_game;

    #[test]
    fn the_focus_is_one_units_legal_orders_with_its_default_then_orders_done() {
        let mut g = new_game(2);
        g.advance();
        let side = 0;
        let obs = SamuraiBattles::observation(&g.ctx, &g.state, side);
        let f = planning_focus(&g.ctx, &obs, side).expect("Planning");
        let legal = SamuraiBattles::legal_commands(&g.ctx, &obs, side);
        assert!(f.candidates.len() > 1 && f.candidates.len() < legal.len() / 4);
        assert!(f.candidates.contains(&f.baseline));
        for c in &f.candidates {
            assert!(legal.contains(c), "{c:?} is not legal");
        }
        let unit = |c: &SbaCommand| match c {
            SbaCommand::WriteOrder { unit, .. } => Some(*unit),
            _ => None,
        };
        let first = unit(&f.baseline).expect("an order");
        assert!(f.candidates.iter().all(|c| unit(c) == Some(first)));
        // Writing that unit's order moves the focus to a later unit; with
        // every unit written, only Orders done is left.
        let mut s = obs.clone();
        let mut d = g.dice.clone();
        let mut last = 0;
        for _ in 0..64 {
            let f = planning_focus(&g.ctx, &s, side).expect("Planning");
            if f.baseline == (SbaCommand::EndPlanning { side }) {
                assert_eq!(f.candidates, vec![f.baseline.clone()]);
                return;
            }
            let u = unit(&f.baseline).expect("an order");
            assert!(u > last, "unit {u} after {last}");
            last = u;
            SamuraiBattles::apply(
                &g.ctx,
                &mut s,
                &f.baseline,
                &mut d,
                &mut crate::engine::log::NoLog,
            )
            .expect("the default order is legal");
        }
        panic!("the focus never reached Orders done");
    }

    #[test]
    fn there_is_no_focus_outside_ones_own_planning() {
        let mut g = new_game(2);
        g.advance();
        let obs = SamuraiBattles::observation(&g.ctx, &g.state, 1);
        let to_plan = g.state.game.side_to_plan();
        assert_eq!(to_plan, Some(0));
        assert_eq!(planning_focus(&g.ctx, &obs, 1), None);
    }
}
