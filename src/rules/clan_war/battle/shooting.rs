//! The Ranged Attack phase: line of sight, range, declared shots and
//! their resolution (CW-RNG).

use std::collections::BTreeMap;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{Eye, MODEL_HEIGHT, NEGLIGIBLE, Obstacle, Table};

use crate::rules::clan_war::combat::{
    Attack, AttackKind, AttackSituation, attack_value, damage_value, resolve_attack,
};
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::ranged::{RangeBand, TargetView, check_target, range_check};

use super::state::{CwBattle, CwPhase, CwUnit, refuse};

/// Where the corners a line of sight is traced to lie, as a share of the way
/// from the target's centre to its true corners: just inside the base, so
/// that a line grazing the corner of a neighbouring base does not decide.
/// A sampling of "any part of the target", not a rule value.
const SIGHT_CORNER_INSET: f32 = 0.9;

impl CwBattle {
    /// Line of sight from `s`'s front edge to any of `t`'s centre and
    /// corners, at model height or raised 10" when airborne (CW-RNG-1,
    /// `settings.ron` `ranged.airborne_los_height`); grounded units in
    /// between block.
    pub fn line_of_sight(&self, tables: &CwTables, table: &Table, s: &CwUnit, t: &CwUnit) -> bool {
        let h = |u: &CwUnit| {
            if u.airborne() {
                tables.settings.ranged.airborne_los_height
            } else {
                MODEL_HEIGHT
            }
        };
        let sb = s.base();
        let tb = t.base();
        let from = Eye {
            at: sb.front_center(),
            height: h(s),
        };
        let obstacles: Vec<Obstacle> = self
            .units
            .iter()
            .filter(|o| o.id != s.id && o.id != t.id && o.alive() && !o.airborne())
            .map(|o| Obstacle {
                base: o.base(),
                height: MODEL_HEIGHT,
            })
            .collect();
        let mut points = vec![tb.center];
        points.extend(
            tb.corners()
                .map(|c| tb.center + (c - tb.center) * SIGHT_CORNER_INSET),
        );
        points.into_iter().any(|p| {
            table
                .line_of_sight(
                    from,
                    Eye {
                        at: p,
                        height: h(t),
                    },
                    &obstacles,
                )
                .is_ok()
        })
    }

    /// The range band of `s` shooting at `t` (CW-RNG-3 … CW-RNG-6), measured
    /// edge to edge.
    pub fn range_of(&self, s: &CwUnit, t: &CwUnit, tables: &CwTables) -> Option<RangeBand> {
        self.range_detail(s, t, tables).map(|r| r.band)
    }

    /// The whole range check of `s` shooting at `t` (CW-RNG-3 … CW-RNG-6).
    pub fn range_detail(
        &self,
        s: &CwUnit,
        t: &CwUnit,
        tables: &CwTables,
    ) -> Option<super::super::ranged::RangeCheck> {
        let r = tables.unit(&s.unit_type)?.range?;
        let measured = s.base().distance_to(&t.base());
        Some(range_check(
            r.close,
            r.extended,
            measured,
            s.flight,
            t.flight,
            &tables.settings.ranged,
        ))
    }

