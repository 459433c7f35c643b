//! Applying a player's command: the entry point of the turn engine, which
//! checks the command and hands over to the planners of moves and shots,
//! the stances, sacrifices, Fly-By choices and executions, and the end of a
//! side's phase (CW-GEN-3).

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::Table;

use crate::rules::clan_war::data::CwTables;
use crate::rules::clan_war::fly_by::FlyByRecord;
use crate::rules::clan_war::hostage::{Standing, execute_hostage};

use super::state::{CwBattle, CwCommand, CwPhase, refuse};

impl CwBattle {
    /// Applies one command, without Kassen's hidden deployment (see
    /// [`CwBattle::apply`]); a refusal changes nothing.
    ///
    /// # Errors
    /// The refusal, naming the rule that forbids the command.
    pub(super) fn apply_command(
        &mut self,
        cmd: &CwCommand,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        if self.result.is_some() {
            return Err(refuse("CW-GEN-3", say!("cw-why-battle-over")));
        }
        match cmd {
            CwCommand::EndPhase { side } => {
                if *side != self.active {
                    return Err(refuse(
                        "CW-GEN-3",
                        say!("cw-why-not-side-turn", side = side),
                    ));
                }
                self.end_side_phase(*side, tables, table, dice, log);
                Ok(())
            }
            CwCommand::Move {
                unit,
                path,
                facing,
                mode,
            } => {
                let plan = self.plan_move(*unit, path, *facing, mode, tables, table)?;
                self.exec_move(plan, tables, dice, log);
                Ok(())
            }
            CwCommand::Shoot { unit, target } => {
                self.plan_shot(*unit, *target, tables, table)?;
                self.acted.push(*unit);
                self.shots.push((*unit, *target));
                let (s, t) = (self.unit(*unit), self.unit(*target));
                let names = (
                    s.map(|u| u.name.clone()).unwrap_or_default(),
                    t.map(|u| u.name.clone()).unwrap_or_default(),
                );
                let range = s
                    .zip(t)
                    .and_then(|(s, t)| self.range_detail(s, t, tables))
                    .map(|r| r.explain());
                let what = match range {
                    Some(range) => say!(
                        "cw-log-declares-shot-range",
                        unit = names.0,
                        target = names.1,
                        range = range
                    ),
                    None => say!("cw-log-declares-shot", unit = names.0, target = names.1),
                };
                self.push(
                    log,
                    [LogEntry::event("CW-RNG-2", vec![*unit, *target], what)],
                );
                Ok(())
            }
            CwCommand::Sacrifice { unit } => {
                let name = self.check_sacrifice(*unit, tables)?.name.clone();
                self.sacrifices.push(*unit);
                self.push(
                    log,
                    [LogEntry::event(
                        "CW-HOS-6",
                        vec![*unit],
                        say!("cw-log-will-sacrifice", unit = name),
                    )],
                );
                Ok(())
            }
            CwCommand::Stance { unit, stance } => {
                let change = self.plan_stance(*unit, *stance, tables)?;
                let side = self.active as usize & 1;
                self.stances.insert(*unit, change.record);
                self.armies[side].honor.honor = change.standing.honor;
                self.armies[side].vp = change.standing.vp;
                self.push(log, change.entries);
                Ok(())
            }
            CwCommand::FlyBy { unit, roll } => {
                let Some(phase) = self.phase.movement() else {
                    return Err(refuse("CW-FBY-3", say!("cw-why-fly-by-movement-phase")));
                };
                let u = self.check_actor(*unit)?;
                let name = u.name.clone();
                let mut probe = self.fly_by.get(unit).cloned().unwrap_or_default();
                probe.roll(phase)?;
                let entry = if *roll {
                    self.fly_by_declined.retain(|x| x != unit);
                    LogEntry::event(
                        "CW-FBY-3",
                        vec![*unit],
                        say!("cw-log-will-roll-fly-by", unit = name),
                    )
                } else {
                    if !self.fly_by_declined.contains(unit) {
                        self.fly_by_declined.push(*unit);
                    }
                    self.fly_by
                        .get(unit)
                        .map_or_else(FlyByRecord::new, Clone::clone)
                        .skip()
                };
                self.push(log, [entry]);
                Ok(())
            }
            CwCommand::ExecuteHostage { unit } => {
                if self.phase != CwPhase::SpecialOrders {
                    return Err(refuse("CW-HOS-5", say!("cw-why-execute-special-order")));
                }
                self.check_actor(*unit)?;
                let side = self.active;
                let standing = Standing {
                    honor: self.armies[side as usize].honor.honor,
                    vp: self.armies[side as usize].vp,
                };
                let Some(h) = self.hostage.as_ref().filter(|h| h.state.holder == *unit) else {
                    return Err(refuse("CW-HOS-5", say!("cw-why-holds-no-hostage")));
                };
                let mut state = h.state.clone();
                let (out, entry) =
                    execute_hostage(&mut state, side, standing, &tables.settings.hostage)?;
                if let Some(h) = self.hostage.as_mut() {
                    h.state = state;
                }
                self.armies[side as usize].honor.honor = out.honor;
                self.armies[side as usize].vp = out.vp;
                self.push(log, [entry]);
                Ok(())
            }
        }
    }
}
