//! The automatic steps of a player turn: the Starting phase (WS-CLR-3,
//! WS-SUP-3), the Reaction phase (WS-CLR-1), the Close-combat phase
//! (WS-CC, WS-CLR-5), the end of the turn and victory by objectives.

use bevy::prelude::Vec2;

use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::Table;

use crate::rules::warstrike::actions::{WsAction, may_capture_objective};
use crate::rules::warstrike::clearing::{
    clear_by_winning_fight, reaction_phase_test, relief_on_enemy_break, starting_phase,
};
use crate::rules::warstrike::close_combat::{Combatant, fight, keep_fighting_test};
use crate::rules::warstrike::data::WsTables;
use crate::rules::warstrike::shooting::SalvoRecord;
use crate::rules::warstrike::unit::WsUnitState;

use super::state::{Plan, WsBattle, WsEnd, WsPhase, WsUnit, write_log};

fn two_mut<T>(v: &mut [T], i: usize, j: usize) -> (&mut T, &mut T) {
    if i < j {
        let (a, b) = v.split_at_mut(j);
        (&mut a[i], &mut b[0])
    } else {
        let (a, b) = v.split_at_mut(i);
        (&mut b[0], &mut a[j])
    }
}

impl WsBattle {
    /// The active side's starting phase: WS-CLR-3 for each unit, then
    /// objective captures ([stand-in], WS-SUP-3 (2)).
    pub(super) fn starting_phase_steps(&mut self, tables: &WsTables) -> Vec<LogEntry> {
        let reach = tables.constants.capture_range as f32;
        let side = self.active;
        let mut out = Vec::new();
        for u in self
            .units
            .iter_mut()
            .filter(|u| u.side == side && u.alive())
        {
            u.acted = false;
            out.extend(starting_phase(&mut u.state));
        }
        for oi in 0..self.objectives.len() {
            let ob = self.objectives[oi].base();
            let near: Vec<&WsUnit> = self
                .units
                .iter()
                // A hidden unit neither captures nor contests (WS-HID-1).
                .filter(|u| u.alive() && !u.hidden && u.base().within(&ob, reach))
                .collect();
            let own_free: Vec<&WsUnit> = near
                .iter()
                .copied()
                .filter(|u| u.side == side && may_capture_objective(&u.state).is_ok())
                .collect();
            let enemy_free = near.iter().any(|u| u.side != side && !u.state.suppressed());
            let held = self.objectives[oi].held_by;
            if let Some(c) = own_free.first() {
                if !enemy_free && held != Some(side) {
                    let mut e = LogEntry::event(
                        "WS-BASE",
                        vec![c.id],
                        say!(
                            "ws-log-captures",
                            unit = c.name,
                            objective = self.objectives[oi].name,
                            reach = reach
                        ),
                    );
                    e.outcome = say!("ws-outcome-held-by", side = self.sides[usize::from(side)]);
                    out.push(e);
                    self.objectives[oi].held_by = Some(side);
                }
            } else if held != Some(side)
                && !enemy_free
                && let Some(s) = near.iter().find(|u| u.side == side)
                && let Err(r) = may_capture_objective(&s.state)
            {
                let mut e = LogEntry::event(&r.rule, vec![s.id], r.reason);
                e.outcome = say!(
                    "ws-outcome-not-captured",
                    objective = self.objectives[oi].name
                );
                out.push(e);
            }
        }
        out
    }

