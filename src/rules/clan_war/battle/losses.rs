//! Losses: wounds, destroyed units and the morale tests they cause
//! (CW-MOR, CW-HON-2).

use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;
use crate::engine::table::{MEASURE_TOLERANCE, bearing_vector, centre_offset};
use crate::engine::table_scenario::TableCatalog;
use crate::engine::units::FlightState;

use crate::rules::clan_war::combat::models_lost;
use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::{CwTables, UnitStats};
use crate::rules::clan_war::honor::{HonorEvent, honor_gain};
use crate::rules::clan_war::morale::{
    MoraleCause, MoraleTest, TriggerInput, morale_test, triggers,
};

use super::state::{CwBattle, CwPhase, CwUnit};

impl CwBattle {
    /// Removes models for `wounds` (CW-GEN-3), keeps the base's front edge,
    /// and destroys the unit at 0 models (honor to `by`, CW-HON-2).
    pub(super) fn take_wounds(
        &mut self,
        id: u32,
        wounds: u32,
        by: Option<u8>,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        if wounds == 0 || !u.alive() {
            return;
        }
        // CW-HOS-4 (L89): "−1 for every 2 Wounds suffered by the captor unit
        // during the turn", from any source: shooting and Fly-By too.
        if self.holder().is_some_and(|h| h.id == id) {
            self.captor_wounds_this_turn += wounds;
        }
        let per = tables.unit(&u.unit_type).map_or(1, |c| c.wounds);
        let (lost, carried) = models_lost(per, u.wounds, wounds);
        let left = u.models.saturating_sub(lost);
        let fp = tables.footprint(&u.unit_type, left.max(1), Some(u.per_rank));
        let b = u.base();
        let front = b.front_center();
        if let Some(m) = self.unit_mut(id) {
            m.models = left;
            m.wounds = if left == 0 { 0 } else { carried };
            let c = front - bearing_vector(m.pos.facing) * centre_offset(fp.depth);
            m.pos.x = c.x;
            m.pos.y = c.y;
            m.footprint = fp;
        }
        entries.push(LogEntry::event(
            "CW-GEN-3",
            vec![id],
            say!(
                "cw-log-takes-wounds",
                unit = u.name,
                wounds = wounds,
                lost = lost,
                left = left
            ),
        ));
        if left == 0 {
            self.destroy(id, by, tables, entries);
        }
    }

    /// Marks a unit destroyed; the enemy gains honor and VP (CW-HON-2).
    pub(super) fn destroy(
        &mut self,
        id: u32,
        by: Option<u8>,
        tables: &CwTables,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        if let Some(m) = self.unit_mut(id) {
            m.models = 0;
            m.condition = Condition::Destroyed;
            m.flight = FlightState::Grounded;
        }
        entries.push(LogEntry::event(
            "CW-GEN-3",
            vec![id],
            say!("cw-log-destroyed", unit = u.name),
        ));
        if let Some(side) = by {
            let gains = &tables.settings.honor_gains;
            let a = &mut self.armies[side as usize & 1];
            let mut e = a.honor.change(
                honor_gain(HonorEvent::DestroyedUnit, gains),
                "CW-HON-2",
                &say!("cw-why-honor-destroyed-unit", unit = u.name),
            );
            e.units = vec![id];
            entries.push(e);
            if let Some(p) = &u.personality {
                let mut e = a.honor.change(
                    honor_gain(HonorEvent::DestroyedPersonality, gains),
                    "CW-HON-2",
                    &say!("cw-why-honor-destroyed-personality", personality = p),
                );
                e.units = vec![id];
                entries.push(e);
            }
            a.vp += tables.settings.victory.destroy_unit_vp;
        }
    }

