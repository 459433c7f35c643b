//! The checks on writing an order (SBA-ORD-1 … SBA-ORD-4, SBA-GS-2,
//! SBA-MEL-1): whether a side may write an order for a unit in the Planning
//! Phase, and the Defend orders to offer a unit.

use crate::engine::board::Facing;
use crate::engine::command::Refusal;
use crate::engine::units::UnitClass;

use super::battle::{Battle, SbaUnit};
use super::data::UnitStats;
use super::morale::MoraleLevel;
use super::orders::{OrderKind, OrderRow, OrderSpec, order_name};

/// Whether `spec` is `u`'s pick of which fleeing unit to pursue: it must
/// Pursue (SBA-ORD-8) and `spec` is Pursue at one of the units that fled
/// from its melee ("your choice if there are multiple enemy units running
/// away", SBA-ORD-9).
pub fn is_pursue_choice(u: &SbaUnit, spec: &OrderSpec) -> bool {
    spec.kind == OrderKind::Pursue
        && u.order
            .as_ref()
            .is_some_and(|o| o.kind == OrderKind::Pursue)
        && spec
            .target
            .is_some_and(|t| u.flags.pursue_candidates.contains(&t))
}

/// Checks whether `side` may write `spec` for unit `unit` in the Planning
/// Phase: the unit is its own (SBA-BASE); a pick of which fleeing unit to
/// pursue is always allowed ([`is_pursue_choice`]); else the order may be
/// chosen now ([`check_order_allowed`]) and by this unit
/// ([`check_order_fits_unit`]), its destination ([`check_destination`]),
/// target ([`check_order_target`]), facing and range
/// ([`check_defend_parameters`]) are right, and it has what it needs
/// ([`check_order_complete`]).
///
/// Pure: reads the battle, changes nothing.
///
/// # Errors
/// A [`Refusal`] naming the rule that forbids the order.
pub fn validate_order(b: &Battle, side: u8, unit: u32, spec: &OrderSpec) -> Result<(), Refusal> {
    let Some(u) = b.unit(unit) else {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-unit", unit = unit),
        ));
    };
    if u.side != side {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-not-yours", unit = unit),
        ));
    }
    if is_pursue_choice(u, spec) {
        return Ok(());
    }
    let row = b.tables.order(spec.kind);
    check_order_allowed(u, row)?;
    check_order_fits_unit(b, u, spec, row)?;
    check_destination(b, spec, row)?;
    check_order_target(b, side, u, spec, row)?;
    check_defend_parameters(b, u, spec)?;
    check_order_complete(b, u, spec, row)
}

/// Why `u` may not be given an order of `kind` now, whatever its target
/// or hex: the checks of [`validate_order`] that look at the order's kind
/// and the unit alone (SBA-ORD-3, SBA-MOR-6, SBA-ORD-8, SBA-GS-2,
/// SBA-MEL-1, SBA-BASE). `None`: some order of that kind may be given.
/// Pure.
pub fn kind_refusal(b: &Battle, u: &SbaUnit, kind: OrderKind) -> Option<Refusal> {
    let row = b.tables.order(kind);
    check_order_allowed(u, row)
        .and_then(|()| check_order_fits_unit(b, u, &OrderSpec::plain(kind), row))
        .err()
}

/// Whether `u` may be given the order of `row` by its player at all: not a
/// forced order (SBA-ORD-3), not while Shaken or Panicked (SBA-MOR-6), nor
/// while it must Pursue (SBA-ORD-8). Pure.
///
/// # Errors
/// A [`Refusal`] citing the rule.
fn check_order_allowed(u: &SbaUnit, row: &OrderRow) -> Result<(), Refusal> {
    if row.forced {
        return Err(Refusal::new(
            "SBA-ORD-3",
            say!("sba-refuse-forced", order = order_name(row)),
        ));
    }
    match u.morale {
        MoraleLevel::Shaken => {
            return Err(Refusal::new(
                "SBA-MOR-6",
                say!("sba-refuse-shaken", unit = u.name),
            ));
        }
        MoraleLevel::Panicked => {
            return Err(Refusal::new(
                "SBA-MOR-6",
                say!("sba-refuse-panicked", unit = u.name),
            ));
        }
        _ => {}
    }
    if u.flags.pursue_target.is_some()
        || u.order
            .as_ref()
            .is_some_and(|o| o.kind == OrderKind::Pursue)
    {
        return Err(Refusal::new(
            "SBA-ORD-8",
            say!("sba-refuse-must-pursue", unit = u.name),
        ));
    }
    Ok(())
}

