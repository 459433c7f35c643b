//! The end of each side's phase and of the turn: forced landings
//! (CW-FRC), honor levels, rally and victory (CW-HON).

use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{Base, Table};
use crate::engine::units::FlightState;

use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::honor::{HonorTrack, extra_card_army};
use crate::rules::clan_war::landing::{
    ForcedCause, ForcedLanding, forced_landing, forced_landing_required, roll_forced_landing_damage,
};
use crate::rules::clan_war::morale::{MoraleCause, morale_test, rally, spent_after_end_phase};

use super::state::{CwBattle, CwEnd, CwPhase, CwResult, CwUnit};

/// How much short of the clearance a measured gap may fall and still
/// count, inches: the rounding of float geometry, not a rule value.
const CLEARANCE_TOLERANCE: f32 = 1e-4;

impl CwBattle {
    /// An airborne unit that did not move this phase makes a forced landing
    /// (CW-FLY-10, CW-FRC-1 … CW-FRC-3).
    pub(super) fn forced_landings(
        &mut self,
        side: u8,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let ids: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.side == side && u.alive() && u.airborne() && !self.acted.contains(&u.id))
            .map(|u| u.id)
            .collect();
        let conv = tables.settings.convention;
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(card) = tables.unit(&u.unit_type) else {
                continue;
            };
            let mut entries = vec![LogEntry::event(
                "CW-FLY-10",
                vec![id],
                say!("cw-log-loses-movement", unit = u.name),
            )];
            if !forced_landing_required(u.flight, ForcedCause::LostMovement) {
                continue;
            }
            let b = u.base();
            let fwd = b.forward();
            // CW-FRC-2 [stand-in]: the straight landing move is the least
            // move of a voluntary landing (CW-LAND-1), before any extension.
            let share = tables.settings.landing.least_move;
            let half = card.movement * share;
            // CW-FRC-3: clear of every other unit, airborne ones too, by
            // the clearance of settings.ron.
            let fl = &tables.settings.forced_landing;
            let others: Vec<Base> = self
                .units
                .iter()
                .filter(|o| o.id != id && o.alive())
                .map(CwUnit::base)
                .collect();
            let mut found = None;
            let mut ext = 0.0;
            while ext <= card.movement * fl.search_limit {
                let spot = b.at(b.center + fwd * (half + ext), b.facing);
                if !table.holds(&spot) {
                    break;
                }
                if table.check_standing(&spot, false).is_ok()
                    && others
                        .iter()
                        .all(|o| o.distance_to(&spot) >= fl.clearance - CLEARANCE_TOLERANCE)
                {
                    found = Some((spot, ext));
                    break;
                }
                ext += fl.search_step;
            }
            let Some((spot, ext)) = found else {
                entries.push(LogEntry::event(
                    "CW-FRC-3",
                    vec![id],
                    say!("cw-log-no-landing-spot", unit = u.name),
                ));
                self.push(log, entries);
                continue;
            };
            entries.push(LogEntry::event(
                "CW-FRC-1",
                vec![id],
                say!("cw-log-must-force-land", unit = u.name),
            ));
            let r = forced_landing(&ForcedLanding {
                unit: id,
                movement: card.movement,
                extension: ext,
                single_model: u.models <= 1,
                condition: u.condition,
                spent_turns: u.spent,
                inches_per_damage_die: fl.inches_per_damage_die,
                move_share: share,
            });
            entries.extend(r.entries);
            if let Some(m) = self.unit_mut(id) {
                m.pos.x = spot.center.x;
                m.pos.y = spot.center.y;
                m.flight = FlightState::Grounded;
                m.condition = r.condition;
                m.spent = r.spent_turns;
            }
            if r.damage_dice > 0 {
                let (w, e) =
                    roll_forced_landing_damage(dice, conv, id, r.damage_dice, card.atn_close);
                entries.push(e);
                self.take_wounds(id, w, None, tables, &mut entries);
            }
            self.push(log, entries);
        }
    }

    pub(super) fn end_side_phase(
        &mut self,
        side: u8,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        if self.check_victory(tables, log) {
            return;
        }
        if side == 0 && self.has_decisions(1, tables) {
            self.active = 1;
            return;
        }
        loop {
            match self.phase {
                CwPhase::RangedAttack => self.resolve_shots(tables, dice, log),
                CwPhase::CloseCombat => self.resolve_close_combat(tables, dice, log),
                // CW-FBY-3 (L57): "at the end of the current Movement phase"
                // every Fly-By is rolled, both sides' together; then the
                // flyers that did not move land (CW-FLY-10 [stand-in]).
                CwPhase::PrimaryMovement | CwPhase::CavalryMovement => {
                    self.fly_by_rolls(tables, dice, log);
                    for s in [0, 1] {
                        self.forced_landings(s, tables, table, dice, log);
                    }
                }
                _ => {}
            }
            if self.check_victory(tables, log) {
                return;
            }
            self.phase = self.phase.next();
            self.acted.clear();
            self.fly_by_declined.clear();
            if self.phase == CwPhase::End {
                self.end_phase(tables, dice, log);
                if self.result.is_some() {
                    return;
                }
            }
            for s in [0, 1] {
                if self.has_decisions(s, tables) {
                    self.active = s;
                    return;
                }
            }
        }
    }

    /// The End phase: honor levels (CW-HON-4/5/6/9, CW-HON-10 exemptions),
    /// the extra card (CW-HON-7), rally, spent countdown; then the turn limit
    /// or the next turn.
    pub(super) fn end_phase(&mut self, tables: &CwTables, dice: &mut Dice, log: &mut dyn LogSink) {
        let conv = tables.settings.convention;
        let mut entries = Vec::new();
        let honors = [self.armies[0].honor.honor, self.armies[1].honor.honor];
        let card = match extra_card_army(&honors) {
            Some(i) => say!("cw-log-extra-card", side = self.side_names[i]),
            None => say!("cw-log-extra-card-nobody"),
        };
        entries.push(LogEntry::event("CW-HON-7", vec![], card));
        for side in [0u8, 1] {
            let ladder = &tables.settings.honor_ladder;
            let tests = self.armies[side as usize].honor.end_of_turn(ladder);
            entries.extend(HonorTrack::announce(&tests));
            for t in tests {
                let testing = if t.enemy_tests { 1 - side } else { side };
                let ids: Vec<u32> = self
                    .units
                    .iter()
                    .filter(|u| u.side == testing && u.alive())
                    .map(|u| u.id)
                    .collect();
                for id in ids {
                    let Some(u) = self.unit(id).cloned() else {
                        continue;
                    };
                    let Some(c) = tables.unit(&u.unit_type) else {
                        continue;
                    };
                    let mt = self.morale_test_for(&u, c, MoraleCause::Honor(t));
                    match morale_test(dice, conv, &tables.settings, &mt) {
                        Some(out) => {
                            entries.extend(out.entries);
                            self.set_condition(id, out.after, tables, dice, &mut entries);
                        }
                        None => entries.push(LogEntry::event(
                            "CW-HON-10",
                            vec![id],
                            say!("cw-log-immune-to-honor", unit = u.name),
                        )),
                    }
                }
            }
        }
        let ids: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.alive())
            .map(|u| u.id)
            .collect();
        for id in ids {
            let Some(u) = self.unit(id).cloned() else {
                continue;
            };
            let Some(c) = tables.unit(&u.unit_type) else {
                continue;
            };
            let mt = self.morale_test_for(
                &u,
                c,
                MoraleCause::Trigger(super::super::morale::MoraleTrigger::EngagedWhileShaken),
            );
            if let Some(out) = rally(dice, conv, &tables.settings, &mt) {
                entries.extend(out.entries);
                self.set_condition(id, out.after, tables, dice, &mut entries);
            }
            if let Some(m) = self.unit_mut(id) {
                m.spent = spent_after_end_phase(m.spent);
                m.morale_tests = 0;
            }
        }
        self.push(log, entries);
        if self.check_victory(tables, log) {
            return;
        }
        if self.turn >= self.turn_limit {
            self.finish_at_turn_limit(tables, log);
            return;
        }
        self.turn += 1;
        self.phase = CwPhase::SpecialOrders;
        self.fly_by.clear();
        self.fly_by_dice.clear();
        self.captor_wounds_this_turn = 0;
        self.acted.clear();
    }

    /// A side with no unit left, or only routing ones, loses [stand-in].
    pub(super) fn check_victory(&mut self, _tables: &CwTables, log: &mut dyn LogSink) -> bool {
        if self.result.is_some() {
            return true;
        }
        let out = |s: u8| {
            let mine: Vec<&CwUnit> = self
                .units
                .iter()
                .filter(|u| u.side == s && u.alive())
                .collect();
            if mine.is_empty() {
                Some(true)
            } else if mine.iter().all(|u| u.condition == Condition::Routing) {
                Some(false)
            } else {
                None
            }
        };
        let (a, b) = (out(0), out(1));
        let result = match (a, b) {
            (None, None) => return false,
            (Some(_), Some(_)) => CwResult {
                winner: None,
                end: CwEnd::BothOut,
            },
            (Some(destroyed), None) => CwResult {
                winner: Some(1),
                end: CwEnd::ArmyOut { side: 0, destroyed },
            },
            (None, Some(destroyed)) => CwResult {
                winner: Some(0),
                end: CwEnd::ArmyOut { side: 1, destroyed },
            },
        };
        if log.wants() {
            let reason = result.reason(&self.side_names);
            self.push(
                log,
                [LogEntry::event(
                    "CW-GEN-3",
                    vec![],
                    say!("cw-log-battle-over", reason = reason),
                )],
            );
        }
        self.result = Some(result);
        true
    }

    /// Scores at the turn limit [stand-in]: VP, plus the hostage-holding
    /// bonus; ties go to honor, then a draw.
    pub(super) fn finish_at_turn_limit(&mut self, tables: &CwTables, log: &mut dyn LogSink) {
        let v = &tables.settings.victory;
        let mut vp = [self.armies[0].vp, self.armies[1].vp];
        let mut holder = None;
        if let Some(h) = self.holder() {
            let s = h.side as usize & 1;
            vp[s] += v.hostage_held_vp;
            holder = Some(s as u8);
        }
        let honor = [self.armies[0].honor.honor, self.armies[1].honor.honor];
        let winner: Option<u8> = if vp[0] != vp[1] {
            Some(if vp[0] > vp[1] { 0 } else { 1 })
        } else if honor[0] != honor[1] {
            Some(if honor[0] > honor[1] { 0 } else { 1 })
        } else {
            None
        };
        let result = CwResult {
            winner,
            end: CwEnd::TurnLimit {
                turn_limit: self.turn_limit,
                vp,
                honor,
                holder,
                destroy_unit_vp: v.destroy_unit_vp,
                hostage_held_vp: v.hostage_held_vp,
            },
        };
        if log.wants() {
            let reason = result.reason(&self.side_names);
            self.push(
                log,
                [LogEntry::event(
                    "CW-GEN-3",
                    vec![],
                    say!("cw-log-battle-over", reason = reason),
                )],
            );
        }
        self.result = Some(result);
    }
}