    /// Morale tests for the base triggers after losses (CW-GEN-3, with the
    /// honor +1 of CW-HON-3 and the airborne rule of CW-FLY-14).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn morale_after_losses(
        &mut self,
        id: u32,
        models_before: u32,
        enemy_models_engaged: u32,
        losing: bool,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        let Some(card) = tables.unit(&u.unit_type) else {
            return;
        };
        if !u.alive() {
            return;
        }
        let found = triggers(
            &TriggerInput {
                starting_models: u.starting_models,
                models_before,
                models_now: u.models,
                enemy_models_engaged,
                losing,
                commander_lost: false,
                friend_broke_nearby: false,
                morale_level: card.morale_level,
                engaged_while_shaken: false,
            },
            &tables.settings.morale.triggers,
        );
        self.trigger_morale_tests(id, card, found, tables, dice, entries);
    }

    pub(super) fn morale_test_for(
        &self,
        u: &CwUnit,
        card: &UnitStats,
        cause: MoraleCause,
    ) -> MoraleTest {
        MoraleTest {
            unit: u.id,
            name: u.name.clone(),
            leadership: card.commander_leadership(),
            tl: card.tl,
            condition: u.condition,
            airborne: u.airborne(),
            full_retreat_this_turn: false,
            earlier_tests_this_turn: u.morale_tests,
            army_honor: self.armies[u.side as usize & 1].honor.honor,
            honor_immune: card.honor_immune(),
            cause,
            extra: Vec::new(),
        }
    }

    /// The enemies in contact with unit `id` now, with their sides (the
    /// units that recover a hostage from it, CW-HOS-7).
    pub(super) fn engaged_pairs(&self, id: u32) -> Vec<(u32, u8)> {
        let Some(u) = self.unit(id) else {
            return Vec::new();
        };
        self.enemies_in_contact(u)
            .into_iter()
            .filter_map(|e| self.unit(e).map(|o| (o.id, o.side)))
            .collect()
    }

    /// Sets a unit's condition; destroyed removes it (CW-GEN-3), and a
    /// destroyed hostage holder gives up its hostage (CW-HOS-7).
    pub(super) fn set_condition(
        &mut self,
        id: u32,
        c: Condition,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let before = self.unit(id).map(|u| u.condition);
        if c == Condition::Destroyed {
            let by = self.unit(id).map(|u| 1 - (u.side & 1));
            let engaged = self.engaged_pairs(id);
            self.destroy(id, by, tables, entries);
            // CW-HOS-7: a holder routed off after a failed Morale test gives
            // the hostage to a unit engaged with it. The Close Combat phase
            // settles its own captor after its Morale tests.
            if self.phase != CwPhase::CloseCombat {
                self.holder_destroyed(id, &engaged, entries);
            }
        } else if let Some(m) = self.unit_mut(id) {
            m.condition = c;
        }
        // Base rules §4: a friendly unit breaking or routing nearby is a
        // Morale trigger (CW-GEN-3).
        let broke = matches!(c, Condition::Broken | Condition::Routing)
            && before
                .is_some_and(|b| b != c && !matches!(b, Condition::Routing | Condition::Destroyed));
        if broke {
            self.friend_broke_tests(id, tables, dice, entries);
        }
    }

    /// Every friendly unit within the friend-broke range of `id`, which
    /// has just broken or routed, takes a Morale test (base rules §4,
    /// CW-GEN-3; a unit of Morale Level 5 does not, [`triggers`]).
    pub(super) fn friend_broke_tests(
        &mut self,
        id: u32,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        let range = tables.settings.morale.friend_broke_range;
        let near: Vec<u32> = self
            .units
            .iter()
            .filter(|o| o.id != id && o.side == u.side && o.alive())
            .filter(|o| o.base().distance_to(&u.base()) <= range + MEASURE_TOLERANCE)
            .map(|o| o.id)
            .collect();
        for f in near {
            self.trigger_tests(f, |i| i.friend_broke_nearby = true, tables, dice, entries);
        }
    }

    /// The Morale tests `id` takes for the triggers `set` raises (base rules
    /// §4, CW-GEN-3), through [`triggers`], each applied at once.
    pub(super) fn trigger_tests(
        &mut self,
        id: u32,
        set: impl Fn(&mut TriggerInput),
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let Some(u) = self.unit(id).cloned() else {
            return;
        };
        let Some(card) = tables.unit(&u.unit_type) else {
            return;
        };
        if !u.alive() {
            return;
        }
        let mut input = TriggerInput {
            starting_models: u.starting_models,
            models_before: u.models,
            models_now: u.models,
            enemy_models_engaged: 0,
            losing: false,
            commander_lost: false,
            friend_broke_nearby: false,
            morale_level: card.morale_level,
            engaged_while_shaken: false,
        };
        set(&mut input);
        self.trigger_morale_tests(
            id,
            card,
            triggers(&input, &tables.settings.morale.triggers),
            tables,
            dice,
            entries,
        );
    }

    /// The Morale test of each trigger in turn (CW-GEN-3), until the unit
    /// is gone; each test counts toward the unit's later ones this turn.
    fn trigger_morale_tests(
        &mut self,
        id: u32,
        card: &UnitStats,
        found: Vec<crate::rules::clan_war::morale::MoraleTrigger>,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        for tr in found {
            let Some(now) = self.unit(id).cloned() else {
                return;
            };
            if !now.alive() {
                return;
            }
            let t = self.morale_test_for(&now, card, MoraleCause::Trigger(tr));
            if let Some(out) = morale_test(dice, tables.settings.convention, &tables.settings, &t) {
                entries.extend(out.entries);
                self.set_condition(id, out.after, tables, dice, entries);
            }
            if let Some(m) = self.unit_mut(id) {
                m.morale_tests += 1;
            }
        }
    }
}
