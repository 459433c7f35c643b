//! The turn sequence as plain procedures over a [`Battle`]: Morale Phase,
//! order assignment at the end of the Planning Phase, the six Execution steps,
//! and the end of the turn with the victory check (SBA-BASE turn structure).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::battle::Battle;
use super::fortitude::fortitude_test;
use super::join_up::join_up;
use super::melee::resolve_melee;
use super::morale::{MoraleLevel, TestReason};
use super::movement::{movement_step, retreat_step};
use super::order_checks::is_pursue_choice;
use super::orders::{OrderKind, OrderSpec, OrderStep};
use super::orders::{facing_name, written_facing};
use super::ranged::{can_fire_at, fire, nearest_target};

/// How a battle ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum GameResult {
    /// This side (0 or 1) won.
    Winner(u8),
    /// Equal victory points at the turn limit.
    Draw,
}

/// Start of a turn: Defense is restored (SBA-MEL-4 step 4, stand-in timing),
/// per-turn flags clear, and last turn's written orders lapse (SBA-ORD-1).
pub fn begin_turn(b: &mut Battle) {
    for u in &mut b.units {
        u.defense_lost = 0;
        u.flags.put_to_flight = false;
        u.flags.halted = false;
        u.flags.rallied = false;
        u.flags.reaction_fired = false;
        u.flags.surprised = false;
        u.order = None;
    }
    assign_forced_orders(b);
}

/// Orders forced by morale (SBA-MOR-6: Shaken → Flee, Panicked → Panic) or by
/// a failed Pursue test (SBA-ORD-8, if the fleeing unit is still on the board;
/// the obligation is spent on this turn's order).
pub fn assign_forced_orders(b: &mut Battle) {
    let present: Vec<u32> = b.ids();
    for u in &mut b.units {
        match u.morale {
            MoraleLevel::Shaken => u.order = Some(OrderSpec::plain(OrderKind::Flee)),
            MoraleLevel::Panicked => u.order = Some(OrderSpec::plain(OrderKind::Panic)),
            _ => {
                if matches!(
                    u.order.as_ref().map(|o| o.kind),
                    Some(OrderKind::Flee | OrderKind::Panic)
                ) {
                    u.order = None;
                }
            }
        }
        // The obligation is this turn's Pursue order, once (SBA-ORD-8): it
        // moves into the order and is not imposed again next turn.
        match u.flags.pursue_target.take() {
            Some(t) if present.contains(&t) && u.morale < MoraleLevel::Shaken => {
                u.order = Some(OrderSpec::at_unit(OrderKind::Pursue, t));
                // SBA-ORD-9: its owner may pursue any other of them instead.
                u.flags.pursue_candidates.retain(|c| present.contains(c));
            }
            _ => u.flags.pursue_candidates.clear(),
        }
    }
}

/// The Morale Phase (SBA-FORT-1 (4)): every unit below Normal and not in
/// melee tests, in id order. A pass improves it one level (SBA-MOR-7,
/// stand-in from the published rules); a failure changes nothing (SBA-MOR-3).
pub fn morale_phase(b: &mut Battle, dice: &mut Dice) {
    for id in b.ids() {
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        if u.morale == MoraleLevel::Normal || !u.engaged.is_empty() {
            continue;
        }
        if fortitude_test(b, dice, id, TestReason::MoralePhase) == Some(true) {
            let to = u.morale.better().unwrap_or(MoraleLevel::Normal);
            if let Some(m) = b.unit_mut(id) {
                m.morale = to;
            }
            b.note(LogEntry::event(
                "SBA-MOR-7",
                vec![id],
                say!(
                    "sba-log-recovers",
                    unit = u.name,
                    from = u.morale.name(),
                    to = to.name(),
                    markers = to.markers()
                ),
            ));
        }
    }
    assign_forced_orders(b);
}

