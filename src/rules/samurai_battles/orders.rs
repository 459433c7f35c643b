//! Orders: the 17 orders, their execution steps, the rows of their table
//! and their modifiers (SBA-ORD-2, SBA-ORD-4). The checks on writing one
//! (SBA-ORD-1 … SBA-ORD-4, SBA-GS-2, SBA-MEL-1) are in
//! [`order_checks`](super::order_checks).

use serde::{Deserialize, Serialize};

use crate::engine::board::{Facing, HexBoard, Offset};

/// The orders of the Art of Tactic rules (SBA-ORD-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum OrderKind {
    /// Defensive step; no flank or rear.
    AllAroundDefense,
    /// Defensive step.
    Defend,
    /// Defensive step; shoots at the first enemy entering its range (SBA-ORD-5).
    FireAndRetreat,
    /// Ranged step.
    FireRangedWeapons,
    /// Movement step; moves to engage.
    Assault,
    /// Movement step.
    March,
    /// Movement step; moves then shoots.
    MoveAndFire,
    /// Retreat step; leaves melee.
    Retreat,
    /// Forced on Shaken units (SBA-ORD-6).
    Flee,
    /// Forced on Panicked units (SBA-ORD-7).
    Panic,
    /// Forced by a failed Pursue test (SBA-ORD-8).
    Pursue,
    /// Special step; the unit is hidden (SBA-ORD-10).
    Ambush,
    /// Special step; merges with a neighbour (SBA-ORD-11).
    JoinUp,
    /// Special step.
    ReceiveSupplies,
    /// Special step.
    Reconnaissance,
    /// Special step.
    Rest,
    /// Movement step; double move.
    Run,
}

impl OrderKind {
    /// All orders in table order.
    pub const ALL: [OrderKind; 17] = [
        OrderKind::AllAroundDefense,
        OrderKind::Defend,
        OrderKind::FireAndRetreat,
        OrderKind::FireRangedWeapons,
        OrderKind::Assault,
        OrderKind::March,
        OrderKind::MoveAndFire,
        OrderKind::Retreat,
        OrderKind::Flee,
        OrderKind::Panic,
        OrderKind::Pursue,
        OrderKind::Ambush,
        OrderKind::JoinUp,
        OrderKind::ReceiveSupplies,
        OrderKind::Reconnaissance,
        OrderKind::Rest,
        OrderKind::Run,
    ];

    /// Whether the order takes a target unit.
    pub fn takes_target(self) -> bool {
        matches!(
            self,
            OrderKind::Assault
                | OrderKind::FireRangedWeapons
                | OrderKind::MoveAndFire
                | OrderKind::JoinUp
                | OrderKind::Pursue
        )
    }

    /// Whether the order takes a destination hex.
    pub fn takes_destination(self) -> bool {
        matches!(
            self,
            OrderKind::Assault | OrderKind::March | OrderKind::MoveAndFire | OrderKind::Run
        )
    }
}

/// The steps of the Execution Phase, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum OrderStep {
    /// All-Around Defense, Defend, Fire and Retreat.
    #[default]
    Defensive,
    /// Fire Ranged Weapons.
    Ranged,
    /// Assault, March, Move and Fire, Pursue, Run.
    Movement,
    /// Ambush, Join Up, Receive Supplies, Reconnaissance, Rest.
    Special,
    /// All melee.
    Melee,
    /// Flee, Panic, Retreat.
    Retreat,
}

impl OrderStep {
    /// All steps in order.
    pub const ALL: [OrderStep; 6] = [
        OrderStep::Defensive,
        OrderStep::Ranged,
        OrderStep::Movement,
        OrderStep::Special,
        OrderStep::Melee,
        OrderStep::Retreat,
    ];

    /// The step after this one, or `None` after the Retreat Step.
    pub fn next(self) -> Option<OrderStep> {
        let i = OrderStep::ALL.iter().position(|s| *s == self)?;
        OrderStep::ALL.get(i + 1).copied()
    }

    /// The step's name.
    pub fn name(self) -> String {
        match self {
            OrderStep::Defensive => say!("sba-step-defensive"),
            OrderStep::Ranged => say!("sba-step-ranged"),
            OrderStep::Movement => say!("sba-step-movement"),
            OrderStep::Special => say!("sba-step-special"),
            OrderStep::Melee => say!("sba-step-melee"),
            OrderStep::Retreat => say!("sba-step-retreat"),
        }
    }
}

/// A written order: the order and its parameters.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderSpec {
    /// Which order.
    pub kind: OrderKind,
    /// Target unit (Assault, Fire, Join Up, Pursue).
    #[serde(default)]
    pub target: Option<u32>,
    /// Destination hex `(column, row)` (March, Run, Move and Fire, or Assault on a hex).
    #[serde(default)]
    pub to: Option<Offset>,
    /// Defend only: the hexside the unit will face, which sets its Defense
    /// Zone (SBA-BASE, base rules §2). `None`: it keeps the facing it has.
    /// Saves written before the field load as `None`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Facing>,
    /// Defend by a ranged unit only: the written range of its Kill Zone in
    /// hexes (SBA-BASE, base rules §2). `None`: its card's range.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub range: Option<u32>,
}

impl OrderSpec {
    /// An order with no parameters.
    pub fn plain(kind: OrderKind) -> Self {
        Self {
            kind,
            target: None,
            to: None,
            facing: None,
            range: None,
        }
    }

    /// An order against a target unit.
    pub fn at_unit(kind: OrderKind, target: u32) -> Self {
        Self {
            kind,
            target: Some(target),
            to: None,
            facing: None,
            range: None,
        }
    }

    /// An order to a destination hex.
    pub fn to_hex(kind: OrderKind, to: Offset) -> Self {
        Self {
            kind,
            target: None,
            to: Some(to),
            facing: None,
            range: None,
        }
    }

