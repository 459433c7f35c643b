//! The default orders a side is offered (and a quick game plays): charges,
//! steps toward the enemy and salvoes at the nearest target.

use std::collections::BTreeMap;

use bevy::prelude::Vec2;

use crate::engine::table::{Table, TablePos, bearing_of, bearing_vector};

use crate::rules::warstrike::data::WsTables;

use super::state::{WsBattle, WsCommand, WsOrder, WsUnit};

impl WsBattle {
    /// A straight charge of `unit` at `target`: the path to base contact
    /// and the facing (toward the target's centre), or `None` if the
    /// straight line never touches it. Advance! when it is within Mv, else
    /// At The Double!.
    pub fn straight_charge(&self, unit: u32, target: u32, tables: &WsTables) -> Option<WsOrder> {
        let u = self.unit(unit)?;
        let t = self.unit(target)?;
        let base = u.base();
        let tb = t.base();
        let to = tb.center - base.center;
        if to.length() < 1e-4 {
            return None;
        }
        let dir = to.normalize();
        let facing = bearing_of(dir);
        let reach = (tables.constants.at_the_double * u.state.mv) as f32 + 1.0;
        let d = base
            .at(base.center, facing)
            .travel_until_contact(dir, reach, &tb)?;
        let dest = base.center + dir * d;
        let path = vec![(dest.x, dest.y)];
        Some(if d <= u.state.mv as f32 {
            WsOrder::Advance {
                path,
                facing,
                fire_at: None,
                fire_first: false,
                charge: Some(target),
            }
        } else {
            WsOrder::AtTheDouble {
                path,
                facing,
                charge: Some(target),
            }
        })
    }

    /// Bearing from `from` toward the nearest living enemy of `side`.
    pub(super) fn face_enemy(&self, side: u8, from: Vec2, fallback: f32) -> f32 {
        self.units
            .iter()
            .filter(|u| u.side != side && u.alive())
            .map(|u| (u.base().center.distance(from), u.base().center))
            .min_by(|a, b| a.0.total_cmp(&b.0))
            .map_or(fallback, |(_, c)| bearing_of(c - from))
    }

    /// A move of up to Mv toward `goal` that ends at least `stop` inches
    /// from it: the legal straight step (tried at several angles and
    /// lengths) that gets closest.
    pub(super) fn step_toward(
        &self,
        idx: usize,
        goal: Vec2,
        stop: f32,
        table: &Table,
    ) -> Option<(Vec<(f32, f32)>, f32)> {
        let u = &self.units[idx];
        let base = u.base();
        let to = goal - base.center;
        let dist = to.length();
        let want = (dist - stop).min(u.state.mv as f32);
        if want < 0.5 {
            return None;
        }
        let (others, _) = self.others(idx);
        let b0 = bearing_of(to);
        let mut best: Option<(f32, Vec2, f32)> = None;
        // No move ends nearer the goal than straight at it by `want`: once a
        // candidate does that, no later one can replace it.
        let floor = dist - want;
        for off in [0.0, 25.0, -25.0, 50.0, -50.0, 80.0, -80.0] {
            if best.is_some_and(|b| b.0 <= floor + 1e-3) {
                break;
            }
            for frac in [1.0, 0.75, 0.5, 0.25] {
                let dest = base.center + bearing_vector(b0 + off) * want * frac;
                let facing = self.face_enemy(u.side, dest, b0);
                if table
                    .check_move(
                        &base,
                        &[dest],
                        facing,
                        u.state.mv as f32,
                        false,
                        &others,
                        &[],
                    )
                    .is_ok()
                {
                    let rem = dest.distance(goal);
                    if best.is_none_or(|b| rem < b.0 - 1e-3) {
                        best = Some((rem, dest, facing));
                    }
                    break;
                }
            }
        }
        best.filter(|b| b.0 < dist - 0.4)
            .map(|(_, d, f)| (vec![(d.x, d.y)], f))
    }

