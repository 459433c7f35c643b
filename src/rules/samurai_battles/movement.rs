//! Movement in the Execution Phase: ordered moves with Zone of Control
//! (SBA-BASE/ZOC), Pursue (SBA-ORD-9), Flee (SBA-ORD-6) with the Rally Point
//! (SBA-GS-4), Panic (SBA-ORD-7) and Retreat (SBA-MEL-1).

use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;
use crate::engine::units::UnitClass;

use super::battle::{Battle, PAIR_WINDOW, Removal, SbaUnit};
use super::general_staff::rally_point;
use super::melee::{Approach, after_melee, approach, engage};
use super::orders::{OrderKind, OrderMovement, OrderSpec, OrderStep, destination, order_name};
use super::ranged::{can_fire_at, fire, nearest_target, reaction_fire, start_of_move_fire};

/// Hexes a unit moves at its fastest rate: 2 infantry, 4 cavalry (SBA-ORD-6,
/// SBA-ORD-7, SBA-ORD-9).
pub fn fastest_rate(b: &Battle, u: &SbaUnit) -> u32 {
    match b.stats(u).class {
        UnitClass::Infantry => b.tables.units.fastest_infantry,
        UnitClass::Cavalry => b.tables.units.fastest_cavalry,
    }
}

fn is_cavalry(b: &Battle, u: &SbaUnit) -> bool {
    b.stats(u).class == UnitClass::Cavalry
}

/// Enemies whose Zone of Control covers `h` for `u`: visible, not engaged
/// (engaged units have none), not fleeing. A unit on Defend, Ambush or Fire
/// and Retreat has a Defense Zone instead: only the hexes in its front arc
/// (SBA-BASE, base rules §2). Lowest id first.
pub fn zoc_enemies(b: &Battle, u: &SbaUnit, h: Hex) -> Vec<u32> {
    b.units
        .iter()
        .filter(|e| {
            e.side != u.side
                && e.hex.unsigned_distance_to(h) == 1
                && e.engaged.is_empty()
                && !e.flags.put_to_flight
                && !e.hidden
                && (!has_defense_zone(b, e)
                    || approach(b.tables.units.facing_arcs, e.facing, e.hex, h) == Approach::Front)
                && melee_across(b, e.hex, h)
        })
        .map(|e| e.id)
        .collect()
}

/// Whether a melee may link units in hexes `a` and `b`: not across an
/// abrupt slope (SBA-BASE, base rules §2; units.ron `slope_limits`).
pub fn melee_across(b: &Battle, a: Hex, h: Hex) -> bool {
    (b.board.elevation(a) - b.board.elevation(h)).abs()
        < b.tables.units.slope_limits.no_melee_climb_from
}

/// Whether `e`'s order gives it a Defense Zone instead of a Zone of Control
/// (SBA-BASE, base rules §2: Defend, Ambush, Fire and Retreat).
pub fn has_defense_zone(b: &Battle, e: &SbaUnit) -> bool {
    matches!(
        b.order_kind(e),
        Some(OrderKind::Defend | OrderKind::Ambush | OrderKind::FireAndRetreat)
    )
}

/// "1 hex", "2 hexes".
fn hexes(n: u32) -> String {
    say!("sba-hexes", n = n)
}

/// Moves one step and turns the unit to face the way it moved.
fn step_to(b: &mut Battle, id: u32, to: Hex) {
    if let Some(u) = b.unit_mut(id) {
        if let Some(f) = Facing::towards_neighbor(u.hex, to) {
            u.facing = f;
        }
        u.hex = to;
    }
}

