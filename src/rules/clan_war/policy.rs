//! The computer's play [stand-in policy]: what `kassen sim` and the app's
//! "auto" do for a side. Deterministic: units in id order, targets by
//! distance then id. Each candidate command is tried on a copy of the battle
//! (with throw-away dice) so that only legal commands are returned, and
//! later units see where earlier ones went.
//!
//! - Special Orders: the captor never executes its hostage.
//! - Movement: a grounded flyer takes off in Primary Movement (CW-FLY-5)
//!   towards the nearest enemy; an airborne unit lands on a grounded enemy it
//!   can reach squarely (CW-ENG-2), else flies its full movement towards the
//!   nearest enemy (at least half, CW-FLY-10). A ranged unit with an enemy in
//!   range holds and turns to face it; other grounded units engage a
//!   grounded enemy they can reach within 30° (CW-GEN-3), else walk towards
//!   the nearest enemy.
//! - Ranged Attack: the nearest legal target (CW-RNG-2).
//! - Close Combat: Strike Easy against the captor (CW-HOS-3).

use bevy::prelude::Vec2;

use crate::engine::dice::Dice;
use crate::engine::log::NoLog;
use crate::engine::table::{Table, bearing_of, bearing_vector};

use super::battle::{CwBattle, CwCommand, CwPhase, CwUnit, MoveMode, contact_spot, path_length};
use super::data::{CwTables, Trait};
use super::hostage::Stance;
use super::ranged::RangeBand;

fn pt(v: Vec2) -> (f32, f32) {
    (v.x, v.y)
}

impl CwBattle {
    /// What the computer plays for `side` now; always ends with
    /// `EndPhase { side }`.
    pub fn default_commands(&self, side: u8, tables: &CwTables, table: &Table) -> Vec<CwCommand> {
        self.default_commands_upto(side, tables, table, usize::MAX)
    }

    /// The first `limit` of [`Self::default_commands`] (the same commands,
    /// planned no further: the opponent's baseline needs only the first).
    pub fn default_commands_upto(
        &self,
        side: u8,
        tables: &CwTables,
        table: &Table,
        limit: usize,
    ) -> Vec<CwCommand> {
        let mut out = Vec::new();
        let end = CwCommand::EndPhase { side };
        if self.awaiting() != Some(side) {
            out.push(end);
            return out;
        }
        let mut b = self.clone();
        let mut dice = Dice::new(0);
        // Trial moves on a copy: nothing of them is logged.
        let mut log = NoLog;
        let ids: Vec<u32> = self
            .units
            .iter()
            .filter(|u| u.side == side)
            .map(|u| u.id)
            .collect();
        match self.phase {
            CwPhase::PrimaryMovement | CwPhase::CavalryMovement | CwPhase::ReserveMovement => {
                for id in ids {
                    let Some(u) = b.unit(id) else { continue };
                    if !b.can_move(u, tables) {
                        continue;
                    }
                    for cmd in b.move_candidates(id, tables) {
                        if b.apply(&cmd, tables, table, &mut dice, &mut log).is_ok() {
                            out.push(cmd);
                            break;
                        }
                    }
                    if out.len() >= limit {
                        return out;
                    }
                }
            }
            CwPhase::RangedAttack => {
                for id in ids {
                    let Some(u) = b.unit(id).cloned() else {
                        continue;
                    };
                    if !b.can_shoot(&u, tables) {
                        continue;
                    }
                    for t in b.enemies_by_distance(&u) {
                        // Out of range is refused (CW-RNG-6) whatever else
                        // holds: skipped before tracing any sight line.
                        let out_of_range = b.unit(t).is_some_and(|tu| {
                            b.range_of(&u, tu, tables) == Some(RangeBand::OutOfRange)
                        });
                        if out_of_range {
                            continue;
                        }
                        let cmd = CwCommand::Shoot {
                            unit: id,
                            target: t,
                        };
                        if b.apply(&cmd, tables, table, &mut dice, &mut log).is_ok() {
                            out.push(cmd);
                            break;
                        }
                    }
                    if out.len() >= limit {
                        return out;
                    }
                }
            }
            CwPhase::CloseCombat => {
                for id in self.stance_units(side, tables) {
                    if self.stances.get(&id).and_then(|r| r.stance).is_none() {
                        out.push(CwCommand::Stance {
                            unit: id,
                            stance: Stance::StrikeEasy,
                        });
                    }
                }
            }
            CwPhase::SpecialOrders | CwPhase::End => {}
        }
        out.push(end);
        out
    }