/// End of the Planning Phase: every unit without a forced order takes its
/// written order, else the default from `default` (SBA-ORD-1).
pub fn apply_orders(
    b: &mut Battle,
    written: &BTreeMap<u32, OrderSpec>,
    default: impl Fn(&Battle, u32) -> Option<OrderSpec>,
) {
    for id in b.ids() {
        let forced = b
            .unit(id)
            .and_then(|u| u.order.as_ref())
            .is_some_and(|o| b.tables.order(o.kind).forced);
        if forced {
            // SBA-ORD-9: the owner's pick among the units that fled.
            let pick = written
                .get(&id)
                .filter(|w| b.unit(id).is_some_and(|u| is_pursue_choice(u, w)));
            if let (Some(w), Some(u)) = (pick.cloned(), b.unit_mut(id)) {
                u.order = Some(w);
            }
            continue;
        }
        let order = written.get(&id).cloned().or_else(|| default(b, id));
        if let Some(u) = b.unit_mut(id) {
            u.order = order;
        }
    }
    for id in b.ids() {
        face_written_hexside(b, id);
    }
    // Hidden units stay hidden only on an Ambush order (SBA-ORD-10).
    for id in b.ids() {
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        let ambush = b.order_kind(&u) == Some(OrderKind::Ambush);
        if ambush && !u.hidden {
            if let Some(m) = b.unit_mut(id) {
                m.hidden = true;
            }
            b.note(LogEntry::event(
                "SBA-ORD-10",
                vec![id],
                say!("sba-log-hides", unit = u.name),
            ));
        } else if !ambush && u.hidden {
            if let Some(m) = b.unit_mut(id) {
                m.hidden = false;
            }
            b.note(LogEntry::event(
                "SBA-ORD-10",
                vec![id],
                say!("sba-log-leaves-ambush", unit = u.name),
            ));
        }
    }
}

/// A unit on Defend turns to the hexside written on its order, which sets
/// its Defense Zone (SBA-BASE, base rules §2). A unit in melee keeps facing
/// its enemy (stand-in).
fn face_written_hexside(b: &mut Battle, id: u32) {
    let Some(u) = b.unit(id).cloned() else {
        return;
    };
    let Some(f) = u.order.as_ref().and_then(written_facing) else {
        return;
    };
    if !u.engaged.is_empty() || f == u.facing {
        return;
    }
    if let Some(m) = b.unit_mut(id) {
        m.facing = f;
    }
    b.note(LogEntry::event(
        "SBA-BASE",
        vec![id],
        say!(
            "sba-log-defend-faces",
            unit = u.name,
            facing = facing_name(f)
        ),
    ));
}

/// One Execution step (SBA-BASE step order): Defensive orders take effect as
/// modifiers and reaction fire; Ranged fires; Movement moves; Special joins
/// units; Melee resolves every melee; Retreat carries out Flee, Panic, Retreat.
pub fn execution_step(b: &mut Battle, dice: &mut Dice, step: OrderStep) {
    match step {
        OrderStep::Defensive => {}
        OrderStep::Ranged => {
            for id in b.ids() {
                let Some(u) = b.unit(id).cloned() else {
                    continue;
                };
                let Some(o) = u
                    .order
                    .clone()
                    .filter(|o| o.kind == OrderKind::FireRangedWeapons)
                else {
                    continue;
                };
                let target = o
                    .target
                    .filter(|t| b.unit(*t).is_some_and(|t| can_fire_at(b, &u, t, 0).is_ok()))
                    .or_else(|| nearest_target(b, &u));
                match target {
                    Some(t) => {
                        fire(b, dice, id, t, "SBA-BASE");
                    }
                    None => b.note(LogEntry::event(
                        "SBA-BASE",
                        vec![id],
                        say!("sba-log-no-target", unit = u.name),
                    )),
                }
            }
            super::melee::after_melee(b, dice);
        }
        OrderStep::Movement => movement_step(b, dice),
        OrderStep::Special => {
            for id in b.ids() {
                if b.unit(id)
                    .and_then(|u| u.order.as_ref())
                    .is_some_and(|o| o.kind == OrderKind::JoinUp)
                {
                    join_up(b, id);
                }
            }
        }
        OrderStep::Melee => resolve_melee(b, dice),
        OrderStep::Retreat => retreat_step(b, dice),
    }
    // SBA-GS-5: a General Staff destroyed or routed in any step (a Panic
    // move off the edge, a surrender on a flank test) makes its army test
    // at once, not only after Melee or Ranged fire.
    super::general_staff::resolve_dishonor(b, dice);
}

