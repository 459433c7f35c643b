//! The exact odds shown before a command is committed.

use super::*;

impl CwBattle {
    /// Exact odds of a command before it is committed: hit and wound chances
    /// of a shot (CW-RNG-6), the landing test (CW-LAND-2, CW-DIVE-4,
    /// CW-ENG-3 … CW-ENG-5), whether the hostage survives (CW-HOS-4,
    /// CW-HOS-5). Empty for a command that would be refused.
    pub fn odds(&self, cmd: &CwCommand, tables: &CwTables, table: &Table) -> Vec<(String, f64)> {
        use super::super::hostage::{DESTRUCTION_TN, destruction_modifier};
        use super::super::landing::landing_test_for;
        use super::super::maneuver::maneuver_chance;
        use super::super::test_roll::Comparison;
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
                let kind = match plan.kind {
                    PlanKind::Landing(k) => k,
                    PlanKind::AirEngage { landing, .. } => landing,
                    PlanKind::EscapeByAir { .. } => {
                        let t = self.escape_test(u, tables);
                        return vec![(say!("cw-odds-break-away"), maneuver_chance(conv, &t))];
                    }
                    PlanKind::TakeOff { completed, .. } => {
                        return vec![(say!("cw-odds-take-off"), if completed { 1.0 } else { 0.0 })];
                    }
                    _ => return Vec::new(),
                };
                landing_test_for(kind, &self.lander(u, tables))
                    .map(|t| vec![(say!("cw-odds-landing"), maneuver_chance(conv, &t))])
                    .unwrap_or_default()
            }
            CwCommand::Stance { unit, stance } => {
                if self.plan_stance(*unit, *stance, tables).is_err() {
                    return Vec::new();
                }
                let p = match stance {
                    Stance::StrikeEasy => 1.0,
                    Stance::AllOutAttack => conv.success_chance(
                        destruction_modifier(self.captor_wounds_this_turn),
                        DESTRUCTION_TN,
                        Comparison::AtLeast,
                    ),
                };
                vec![(say!("cw-odds-hostage-survives"), p)]
            }
            CwCommand::ExecuteHostage { .. } => vec![(say!("cw-odds-hostage-survives"), 0.0)],
            CwCommand::FlyBy { .. } | CwCommand::Sacrifice { .. } | CwCommand::EndPhase { .. } => {
                Vec::new()
            }
        }
    }
}