/// Whether the order of `row` suits `u`: it is on the unit's card, it has
/// a commander when the order needs one (SBA-GS-2), it is not Cavalry for
/// an order barred to Cavalry, it has a ranged weapon for a ranged order
/// (SBA-BASE), and a unit in melee takes only an order allowed in melee
/// (SBA-MEL-1). Pure.
///
/// # Errors
/// A [`Refusal`] citing the rule.
fn check_order_fits_unit(
    b: &Battle,
    u: &SbaUnit,
    spec: &OrderSpec,
    row: &OrderRow,
) -> Result<(), Refusal> {
    let stats = b.stats(u);
    if !stats.orders.contains(&spec.kind) {
        return Err(Refusal::new(
            "SBA-BASE",
            say!(
                "sba-refuse-not-on-card",
                order = order_name(row),
                card = stats.name
            ),
        ));
    }
    if row.needs_commander && !b.has_commander(u) {
        return Err(Refusal::new(
            "SBA-GS-2",
            say!("sba-refuse-no-commander", unit = u.name),
        ));
    }
    if row.no_cavalry && stats.class == UnitClass::Cavalry {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-cavalry", order = order_name(row)),
        ));
    }
    if row.ranged_only && stats.firepower <= 0 {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-ranged", unit = u.name),
        ));
    }
    if !u.engaged.is_empty() && !row.in_melee {
        let allowed: Vec<String> = b
            .tables
            .orders
            .orders
            .iter()
            .filter(|r| r.in_melee && !r.forced)
            .map(order_name)
            .collect();
        return Err(Refusal::new(
            "SBA-MEL-1",
            say!(
                "sba-refuse-engaged",
                unit = u.name,
                orders = allowed.join(", ")
            ),
        ));
    }
    Ok(())
}

/// A written destination: only an order that takes one carries it, and it
/// is on the board (SBA-BASE). Pure.
///
/// # Errors
/// A [`Refusal`] citing SBA-BASE.
fn check_destination(b: &Battle, spec: &OrderSpec, row: &OrderRow) -> Result<(), Refusal> {
    if let Some(to) = spec.to {
        if !spec.kind.takes_destination() {
            return Err(Refusal::new(
                "SBA-BASE",
                say!("sba-refuse-no-destination", order = order_name(row)),
            ));
        }
        if !b.board.contains_offset(to) {
            return Err(Refusal::new(
                "SBA-BASE",
                say!("sba-refuse-off-board", col = to.0, row = to.1),
            ));
        }
    }
    Ok(())
}

/// A written target unit: only an order that takes one carries it, and
/// `side` sees it (SBA-BASE); Join Up names a neighbouring friendly unit
/// of the same type, not in melee ([`check_join_up`]), every other order an
/// enemy (SBA-BASE); Fire Ranged Weapons a unit it may fire at. Pure.
///
/// # Errors
/// A [`Refusal`] citing the rule.
fn check_order_target(
    b: &Battle,
    side: u8,
    u: &SbaUnit,
    spec: &OrderSpec,
    row: &OrderRow,
) -> Result<(), Refusal> {
    let Some(t) = spec.target else {
        return Ok(());
    };
    if !spec.kind.takes_target() {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-target", order = order_name(row)),
        ));
    }
    let Some(tu) = b.unit(t).filter(|tu| b.visible_to(tu, side)) else {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-unseen-unit", unit = t),
        ));
    };
    let friendly = tu.side == side;
    match spec.kind {
        OrderKind::JoinUp => check_join_up(u, tu, friendly)?,
        _ => {
            if friendly {
                return Err(Refusal::new(
                    "SBA-BASE",
                    say!("sba-refuse-own-side", unit = t),
                ));
            }
        }
    }
    if spec.kind == OrderKind::FireRangedWeapons {
        super::ranged::can_fire_at(b, u, tu, 0)?;
    }
    Ok(())
}

/// Join Up's unit `tu` (SBA-ORD-11): another friendly unit (`friendly`) of
/// `u`'s type, next to it, and not in melee (SBA-MEL-1). Pure.
///
/// # Errors
/// A [`Refusal`] citing the rule.
fn check_join_up(u: &SbaUnit, tu: &SbaUnit, friendly: bool) -> Result<(), Refusal> {
    if !friendly || tu.id == u.id {
        return Err(Refusal::new("SBA-ORD-11", say!("sba-refuse-join-friend")));
    }
    if tu.unit_type != u.unit_type {
        return Err(Refusal::new(
            "SBA-ORD-11",
            say!("sba-refuse-join-same-type"),
        ));
    }
    if tu.hex.unsigned_distance_to(u.hex) != 1 {
        return Err(Refusal::new("SBA-ORD-11", say!("sba-refuse-join-adjacent")));
    }
    if !tu.engaged.is_empty() {
        return Err(Refusal::new("SBA-MEL-1", say!("sba-refuse-join-in-melee")));
    }
    Ok(())
}

