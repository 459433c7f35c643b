//! Join Up (SBA-ORD-11).

use crate::engine::log::LogEntry;

use super::battle::{Battle, Removal};
use super::morale::MoraleLevel;
use super::orders::OrderKind;

/// Morale of a joined unit (SBA-ORD-11): two Hesitant units make a Hesitant
/// unit; a Hesitant and a Normal unit make a Normal unit. Other pairs are not
/// covered by the seed; Kassen keeps the better level (stand-in).
pub fn joined_morale(a: MoraleLevel, b: MoraleLevel) -> MoraleLevel {
    a.min(b)
}

/// Carries out a Join Up order of unit `id` in the Special Step: it merges into
/// its target, which keeps its id and hex. Fortitude is recomputed from the new
/// size (stand-in: casualties = models missing from full strength, never
/// below 0) and the merged unit carries the Join Up order for the turn.
pub fn join_up(b: &mut Battle, id: u32) {
    let Some(u) = b.unit(id).cloned() else { return };
    let Some(target) = u
        .order
        .as_ref()
        .filter(|o| o.kind == OrderKind::JoinUp)
        .and_then(|o| o.target)
    else {
        return;
    };
    let Some(t) = b.unit(target).cloned() else {
        return;
    };
    if t.hex.unsigned_distance_to(u.hex) != 1
        || !t.engaged.is_empty()
        || !u.engaged.is_empty()
        || t.unit_type != u.unit_type
    {
        b.note(LogEntry::event(
            "SBA-ORD-11",
            vec![id, target],
            say!("sba-log-cannot-join", unit = u.name, other = t.name),
        ));
        return;
    }
    let full = b.stats(&t).models;
    let models = u.models + t.models;
    let morale = joined_morale(u.morale, t.morale);
    if let Some(m) = b.unit_mut(target) {
        m.models = models;
        m.morale = morale;
        m.casualties = full.saturating_sub(models);
        m.honor = m.honor || u.honor;
        m.order = u.order.clone();
    }
    b.remove_unit(id, Removal::Joined);
    b.note(LogEntry::event(
        "SBA-ORD-11",
        vec![target, id],
        say!(
            "sba-log-joins",
            unit = u.name,
            other = t.name,
            models = models,
            level = morale.name()
        ),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::Facing;
    use crate::rules::samurai_battles::battle::fixture::*;
    use crate::rules::samurai_battles::fortitude::current_fortitude;
    use crate::rules::samurai_battles::orders::OrderSpec;

    #[test]
    fn gc_sba_19_join_up_example() {
        // GC-SBA-19 (SBA-ORD-11, SBA-ORD-4 M13): Hesitant 2 models + Normal 3 models
        // -> Normal, 5 models, only the Join Up -1 Fortitude.
        let t = tables();
        let board = board(&t);
        let mut h = unit(&t, 1, 0, "ashigaru_spearmen", (5, 3), Facing::North);
        h.models = 2;
        h.casualties = 2;
        h.morale = MoraleLevel::Hesitant;
        h.commander = true;
        h.order = Some(OrderSpec::at_unit(OrderKind::JoinUp, 2));
        let mut n = unit(&t, 2, 0, "ashigaru_spearmen", (5, 4), Facing::North);
        n.models = 3;
        n.casualties = 1;
        n.commander = false;
        let mut b = battle(vec![h, n], &board, &t);
        join_up(&mut b, 1);
        assert!(b.unit(1).is_none());
        let j = b.unit(2).cloned().expect("joined");
        assert_eq!((j.models, j.morale), (5, MoraleLevel::Normal));
        let v = current_fortitude(&b, &j, None);
        let mods: Vec<(i32, &str)> = v
            .modifiers
            .iter()
            .map(|m| (m.value, m.rule.as_str()))
            .collect();
        assert_eq!(mods, vec![(-1, "SBA-ORD-4")], "{}", v.explain());
        assert_eq!(
            joined_morale(MoraleLevel::Hesitant, MoraleLevel::Hesitant),
            MoraleLevel::Hesitant
        );
    }
}