/// The path a unit's Movement-step order takes (SBA-BASE): at its target
/// (the fastest way for a Fastest order, ending next to it; else the
/// cheapest way), or to the order's written hex. Hexes held by a visible
/// unit are closed; a hidden enemy's hex is open (the mover bumps into it).
/// `None` with no goal or no way. [`movement_step`] moves along it and the
/// melee odds read where it ends.
pub fn order_path(b: &Battle, u: &SbaUnit, order: &OrderSpec) -> Option<Vec<Hex>> {
    let target = order.target.and_then(|t| b.unit(t));
    let goal = match (target, destination(order)) {
        (Some(t), _) => t.hex,
        (None, Some(h)) => h,
        (None, None) => return None,
    };
    let cav = is_cavalry(b, u);
    // The hexes held by a unit the mover sees, gathered once: the search
    // asks of each hex it reaches, and a large army is not walked each time.
    let held: std::collections::BTreeSet<(i32, i32)> = b
        .units
        .iter()
        .filter(|o| !(o.hidden && o.side != u.side))
        .map(|o| (o.hex.x, o.hex.y))
        .collect();
    let visible_free = |h: Hex| !held.contains(&(h.x, h.y));
    if b.tables.order(order.kind).movement == OrderMovement::Fastest {
        b.board.shortest_path_to(u.hex, cav, visible_free, |h| {
            h == goal || (target.is_some() && h.unsigned_distance_to(goal) == 1 && visible_free(h))
        })
    } else {
        b.board.cheapest_path(u.hex, goal, cav, visible_free)
    }
}

/// What a Movement-step order of `kind` lets unit `u` spend this turn, and
/// whether it counts hexes rather than movement points: its movement
/// points, doubled by a Double-rate order (`orders.ron`
/// `double_move_factor`), or its fastest rate in hexes (SBA-BASE,
/// SBA-ORD-6/7/9).
pub fn move_budget(b: &Battle, u: &SbaUnit, kind: OrderKind) -> (u32, bool) {
    match b.tables.order(kind).movement {
        OrderMovement::Double => (
            b.stats(u).move_points * b.tables.orders.double_move_factor,
            false,
        ),
        OrderMovement::Fastest => (fastest_rate(b, u), true),
        _ => (b.stats(u).move_points, false),
    }
}

/// What one step from `from` to `to` costs (SBA-BASE terrain costs, or 1
/// when the order counts hexes); `u32::MAX` where it may not go.
fn step_price(b: &Battle, cav: bool, by_hexes: bool, from: Hex, to: Hex) -> u32 {
    if by_hexes {
        1
    } else {
        b.board.step_cost(from, to, cav).unwrap_or(u32::MAX)
    }
}

/// Where unit `u`'s Movement-step `order` takes it if nothing else moves
/// first: the hexes of [`order_path`] after its own, how many of them it
/// enters this turn, the points it spends on them and its budget
/// ([`move_budget`]). This turn's move stops as [`movement_step`] stops it
/// when the next step costs more than is left (the first step is always
/// allowed) and on entering an enemy's Zone of Control. `None` for an order
/// that does not move, with no way, or that stays put this turn.
pub fn planned_move(b: &Battle, u: &SbaUnit, order: &OrderSpec) -> Option<PlannedMove> {
    if b.tables.order(order.kind).step != OrderStep::Movement {
        return None;
    }
    let path = order_path(b, u, order)?;
    let (budget, by_hexes) = move_budget(b, u, order.kind);
    let cav = is_cavalry(b, u);
    let (mut entered, mut spent) = (Vec::new(), 0u32);
    for w in path.windows(PAIR_WINDOW) {
        let cost = step_price(b, cav, by_hexes, w[0], w[1]);
        if cost == u32::MAX || (spent + cost > budget && !entered.is_empty()) {
            break;
        }
        spent = spent.saturating_add(cost);
        entered.push(w[1]);
        if !zoc_enemies(b, u, w[1]).is_empty() || spent >= budget {
            break;
        }
    }
    let hexes = path.into_iter().skip(1).collect();
    (!entered.is_empty()).then_some(PlannedMove {
        hexes,
        now: entered.len(),
        spent,
        budget,
    })
}

