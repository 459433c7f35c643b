//! Orders in the Action phase: checking and planning them (WS-ACT,
//! WS-SHT), then carrying them out: moves, salvoes, fall backs and
//! destroyed units (WS-SUP, WS-CLR-4).

use bevy::prelude::Vec2;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;
use crate::engine::table::{
    AreaEffect, Base, Blocked, CONTACT, Eye, LENGTH_TOLERANCE, MODEL_HEIGHT, MoveError, Obstacle,
    Table, TablePos, bearing_toward, bearing_vector, centre_offset,
};
use crate::engine::table_scenario::TableCatalog;

use crate::rules::warstrike::actions::{
    Going, WsAction, check_action, path_allowance, take_action,
};
use crate::rules::warstrike::data::WsTables;
use crate::rules::warstrike::leadership::InspiringOfficer;
use crate::rules::warstrike::shooting::{
    FireKind, FireRequest, SalvoRecord, check_fire, open_fire,
};

use super::state::{Plan, WsBattle, WsEnd, WsOrder, WsPhase, WsResult, refuse};

/// The step in inches by which [`WsBattle::fall_back_destination`] shortens
/// a fall back until it finds a legal spot: the resolution of a search, not
/// a rule value.
const FALL_BACK_SEARCH_STEP: f32 = 0.25;

/// The shortest fall back in inches [`WsBattle::fall_back_destination`]
/// tries; below it the unit cannot move at all: a bound on a search, not a
/// rule value.
const FALL_BACK_SHORTEST: f32 = 0.1;

fn finite(p: (f32, f32)) -> bool {
    p.0.is_finite() && p.1.is_finite()
}

impl WsBattle {
    /// The best Inspiring Officer within reach of unit `idx` (WS-SPC-1).
    pub(super) fn inspiring_for(&self, idx: usize, tables: &WsTables) -> Option<InspiringOfficer> {
        let u = &self.units[idx];
        let b = u.base();
        let mut best: Option<InspiringOfficer> = None;
        for o in self
            .units
            .iter()
            .filter(|o| o.side == u.side && o.id != u.id && o.alive())
        {
            let d = f64::from(b.distance_to(&o.base()));
            if let Some(i) = InspiringOfficer::within(&o.state, d, tables.constants.inspiring_range)
                && best.is_none_or(|x| i.current_nv > x.current_nv)
            {
                best = Some(i);
            }
        }
        best
    }

    /// The direction of side `side`'s own table edge.
    pub(super) fn home(&self, side: u8) -> f32 {
        bearing_toward(self.edges[usize::from(side.min(1))])
    }

    /// Where unit `idx` ends a fall back: up to Mv straight toward its own
    /// table edge, keeping its facing, stopping short of other units, the
    /// table edge and impassable ground, by the constants' `fall_back_gap`;
    /// `None` if it cannot move at all [stand-in].
    pub(super) fn fall_back_destination(
        &self,
        idx: usize,
        tables: &WsTables,
        table: &Table,
    ) -> Option<TablePos> {
        let gap = tables.constants.fall_back_gap as f32;
        let u = &self.units[idx];
        let base = u.base();
        let bearing = self.home(u.side);
        let dir = bearing_vector(bearing);
        let mv = u.state.mv as f32;
        let (others, _) = self.others(idx);
        let moving = base.at(base.center, bearing);
        let mut limit = mv;
        for o in &others {
            if moving.distance_to(o) <= CONTACT && dir.dot(o.center - base.center) <= 0.0 {
                continue;
            }
            if let Some(t) = moving.travel_until_contact(dir, mv, o) {
                limit = limit.min(t - gap);
            }
        }
        let mut d = limit;
        while d >= FALL_BACK_SHORTEST {
            let dest = base.center + dir * d;
            if table
                .check_move(&base, &[dest], base.facing, mv, false, &others, &[])
                .is_ok()
            {
                return Some(TablePos {
                    x: dest.x,
                    y: dest.y,
                    facing: base.facing,
                });
            }
            d -= FALL_BACK_SEARCH_STEP;
        }
        None
    }

