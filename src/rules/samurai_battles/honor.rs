//! Honor Markers (SBA-HON-1 … SBA-HON-5).

use crate::engine::log::LogEntry;

use super::battle::Battle;

/// Gives each winner of a melee one Honor Marker for an enemy destroyed or
/// surrendered (SBA-HON-1). A unit holds at most one; extra markers are lost
/// (SBA-HON-3). Winners are handled in id order.
pub fn award(b: &mut Battle, winners: &[u32], loser_name: &str) {
    let mut ids = winners.to_vec();
    ids.sort_unstable();
    let cap = b.tables.morale.honor_cap;
    for w in ids {
        let Some(u) = b.unit_mut(w) else { continue };
        let name = u.name.clone();
        let had = u.honor;
        u.honor = cap > 0;
        let what = if had {
            say!(
                "sba-log-honor-extra",
                unit = name,
                enemy = loser_name,
                rule = "SBA-HON-3"
            )
        } else {
            say!("sba-log-honor-gained", unit = name, enemy = loser_name)
        };
        b.note(LogEntry::event("SBA-HON-1", vec![w], what));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::fortitude::{apply_failure, current_fortitude};
    use crate::rules::samurai_battles::melee::attack_value;
    use crate::rules::samurai_battles::morale::{FailureEffect, MoraleLevel};

    #[test]
    fn gc_sba_11_honor_marker_gain_cap_and_effect() {
        // GC-SBA-11 (SBA-HON-1, SBA-HON-3, SBA-HON-4, SBA-HON-5, SBA-MOR-2).
        let t = tables();
        let board = board(&t);
        let mut a = unit(&t, 1, 0, "ashigaru_spearmen", (5, 4), Facing::North);
        a.commander = false;
        let enemy = unit(&t, 2, 1, "ashigaru_spearmen", (5, 5), Facing::South);
        let mut b = battle(vec![a, enemy], &board, &t);
        let a = b.unit(1).cloned().expect("a");
        let e = b.unit(2).cloned().expect("e");
        let base_attack = attack_value(&b, &a, &e).total();
        assert_eq!(current_fortitude(&b, &a, None).total(), 10);
        award(&mut b, &[1], "the enemy");
        let a = b.unit(1).cloned().expect("a");
        assert!(a.honor);
        // SBA-HON-4: +1 Attack, +2 Fortitude.
        assert_eq!(attack_value(&b, &a, &e).total(), base_attack + 1);
        assert_eq!(current_fortitude(&b, &a, None).total(), 12);
        // Second win: still one marker (SBA-HON-3).
        award(&mut b, &[1], "another enemy");
        assert!(b.unit(1).is_some_and(|u| u.honor));
        assert!(b.log[1].what.contains("extra one is lost"));
        // A failed test removes the marker, no red marker.
        apply_failure(&mut b, 1, FailureEffect::HonorLost);
        let a = b.unit(1).cloned().expect("a");
        assert!(!a.honor);
        assert_eq!((a.morale, a.morale.markers()), (MoraleLevel::Normal, 0));
        assert_eq!(attack_value(&b, &a, &e).total(), base_attack);
        assert_eq!(current_fortitude(&b, &a, None).total(), 10);
    }
}
