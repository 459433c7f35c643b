//! The General Staff (SBA-GS-1 … SBA-GS-5). High Command is in
//! [`Battle::has_commander`](super::battle::Battle::has_commander), Inspirational in
//! [`Battle::inspired`](super::battle::Battle::inspired) and its bonuses in the
//! Fortitude, Attack and Defense sums; this file holds Dishonor and the Rally Point.

use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

use super::battle::Battle;
use super::fortitude::fortitude_test;
use super::morale::{MoraleLevel, TestReason};

/// Dishonor (SBA-GS-5, SBA-FORT-1 (5)): once the attack that destroyed a
/// General Staff is resolved, every unit of that army tests Fortitude, in id
/// order. The −2 is already part of their Fortitude from now on (the immediate
/// test counts it once).
pub fn resolve_dishonor(b: &mut Battle, dice: &mut Dice) {
    let sides = std::mem::take(&mut b.pending_dishonor);
    for side in sides {
        let ids: Vec<u32> = b
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect();
        for id in ids {
            fortitude_test(b, dice, id, TestReason::Dishonor);
        }
    }
}

/// Rally Point (SBA-GS-4): a Shaken unit that has entered a hex next to its own
/// General Staff becomes Hesitant, loses one red marker and stops. Returns
/// whether it rallied.
pub fn rally_point(b: &mut Battle, id: u32) -> bool {
    let Some(u) = b.unit(id).cloned() else {
        return false;
    };
    if u.morale != MoraleLevel::Shaken {
        return false;
    }
    let Some(gs) = b.general_staff(u.side) else {
        return false;
    };
    if gs.hex.unsigned_distance_to(u.hex) != 1 {
        return false;
    }
    if let Some(m) = b.unit_mut(id) {
        m.morale = MoraleLevel::Hesitant;
        m.flags.halted = true;
        m.flags.rallied = true;
    }
    b.note(LogEntry::event(
        "SBA-GS-4",
        vec![id],
        say!("sba-log-rallies", unit = u.name),
    ));
    true
}