    /// Checks a salvo of unit `idx` standing on `from` at `target`: an enemy
    /// in play, weapon range and Awareness edge to edge (WS-BASE via
    /// [`check_fire`], WS-SUP-3), the 90° forward arc and a line of sight
    /// past terrain and other units. Returns the distance in inches.
    pub(super) fn check_shot(
        &self,
        idx: usize,
        from: &Base,
        target: u32,
        tables: &WsTables,
        table: &Table,
    ) -> Result<f32, Refusal> {
        let u = &self.units[idx];
        let Some(t) = self.unit(target) else {
            return Err(refuse(say!("ws-why-no-unit", id = target)));
        };
        if t.side == u.side {
            return Err(refuse(say!("ws-why-not-enemy", unit = t.name)));
        }
        let tb = t.base();
        let distance = from.distance_to(&tb);
        check_fire(
            &SalvoRecord::new(),
            &u.state,
            &t.state,
            FireRequest {
                distance: f64::from(distance),
                snap_fire: false,
                kind: FireKind::Action,
            },
            &tables.constants,
        )?;
        if !from.in_forward_arc(&tb) {
            return Err(refuse(say!(
                "ws-why-not-in-arc",
                target = t.name,
                unit = u.name
            )));
        }
        let obstacles: Vec<Obstacle> = self
            .units
            .iter()
            .filter(|o| o.alive() && o.id != u.id && o.id != t.id)
            .map(|o| Obstacle {
                base: o.base(),
                height: MODEL_HEIGHT,
            })
            .collect();
        let [fl, fr, ..] = from.corners();
        let eyes = [from.front_center(), fl, fr];
        let mut targets: Vec<Vec2> = vec![tb.center];
        targets.extend(tb.corners());
        let mut blocked = None;
        for e in eyes {
            for p in &targets {
                match table.line_of_sight(
                    Eye {
                        at: e,
                        height: MODEL_HEIGHT,
                    },
                    Eye {
                        at: *p,
                        height: MODEL_HEIGHT,
                    },
                    &obstacles,
                ) {
                    Ok(()) => return Ok(distance),
                    Err(b) => blocked = Some(b),
                }
            }
        }
        let by = match blocked {
            Some(Blocked::Terrain(name)) => say!("ws-blocker-terrain", terrain = name),
            Some(Blocked::Unit(i)) => obstacles
                .get(i)
                .and_then(|o| {
                    self.units
                        .iter()
                        .find(|u| u.alive() && u.base() == o.base)
                        .map(|u| u.name.clone())
                })
                .unwrap_or_else(|| say!("ws-blocker-a-unit")),
            None => say!("ws-blocker-something"),
        };
        Err(refuse(say!(
            "ws-why-no-line-of-sight",
            unit = u.name,
            target = t.name,
            by = by
        )))
    }

    pub(super) fn move_refusal(&self, e: MoveError, ids: &[u32]) -> Refusal {
        refuse(match e {
            MoveError::TooFar(cost, allowed) => say!(
                "ws-why-move-too-far",
                cost = format!("{cost:.1}"),
                allowed = format!("{allowed:.1}")
            ),
            MoveError::OffTable => say!("ws-why-off-table"),
            MoveError::Impassable(name) => say!("ws-why-impassable", terrain = name),
            MoveError::Unit(i, at) => {
                let name = ids
                    .get(i)
                    .and_then(|id| self.unit(*id))
                    .map_or_else(|| say!("ws-another-unit"), |u| u.name.clone());
                say!("ws-why-move-touches", unit = name, at = format!("{at:.1}"))
            }
        })
    }