/// A Movement-step order's way ([`planned_move`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlannedMove {
    /// The hexes of the path, the unit's own left out.
    pub hexes: Vec<Hex>,
    /// How many of them it enters this turn.
    pub now: usize,
    /// Movement points (or hexes, at the fastest rate) spent this turn.
    pub spent: u32,
    /// What it may spend a turn.
    pub budget: u32,
}

/// Whether unit `id` carries out a Movement-step order now (Assault, March,
/// Move and Fire, Run, Pursue; SBA-BASE step order): it is on the board,
/// not engaged, not stopped (SBA-ORD-5, SBA-GS-4) and not Put to Flight.
fn moves_this_step(b: &Battle, id: u32) -> bool {
    b.unit(id).is_some_and(|u| {
        matches!(
            b.order_kind(u),
            Some(
                OrderKind::Assault
                    | OrderKind::March
                    | OrderKind::MoveAndFire
                    | OrderKind::Run
                    | OrderKind::Pursue
            )
        ) && u.engaged.is_empty()
            && !u.flags.halted
            && !u.flags.put_to_flight
    })
}

/// Logs the Movement-step move of unit `id` from `start` (SBA-BASE; Pursue,
/// straight at the fleeing unit at the fastest rate, SBA-ORD-9).
fn note_move(b: &mut Battle, id: u32, start: Hex, moved: u32, order: &OrderSpec) {
    let Some(now) = b.unit(id) else {
        return;
    };
    let (c0, r0) = HexBoard::to_offset(start);
    let (c1, r1) = HexBoard::to_offset(now.hex);
    let name = now.name.clone();
    let rule = if order.kind == OrderKind::Pursue {
        "SBA-ORD-9"
    } else {
        "SBA-BASE"
    };
    let row = b.tables.order(order.kind);
    b.note(LogEntry::event(
        rule,
        vec![id],
        say!(
            "sba-log-moves",
            unit = name,
            order = order_name(row),
            c0 = c0,
            r0 = r0,
            c1 = c1,
            r1 = r1,
            distance = hexes(moved)
        ),
    ));
}