/// What an order needs written: Assault a target or a destination, March,
/// Run and Move and Fire a destination (SBA-BASE), Join Up a unit
/// (SBA-ORD-11); Ambush a unit hidden or in cover with no enemy next to it
/// (SBA-ORD-10). Pure.
///
/// # Errors
/// A [`Refusal`] citing the rule.
fn check_order_complete(
    b: &Battle,
    u: &SbaUnit,
    spec: &OrderSpec,
    row: &OrderRow,
) -> Result<(), Refusal> {
    match spec.kind {
        OrderKind::Assault if spec.target.is_none() && spec.to.is_none() => {
            Err(Refusal::new("SBA-BASE", say!("sba-refuse-assault-needs")))
        }
        OrderKind::March | OrderKind::Run | OrderKind::MoveAndFire if spec.to.is_none() => {
            Err(Refusal::new(
                "SBA-BASE",
                say!("sba-refuse-needs-destination", order = order_name(row)),
            ))
        }
        OrderKind::JoinUp if spec.target.is_none() => Err(Refusal::new(
            "SBA-ORD-11",
            say!("sba-refuse-join-needs-unit"),
        )),
        OrderKind::Ambush => {
            let cover = b.board.terrain(u.hex).is_some_and(|t| t.blocks_los);
            if !(u.hidden || cover) {
                Err(Refusal::new("SBA-ORD-10", say!("sba-refuse-ambush-cover")))
            } else if b.enemies_adjacent(u).next().is_some() {
                Err(Refusal::new(
                    "SBA-ORD-10",
                    say!("sba-refuse-ambush-adjacent"),
                ))
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// Checks a written facing and Kill Zone range (SBA-BASE, base rules §2):
/// only a Defend order carries them, and only a unit with a ranged weapon a
/// range, from 1 hex up to its card's range. Pure.
///
/// # Errors
/// A [`Refusal`] citing SBA-BASE.
fn check_defend_parameters(b: &Battle, u: &SbaUnit, spec: &OrderSpec) -> Result<(), Refusal> {
    let row = b.tables.order(spec.kind);
    if spec.kind != OrderKind::Defend && (spec.facing.is_some() || spec.range.is_some()) {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-defend-only", order = order_name(row)),
        ));
    }
    let Some(r) = spec.range else {
        return Ok(());
    };
    let s = b.stats(u);
    if s.firepower <= 0 || s.range == 0 {
        return Err(Refusal::new(
            "SBA-BASE",
            say!("sba-refuse-no-ranged", unit = u.name),
        ));
    }
    if !(1..=s.range).contains(&r) {
        return Err(Refusal::new(
            "SBA-BASE",
            say!(
                "sba-refuse-kill-zone-range",
                range = r,
                card = s.name,
                max = s.range
            ),
        ));
    }
    Ok(())
}

/// Every Defend order to offer a unit with card `stats` (SBA-BASE, base
/// rules §2): keeping its facing or facing each of the six hexsides; for a
/// ranged unit, each with its card's range or each written Kill Zone range
/// from 1 hex to the card's range.
pub fn defend_variants(stats: &UnitStats) -> Vec<OrderSpec> {
    let mut ranges: Vec<Option<u32>> = vec![None];
    if stats.firepower > 0 {
        ranges.extend((1..=stats.range).map(Some));
    }
    let facings = std::iter::once(None).chain(Facing::ALL.into_iter().map(Some));
    facings
        .flat_map(|f| ranges.iter().map(move |r| OrderSpec::defend(f, *r)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::samurai_battles::battle::fixture::*;

    fn refusal_rule(b: &Battle, unit: u32, spec: OrderSpec) -> Option<String> {
        validate_order(b, b.unit(unit).map_or(0, |u| u.side), unit, &spec)
            .err()
            .map(|r| r.rule)
    }

    #[test]
    fn illegal_orders_are_refused_with_their_rule() {
        let t = tables();
        let board = board(&t);
        let mut no_cmd = unit(&t, 1, 0, "ashigaru_spearmen", (2, 2), Facing::North);
        no_cmd.commander = false;
        let cav = unit(&t, 2, 0, "samurai_cavalry", (4, 2), Facing::North);
        let mut shaken = unit(&t, 3, 0, "ashigaru_spearmen", (6, 2), Facing::North);
        shaken.morale = MoraleLevel::Shaken;
        let mut engaged = unit(&t, 4, 0, "samurai_cavalry", (8, 2), Facing::North);
        engaged.engaged = vec![5];
        let enemy = unit(&t, 5, 1, "ashigaru_spearmen", (8, 3), Facing::South);
        let b = battle(vec![no_cmd, cav, shaken, engaged, enemy], &board, &t);
        // SBA-ORD-3: Flee, Panic and Pursue cannot be written.
        assert_eq!(
            refusal_rule(&b, 2, OrderSpec::plain(OrderKind::Flee)).as_deref(),
            Some("SBA-ORD-3")
        );
        assert_eq!(
            refusal_rule(&b, 2, OrderSpec::at_unit(OrderKind::Pursue, 5)).as_deref(),
            Some("SBA-ORD-3")
        );
        // SBA-GS-2: no Commander, no Assault; March is allowed.
        assert_eq!(
            refusal_rule(&b, 1, OrderSpec::at_unit(OrderKind::Assault, 5)).as_deref(),
            Some("SBA-GS-2")
        );
        assert_eq!(
            refusal_rule(&b, 1, OrderSpec::to_hex(OrderKind::March, (2, 4))),
            None
        );
        // Cavalry may not Defend; an order must be on the unit card.
        assert_eq!(
            refusal_rule(&b, 2, OrderSpec::plain(OrderKind::Defend)).as_deref(),
            Some("SBA-BASE")
        );
        assert_eq!(
            refusal_rule(&b, 2, OrderSpec::at_unit(OrderKind::FireRangedWeapons, 5)).as_deref(),
            Some("SBA-BASE")
        );
        // SBA-MOR-6: a Shaken unit must Flee.
        assert_eq!(
            refusal_rule(&b, 3, OrderSpec::plain(OrderKind::Defend)).as_deref(),
            Some("SBA-MOR-6")
        );
        // SBA-MEL-1: an engaged unit may Assault or Retreat, not March away.
        assert_eq!(
            refusal_rule(&b, 4, OrderSpec::to_hex(OrderKind::March, (8, 0))).as_deref(),
            Some("SBA-MEL-1")
        );
        assert_eq!(
            refusal_rule(&b, 4, OrderSpec::plain(OrderKind::Retreat)),
            None
        );
        // Orders only for your own units, targets must exist.
        assert_eq!(
            validate_order(&b, 1, 2, &OrderSpec::plain(OrderKind::Rest))
                .err()
                .map(|r| r.rule)
                .as_deref(),
            Some("SBA-BASE")
        );
        assert!(refusal_rule(&b, 2, OrderSpec::at_unit(OrderKind::Assault, 99)).is_some());
        assert!(refusal_rule(&b, 2, OrderSpec::to_hex(OrderKind::March, (40, 4))).is_some());
    }

    #[test]
    fn sba_base_defend_facing_and_kill_zone_are_written_on_defend_only() {
        // BD2, BD3 (base rules §2): Defend writes the hexside it faces, and a
        // ranged unit on Defend the range of its Kill Zone, up to its card's
        // range. Neither belongs on another order, nor a range on a unit
        // without a ranged weapon.
        let t = tables();
        let board = board(&t);
        let mut arch = unit(&t, 1, 0, "ashigaru_archers", (2, 2), Facing::North);
        arch.commander = true;
        let spear = unit(&t, 2, 0, "ashigaru_spearmen", (4, 2), Facing::North);
        let enemy = unit(&t, 3, 1, "ashigaru_spearmen", (8, 7), Facing::South);
        let b = battle(vec![arch, spear, enemy], &board, &t);
        let card = t.unit("ashigaru_archers").map_or(0, |u| u.range);
        assert!(card > 1);
        let ok = |u, o: OrderSpec| refusal_rule(&b, u, o);
        assert_eq!(ok(2, OrderSpec::defend(Some(Facing::South), None)), None);
        assert_eq!(
            ok(1, OrderSpec::defend(Some(Facing::NorthEast), Some(1))),
            None
        );
        assert_eq!(ok(1, OrderSpec::defend(None, Some(card))), None);
        let mut march = OrderSpec::to_hex(OrderKind::March, (4, 4));
        march.facing = Some(Facing::South);
        assert_eq!(ok(2, march).as_deref(), Some("SBA-BASE"));
        let mut rest = OrderSpec::plain(OrderKind::Rest);
        rest.range = Some(1);
        assert_eq!(ok(1, rest).as_deref(), Some("SBA-BASE"));
        assert_eq!(
            ok(1, OrderSpec::defend(None, Some(card + 1))).as_deref(),
            Some("SBA-BASE")
        );
        assert_eq!(
            ok(1, OrderSpec::defend(None, Some(0))).as_deref(),
            Some("SBA-BASE")
        );
        assert_eq!(
            ok(2, OrderSpec::defend(None, Some(1))).as_deref(),
            Some("SBA-BASE")
        );
    }
}