    /// Validates an action without changing anything.
    pub(super) fn plan_act(
        &self,
        unit: u32,
        order: &WsOrder,
        tables: &WsTables,
        table: &Table,
    ) -> Result<Plan, Refusal> {
        if self.result.is_some() {
            return Err(refuse(say!("ws-why-battle-over")));
        }
        let Some(idx) = self.index(unit) else {
            return Err(refuse(say!("ws-why-no-unit", id = unit)));
        };
        let u = &self.units[idx];
        if !u.alive() {
            return Err(refuse(say!("ws-why-no-models", unit = u.name)));
        }
        if u.side != self.active || self.phase != WsPhase::Action {
            return Err(refuse(say!("ws-why-not-own-phase", unit = u.name)));
        }
        if u.acted {
            return Err(refuse(say!("ws-why-already-acted", unit = u.name)));
        }
        let action = order.action();
        check_action(&u.state, action, Going::Open)?;
        if action != WsAction::FallBack && self.engaged(idx) {
            return Err(refuse(say!("ws-why-engaged", unit = u.name)));
        }
        let base = u.base();
        let mut plan = Plan {
            idx,
            action,
            dest: None,
            fire: order.fire_target(),
            fire_first: matches!(
                order,
                WsOrder::Advance {
                    fire_first: true,
                    ..
                }
            ),
            charge: order.charge(),
        };
        if plan.charge.is_some() && plan.fire.is_some() {
            return Err(refuse(say!("ws-why-charger-fires")));
        }
        match order {
            WsOrder::Advance { path, facing, .. } | WsOrder::AtTheDouble { path, facing, .. } => {
                if !path.iter().all(|p| finite(*p)) || !facing.is_finite() {
                    return Err(refuse(say!("ws-why-bad-path")));
                }
                let waypoints: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
                let (others, ids) = self.others(idx);
                let mut may_touch = Vec::new();
                if let Some(t) = plan.charge {
                    let Some(target) = self.unit(t).filter(|t| t.alive()) else {
                        return Err(refuse(say!("ws-why-no-charge-target", id = t)));
                    };
                    if target.side == u.side {
                        return Err(refuse(say!("ws-why-not-enemy", unit = target.name)));
                    }
                    may_touch.extend(ids.iter().position(|i| *i == t));
                }
                if action == WsAction::AtTheDouble {
                    let mut here = base.center;
                    let mut difficult = false;
                    for w in &waypoints {
                        let c = table.segment_cost(here, *w, false);
                        difficult |= c.cost > c.length + LENGTH_TOLERANCE;
                        here = *w;
                    }
                    let end = base.at(here, *facing);
                    difficult |= !table.areas_under(&end, AreaEffect::Difficult).is_empty()
                        || !table.areas_under(&base, AreaEffect::Difficult).is_empty();
                    if difficult {
                        check_action(&u.state, action, Going::Difficult)?;
                    }
                }
                let allowance = path_allowance(action, u.state.mv, &tables.constants) as f32;
                table
                    .check_move(
                        &base, &waypoints, *facing, allowance, false, &others, &may_touch,
                    )
                    .map_err(|e| self.move_refusal(e, &ids))?;
                let end = base.at(waypoints.last().copied().unwrap_or(base.center), *facing);
                if let Some(t) = plan.charge.and_then(|t| self.unit(t))
                    && !end.in_contact(&t.base())
                {
                    return Err(refuse(say!("ws-why-charge-contact", target = t.name)));
                }
                if let Some(t) = plan.fire {
                    let from = if plan.fire_first { base } else { end };
                    self.check_shot(idx, &from, t, tables, table)?;
                }
                plan.dest = Some((waypoints, *facing));
            }
            WsOrder::OpenFire { target } => {
                self.check_shot(idx, &base, *target, tables, table)?;
            }
            WsOrder::GetDown => {}
            WsOrder::FallBack => {
                plan.dest = self
                    .fall_back_destination(idx, tables, table)
                    .map(|p| (vec![Vec2::new(p.x, p.y)], p.facing));
            }
        }
        Ok(plan)
    }

    /// Sets a unit's footprint from its models left, its front edge staying
    /// where it was [stand-in].
    pub(super) fn refit(&mut self, idx: usize, tables: &WsTables) {
        let u = &mut self.units[idx];
        if !u.alive() {
            return;
        }
        let fp = tables.footprint(&u.unit_type, u.state.models, Some(u.per_rank));
        if fp == u.footprint {
            return;
        }
        let base = u.base();
        let c = base.front_center() - base.forward() * centre_offset(fp.depth);
        u.pos.x = c.x;
        u.pos.y = c.y;
        u.footprint = fp;
    }

    /// One salvo of `idx` at `target` (WS-GLO-1): the shooting procedure of
    /// [`open_fire`].
    pub(super) fn resolve_fire(
        &mut self,
        idx: usize,
        target: u32,
        dice: &mut Dice,
        tables: &WsTables,
        out: &mut Vec<LogEntry>,
    ) {
        let Some(ti) = self.index(target) else {
            return;
        };
        let shooter = self.units[idx].state.clone();
        let distance = self.units[idx].base().distance_to(&self.units[ti].base());
        let mut e = LogEntry::event(
            "WS-GLO-1",
            vec![shooter.id, target],
            say!(
                "ws-log-fires-salvo",
                unit = shooter.name,
                target = self.units[ti].name,
                distance = format!("{distance:.1}")
            ),
        );
        e.outcome = say!("ws-outcome-salvo");
        out.push(e);
        let mut rec = SalvoRecord::new();
        match open_fire(
            dice,
            &mut rec,
            &shooter,
            &mut self.units[ti].state,
            FireRequest {
                distance: f64::from(distance),
                snap_fire: false,
                kind: FireKind::Action,
            },
            &tables.constants,
        ) {
            Ok(r) => out.extend(r.log),
            Err(r) => out.push(LogEntry::event(&r.rule, vec![shooter.id], r.reason)),
        }
        self.refit(ti, tables);
    }

