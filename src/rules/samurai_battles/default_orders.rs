//! The default order of a unit whose player wrote none (used by `kassen sim`
//! for units missing from the orders file, and pre-selected in the app).
//!
//! The default, tried in this order until one is legal under
//! [`validate_order`]:
//! 1. a unit in melee: Assault its enemy; else Defend; else no order;
//! 2. the General Staff: Defend;
//! 3. a hidden unit: Ambush;
//! 4. a unit with Firepower: Fire Ranged Weapons at the nearest enemy in range
//!    and sight; else Defend (its Kill Zone shoots at enemies that come close);
//! 5. any other unit: Assault the nearest visible enemy; else March toward it;
//! 6. then Defend, then Rest, then no order.

use super::battle::Battle;
use super::order_checks::validate_order;
use super::orders::{OrderKind, OrderSpec};
use super::ranged::nearest_target;

/// The default order for unit `id` (see the module docs), or `None`.
pub fn default_order(b: &Battle, id: u32) -> Option<OrderSpec> {
    let u = b.unit(id)?;
    let stats = b.stats(u);
    let nearest_enemy = b
        .units
        .iter()
        .filter(|e| e.side != u.side && b.visible_to(e, u.side))
        .min_by_key(|e| (e.hex.unsigned_distance_to(u.hex), e.id));
    let mut tries: Vec<OrderSpec> = Vec::new();
    if let Some(&enemy) = u.engaged.first() {
        tries.push(OrderSpec::at_unit(OrderKind::Assault, enemy));
    } else if stats.general_staff {
        tries.push(OrderSpec::plain(OrderKind::Defend));
    } else if u.hidden {
        tries.push(OrderSpec::plain(OrderKind::Ambush));
    } else if stats.firepower > 0 {
        if let Some(t) = nearest_target(b, u) {
            tries.push(OrderSpec::at_unit(OrderKind::FireRangedWeapons, t));
        }
    } else if let Some(e) = nearest_enemy {
        tries.push(OrderSpec::at_unit(OrderKind::Assault, e.id));
        tries.push(OrderSpec::to_hex(
            OrderKind::March,
            crate::engine::board::HexBoard::to_offset(e.hex),
        ));
    }
    tries.push(OrderSpec::plain(OrderKind::Defend));
    tries.push(OrderSpec::plain(OrderKind::Rest));
    tries
        .into_iter()
        .find(|o| validate_order(b, u.side, id, o).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;

    #[test]
    fn defaults_are_legal_and_sensible() {
        let t = tables();
        let board = board(&t);
        let gs = unit(&t, 1, 0, "general_staff", (5, 0), Facing::North);
        let cav = unit(&t, 2, 0, "samurai_cavalry", (3, 1), Facing::North);
        let mut arch = unit(&t, 3, 0, "ashigaru_archers", (6, 2), Facing::North);
        arch.commander = true;
        let mut spear = unit(&t, 4, 0, "ashigaru_spearmen", (8, 1), Facing::North);
        spear.commander = false;
        let enemy = unit(&t, 5, 1, "ashigaru_spearmen", (6, 5), Facing::South);
        let b = battle(vec![gs, cav, arch, spear, enemy], &board, &t);
        let k = |id| default_order(&b, id).map(|o| o.kind);
        assert_eq!(k(1), Some(OrderKind::Defend));
        assert_eq!(k(2), Some(OrderKind::Assault));
        assert_eq!(k(3), Some(OrderKind::FireRangedWeapons));
        // No Commander: Assault is refused (SBA-GS-2), March is allowed.
        assert_eq!(k(4), Some(OrderKind::March));
    }
}
