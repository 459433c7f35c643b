//! The checks of each kind of move a unit plans ([`CwBattle::plan_move_checked`]):
//! walking (CW-GEN-3), flying (CW-FLY-10, CW-FLY-11), taking off
//! (CW-FLY-5, CW-FLY-14), landing and Diving (CW-LAND-1, CW-DIVE-1 …
//! CW-DIVE-3, CW-ENG-2), escaping by air (CW-ENG-7, CW-FBY-1) and engaging,
//! on the ground (CW-GEN-3) or from the air (CW-ENG-1 … CW-ENG-6).

use bevy::prelude::Vec2;

use crate::engine::command::Refusal;
use crate::engine::log::LogEntry;
use crate::engine::table::{
    ANGLE_TOLERANCE, Arc, Base, CONTACT, LENGTH_TOLERANCE, MoveError, NEGLIGIBLE, Table, TablePos,
};
use crate::engine::units::FlightState;

use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::{Settings, Trait, UnitStats};
use crate::rules::clan_war::flight::{
    MovementPhase, TakeOff, check_air_move, check_can_fly, take_off, take_off_distance,
};
use crate::rules::clan_war::fly_by::{RankContact, check_engagement};
use crate::rules::clan_war::landing::{
    DiveUse, EngagingMove, LandingKind, check_dive_move, check_landing, dive_bounds,
    resolve_engaging_move,
};

use super::paths::{PATH_STEP, point_along, truncate_path};
use super::state::{CwBattle, CwUnit, move_error, refuse};

/// What the planners of one move read ([`CwBattle::plan_move_checked`]):
/// the mover, its card, the movement phase and the path as drawn.
pub(super) struct MoveCtx<'a> {
    /// The mover's id.
    pub(super) unit: u32,
    /// The mover.
    pub(super) u: &'a CwUnit,
    /// Its card.
    pub(super) card: &'a UnitStats,
    /// The movement phase it moves in.
    pub(super) phase: MovementPhase,
    /// The path's waypoints, as drawn.
    pub(super) wps: Vec<Vec2>,
    /// The mover's base where it starts.
    pub(super) base: Base,
    /// That base's centre.
    pub(super) start: Vec2,
    /// The path's length, inches.
    pub(super) length: f32,
    /// The card's movement, inches.
    pub(super) mv: f32,
    /// The facing asked for at the end.
    pub(super) facing: f32,
    /// The module's settings (the flying, landing and engagement values).
    pub(super) settings: &'a Settings,
}

impl MoveCtx<'_> {
    /// Where a move through `wps` ends, facing `facing` (where it starts
    /// for an empty path).
    fn end_of(&self, wps: &[Vec2], facing: f32) -> TablePos {
        let c = wps.last().copied().unwrap_or(self.start);
        TablePos {
            x: c.x,
            y: c.y,
            facing,
        }
    }
}

/// The step in inches by which [`land_short`] moves a unit away from its
/// target: the resolution of a search, not a rule value.
const LAND_SHORT_STEP: f32 = 0.05;

/// How far in inches [`land_short`] searches away from the target: a bound
/// on a search, not a rule value.
const LAND_SHORT_SEARCH: f32 = 6.0;