/// Carries out every Movement-step order (Assault, March, Move and Fire, Run,
/// Pursue) in unit-id order. A unit stops when it runs out of movement points
/// (it may always move at least one hex, SBA-BASE), when it enters an enemy's
/// Zone of Control (it engages that enemy), when it bumps into a hidden enemy
/// (the ambush is sprung), or when Fire and Retreat stops it (SBA-ORD-5).
/// A Defend unit's Kill Zone shoots at it first if it begins its move
/// inside (SBA-BASE).
pub fn movement_step(b: &mut Battle, dice: &mut Dice) {
    for id in b.ids() {
        if !moves_this_step(b, id) {
            continue;
        }
        // SBA-BASE (base rules §2): a Kill Zone shoots at an enemy that
        // begins its move inside it; the move goes on afterwards.
        start_of_move_fire(b, dice, id);
        if !moves_this_step(b, id) {
            continue;
        }
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        let Some(order) = u.order.clone() else {
            continue;
        };
        let target = order.target.and_then(|t| b.unit(t).cloned());
        if let Some(t) = &target
            && t.hex.unsigned_distance_to(u.hex) == 1
            && matches!(order.kind, OrderKind::Assault | OrderKind::Pursue)
            && melee_across(b, t.hex, u.hex)
        {
            engage(b, dice, id, t.id);
            continue;
        }
        if target.is_none() && destination(&order).is_none() {
            continue;
        }
        let cav = is_cavalry(b, &u);
        let Some(path) = order_path(b, &u, &order) else {
            b.note(LogEntry::event(
                "SBA-BASE",
                vec![id],
                say!("sba-log-no-path", unit = u.name),
            ));
            continue;
        };
        let (budget, by_hexes) = move_budget(b, &u, order.kind);
        let mut spent = 0;
        let mut moved = 0;
        let mut contact = None;
        let start = u.hex;
        for w in path.windows(PAIR_WINDOW) {
            let (from, to) = (w[0], w[1]);
            let Some(cur) = b.unit(id).cloned() else {
                break;
            };
            if let Some(hidden) = b
                .unit_at(to)
                .filter(|o| o.hidden && o.side != u.side)
                .map(|o| o.id)
            {
                contact = Some(hidden);
                break;
            }
            if !b.free(to) {
                break;
            }
            // SBA-BASE (base rules §2): no Run up a gentle slope.
            if order.kind == OrderKind::Run
                && b.board.elevation(to) - b.board.elevation(from)
                    >= b.tables.units.slope_limits.no_run_climb_from
            {
                b.note(LogEntry::event(
                    "SBA-BASE",
                    vec![id],
                    say!("sba-log-no-run-uphill", unit = u.name),
                ));
                break;
            }
            let cost = step_price(b, cav, by_hexes, from, to);
            if cost == u32::MAX || (spent + cost > budget && moved > 0) {
                break;
            }
            spent += cost;
            moved += 1;
            step_to(b, id, to);
            let hidden_near: Vec<u32> = b
                .units
                .iter()
                .filter(|o| o.side != cur.side && o.hidden && o.hex.unsigned_distance_to(to) == 1)
                .map(|o| o.id)
                .collect();
            if let Some(h) = hidden_near.first() {
                contact = Some(*h);
                break;
            }
            let zoc = zoc_enemies(b, &cur, to);
            if !zoc.is_empty() {
                contact = Some(
                    target
                        .as_ref()
                        .map(|t| t.id)
                        .filter(|t| zoc.contains(t))
                        .unwrap_or(zoc[0]),
                );
                break;
            }
            if reaction_fire(b, dice, id) || spent >= budget {
                break;
            }
        }
        note_move(b, id, start, moved, &order);
        if let Some(enemy) = contact {
            engage(b, dice, id, enemy);
        }
        if order.kind == OrderKind::MoveAndFire
            && let Some(s) = b.unit(id).cloned()
            && s.engaged.is_empty()
        {
            let tgt = order
                .target
                .filter(|t| b.unit(*t).is_some_and(|t| can_fire_at(b, &s, t, 0).is_ok()))
                .or_else(|| nearest_target(b, &s));
            if let Some(t) = tgt {
                fire(b, dice, id, t, "SBA-ORD-4");
            }
        }
    }
    after_melee(b, dice);
}

/// Carries out the Retreat Step in unit-id order: Flee (SBA-ORD-6), Panic
/// (SBA-ORD-7) and Retreat (SBA-MEL-1). All three may leave melee; Zones of
/// Control do not stop them (SBA-BASE stand-in).
pub fn retreat_step(b: &mut Battle, dice: &mut Dice) {
    for id in b.ids() {
        let Some(u) = b.unit(id).cloned() else {
            continue;
        };
        match b.order_kind(&u) {
            // SBA-ORD-6, SBA-MOR-5: a Shaken unit Flees every turn, one
            // stopped by Fire and Retreat too; only a rallied one does not.
            Some(OrderKind::Flee) if !u.flags.rallied => flee(b, id),
            Some(OrderKind::Panic) => panic_move(b, id),
            Some(OrderKind::Retreat) => retreat(b, id),
            _ => {}
        }
    }
    after_melee(b, dice);
}

fn walk(
    b: &mut Battle,
    id: u32,
    path: &[Hex],
    max: u32,
    mut stop: impl FnMut(&mut Battle, Hex) -> bool,
) -> u32 {
    let mut moved = 0;
    for w in path.windows(PAIR_WINDOW) {
        if moved >= max || !b.free(w[1]) {
            break;
        }
        step_to(b, id, w[1]);
        moved += 1;
        if stop(b, w[1]) {
            break;
        }
    }
    moved
}