    /// Living enemy units of `u`, nearest first (edge to edge), then by id.
    pub fn enemies_by_distance(&self, u: &CwUnit) -> Vec<u32> {
        let b = u.base();
        let mut v: Vec<(f32, u32)> = self
            .units
            .iter()
            .filter(|o| o.side != u.side && o.alive())
            .map(|o| (b.distance_to(&o.base()), o.id))
            .collect();
        v.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        v.into_iter().map(|x| x.1).collect()
    }

    /// An `Engage` command whose path ends squarely on `target`'s nearest
    /// edge (approach angle 0), straight in or from 2" out.
    pub fn engage_paths(&self, unit: u32, target: u32) -> Vec<CwCommand> {
        let (Some(u), Some(t)) = (self.unit(unit), self.unit(target)) else {
            return Vec::new();
        };
        let (spot, facing) = contact_spot(&u.base(), &t.base());
        let out = (spot - t.base().center).normalize_or_zero();
        let pre = spot + out * 2.0;
        let mut paths = vec![vec![pt(spot)]];
        if u.base().center.distance(spot) > 2.5 {
            paths.insert(0, vec![pt(pre), pt(spot)]);
        }
        paths
            .into_iter()
            .map(|path| CwCommand::Move {
                unit,
                path,
                facing,
                mode: MoveMode::Engage { target },
            })
            .collect()
    }

    fn move_candidates(&self, id: u32, tables: &CwTables) -> Vec<CwCommand> {
        let mut c = Vec::new();
        let Some(u) = self.unit(id) else { return c };
        let Some(card) = tables.unit(&u.unit_type) else {
            return c;
        };
        let enemies = self.enemies_by_distance(u);
        let Some(nearest) = enemies.first().and_then(|e| self.unit(*e)) else {
            return c;
        };
        let mv = card.movement;
        let ub = u.base();
        let toward = bearing_of(nearest.base().center - ub.center);
        let headings = [0.0, 45.0, -45.0, 90.0, -90.0, 135.0, -135.0, 180.0];
        let step = |d: f32, off: f32| {
            let dir = bearing_vector(toward + off);
            CwCommand::Move {
                unit: id,
                path: vec![pt(ub.center + dir * d)],
                facing: (toward + off).rem_euclid(360.0),
                mode: MoveMode::Ground,
            }
        };
        let reachable = |cmd: &CwCommand| match cmd {
            CwCommand::Move { path, .. } => {
                let v: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
                path_length(ub.center, &v) <= mv
            }
            _ => false,
        };
        let ground_enemies: Vec<u32> = enemies
            .iter()
            .copied()
            .filter(|e| self.unit(*e).is_some_and(|t| !t.airborne()))
            .take(3)
            .collect();
        if u.airborne() {
            for t in &ground_enemies {
                c.extend(
                    self.engage_paths(id, *t)
                        .into_iter()
                        .filter(|m| reachable(m))
                        .filter(|m| matches!(m, CwCommand::Move { path, .. } if path.len() == 1)),
                );
            }
            for d in [mv, mv * 0.75, mv * 0.5] {
                for off in headings {
                    c.push(step(d, off));
                }
            }
            return c;
        }
        if card.has(Trait::Flight) && self.phase == CwPhase::PrimaryMovement {
            for off in headings {
                let dir = bearing_vector(toward + off);
                c.push(CwCommand::Move {
                    unit: id,
                    path: vec![pt(ub.center + dir * (mv / 2.0))],
                    facing: (toward + off).rem_euclid(360.0),
                    mode: MoveMode::TakeOff,
                });
            }
        }
        if card.range.is_some() {
            let in_range = enemies.iter().copied().find(|e| {
                self.unit(*e).is_some_and(|t| {
                    self.range_of(u, t, tables)
                        .is_some_and(|b| b != RangeBand::OutOfRange)
                })
            });
            if let Some(t) = in_range.and_then(|e| self.unit(e)) {
                if !ub.in_forward_arc(&t.base()) {
                    c.push(CwCommand::Move {
                        unit: id,
                        path: Vec::new(),
                        facing: bearing_of(t.base().center - ub.center),
                        mode: MoveMode::Ground,
                    });
                }
                return c;
            }
        }
        for t in &ground_enemies {
            c.extend(
                self.engage_paths(id, *t)
                    .into_iter()
                    .filter(|m| reachable(m)),
            );
        }
        let gap = ub.distance_to(&nearest.base());
        let d = mv.min(gap - 1.0);
        if d >= 0.5 {
            for frac in [1.0, 0.66, 0.33] {
                for off in [0.0, 30.0, -30.0, 60.0, -60.0] {
                    let mut m = step(d * frac, off);
                    if let CwCommand::Move { facing, .. } = &mut m {
                        *facing = toward.rem_euclid(360.0);
                    }
                    c.push(m);
                }
            }
        }
        c
    }
}