/// A move that passed every check, ready to execute.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct MovePlan {
    pub(super) unit: u32,
    pub(super) end: TablePos,
    pub(super) length: f32,
    pub(super) kind: PlanKind,
    /// Enemy airborne units passed over, the mover's ranks that touched
    /// each, and that unit's ranks that touched the mover (CW-FBY-2).
    pub(super) fly_by: Vec<(u32, Vec<RankContact>, Vec<RankContact>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub(super) enum PlanKind {
    Walk,
    Fly,
    TakeOff {
        completed: bool,
        entry: LogEntry,
        condition: Condition,
    },
    Landing(LandingKind),
    GroundEngage {
        target: u32,
        angle: f32,
    },
    AirEngage {
        target: u32,
        landing: LandingKind,
        entry: LogEntry,
    },
    EscapeByAir {
        enemies: Vec<u32>,
    },
}

/// Where an airborne unit engaging from `fb` that did not reach its target
/// `tb` (or not within the angle) lands: 1" short of it, moved straight
/// away from it in 0.05" steps (CW-ENG-4, CW-ENG-5).
fn land_short(fb: Base, tb: &Base) -> Base {
    let away = (fb.center - tb.center).normalize_or_zero();
    let mut s = fb;
    let mut k = 0.0;
    while s.distance_to(tb) < 1.0 && k < LAND_SHORT_SEARCH {
        k += LAND_SHORT_STEP;
        s = fb.at(fb.center + away * k, fb.facing);
    }
    s
}

impl CwBattle {
    /// A grounded unit's ordinary move: within its movement, over ground it
    /// may cross, touching no other unit (CW-GEN-3).
    pub(super) fn plan_walk(&self, m: &MoveCtx, table: &Table) -> Result<MovePlan, Refusal> {
        let (_, others, names) = self.others(m.u, false);
        table
            .check_move(&m.base, &m.wps, m.facing, m.mv, false, &others, &[])
            .map_err(|e| move_error("CW-GEN-3", e, &names))?;
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end: m.end_of(&m.wps, m.facing),
            length: m.length,
            kind: PlanKind::Walk,
        })
    }

    /// An airborne unit's ordinary move: over any terrain, touching no
    /// friendly airborne unit (CW-FLY-11), at least half its movement and
    /// at most its movement (CW-FLY-10, [`check_air_move`]).
    pub(super) fn plan_fly(&self, m: &MoveCtx, table: &Table) -> Result<MovePlan, Refusal> {
        let (_, others, names) = self.others(m.u, true);
        table
            .check_move(&m.base, &m.wps, m.facing, m.mv, true, &others, &[])
            .map_err(|e| move_error("CW-FLY-11", e, &names))?;
        check_air_move(m.phase, m.mv, m.length, &m.settings.flight)?;
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end: m.end_of(&m.wps, m.facing),
            length: m.length,
            kind: PlanKind::Fly,
        })
    }

    /// A take-off (CW-FLY-5): a unit that may take off ([`take_off`]) draws
    /// at least half its movement and goes half, cut short where it meets a
    /// unit, ground it may not stand on or terrain it did not start in
    /// ([`Self::take_off_blocked_at`]); it is airborne only if it goes the
    /// whole half. An unformed unit keeps its facing (CW-FLY-14).
    pub(super) fn plan_take_off(
        &self,
        m: &MoveCtx,
        state: FlightState,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let (u, mv) = (m.u, m.mv);
        let fv = &m.settings.flight;
        let half = take_off_distance(mv, fv);
        let probe = TakeOff {
            unit: m.unit,
            name: u.name.clone(),
            state,
            has_flight: m.card.has(Trait::Flight),
            total_models: u.models,
            movement: mv,
            blocked_at: None,
            condition: u.condition,
        };
        take_off(&probe, fv)?;
        if m.length + LENGTH_TOLERANCE < half {
            return Err(refuse(
                "CW-FLY-5",
                say!("cw-why-take-off-half", half = half),
            ));
        }
        let cut = truncate_path(m.start, &m.wps, half);
        let blocked_at = self.take_off_blocked_at(m, &cut, half, table)?;
        let r = take_off(
            &TakeOff {
                blocked_at,
                ..probe
            },
            fv,
        )?;
        let completed = r.state == FlightState::Airborne;
        // CW-FLY-14 (L34): an unformed unit that becomes airborne "is
        // automatically reformed but may not change formation or
        // facing": it keeps the facing it had.
        let facing = if u.condition == Condition::Unformed {
            u.pos.facing
        } else {
            m.facing
        };
        let end = if completed {
            m.end_of(&cut, facing)
        } else {
            let (p, b) = point_along(m.start, m.base.facing, &cut, r.moved);
            TablePos {
                x: p.x,
                y: p.y,
                facing: b,
            }
        };
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end,
            length: r.moved,
            kind: PlanKind::TakeOff {
                completed,
                entry: r.entry,
                condition: r.condition,
            },
        })
    }

    /// How far a take-off along `cut` (its first `half` inches) goes before
    /// something interferes (CW-FLY-5): a unit it would touch, ground it may
    /// not stand on (the last 0.1" step it may), and terrain met on the way
    /// (L25, [`terrain_entry`]), whichever comes first. `None` when nothing
    /// does; any other move error refuses the take-off.
    fn take_off_blocked_at(
        &self,
        m: &MoveCtx,
        cut: &[Vec2],
        half: f32,
        table: &Table,
    ) -> Result<Option<f32>, Refusal> {
        let (start, base) = (m.start, &m.base);
        let (_, others, names) = self.others(m.u, false);
        let by_units = match table.check_move(base, cut, m.facing, m.mv, false, &others, &[]) {
            Ok(_) => None,
            Err(MoveError::Unit(_, at)) => Some(at),
            Err(MoveError::Impassable(_)) => {
                let mut d = 0.0;
                while d < half {
                    let (p, b) = point_along(start, base.facing, cut, d + PATH_STEP);
                    if table.check_standing(&base.at(p, b), false).is_err() {
                        break;
                    }
                    d += PATH_STEP;
                }
                Some(d.min(half))
            }
            Err(e) => return Err(move_error("CW-FLY-5", e, &names)),
        };
        // CW-FLY-5 (L25): terrain met on the way interferes too.
        Ok(
            match (by_units, terrain_entry(table, start, base, cut, half)) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
        )
    }

    /// A voluntary landing (CW-LAND-1, [`check_landing`]) or a Dive used as
    /// one (`dive`: CW-DIVE-1, CW-DIVE-2, [`check_dive_move`]) by a unit in
    /// the air: up to double its movement, touching no friendly airborne
    /// unit, onto a spot it may land on ([`Self::landing_spot_ok`]), out of
    /// contact with every enemy (CW-ENG-2).
    pub(super) fn plan_landing(
        &self,
        m: &MoveCtx,
        dive: bool,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let (u, mv) = (m.u, m.mv);
        let lv = &m.settings.landing;
        let kind = if dive {
            check_dive_move(
                u.flight,
                m.card.has_charge_skill(),
                false,
                mv,
                m.length,
                DiveUse::Landing,
                &[],
                lv,
            )?
        } else {
            check_landing(true, mv, m.length, lv)?;
            LandingKind::Voluntary
        };
        let (_, others, names) = self.others(u, true);
        // The most either may move: a Dive's double movement (CW-DIVE-2).
        let most = dive_bounds(mv, lv).1;
        table
            .check_move(&m.base, &m.wps, m.facing, most, true, &others, &[])
            .map_err(|e| move_error(kind.rule(), e, &names))?;
        let end = m.end_of(&m.wps, m.facing);
        let spot = Base::new(end, u.footprint);
        self.landing_spot_ok(m.unit, &spot, table)?;
        if let Some(o) = self
            .units
            .iter()
            .find(|o| o.side != u.side && o.alive() && o.base().in_contact(&spot))
        {
            return Err(refuse(
                "CW-ENG-2",
                say!("cw-why-landing-contact", other = o.name),
            ));
        }
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end,
            length: m.length,
            kind: PlanKind::Landing(kind),
        })
    }

    /// A grounded flyer's escape by air, a Break-Away declaring flight
    /// (CW-ENG-7): it must be engaged, able to fly ([`check_can_fly`]), not
    /// in Reserve Movement (CW-FLY-9), and draw at least its movement; the
    /// path is cut there, touches no friendly airborne unit and does not end
    /// over an airborne unit (CW-FBY-1).
    pub(super) fn plan_escape_by_air(
        &self,
        m: &MoveCtx,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let (u, mv) = (m.u, m.mv);
        let enemies = self.enemies_in_contact(u);
        if enemies.is_empty() {
            return Err(refuse(
                "CW-ENG-7",
                say!("cw-why-not-engaged", unit = u.name),
            ));
        }
        check_can_fly(m.card.has(Trait::Flight))?;
        if m.phase == MovementPhase::Reserve {
            return Err(refuse("CW-FLY-9", say!("cw-why-escape-reserve")));
        }
        if m.length + LENGTH_TOLERANCE < mv {
            return Err(refuse("CW-ENG-7", say!("cw-why-escape-full-move", mv = mv)));
        }
        let cut = truncate_path(m.start, &m.wps, mv);
        let (_, others, names) = self.others(u, true);
        table
            .check_move(&m.base, &cut, m.facing, mv + NEGLIGIBLE, true, &others, &[])
            .map_err(|e| move_error("CW-ENG-7", e, &names))?;
        let end = m.end_of(&cut, m.facing);
        let eb = Base::new(end, u.footprint);
        if let Some(o) = self
            .units
            .iter()
            .find(|o| o.id != u.id && o.alive() && o.airborne() && o.base().overlaps(&eb))
        {
            return Err(refuse(
                "CW-FBY-1",
                say!("cw-why-airborne-overlap", other = o.name),
            ));
        }
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end,
            length: mv,
            kind: PlanKind::EscapeByAir { enemies },
        })
    }

    /// An engaging move on `target`, made as a Dive when `dive` (CW-DIVE-3:
    /// CW-DIVE-1 and CW-DIVE-2 checked here, up to double the movement):
    /// the target must be a living enemy (CW-GEN-3) that this unit may
    /// engage ([`check_engagement`]); then the checks of an engagement on
    /// the ground ([`Self::plan_ground_engage`]) or from the air
    /// ([`Self::plan_air_engage`]).
    pub(super) fn plan_engage(
        &self,
        m: &MoveCtx,
        target: u32,
        dive: bool,
        state: FlightState,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let lv = &m.settings.landing;
        if dive {
            check_dive_move(
                state,
                m.card.has_charge_skill(),
                false,
                m.mv,
                m.length,
                DiveUse::Engaging,
                &[],
                lv,
            )?;
        }
        let reach = if dive { dive_bounds(m.mv, lv).1 } else { m.mv };
        let t = self
            .unit(target)
            .filter(|t| t.alive() && t.side != m.u.side)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-target-not-enemy")))?;
        check_engagement(state, t.flight)?;
        if state == FlightState::Grounded {
            return self.plan_ground_engage(m, t, table);
        }
        self.plan_air_engage(m, t, dive, reach, table)
    }

    /// A grounded unit engaging `t` (CW-GEN-3): within its movement,
    /// touching no unit but the target on the way, ending in contact with
    /// it at an approach angle of at most [`Settings::engage_angle`].
    fn plan_ground_engage(
        &self,
        m: &MoveCtx,
        t: &CwUnit,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let tb = t.base();
        let (ids, others, names) = self.others(m.u, false);
        let ti: Vec<usize> = ids.iter().position(|i| *i == t.id).into_iter().collect();
        table
            .check_move(&m.base, &m.wps, m.facing, m.mv, false, &others, &ti)
            .map_err(|e| move_error("CW-GEN-3", e, &names))?;
        let end = m.end_of(&m.wps, m.facing);
        let fb = Base::new(end, m.u.footprint);
        if !fb.in_contact(&tb) {
            return Err(refuse(
                "CW-GEN-3",
                say!("cw-why-engage-contact", target = t.name),
            ));
        }
        let angle = fb.approach_angle(&tb);
        let max = m.settings.engage_angle;
        if angle > max + ANGLE_TOLERANCE {
            return Err(refuse(
                "CW-GEN-3",
                say!(
                    "cw-why-engage-angle",
                    angle = format!("{angle:.0}"),
                    max = max
                ),
            ));
        }
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end,
            length: m.length,
            kind: PlanKind::GroundEngage {
                target: t.id,
                angle,
            },
        })
    }

    /// A unit in the air engaging `t` (CW-ENG-1 … CW-ENG-6; a Dive's
    /// CW-DIVE-3): within `reach`, with no minimum distance (a Dive's is
    /// checked before), touching no friendly airborne unit; it lands in
    /// contact when it reaches the target within the angle, else 1" short
    /// (CW-ENG-4, CW-ENG-5, [`land_short`]); [`resolve_engaging_move`]
    /// rules on the spot (overlap, flanked, reached).
    fn plan_air_engage(
        &self,
        m: &MoveCtx,
        t: &CwUnit,
        dive: bool,
        reach: f32,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let (u, target) = (m.u, t.id);
        let tb = t.base();
        let (_, others, names) = self.others(u, true);
        let rule = if dive { "CW-DIVE-3" } else { "CW-ENG-1" };
        table
            .check_move(&m.base, &m.wps, m.facing, reach, true, &others, &[])
            .map_err(|e| move_error(rule, e, &names))?;
        let end = m.end_of(&m.wps, m.facing);
        let fb = Base::new(end, u.footprint);
        let reached = fb.distance_to(&tb) <= CONTACT;
        let angle_ok = fb.approach_angle(&tb) <= m.settings.engage_angle + ANGLE_TOLERANCE;
        let spot = if reached && angle_ok {
            fb
        } else {
            land_short(fb, &tb)
        };
        let overlap = self.landing_spot_ok(m.unit, &spot, table).is_err();
        let flanked = self.units.iter().any(|o| {
            o.side != u.side
                && o.alive()
                && !o.airborne()
                && o.id != target
                && o.base().within(&spot, 1.0)
                && spot.arc_of(o.base().center) != Arc::Front
        });
        let out = resolve_engaging_move(
            m.unit,
            target,
            &EngagingMove {
                target_airborne: t.airborne(),
                would_be_flanked: flanked,
                would_overlap: overlap,
                angle_ok: !reached || angle_ok,
                reached,
                dive,
            },
        )?;
        Ok(MovePlan {
            unit: m.unit,
            fly_by: Vec::new(),
            end: TablePos {
                x: spot.center.x,
                y: spot.center.y,
                facing: spot.facing,
            },
            length: m.length,
            kind: PlanKind::AirEngage {
                target,
                landing: out.landing,
                entry: out.entry,
            },
        })
    }
}

/// How far a grounded unit taking off along `cut` goes before it meets a
/// terrain area it did not start in (CW-FLY-5, L25: terrain "will prevent
/// the take-off and end the movement upon contact"): the last 0.1" step
/// clear of it. `None` when it meets none within `half`.
fn terrain_entry(table: &Table, start: Vec2, base: &Base, cut: &[Vec2], half: f32) -> Option<f32> {
    let met = |d: f32| {
        let (p, b) = point_along(start, base.facing, cut, d);
        let here = base.at(p, b);
        table
            .areas
            .iter()
            .any(|a| a.overlaps(&here) && !a.overlaps(base))
    };
    let mut d = 0.0;
    while d < half {
        let next = (d + PATH_STEP).min(half);
        if met(next) {
            return Some(d);
        }
        d = next;
    }
    None
}