/// Flee (SBA-ORD-6): leave melee, then move at the fastest rate by the shortest
/// path toward the General Staff, rallying next to it (SBA-GS-4); with the
/// General Staff lost, toward the own board edge.
pub fn flee(b: &mut Battle, id: u32) {
    let Some(u) = b.unit(id).cloned() else { return };
    b.unlink_all(id);
    let cav = is_cavalry(b, &u);
    let rate = fastest_rate(b, &u);
    let gs = b.general_staff(u.side).map(|g| g.hex);
    let edge = b.edge(u.side);
    let path = match gs {
        Some(g) => b.board.shortest_path_to(
            u.hex,
            cav,
            |h| b.free(h),
            |h| h.unsigned_distance_to(g) == 1 && (b.free(h) || h == u.hex),
        ),
        None => b
            .board
            .shortest_path_to(u.hex, cav, |h| b.free(h), |h| b.board.on_edge(h, edge)),
    };
    let path = path.unwrap_or_else(|| vec![u.hex]);
    let planned = hexes((path.len().saturating_sub(1) as u32).min(rate));
    let what = if gs.is_some() {
        say!("sba-log-flees-to-staff", unit = u.name, distance = planned)
    } else {
        say!("sba-log-flees-to-edge", unit = u.name, distance = planned)
    };
    b.note(LogEntry::event("SBA-ORD-6", vec![id], what));
    let moved = walk(b, id, &path, rate, |b, _| rally_point(b, id));
    if moved == 0 {
        rally_point(b, id);
    }
}

/// Panic (SBA-ORD-7): leave melee, move at the fastest rate toward the nearest
/// board edge; on reaching an edge hex the unit routs and is removed as destroyed.
pub fn panic_move(b: &mut Battle, id: u32) {
    let Some(u) = b.unit(id).cloned() else { return };
    b.unlink_all(id);
    let cav = is_cavalry(b, &u);
    let rate = fastest_rate(b, &u);
    let path = b
        .board
        .shortest_path_to(
            u.hex,
            cav,
            |h| b.free(h),
            |h| b.board.is_edge(h) && (b.free(h) || h == u.hex),
        )
        .unwrap_or_else(|| vec![u.hex]);
    let moved = walk(b, id, &path, rate, |_, _| false);
    b.note(LogEntry::event(
        "SBA-ORD-7",
        vec![id],
        say!("sba-log-panics", unit = u.name, distance = hexes(moved)),
    ));
    if b.unit(id).is_some_and(|now| b.board.is_edge(now.hex)) {
        b.remove_unit(id, Removal::Routed);
    }
}

