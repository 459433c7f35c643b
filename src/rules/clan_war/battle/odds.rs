//! The exact odds shown before a command is committed.

use crate::engine::table::{Table, TablePos};

use crate::rules::clan_war::combat::{models_lost, wound_chance, wound_distribution};
use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::hostage::StanceRecord;
use crate::rules::clan_war::landing::LandingKind;
use crate::rules::clan_war::test_roll::Comparison;

use super::movement_checks::PlanKind;
use super::state::{CwBattle, CwCommand, CwUnit};

impl CwBattle {
    /// Exact odds of a command before it is committed: hit and wound chances
    /// of a shot (CW-RNG-6), the landing test (CW-LAND-2, CW-DIVE-4,
    /// CW-ENG-3 … CW-ENG-5), whether the hostage survives (CW-HOS-4,
    /// CW-HOS-5). Empty for a command that would be refused.
    pub fn odds(&self, cmd: &CwCommand, tables: &CwTables, table: &Table) -> Vec<(String, f64)> {
        use super::super::landing::landing_test_for;
        use super::super::maneuver::maneuver_chance;

        let conv = tables.settings.convention;
        match cmd {
            CwCommand::Shoot { unit, target } => {
                let Ok(a) = self.plan_shot(*unit, *target, tables, table) else {
                    return Vec::new();
                };
                let p_hit = conv.success_chance(a.att.total(), a.atn, Comparison::AtLeast);
                let p_w = wound_chance(conv, a.att.total(), a.dam.total(), a.atn);
                let n = i32::try_from(a.dice).unwrap_or(i32::MAX);
                vec![
                    (say!("cw-odds-hit-per-die"), p_hit),
                    (say!("cw-odds-wound-per-die"), p_w),
                    (say!("cw-odds-one-hit"), 1.0 - (1.0 - p_hit).powi(n)),
                    (say!("cw-odds-one-wound"), 1.0 - (1.0 - p_w).powi(n)),
                ]
            }
            CwCommand::Move {
                unit,
                path,
                facing,
                mode,
            } => {
                let Ok(plan) = self.plan_move(*unit, path, *facing, mode, tables, table) else {
                    return Vec::new();
                };
                let Some(u) = self.unit(*unit) else {
                    return Vec::new();
                };
                let kind = match &plan.kind {
                    PlanKind::Landing(k) => *k,
                    PlanKind::AirEngage {
                        target, landing, ..
                    } => {
                        let p =
                            self.air_engage_landing_chance(u, plan.end, *target, *landing, tables);
                        return vec![(say!("cw-odds-lands-after-fire"), p)];
                    }
                    PlanKind::EscapeByAir { .. } => {
                        let t = self.escape_test(u, tables);
                        return vec![(say!("cw-odds-break-away"), maneuver_chance(conv, &t))];
                    }
                    PlanKind::TakeOff { completed, .. } => {
                        return vec![(
                            say!("cw-odds-take-off"),
                            if *completed { 1.0 } else { 0.0 },
                        )];
                    }
                    _ => return Vec::new(),
                };
                landing_test_for(kind, &self.lander(u, tables), &tables.settings.landing)
                    .map(|t| vec![(say!("cw-odds-landing"), maneuver_chance(conv, &t))])
                    .unwrap_or_default()
            }
            CwCommand::Stance { unit, stance } => {
                if self.plan_stance(*unit, *stance, tables).is_err() {
                    return Vec::new();
                }
                // The phase as it will be rolled, with this stance declared.
                let mut with = self.clone();
                let paid = with.stances.get(unit).is_some_and(|r| r.all_out_paid);
                with.stances.insert(
                    *unit,
                    StanceRecord {
                        stance: Some(*stance),
                        all_out_paid: paid,
                    },
                );
                let p = with.hostage_survival_chance(tables);
                vec![(say!("cw-odds-hostage-survives"), p)]
            }
            CwCommand::ExecuteHostage { .. } => vec![(say!("cw-odds-hostage-survives"), 0.0)],
            CwCommand::FlyBy { .. } | CwCommand::Sacrifice { .. } | CwCommand::EndPhase { .. } => {
                Vec::new()
            }
        }
    }
}

impl CwBattle {
    /// The exact chance that the airborne unit `u`, engaging `target` by
    /// landing at `end`, comes through the reactionary fire (CW-LAND-3) and
    /// passes its landing test (CW-ENG-3 … CW-ENG-5), from the steps the
    /// move rolls: the fire's attack ([`Self::reactionary_attack`]) and its
    /// wounds ([`wound_distribution`]), then the landing test of the unit
    /// as the fire left it ([`Self::lander`], CW-LAND-2: a single model
    /// takes none).
    pub(super) fn air_engage_landing_chance(
        &self,
        u: &CwUnit,
        end: TablePos,
        target: u32,
        landing: LandingKind,
        tables: &CwTables,
    ) -> f64 {
        use super::super::landing::landing_test_for;
        use super::super::maneuver::maneuver_chance;
        let conv = tables.settings.convention;
        let mut m = u.clone();
        m.pos = end;
        let mut at_end = self.clone();
        if let Some(x) = at_end.unit_mut(u.id) {
            x.pos = end;
        }
        let fire = at_end
            .unit(target)
            .and_then(|t| at_end.reactionary_attack(&m, t, tables));
        let dist = fire.map_or_else(|| vec![1.0], |(a, _)| wound_distribution(conv, &a));
        let per = tables.unit(&u.unit_type).map_or(1, |c| c.wounds);
        dist.iter()
            .enumerate()
            .map(|(w, p)| {
                let (lost, _) = models_lost(per, u.wounds, w as u32);
                if lost >= u.models {
                    return 0.0;
                }
                let mut left = m.clone();
                left.models = u.models - lost;
                let pass = landing_test_for(
                    landing,
                    &self.lander(&left, tables),
                    &tables.settings.landing,
                )
                .map_or(1.0, |t| maneuver_chance(conv, &t));
                p * pass
            })
            .sum()
    }
}