    /// A Defend order facing `facing`, with a Kill Zone of `range` hexes
    /// for a ranged unit (SBA-BASE, base rules §2).
    pub fn defend(facing: Option<Facing>, range: Option<u32>) -> Self {
        Self {
            facing,
            range,
            ..Self::plain(OrderKind::Defend)
        }
    }
}

/// An order's effect on one value: add, or set (and override everything else).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ValueMod {
    /// `+n` / `-n`.
    Add(i32),
    /// `= n`.
    Set(i32),
}

/// How an order moves the unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum OrderMovement {
    /// Does not move.
    None,
    /// Up to its movement points.
    Normal,
    /// Up to its movement points times orders.ron `double_move_factor` (Run).
    Double,
    /// Its fastest rate in hexes (Flee, Panic, Pursue).
    Fastest,
}

/// One row of the order table (SBA-ORD-4).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderRow {
    /// Which order.
    pub order: OrderKind,
    /// Its name.
    pub name: String,
    /// Execution step.
    pub step: OrderStep,
    /// Which modifier line of the seed it owns.
    pub line: String,
    /// Attack modifier.
    pub attack: ValueMod,
    /// Defense modifier.
    pub defense: ValueMod,
    /// Firepower modifier.
    pub firepower: ValueMod,
    /// Fortitude modifier.
    pub fortitude: ValueMod,
    /// Only units with a Commander may take it (SBA-GS-2).
    pub needs_commander: bool,
    /// Cavalry may not take it.
    pub no_cavalry: bool,
    /// Only units with Firepower may take it.
    pub ranged_only: bool,
    /// May be given to a unit engaged in melee (SBA-MEL-1).
    pub in_melee: bool,
    /// Imposed by the rules, never written (SBA-ORD-3).
    pub forced: bool,
    /// How it moves.
    pub movement: OrderMovement,
}

/// An order's name in the player's language: the order table's own name
/// (`orders.ron`) in English, the rules reference's term in Spanish.
pub fn order_name(row: &OrderRow) -> String {
    let name = &row.name;
    match row.order {
        OrderKind::AllAroundDefense => say!("sba-order-all-around-defense", name = name),
        OrderKind::Defend => say!("sba-order-defend", name = name),
        OrderKind::FireAndRetreat => say!("sba-order-fire-and-retreat", name = name),
        OrderKind::FireRangedWeapons => say!("sba-order-fire-ranged-weapons", name = name),
        OrderKind::Assault => say!("sba-order-assault", name = name),
        OrderKind::March => say!("sba-order-march", name = name),
        OrderKind::MoveAndFire => say!("sba-order-move-and-fire", name = name),
        OrderKind::Retreat => say!("sba-order-retreat", name = name),
        OrderKind::Flee => say!("sba-order-flee", name = name),
        OrderKind::Panic => say!("sba-order-panic", name = name),
        OrderKind::Pursue => say!("sba-order-pursue", name = name),
        OrderKind::Ambush => say!("sba-order-ambush", name = name),
        OrderKind::JoinUp => say!("sba-order-join-up", name = name),
        OrderKind::ReceiveSupplies => say!("sba-order-receive-supplies", name = name),
        OrderKind::Reconnaissance => say!("sba-order-reconnaissance", name = name),
        OrderKind::Rest => say!("sba-order-rest", name = name),
        OrderKind::Run => say!("sba-order-run", name = name),
    }
}

/// Applies the modifier `m` of order `row` to an itemized value (SBA-ORD-2:
/// "= n" overrides).
pub fn apply_order_mod(v: &mut crate::engine::log::Itemized, row: &OrderRow, m: ValueMod) {
    match m {
        ValueMod::Add(0) => {}
        ValueMod::Add(n) => v.add(
            say!("sba-mod-order", order = order_name(row)),
            n,
            "SBA-ORD-4",
        ),
        ValueMod::Set(n) => {
            v.set_to = Some(crate::engine::log::Modifier::new(
                say!("sba-mod-order-set", order = order_name(row), n = n),
                n,
                "SBA-ORD-2",
            ))
        }
    }
}

/// The hexside a unit on Defend writes that it faces (SBA-BASE, base rules
/// §2), if its order is Defend and one is written.
pub fn written_facing(spec: &OrderSpec) -> Option<Facing> {
    spec.facing.filter(|_| spec.kind == OrderKind::Defend)
}

/// A facing's name in the player's language ("north").
pub fn facing_name(f: Facing) -> String {
    match f {
        Facing::North => say!("sba-facing-north"),
        Facing::NorthEast => say!("sba-facing-north-east"),
        Facing::SouthEast => say!("sba-facing-south-east"),
        Facing::South => say!("sba-facing-south"),
        Facing::SouthWest => say!("sba-facing-south-west"),
        Facing::NorthWest => say!("sba-facing-north-west"),
    }
}

/// Converts a destination to a hex on the board.
pub fn destination(spec: &OrderSpec) -> Option<hexx::Hex> {
    spec.to.map(HexBoard::to_hex)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::samurai_battles::battle::fixture::*;

    #[test]
    fn order_steps_follow_the_execution_phase() {
        let t = tables();
        assert_eq!(t.order(OrderKind::Defend).step, OrderStep::Defensive);
        assert_eq!(
            t.order(OrderKind::FireRangedWeapons).step,
            OrderStep::Ranged
        );
        assert_eq!(t.order(OrderKind::Assault).step, OrderStep::Movement);
        assert_eq!(t.order(OrderKind::JoinUp).step, OrderStep::Special);
        assert_eq!(t.order(OrderKind::Flee).step, OrderStep::Retreat);
    }
}