    /// Checks a shot (CW-RNG-2, CW-FBY-4) and returns the attack it makes.
    pub(super) fn plan_shot(
        &self,
        unit: u32,
        target: u32,
        tables: &CwTables,
        table: &Table,
    ) -> Result<Attack, Refusal> {
        if self.phase != CwPhase::RangedAttack {
            return Err(refuse("CW-RNG-2", say!("cw-why-shoot-phase")));
        }
        let s = self.check_actor(unit)?;
        let card = tables
            .unit(&s.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-unknown-card")))?;
        if card.range.is_none() {
            return Err(refuse(
                "CW-RNG-2",
                say!("cw-why-no-ranged-attack", unit = s.name),
            ));
        }
        if let Some(r) = self.fly_by.get(&unit) {
            r.check_ranged()?;
        }
        if !self.can_shoot(s, tables) {
            return Err(refuse(
                "CW-GEN-3",
                say!("cw-why-cannot-shoot-now", unit = s.name),
            ));
        }
        let t = self
            .unit(target)
            .filter(|t| t.alive() && t.side != s.side)
            .ok_or_else(|| refuse("CW-RNG-2", say!("cw-why-target-not-enemy")))?;
        let sb = s.base();
        // The nearest enemy in the forward arc and in sight: nearest first,
        // so that sight is traced only until one is seen.
        let mut near: Vec<(&CwUnit, f32)> = self
            .units
            .iter()
            .filter(|o| o.side != s.side && o.alive() && sb.in_forward_arc(&o.base()))
            .map(|o| (o, sb.distance_to(&o.base())))
            .collect();
        near.sort_by(|a, b| a.1.total_cmp(&b.1));
        let nearest = near
            .iter()
            .find(|(o, _)| self.line_of_sight(tables, table, s, o))
            .map_or(f32::INFINITY, |v| v.1);
        let band = self.range_of(s, t, tables).unwrap_or(RangeBand::OutOfRange);
        let view = TargetView {
            shooter_airborne: s.airborne(),
            target_airborne: t.airborne(),
            in_los: self.line_of_sight(tables, table, s, t),
            in_range: band != RangeBand::OutOfRange,
            in_forward_arc: sb.in_forward_arc(&t.base()),
            closest: sb.distance_to(&t.base()) <= nearest + NEGLIGIBLE,
        };
        check_target(&view)?;
        Self::shot_attack(s, t, tables)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-unknown-card")))
    }

    /// The attack `s` makes shooting at `t` as they stand (CW-RNG-6): one
    /// die per model, the band measured now (CW-RNG-3 … CW-RNG-6), the
    /// target's ranged ATN. [`Self::plan_shot`] (and so the odds) and
    /// [`Self::resolve_shots`] both build the shot here. `None` for an
    /// unknown card or a target out of range.
    pub(super) fn shot_attack(s: &CwUnit, t: &CwUnit, tables: &CwTables) -> Option<Attack> {
        let card = tables.unit(&s.unit_type)?;
        let tcard = tables.unit(&t.unit_type)?;
        let r = card.range?;
        let measured = s.base().distance_to(&t.base());
        let rv = &tables.settings.ranged;
        let band = range_check(r.close, r.extended, measured, s.flight, t.flight, rv).band;
        if band == RangeBand::OutOfRange {
            return None;
        }
        let sit = AttackSituation {
            range_band: Some((band, band.att_modifier(rv))),
            ..Default::default()
        };
        Some(Attack {
            kind: AttackKind::Ranged,
            rule: "CW-RNG-6".into(),
            attacker: s.id,
            target: t.id,
            dice: s.models,
            att: attack_value(card.att, &sit),
            dam: damage_value(card.dam, &sit),
            atn: tcard.atn_ranged,
        })
    }

    /// Resolves the declared shots in shooter id order (CW-RNG-6 bands;
    /// stand-in attack procedure), then the Morale tests of the targets.
    pub(super) fn resolve_shots(
        &mut self,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let conv = tables.settings.convention;
        let mut shots = std::mem::take(&mut self.shots);
        shots.sort_by_key(|s| s.0);
        let before: BTreeMap<u32, u32> = self.units.iter().map(|u| (u.id, u.models)).collect();
        // Every shot is the attack declared (and shown in the odds): built
        // from the units as they stood when the phase's shots were declared.
        let declared: Vec<CwUnit> = self.units.clone();
        let at_declaration = |id: u32| declared.iter().find(|u| u.id == id);
        let mut entries = Vec::new();
        let mut hit: Vec<u32> = Vec::new();
        for (s, t) in shots {
            let (Some(su), Some(tu)) = (self.unit(s).cloned(), self.unit(t).cloned()) else {
                continue;
            };
            if !tu.alive() {
                entries.push(LogEntry::event(
                    "CW-RNG-2",
                    vec![s, t],
                    say!("cw-log-target-gone", unit = su.name, target = tu.name),
                ));
                continue;
            }
            let Some(attack) = at_declaration(s)
                .zip(at_declaration(t))
                .and_then(|(s0, t0)| Self::shot_attack(s0, t0, tables))
            else {
                continue;
            };
            let r = resolve_attack(dice, conv, &attack);
            entries.extend(r.entries);
            let engaged: Vec<(u32, u8)> = if self.holder().is_some_and(|h| h.id == t) {
                self.enemies_in_contact(&tu)
                    .into_iter()
                    .filter_map(|id| self.unit(id).map(|u| (u.id, u.side)))
                    .collect()
            } else {
                Vec::new()
            };
            self.take_wounds(t, r.wounds, Some(su.side), tables, &mut entries);
            if self.unit(t).is_some_and(|u| !u.alive()) {
                self.holder_destroyed(t, &engaged, &mut entries);
            }
            if !hit.contains(&t) {
                hit.push(t);
            }
        }
        hit.sort_unstable();
        for t in hit {
            let b = before.get(&t).copied().unwrap_or(0);
            self.morale_after_losses(t, b, 0, false, tables, dice, &mut entries);
        }
        self.push(log, entries);
    }
}