/// Checks a scenario has exactly one General Staff per army (SBA-GS-1).
/// Returns the offending side's name.
pub fn check_one_per_army(
    scenario: &crate::engine::scenario::Scenario,
    tables: &super::data::SbaTables,
) -> Result<(), String> {
    for side in &scenario.sides {
        let n = scenario
            .units
            .iter()
            .filter(|u| {
                u.side == side.name && tables.unit(&u.unit_type).is_some_and(|s| s.general_staff)
            })
            .count();
        if n != 1 {
            return Err(side.name.clone());
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::{Removal, fixture::*};
    use crate::rules::samurai_battles::fortitude::current_fortitude;

    #[test]
    fn gc_sba_10_dishonor() {
        // GC-SBA-10 (SBA-GS-5, SBA-FORT-1 (5)): a unit at Fortitude 10 tests at 8 now and later.
        let t = tables();
        let board = board(&t);
        let gs = unit(&t, 1, 0, "general_staff", (0, 0), Facing::North);
        let mut u = unit(&t, 2, 0, "ashigaru_spearmen", (8, 6), Facing::North);
        u.commander = false;
        let mut b = battle(vec![gs, u.clone()], &board, &t);
        assert_eq!(current_fortitude(&b, &u, None).total(), 10);
        b.remove_unit(1, Removal::Destroyed);
        assert!(b.armies[0].general_staff_lost);
        let mut d = Dice::new(0);
        d.load([8]);
        resolve_dishonor(&mut b, &mut d);
        let test = b.log.iter().find(|e| e.rule == "SBA-FORT-3").expect("test");
        assert_eq!((test.target, test.outcome.as_str()), (Some(8), "pass"));
        assert!(
            test.value
                .as_ref()
                .is_some_and(|v| v.modifiers.iter().any(|m| m.rule == "SBA-GS-5"))
        );
        let u = b.unit(2).cloned().expect("u");
        assert_eq!(
            current_fortitude(&b, &u, Some(TestReason::Casualties)).total(),
            8
        );
        assert!(b.pending_dishonor.is_empty());
    }

    #[test]
    fn sba_gs_5_a_general_staff_routed_in_the_retreat_step_makes_its_army_test() {
        // SBA-GS-5 (L6, L55; L27: routed counts as destroyed): a Panicked
        // General Staff at its home edge routs in the Retreat Step; its
        // army tests at once (Fortitude 10 − 2 = 8).
        use crate::rules::samurai_battles::morale::MoraleLevel;
        use crate::rules::samurai_battles::orders::{OrderKind, OrderSpec, OrderStep};
        let t = tables();
        let board = board(&t);
        let mut gs = unit(&t, 1, 0, "general_staff", (5, 0), Facing::South);
        gs.morale = MoraleLevel::Panicked;
        gs.order = Some(OrderSpec::plain(OrderKind::Panic));
        let mut u = unit(&t, 2, 0, "ashigaru_spearmen", (8, 6), Facing::North);
        u.commander = false;
        let mut b = battle(vec![gs, u], &board, &t);
        let mut d = Dice::new(0);
        d.load([8]);
        crate::rules::samurai_battles::turn::execution_step(&mut b, &mut d, OrderStep::Retreat);
        assert!(b.unit(1).is_none(), "the General Staff routed off");
        assert!(b.pending_dishonor.is_empty());
        let test = b
            .log
            .iter()
            .find(|e| e.rule == "SBA-FORT-3" && e.units.first() == Some(&2))
            .expect("the Dishonor test");
        assert_eq!(test.target, Some(8));
        assert_eq!(d.loaded_remaining(), 0);
    }

    #[test]
    fn inspirational_reaches_two_hexes_not_three_and_not_itself() {
        // SBA-GS-3.
        let t = tables();
        let board = board(&t);
        let gs = unit(&t, 1, 0, "general_staff", (5, 0), Facing::North);
        let near = unit(&t, 2, 0, "ashigaru_spearmen", (5, 2), Facing::North);
        let far = unit(&t, 3, 0, "ashigaru_spearmen", (5, 3), Facing::North);
        let b = battle(vec![gs.clone(), near.clone(), far.clone()], &board, &t);
        assert!(b.inspired(&near));
        assert!(!b.inspired(&far));
        assert!(!b.inspired(&gs));
        // SBA-GS-2: the General Staff always has a Commander.
        let mut gs2 = gs.clone();
        gs2.commander = false;
        assert!(b.has_commander(&gs2));
    }

    #[test]
    fn rally_point_turns_shaken_into_hesitant() {
        // SBA-GS-4.
        let t = tables();
        let board = board(&t);
        let gs = unit(&t, 1, 0, "general_staff", (5, 0), Facing::North);
        let mut s = unit(&t, 2, 0, "ashigaru_spearmen", (5, 1), Facing::North);
        s.morale = MoraleLevel::Shaken;
        let mut b = battle(vec![gs, s], &board, &t);
        assert!(rally_point(&mut b, 2));
        let s = b.unit(2).expect("s");
        assert_eq!(
            (s.morale, s.morale.markers(), s.flags.halted),
            (MoraleLevel::Hesitant, 1, true)
        );
    }
}

#[cfg(test)]
mod one_per_army {
    use super::check_one_per_army;
    use crate::engine::scenario::Scenario;
    use crate::rules::samurai_battles::battle::fixture::tables;

    #[test]
    fn each_army_needs_exactly_one_general_staff() {
        // SBA-GS-1.
        let t = tables();
        let text = include_str!("../../../scenarios/akagawa_ford.ron");
        let mut s = Scenario::from_str("akagawa_ford.ron", text, &t).expect("default scenario");
        assert_eq!(check_one_per_army(&s, &t), Ok(()));
        if let Some(u) = s
            .units
            .iter_mut()
            .find(|u| u.unit_type == "general_staff" && u.side == "Uesugi")
        {
            u.unit_type = "ashigaru_spearmen".into();
        }
        assert_eq!(check_one_per_army(&s, &t), Err("Uesugi".to_string()));
    }
}