/// Victory check at the end of a turn (SBA-BASE/VICTORY stand-in): a side with
/// no units left loses; a side at `points_to_win` wins; after `turn_limit` the
/// side with more victory points wins, equal is a draw.
pub fn victory(
    b: &Battle,
    turn: u32,
    turn_limit: Option<u32>,
    points_to_win: Option<u32>,
) -> Option<GameResult> {
    let alive = |s: u8| b.units.iter().any(|u| u.side == s);
    match (alive(0), alive(1)) {
        (false, false) => return Some(GameResult::Draw),
        (true, false) => return Some(GameResult::Winner(0)),
        (false, true) => return Some(GameResult::Winner(1)),
        _ => {}
    }
    let vp = [b.armies[0].victory_points, b.armies[1].victory_points];
    if let Some(p) = points_to_win {
        match (vp[0] >= p, vp[1] >= p) {
            (true, false) => return Some(GameResult::Winner(0)),
            (false, true) => return Some(GameResult::Winner(1)),
            (true, true) => return Some(compare(vp)),
            _ => {}
        }
    }
    if turn_limit.is_some_and(|l| turn >= l) {
        return Some(compare(vp));
    }
    None
}

fn compare(vp: [u32; 2]) -> GameResult {
    match vp[0].cmp(&vp[1]) {
        std::cmp::Ordering::Greater => GameResult::Winner(0),
        std::cmp::Ordering::Less => GameResult::Winner(1),
        std::cmp::Ordering::Equal => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::{Removal, fixture::*};

    #[test]
    fn morale_phase_tests_only_units_below_normal_out_of_melee() {
        // SBA-FORT-1 (4), SBA-MOR-7, SBA-MOR-3.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "ashigaru_spearmen", (1, 1), Facing::North);
        let mut h = unit(&t, 2, 0, "ashigaru_spearmen", (3, 1), Facing::North);
        h.morale = MoraleLevel::Hesitant;
        let mut s = unit(&t, 3, 0, "ashigaru_spearmen", (5, 1), Facing::North);
        s.morale = MoraleLevel::Shaken;
        let mut m = unit(&t, 4, 0, "ashigaru_spearmen", (7, 1), Facing::North);
        m.morale = MoraleLevel::Shaken;
        m.engaged = vec![5];
        let e = unit(&t, 5, 1, "samurai_cavalry", (7, 2), Facing::South);
        let mut b = battle(vec![a, h, s, m, e], &board, &t);
        let mut d = Dice::new(0);
        d.load([1, 20]);
        begin_turn(&mut b);
        morale_phase(&mut b, &mut d);
        assert_eq!(d.rolled(), 2, "only units 2 and 3 test");
        assert_eq!(b.unit(2).map(|u| u.morale), Some(MoraleLevel::Normal));
        assert_eq!(b.unit(3).map(|u| u.morale), Some(MoraleLevel::Shaken));
        assert_eq!(
            b.unit(3).and_then(|u| u.order.as_ref()).map(|o| o.kind),
            Some(OrderKind::Flee)
        );
    }

    #[test]
    fn sba_ord_9_the_owner_chooses_which_fleeing_unit_to_pursue() {
        // D3 (L29-30; SBA-ORD-8, SBA-ORD-9): two enemies flee from the
        // cavalry's melee; it fails its one test and must Pursue. Which one
        // is "your choice if there are multiple enemy units running away".
        use crate::engine::board::HexBoard;
        use crate::rules::samurai_battles::battle::Defeat;
        use crate::rules::samurai_battles::melee::after_melee;
        use crate::rules::samurai_battles::order_checks::validate_order;
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 3));
        let n1 = HexBoard::to_offset(c.neighbor(Facing::North.edge_direction()));
        let n2 = HexBoard::to_offset(c.neighbor(Facing::NorthEast.edge_direction()));
        let a = unit(&t, 1, 0, "samurai_cavalry", (5, 3), Facing::North);
        let mut v2 = unit(&t, 2, 1, "ashigaru_spearmen", n1, Facing::South);
        v2.flags.put_to_flight = true;
        let mut v3 = unit(&t, 3, 1, "ashigaru_spearmen", n2, Facing::SouthWest);
        v3.flags.put_to_flight = true;
        let e = unit(&t, 4, 1, "ashigaru_spearmen", (9, 7), Facing::South);
        let mut b = battle(vec![a, v2, v3, e], &board, &t);
        b.defeats = vec![
            Defeat {
                loser: 2,
                winners: vec![1],
                destroyed: false,
            },
            Defeat {
                loser: 3,
                winners: vec![1],
                destroyed: false,
            },
        ];
        let mut d = Dice::new(0);
        d.load([20]);
        after_melee(&mut b, &mut d);
        begin_turn(&mut b);
        // By default it pursues the lowest id; its owner may write the other.
        let target = |b: &Battle| {
            b.unit(1)
                .and_then(|u| u.order.as_ref())
                .and_then(|o| o.target)
        };
        assert_eq!(target(&b), Some(2));
        let pick = OrderSpec::at_unit(OrderKind::Pursue, 3);
        assert!(validate_order(&b, 0, 1, &pick).is_ok());
        // Not a unit that did not flee from it, and no other order.
        let wrong = OrderSpec::at_unit(OrderKind::Pursue, 4);
        assert!(validate_order(&b, 0, 1, &wrong).is_err());
        let other = OrderSpec::to_hex(OrderKind::March, (5, 5));
        assert!(validate_order(&b, 0, 1, &other).is_err());
        let written = BTreeMap::from([(1, pick)]);
        apply_orders(&mut b, &written, |_, _| None);
        assert_eq!(target(&b), Some(3));
    }

    #[test]
    fn a_pursue_obligation_is_one_turn_s_order_not_a_lock() {
        // SBA-ORD-8: the failed test imposes Pursue for the next turn only.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "samurai_cavalry", (3, 3), Facing::North);
        a.flags.pursue_target = Some(2);
        let e = unit(&t, 2, 1, "ashigaru_spearmen", (3, 6), Facing::South);
        let mut b = battle(vec![a, e], &board, &t);
        begin_turn(&mut b);
        let kind = |b: &Battle| b.unit(1).and_then(|u| u.order.as_ref()).map(|o| o.kind);
        assert_eq!(kind(&b), Some(OrderKind::Pursue));
        // Still forced in the Planning Phase of that turn (SBA-ORD-3).
        let spec = OrderSpec::to_hex(OrderKind::March, (3, 4));
        assert_eq!(
            crate::rules::samurai_battles::order_checks::validate_order(&b, 0, 1, &spec)
                .map_err(|r| r.rule),
            Err("SBA-ORD-8".to_string())
        );
        // The next turn, with no new failure, the unit is free again.
        begin_turn(&mut b);
        assert_eq!(kind(&b), None);
        let free = crate::rules::samurai_battles::order_checks::validate_order(&b, 0, 1, &spec);
        assert!(free.is_ok(), "{free:?}");
    }

    #[test]
    fn sba_base_defend_turns_the_unit_to_its_written_facing() {
        // BD2 (base rules §2): "face a chosen hexside (Defense Zone)". The
        // written facing takes effect when the orders are revealed; a plain
        // Defend (an old save, or the default order) keeps the facing.
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "ashigaru_spearmen", (3, 3), Facing::North);
        let c = unit(&t, 2, 0, "ashigaru_spearmen", (6, 3), Facing::North);
        let e = unit(&t, 3, 1, "ashigaru_spearmen", (9, 7), Facing::South);
        let mut b = battle(vec![a, c, e], &board, &t);
        let written = BTreeMap::from([
            (1, OrderSpec::defend(Some(Facing::SouthWest), None)),
            (2, OrderSpec::plain(OrderKind::Defend)),
        ]);
        apply_orders(&mut b, &written, |_, _| None);
        assert_eq!(b.unit(1).map(|u| u.facing), Some(Facing::SouthWest));
        assert_eq!(b.unit(2).map(|u| u.facing), Some(Facing::North));
        assert!(
            b.log
                .iter()
                .any(|e| e.rule == "SBA-BASE" && e.units == vec![1]),
            "{:#?}",
            b.log
        );
    }

    #[test]
    fn victory_by_points_and_turn_limit() {
        let t = tables();
        let board = board(&t);
        let a = unit(&t, 1, 0, "ashigaru_spearmen", (1, 1), Facing::North);
        let e = unit(&t, 2, 1, "ashigaru_spearmen", (3, 7), Facing::North);
        let e2 = unit(&t, 3, 1, "ashigaru_spearmen", (5, 7), Facing::North);
        let mut b = battle(vec![a, e, e2], &board, &t);
        assert_eq!(victory(&b, 3, Some(8), Some(5)), None);
        assert_eq!(victory(&b, 8, Some(8), Some(5)), Some(GameResult::Draw));
        b.remove_unit(2, Removal::Destroyed);
        assert_eq!(victory(&b, 8, Some(8), None), Some(GameResult::Winner(0)));
        assert_eq!(
            victory(&b, 2, Some(8), Some(1)),
            Some(GameResult::Winner(0))
        );
        b.remove_unit(3, Removal::Destroyed);
        assert_eq!(victory(&b, 2, None, None), Some(GameResult::Winner(0)));
    }
}