    pub(super) fn move_unit(
        &mut self,
        idx: usize,
        path: &[Vec2],
        facing: f32,
        out: &mut Vec<LogEntry>,
    ) {
        let u = &mut self.units[idx];
        let mut here = Vec2::new(u.pos.x, u.pos.y);
        let mut length = 0.0;
        for p in path {
            length += here.distance(*p);
            here = *p;
        }
        u.pos = TablePos {
            x: here.x,
            y: here.y,
            facing,
        };
        let mut e = LogEntry::event(
            "WS-BASE",
            vec![u.id],
            say!(
                "ws-log-moves",
                unit = u.name,
                length = format!("{length:.1}"),
                x = format!("{:.1}", here.x),
                y = format!("{:.1}", here.y),
                facing = format!("{facing:.0}")
            ),
        );
        e.outcome = say!("ws-outcome-moved");
        out.push(e);
    }

    pub(super) fn execute(
        &mut self,
        plan: Plan,
        dice: &mut Dice,
        tables: &WsTables,
    ) -> Vec<LogEntry> {
        let mut out = Vec::new();
        let idx = plan.idx;
        match take_action(
            &mut self.units[idx].state,
            plan.action,
            Going::Open,
            &tables.constants,
        ) {
            Ok(a) => out.extend(a.log),
            Err(r) => {
                out.push(LogEntry::event(&r.rule, vec![self.units[idx].id], r.reason));
                return out;
            }
        }
        self.units[idx].acted = true;
        if plan.fire_first
            && let Some(t) = plan.fire
        {
            self.resolve_fire(idx, t, dice, tables, &mut out);
        }
        match &plan.dest {
            Some((path, facing)) => self.move_unit(idx, path, *facing, &mut out),
            None if plan.action == WsAction::FallBack => {
                let mut e = LogEntry::event(
                    "WS-BASE",
                    vec![self.units[idx].id],
                    say!("ws-log-no-room", unit = self.units[idx].name),
                );
                e.outcome = say!("ws-outcome-stays");
                out.push(e);
            }
            None => {}
        }
        if let Some(t) = plan.charge {
            let mut e = LogEntry::event(
                "WS-BASE",
                vec![self.units[idx].id, t],
                say!("ws-log-charges", unit = self.units[idx].name),
            );
            e.outcome = say!("ws-outcome-charge");
            out.push(e);
            self.charges.push((self.units[idx].id, t));
        }
        if !plan.fire_first
            && let Some(t) = plan.fire
        {
            self.resolve_fire(idx, t, dice, tables, &mut out);
        }
        out
    }

    /// Ends the battle at once if a side has no models left [stand-in].
    pub(super) fn check_destroyed(&mut self) -> Vec<LogEntry> {
        if self.result.is_some() {
            return Vec::new();
        }
        let alive = |s: u8| self.units.iter().any(|u| u.side == s && u.alive());
        let (a, b) = (alive(0), alive(1));
        let (winner, reason) = match (a, b) {
            (true, true) => return Vec::new(),
            (false, false) => (None, WsEnd::BothDestroyed),
            (true, false) => (Some(0), WsEnd::Destroyed { loser: 1 }),
            (false, true) => (Some(1), WsEnd::Destroyed { loser: 0 }),
        };
        self.finish(winner, reason)
    }

    pub(super) fn finish(&mut self, winner: Option<u8>, end: WsEnd) -> Vec<LogEntry> {
        let result = WsResult { winner, end };
        let mut e = LogEntry::event("WS-BASE", Vec::new(), result.reason(&self.sides));
        e.outcome = match winner {
            Some(s) => say!("ws-outcome-side-wins", side = self.sides[usize::from(s)]),
            None => say!("ws-outcome-draw"),
        };
        self.result = Some(result);
        vec![e]
    }
}
