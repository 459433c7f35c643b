//! Setting up a battle and applying a player's command: the entry points of
//! the turn engine (WS-BASE), which hand over to the orders of the action
//! phase and the automatic steps of the turn.

use crate::engine::board::BoardEdge;
use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogSink;
use crate::engine::table::{Footprint, Table, TablePos};

use crate::rules::warstrike::data::WsTables;
use crate::rules::warstrike::unit::WsUnitState;

use super::state::{
    WsBattle, WsCommand, WsObjective, WsPhase, WsScenario, WsUnit, refuse, write_log,
};

impl WsBattle {
    /// A new battle from a validated scenario: units by id, turn 1, side 0's
    /// action phase (its first starting phase is run here and logged with
    /// the first command).
    pub fn new(scenario: &WsScenario, tables: &WsTables) -> Self {
        let mut units: Vec<WsUnit> = scenario
            .units
            .iter()
            .filter_map(|u| {
                let stats = tables.unit(&u.unit_type)?;
                let side = scenario.side_index(&u.side)?;
                let mut state = WsUnitState::from_stats(u.id, stats);
                if let Some(m) = u.models {
                    state.models = m.min(stats.models);
                }
                if let Some(name) = &u.name {
                    state.name = name.clone();
                }
                let base = scenario.base_of(u, tables);
                Some(WsUnit {
                    id: u.id,
                    side,
                    name: state.name.clone(),
                    unit_type: u.unit_type.clone(),
                    pos: TablePos {
                        x: u.at.0,
                        y: u.at.1,
                        facing: u.facing,
                    },
                    footprint: Footprint {
                        frontage: base.frontage,
                        depth: base.depth,
                    },
                    per_rank: u.per_rank.unwrap_or(stats.footprint.models_per_rank),
                    state,
                    acted: false,
                    hidden: u.hidden,
                })
            })
            .collect();
        units.sort_by_key(|u| u.id);
        let side = |i: usize| scenario.sides.get(i);
        let mut b = WsBattle {
            turn: 1,
            turn_limit: scenario
                .turn_limit
                .unwrap_or(tables.constants.turn_limit)
                .max(1),
            active: 0,
            phase: WsPhase::Starting,
            sides: [0, 1].map(|i| side(i).map(|s| s.name.clone()).unwrap_or_default()),
            edges: [
                side(0).map_or(BoardEdge::South, |s| s.edge),
                side(1).map_or(BoardEdge::North, |s| s.edge),
            ],
            units,
            objectives: scenario
                .setup
                .objectives
                .iter()
                .map(|o| {
                    let holder = o.held_by.as_ref().and_then(|h| scenario.side_index(h));
                    WsObjective {
                        name: o.name.clone(),
                        at: o.at,
                        held_by: holder,
                        held_at_start: holder,
                    }
                })
                .collect(),
            charges: Vec::new(),
            pending_start: false,
            result: None,
            reveal_within: scenario.hidden_deployment.map(|h| h.reveal_within),
        };
        b.pending_start = !b.starting_phase_steps(tables).is_empty();
        b.phase = WsPhase::Action;
        b
    }

    /// Applies one command. A refused command changes nothing: everything is
    /// checked before anything moves or rolls.
    ///
    /// # Errors
    /// The refusal naming the rule that forbids the command (WS-BASE,
    /// WS-SUP-3, WS-GLO-1).
    pub fn apply(
        &mut self,
        cmd: &WsCommand,
        tables: &WsTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        match cmd {
            WsCommand::Act { unit, action } => {
                self.refuse_unseen(cmd)?;
                let plan = self.plan_act(*unit, action, tables, table)?;
                self.flush_pending(tables, log);
                self.reveal_actor(*unit, log);
                let out = self.execute(plan, dice, tables);
                write_log(log, self.turn, WsPhase::Action, out);
                let out = self.check_destroyed();
                write_log(log, self.turn, WsPhase::Action, out);
            }
            WsCommand::EndPhase { side } => {
                if self.awaiting() != Some(*side) {
                    return Err(refuse(match self.awaiting() {
                        None => say!("ws-why-battle-over"),
                        Some(s) => say!(
                            "ws-why-not-your-phase",
                            active = self.sides[usize::from(s)],
                            side = self.sides.get(usize::from(*side)).map_or("?", |s| s)
                        ),
                    }));
                }
                self.flush_pending(tables, log);
                self.end_phase(dice, tables, table, log);
            }
        }
        self.reveal_spotted(log);
        Ok(())
    }

    /// Writes the first starting phase's entries, in the player's language:
    /// before the first command the battle is as [`WsBattle::new`] left it,
    /// so the phase run again with the objectives held as the battle began
    /// gives them again (the units start with no markers; only captures
    /// are logged).
    fn flush_pending(&mut self, tables: &WsTables, log: &mut dyn LogSink) {
        if std::mem::take(&mut self.pending_start) && log.wants() {
            let mut again = self.clone();
            for o in &mut again.objectives {
                o.held_by = o.held_at_start;
            }
            let pending = again.starting_phase_steps(tables);
            write_log(log, 1, WsPhase::Starting, pending);
        }
    }
}