/// Retreat (SBA-MEL-1, SBA-ORD-4): leave melee and fall back toward the own
/// board edge, up to the unit's movement points.
pub fn retreat(b: &mut Battle, id: u32) {
    let Some(u) = b.unit(id).cloned() else { return };
    b.unlink_all(id);
    let cav = is_cavalry(b, &u);
    let edge = b.edge(u.side);
    let path = b
        .board
        .shortest_path_to(
            u.hex,
            cav,
            |h| b.free(h),
            |h| b.board.on_edge(h, edge) && (b.free(h) || h == u.hex),
        )
        .unwrap_or_else(|| vec![u.hex]);
    let mp = b.stats(&u).move_points;
    let moved = walk(b, id, &path, mp, |_, _| false);
    b.note(LogEntry::event(
        "SBA-MEL-1",
        vec![id],
        say!("sba-log-retreats", unit = u.name, distance = hexes(moved)),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::fortitude::fortitude_test;
    use crate::rules::samurai_battles::morale::MoraleLevel;
    use crate::rules::samurai_battles::morale::TestReason;
    use crate::rules::samurai_battles::orders::OrderSpec;

    #[test]
    fn the_planned_move_ends_where_the_movement_step_leaves_the_unit() {
        // SBA-BASE: the path preview (`planned_move`) and the Execution
        // Phase's move agree, for a long March, a Run (hexes at the fastest
        // rate) and an Assault that stops in the enemy's Zone of Control.
        let t = tables();
        let board = board(&t);
        let orders = [
            OrderSpec::to_hex(OrderKind::March, (5, 0)),
            OrderSpec::to_hex(OrderKind::Run, (1, 1)),
            OrderSpec::at_unit(OrderKind::Assault, 3),
        ];
        for order in orders {
            let mut inf = unit(&t, 1, 0, "ashigaru_spearmen", (5, 8), Facing::North);
            inf.order = Some(order.clone());
            let gs = unit(&t, 2, 0, "general_staff", (9, 9), Facing::North);
            let enemy = unit(&t, 3, 1, "samurai_cavalry", (5, 4), Facing::South);
            let mut b = battle(vec![inf, gs, enemy], &board, &t);
            let u = b.unit(1).cloned().expect("spearmen");
            let plan = planned_move(&b, &u, &order).expect("a move");
            assert!(
                plan.now > 0 && plan.spent <= plan.budget,
                "{order:?}: {plan:?}"
            );
            let mut d = Dice::new(0);
            d.load([20; 8]);
            movement_step(&mut b, &mut d);
            let now = b.unit(1).map(|u| u.hex);
            let stop = plan.hexes.get(plan.now - 1).copied();
            assert_eq!(now, stop, "{order:?}: {:#?}", b.log);
        }
    }

    #[test]
    fn sba_ord_6_a_unit_stopped_by_fire_and_retreat_still_flees_when_shaken() {
        // SBA-ORD-6, SBA-MOR-6 (L20, L79): a Hesitant mover shot by Fire and
        // Retreat archers loses a model, fails its test and is Shaken: it
        // stops (SBA-ORD-5) and still Flees in the Retreat Step.
        let t = tables();
        let board = board(&t);
        let mut arch = unit(&t, 1, 0, "ashigaru_archers", (5, 1), Facing::North);
        arch.commander = true;
        arch.order = Some(OrderSpec::plain(OrderKind::FireAndRetreat));
        let mut sp = unit(&t, 2, 1, "ashigaru_spearmen", (5, 3), Facing::South);
        sp.morale = MoraleLevel::Hesitant;
        sp.order = Some(OrderSpec::at_unit(OrderKind::Assault, 1));
        let gs = unit(&t, 3, 1, "general_staff", (5, 8), Facing::South);
        let mut b = battle(vec![arch, sp, gs], &board, &t);
        let mut d = Dice::new(0);
        d.load([1, 20, 20, 20, 20]);
        let stop = crate::rules::samurai_battles::ranged::reaction_fire(&mut b, &mut d, 2);
        assert!(stop, "stopped by the fire: {:#?}", b.log);
        let u = b.unit(2).cloned().expect("spearmen");
        assert_eq!(u.morale, MoraleLevel::Shaken);
        assert!(u.flags.halted);
        let from = u.hex;
        retreat_step(&mut b, &mut d);
        let now = b.unit(2).map(|u| u.hex).expect("spearmen");
        assert_ne!(now, from, "it Flees: {:#?}", b.log);
    }

    #[test]
    fn gc_sba_15_put_to_flight_and_flee() {
        // GC-SBA-15 (SBA-MOR-5, SBA-ORD-6): a Hesitant infantry unit in melee fails,
        // becomes Shaken, is Put to Flight, and flees 2 hexes toward its General
        // Staff 5 hexes away, leaving the melee. Cavalry would flee 4.
        let t = tables();
        let board = board(&t);
        let gs = unit(&t, 1, 0, "general_staff", (5, 0), Facing::North);
        let mut inf = unit(&t, 2, 0, "ashigaru_spearmen", (5, 5), Facing::North);
        inf.morale = MoraleLevel::Hesitant;
        let enemy = unit(&t, 3, 1, "samurai_cavalry", (5, 6), Facing::South);
        let mut b = battle(vec![gs, inf, enemy], &board, &t);
        b.link(2, 3);
        assert_eq!(
            b.unit(2).map(|u| u
                .hex
                .unsigned_distance_to(b.unit(1).map_or(u.hex, |g| g.hex))),
            Some(5)
        );
        let mut d = Dice::new(0);
        d.load([20]);
        assert_eq!(
            fortitude_test(&mut b, &mut d, 2, TestReason::Casualties),
            Some(false)
        );
        let u = b.unit(2).cloned().expect("u");
        assert_eq!(
            (u.morale, u.morale.markers(), u.flags.put_to_flight),
            (MoraleLevel::Shaken, 2, true)
        );
        assert!(u.engaged.is_empty() && b.unit(3).is_some_and(|e| e.engaged.is_empty()));
        let before = u.hex;
        retreat_step(&mut b, &mut d);
        let u = b.unit(2).cloned().expect("u");
        assert_eq!(u.hex.unsigned_distance_to(before), 2);
        assert_eq!(
            u.hex
                .unsigned_distance_to(b.unit(1).map_or(u.hex, |g| g.hex)),
            3
        );
        // Cavalry flee 4 hexes.
        let cav = unit(&t, 9, 0, "samurai_cavalry", (0, 0), Facing::North);
        assert_eq!(fastest_rate(&b, &cav), 4);
        assert_eq!(fastest_rate(&b, &u), 2);
    }

    #[test]
    fn flee_without_general_staff_heads_for_the_own_edge_and_panic_routs_at_an_edge() {
        // SBA-ORD-6 (General Staff lost), SBA-ORD-7.
        let t = tables();
        let board = board(&t);
        let mut f = unit(&t, 1, 0, "ashigaru_spearmen", (5, 3), Facing::North);
        f.morale = MoraleLevel::Shaken;
        f.order = Some(OrderSpec::plain(OrderKind::Flee));
        let mut p = unit(&t, 2, 0, "samurai_cavalry", (3, 3), Facing::North);
        p.morale = MoraleLevel::Panicked;
        p.order = Some(OrderSpec::plain(OrderKind::Panic));
        let mut b = battle(vec![f, p], &board, &t);
        let mut d = Dice::new(0);
        retreat_step(&mut b, &mut d);
        assert_eq!(b.unit(1).map(|u| HexBoard::to_offset(u.hex).1), Some(1));
        assert!(
            b.unit(2).is_none(),
            "panicked cavalry reaches the edge and routs"
        );
        assert!(b.removed.contains(&(2, Removal::Routed)));
    }

    #[test]
    fn assault_stops_in_zone_of_control_and_engages() {
        // SBA-BASE/ZOC.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "samurai_cavalry", (5, 1), Facing::North);
        a.order = Some(OrderSpec::at_unit(OrderKind::Assault, 2));
        let e = unit(&t, 2, 1, "ashigaru_spearmen", (5, 4), Facing::South);
        let mut b = battle(vec![a, e], &board, &t);
        let mut d = Dice::new(0);
        movement_step(&mut b, &mut d);
        let a = b.unit(1).expect("a");
        assert_eq!(
            a.hex
                .unsigned_distance_to(b.unit(2).map_or(a.hex, |e| e.hex)),
            1
        );
        assert_eq!(a.engaged, vec![2]);
        assert_eq!(d.rolled(), 0, "a frontal attack needs no test");
    }

    #[test]
    fn sba_base_a_defend_order_has_a_defense_zone_not_a_zone_of_control() {
        // BD1 (base rules §2): "Units on Defend, Ambush or Fire and Retreat
        // have a Defense Zone instead": a hex behind a Defend unit does not
        // stop a mover; its front hex does. A unit on Rest has a full ZOC.
        let t = tables();
        let board = board(&t);
        let c = HexBoard::to_hex((5, 5));
        let behind = c.neighbor(Facing::North.edge_direction());
        let ahead = c.neighbor(Facing::South.edge_direction());
        let m = unit(&t, 1, 0, "ashigaru_spearmen", (1, 1), Facing::North);
        let mut d = unit(&t, 2, 1, "ashigaru_spearmen", (5, 5), Facing::South);
        d.order = Some(OrderSpec::plain(OrderKind::Defend));
        let b = battle(vec![m.clone(), d.clone()], &board, &t);
        assert!(zoc_enemies(&b, &m, behind).is_empty());
        assert_eq!(zoc_enemies(&b, &m, ahead), vec![2]);
        d.order = Some(OrderSpec::plain(OrderKind::Rest));
        let b = battle(vec![m.clone(), d], &board, &t);
        assert_eq!(zoc_enemies(&b, &m, behind), vec![2]);
    }

    #[test]
    fn sba_base_no_run_up_a_gentle_slope_and_no_melee_across_an_abrupt_one() {
        // BD4 (base rules §2): a Run order stops at the foot of a 1-level
        // climb; an enemy 2 levels above exerts no Zone of Control and is
        // not engaged across the slope.
        let t = tables();
        let mut board = board(&t);
        // A ridge one level high across the whole board at row 3.
        for col in 0..12 {
            board.set_elevation(HexBoard::to_hex((col, 3)), 1);
        }
        let mut r = unit(&t, 1, 0, "ashigaru_spearmen", (5, 1), Facing::North);
        r.order = Some(OrderSpec::to_hex(OrderKind::Run, (5, 6)));
        let far = unit(&t, 2, 1, "ashigaru_spearmen", (10, 8), Facing::South);
        let mut b = battle(vec![r, far], &board, &t);
        let mut d = Dice::new(0);
        movement_step(&mut b, &mut d);
        let at = b.unit(1).map(|u| u.hex).expect("runner");
        assert_eq!(b.board.elevation(at), 0, "stops below the ridge");
        assert_ne!(at, HexBoard::to_hex((5, 1)), "it did run");
        assert!(
            b.log
                .iter()
                .any(|e| e.rule == "SBA-BASE" && e.units == vec![1] && e.what.contains("slope"))
        );
        let mut board = board.clone();
        let hill = HexBoard::to_hex((5, 3));
        board.set_elevation(hill, 2);
        let m = unit(&t, 1, 0, "ashigaru_spearmen", (1, 1), Facing::North);
        let up = unit(&t, 2, 1, "ashigaru_spearmen", (5, 3), Facing::South);
        let b = battle(vec![m.clone(), up], &board, &t);
        let below = hill.neighbor(Facing::South.edge_direction());
        assert!(zoc_enemies(&b, &m, below).is_empty());
    }

    #[test]
    fn sba_base_run_spends_twice_the_movement_points() {
        // SBA-BASE stand-in (base rules §2): infantry move 1 hex, Run 2
        // (orders.ron `double_move_factor`), on open ground.
        let t = tables();
        let board = board(&t);
        for (kind, hexes) in [(OrderKind::March, 1), (OrderKind::Run, 2)] {
            let mut r = unit(&t, 1, 0, "ashigaru_spearmen", (5, 1), Facing::North);
            r.order = Some(OrderSpec::to_hex(kind, (5, 6)));
            let start = r.hex;
            let far = unit(&t, 2, 1, "ashigaru_spearmen", (10, 8), Facing::South);
            let mut b = battle(vec![r, far], &board, &t);
            let mut d = Dice::new(0);
            movement_step(&mut b, &mut d);
            let at = b.unit(1).map(|u| u.hex).expect("mover");
            assert_eq!(at.unsigned_distance_to(start), hexes, "{kind:?}");
        }
    }

    #[test]
    fn pursue_moves_at_the_fastest_rate_and_engages_again() {
        // SBA-ORD-9.
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "samurai_cavalry", (5, 1), Facing::North);
        a.order = Some(OrderSpec::at_unit(OrderKind::Pursue, 2));
        let e = unit(&t, 2, 1, "ashigaru_spearmen", (5, 5), Facing::North);
        let mut b = battle(vec![a, e], &board, &t);
        let mut d = Dice::new(0);
        d.load([1]);
        movement_step(&mut b, &mut d);
        let a = b.unit(1).expect("a");
        assert_eq!(HexBoard::to_offset(a.hex), (5, 4));
        assert_eq!(a.engaged, vec![2]);
    }
}