    /// The computer's order for unit `idx` (see [`WsBattle::default_commands`]).
    pub(super) fn ai_order(
        &self,
        idx: usize,
        shot_at: &BTreeMap<u32, u32>,
        tables: &WsTables,
        table: &Table,
    ) -> Option<WsOrder> {
        let u = &self.units[idx];
        if u.state.suppressed() {
            return Some(WsOrder::FallBack);
        }
        if self.engaged(idx) {
            return None;
        }
        let base = u.base();
        let mut enemies: Vec<&WsUnit> = self
            .units
            .iter()
            .filter(|e| e.side != u.side && e.alive() && !shot_at.contains_key(&e.id))
            .collect();
        enemies.sort_by(|a, b| {
            base.distance_to(&a.base())
                .total_cmp(&base.distance_to(&b.base()))
        });
        let ok = |o: &WsOrder| self.plan_act(u.id, o, tables, table).is_ok();
        let goal = self
            .objectives
            .iter()
            .filter(|o| o.held_by != Some(u.side))
            .map(|o| (base.distance_to(&o.base()), Vec2::new(o.at.0, o.at.1)))
            .min_by(|a, b| a.0.total_cmp(&b.0));
        if u.state.shooting.is_none() {
            for e in &enemies {
                if let Some(o) = self.straight_charge(u.id, e.id, tables)
                    && ok(&o)
                {
                    return Some(o);
                }
            }
            let near_enemy = enemies
                .first()
                .filter(|e| base.distance_to(&e.base()) <= 12.0 || goal.is_none());
            let step = match (near_enemy, goal) {
                (Some(e), _) => self.step_toward(idx, e.base().center, 0.5, table),
                (None, Some((_, g))) => self.step_toward(idx, g, 1.5, table),
                (None, None) => None,
            };
            if let Some((path, facing)) = step {
                let o = WsOrder::Advance {
                    path,
                    facing,
                    fire_at: None,
                    fire_first: false,
                    charge: None,
                };
                if ok(&o) {
                    return Some(o);
                }
            }
            return Some(WsOrder::GetDown);
        }
        let target_now = enemies
            .iter()
            .find(|e| self.check_shot(idx, &base, e.id, tables, table).is_ok())
            .map(|e| e.id);
        let advance = |goal: Vec2, stop: f32| -> Option<WsOrder> {
            let (path, facing) = self.step_toward(idx, goal, stop, table)?;
            let end = base.at(Vec2::new(path[0].0, path[0].1), facing);
            let fire_at = enemies
                .iter()
                .find(|e| self.check_shot(idx, &end, e.id, tables, table).is_ok())
                .map(|e| e.id);
            let o = WsOrder::Advance {
                path,
                facing,
                fire_at,
                fire_first: false,
                charge: None,
            };
            ok(&o).then_some(o)
        };
        if let Some((d, g)) = goal
            && d > 1.5
            && let Some(o) = advance(g, 1.0)
        {
            return Some(o);
        }
        if let Some(t) = target_now {
            return Some(WsOrder::OpenFire { target: t });
        }
        if let Some(e) = enemies.first()
            && let Some(o) = advance(e.base().center, u.state.aw.min(12.0) as f32)
        {
            return Some(o);
        }
        Some(WsOrder::GetDown)
    }

    /// What the computer plays for `side` now, units in id order, ending
    /// with `EndPhase`. Policy: a suppressed unit falls back; an engaged unit
    /// waits for the fight; a melee unit charges the nearest enemy it can
    /// reach, else closes in; a shooter advances on the nearest objective
    /// not held by its side (firing after the move if it can), else opens
    /// fire, else closes in; Get Down! when nothing else is legal. Each
    /// target is shot or charged by at most one unit per phase, so no
    /// earlier result can make a later command illegal.
    pub fn default_commands(&self, side: u8, tables: &WsTables, table: &Table) -> Vec<WsCommand> {
        self.default_commands_upto(side, tables, table, usize::MAX)
    }

    /// The first `limit` of [`Self::default_commands`] (the same commands,
    /// planned no further: the opponent's baseline needs only the first).
    pub fn default_commands_upto(
        &self,
        side: u8,
        tables: &WsTables,
        table: &Table,
        limit: usize,
    ) -> Vec<WsCommand> {
        let mut cmds = Vec::new();
        if self.awaiting() != Some(side) {
            return cmds;
        }
        let mut sim = self.clone();
        let mut shot_at: BTreeMap<u32, u32> = BTreeMap::new();
        for idx in 0..sim.units.len() {
            if cmds.len() >= limit {
                return cmds;
            }
            let u = &sim.units[idx];
            if u.side != side || !u.alive() || u.acted {
                continue;
            }
            let id = u.id;
            let Some(order) = sim.ai_order(idx, &shot_at, tables, table) else {
                continue;
            };
            let Ok(plan) = sim.plan_act(id, &order, tables, table) else {
                continue;
            };
            for t in plan.fire.iter().chain(plan.charge.iter()) {
                *shot_at.entry(*t).or_default() += 1;
            }
            if let Some((path, facing)) = &plan.dest
                && let Some(end) = path.last()
            {
                sim.units[idx].pos = TablePos {
                    x: end.x,
                    y: end.y,
                    facing: *facing,
                };
            }
            sim.units[idx].acted = true;
            cmds.push(WsCommand::Act {
                unit: id,
                action: order,
            });
        }
        cmds.push(WsCommand::EndPhase { side });
        cmds
    }
}