    /// The reaction phase: the opponent's suppressed units test (WS-CLR-1).
    pub(super) fn reaction_steps(&mut self, dice: &mut Dice, tables: &WsTables) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let side = 1 - self.active;
        for idx in 0..self.units.len() {
            if self.units[idx].side != side || !self.units[idx].alive() {
                continue;
            }
            let insp = self.inspiring_for(idx, tables);
            if let Some((_, log)) = reaction_phase_test(dice, &mut self.units[idx].state, insp) {
                out.extend(log);
            }
        }
        out
    }

    /// WS-CLR-5 relief for the opponents of `broke` within 6″, then its
    /// fall-back move.
    pub(super) fn break_and_fall_back(
        &mut self,
        broke: u32,
        tables: &WsTables,
        table: &Table,
        out: &mut Vec<LogEntry>,
    ) {
        let Some(bi) = self.index(broke) else {
            return;
        };
        let bb = self.units[bi].base();
        let bside = self.units[bi].side;
        let mut opposing: Vec<(f64, &mut WsUnitState)> = self
            .units
            .iter_mut()
            .filter(|u| u.side != bside && u.alive())
            .map(|u| {
                let d = f64::from(u.base().distance_to(&bb));
                (d, &mut u.state)
            })
            .collect();
        out.extend(relief_on_enemy_break(
            broke,
            &mut opposing,
            tables.constants.break_relief_range,
        ));
        if !self.units[bi].alive() {
            return;
        }
        match self.fall_back_destination(bi, tables, table) {
            Some(p) => {
                let mut e = LogEntry::event(
                    "WS-SUP-3",
                    vec![broke],
                    say!("ws-log-falls-back-out", unit = self.units[bi].name),
                );
                e.outcome = say!("ws-outcome-falls-back");
                out.push(e);
                self.move_unit(bi, &[Vec2::new(p.x, p.y)], p.facing, out);
            }
            None => {
                let mut e = LogEntry::event(
                    "WS-SUP-3",
                    vec![broke],
                    say!("ws-log-no-room", unit = self.units[bi].name),
                );
                e.outcome = say!("ws-outcome-stays");
                out.push(e);
            }
        }
    }

    /// The close-combat phase: every pair in base contact fights once.
    pub(super) fn close_combat_steps(
        &mut self,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
    ) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let active = self.active;
        let mut pairs = Vec::new();
        for a in self.units.iter().filter(|u| u.side == active && u.alive()) {
            for b in self.units.iter().filter(|u| u.side != active && u.alive()) {
                if a.base().in_contact(&b.base()) {
                    pairs.push((a.id, b.id));
                }
            }
        }
        for (a, b) in pairs {
            let (Some(ai), Some(bi)) = (self.index(a), self.index(b)) else {
                continue;
            };
            if !self.units[ai].alive()
                || !self.units[bi].alive()
                || !self.units[ai].base().in_contact(&self.units[bi].base())
            {
                continue;
            }
            let (sa, sb) = (
                self.units[ai].state.suppressed(),
                self.units[bi].state.suppressed(),
            );
            let mut e = LogEntry::event(
                "WS-BASE",
                vec![a, b],
                if self.charges.contains(&(a, b)) {
                    say!(
                        "ws-log-fight-charge",
                        unit = self.units[ai].name,
                        other = self.units[bi].name
                    )
                } else {
                    say!(
                        "ws-log-fight",
                        unit = self.units[ai].name,
                        other = self.units[bi].name
                    )
                },
            );
            e.outcome = say!("ws-outcome-close-combat");
            out.push(e);
            if sa && sb {
                self.both_suppressed(ai, bi, dice, tables, table, &mut out);
            } else {
                let (ci, di) = if sa { (bi, ai) } else { (ai, bi) };
                let c_insp = self.inspiring_for(ci, tables);
                let d_insp = self.inspiring_for(di, tables);
                let mut rec = SalvoRecord::new();
                let (cu, du) = two_mut(&mut self.units, ci, di);
                let r = fight(
                    dice,
                    &mut rec,
                    Combatant {
                        unit: &mut cu.state,
                        inspiring: c_insp,
                    },
                    Combatant {
                        unit: &mut du.state,
                        inspiring: d_insp,
                    },
                    &tables.constants,
                );
                self.refit(ci, tables);
                self.refit(di, tables);
                match r {
                    Ok(r) => {
                        out.extend(r.log);
                        for broke in r.broke {
                            self.break_and_fall_back(broke, tables, table, &mut out);
                        }
                    }
                    Err(r) => out.push(LogEntry::event(&r.rule, vec![a, b], r.reason)),
                }
            }
            out.extend(self.check_destroyed());
            if self.result.is_some() {
                break;
            }
        }
        out
    }

    /// Two suppressed units in contact: each tests to keep fighting
    /// (WS-SUP-3 (4)), lower id first; the first to fail falls back and the
    /// other clears its suppression (WS-CLR-2). When both pass, both fight
    /// on: they strike and the loser tests ([`super::super::close_combat::strike`]).
    pub(super) fn both_suppressed(
        &mut self,
        ai: usize,
        bi: usize,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
        out: &mut Vec<LogEntry>,
    ) {
        let order = if self.units[ai].id < self.units[bi].id {
            [(ai, bi), (bi, ai)]
        } else {
            [(bi, ai), (ai, bi)]
        };
        for (x, y) in order {
            let insp = self.inspiring_for(x, tables);
            if let Some(t) = keep_fighting_test(dice, &self.units[x].state, insp) {
                out.push(t.log);
                if !t.pass {
                    let loser = self.units[x].id;
                    out.extend(clear_by_winning_fight(&mut self.units[y].state, loser));
                    self.break_and_fall_back(loser, tables, table, out);
                    return;
                }
            }
        }
        let mut e = LogEntry::event(
            "WS-SUP-3",
            vec![self.units[ai].id, self.units[bi].id],
            say!("ws-log-both-hold"),
        );
        e.outcome = say!("ws-outcome-both-hold");
        out.push(e);
        // WS-SUP-3 (4): a unit that passes "continues fighting".
        let a_insp = self.inspiring_for(ai, tables);
        let b_insp = self.inspiring_for(bi, tables);
        let mut r = super::super::close_combat::FightResult::default();
        let (au, bu) = two_mut(&mut self.units, ai, bi);
        let struck = super::super::close_combat::strike(
            dice,
            &mut SalvoRecord::new(),
            Combatant {
                unit: &mut au.state,
                inspiring: a_insp,
            },
            Combatant {
                unit: &mut bu.state,
                inspiring: b_insp,
            },
            &tables.constants,
            &mut r,
        );
        self.refit(ai, tables);
        self.refit(bi, tables);
        match struck {
            Ok(()) => {
                out.extend(r.log);
                for broke in r.broke {
                    self.break_and_fall_back(broke, tables, table, out);
                }
            }
            Err(e) => out.push(LogEntry::event(
                &e.rule,
                vec![self.units[ai].id, self.units[bi].id],
                e.reason,
            )),
        }
    }

    /// Ends the action phase of `side` and runs the automatic phases until
    /// the next decision or the end of the battle.
    pub(super) fn end_phase(
        &mut self,
        dice: &mut Dice,
        tables: &WsTables,
        table: &Table,
        log: &mut dyn LogSink,
    ) {
        // Forced falls back of suppressed units not yet ordered (WS-SUP-3 (1)).
        let mut out = Vec::new();
        for idx in 0..self.units.len() {
            let u = &self.units[idx];
            if u.side == self.active && u.alive() && !u.acted && u.state.suppressed() {
                let dest = self
                    .fall_back_destination(idx, tables, table)
                    .map(|p| (vec![Vec2::new(p.x, p.y)], p.facing));
                let plan = Plan {
                    idx,
                    action: WsAction::FallBack,
                    dest,
                    fire: None,
                    fire_first: false,
                    charge: None,
                };
                out.extend(self.execute(plan, dice, tables));
            }
        }
        write_log(log, self.turn, WsPhase::Action, out);

        self.phase = WsPhase::Reaction;
        let out = self.reaction_steps(dice, tables);
        write_log(log, self.turn, WsPhase::Reaction, out);

        self.phase = WsPhase::CloseCombat;
        let out = self.close_combat_steps(dice, tables, table);
        write_log(log, self.turn, WsPhase::CloseCombat, out);
        if self.result.is_some() {
            return;
        }

        self.charges.clear();
        for u in &mut self.units {
            u.acted = false;
        }
        if self.active == 0 {
            self.active = 1;
        } else if self.turn >= self.turn_limit {
            let out = self.victory_by_objectives();
            if log.wants() {
                log.extend(self.turn, &say!("ws-phase-end-of-battle"), out);
            }
            return;
        } else {
            self.turn += 1;
            self.active = 0;
        }
        self.phase = WsPhase::Starting;
        let out = self.starting_phase_steps(tables);
        write_log(log, self.turn, WsPhase::Starting, out);
        self.phase = WsPhase::Action;
    }

    /// After the last turn the side holding more objectives wins; equal = a
    /// draw [stand-in].
    pub(super) fn victory_by_objectives(&mut self) -> Vec<LogEntry> {
        let held = |s: u8| {
            self.objectives
                .iter()
                .filter(|o| o.held_by == Some(s))
                .count()
        };
        let (a, b) = (held(0), held(1));
        let end = WsEnd::Objectives {
            turn: self.turn,
            held: [a, b],
        };
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(0),
            std::cmp::Ordering::Less => Some(1),
            std::cmp::Ordering::Equal => None,
        };
        self.finish(winner, end)
    }
}
