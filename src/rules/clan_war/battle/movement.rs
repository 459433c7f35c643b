//! Movement: stances, move planning and execution on the ground and in
//! the air (CW-GEN, CW-FLY, CW-LAND); the path geometry they use is in
//! `paths.rs`.

use bevy::prelude::Vec2;

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::{Base, CONTACT, MoveError, NEGLIGIBLE, Table, TablePos};
use crate::engine::units::FlightState;

use crate::rules::clan_war::condition::Condition;
use crate::rules::clan_war::data::{CwTables, Trait, UNKNOWN_CARD_TL, UnitStats};
use crate::rules::clan_war::flight::{
    MovementPhase, check_air_maneuver, may_move_in_phase, take_off_distance,
};
use crate::rules::clan_war::fly_by::RankContact;
use crate::rules::clan_war::hostage::{Stance, Standing, declare_stance};
use crate::rules::clan_war::landing::{
    Escape, Lander, LandingKind, LeaveEngagement, check_landing_spot, dive_bounds, escape,
    landing_test,
};
use crate::rules::clan_war::maneuver::{
    ManeuverKind, ManeuverTest, condition_after, maneuver_test,
};

use super::movement_checks::{MoveCtx, MovePlan, PlanKind};
use super::paths::{PATH_END_SLACK, PATH_STEP, air_maneuver, path_length, point_along};
use super::state::{CwBattle, CwPhase, CwUnit, MoveMode, move_error, refuse};

/// The ranks of `u` whose models would touch in a Fly-By (CW-FBY-2): every
/// rank when the units pass through each other, else the front rank; an
/// incomplete rank is marked so.
fn contact_ranks(u: &CwUnit, through: bool) -> Vec<RankContact> {
    let per_rank = u.per_rank.max(1);
    let (full, rest) = (u.models / per_rank, u.models % per_rank);
    if through {
        let mut r: Vec<RankContact> = (0..full)
            .map(|_| RankContact {
                models: per_rank,
                complete: true,
            })
            .collect();
        if rest > 0 {
            r.push(RankContact {
                models: rest,
                complete: false,
            });
        }
        r
    } else {
        vec![RankContact {
            models: per_rank.min(u.models),
            complete: full > 0,
        }]
    }
}

impl CwBattle {
    pub(super) fn plan_stance(
        &self,
        unit: u32,
        stance: Stance,
        tables: &CwTables,
    ) -> Result<super::super::hostage::StanceChange, Refusal> {
        if self.phase != CwPhase::CloseCombat {
            return Err(refuse("CW-HOS-3", say!("cw-why-stance-close-combat")));
        }
        let u = self.check_actor(unit)?;
        if !self.stance_units(u.side, tables).contains(&unit) {
            return Err(refuse(
                "CW-HOS-3",
                say!("cw-why-not-hindered-engaged", unit = u.name),
            ));
        }
        let side = u.side as usize & 1;
        declare_stance(
            unit,
            self.stances.get(&unit).copied().unwrap_or_default(),
            stance,
            Standing {
                honor: self.armies[side].honor.honor,
                vp: self.armies[side].vp,
            },
            &tables.settings.hostage,
        )
    }

    /// Inches `unit` may still move in the current phase (`None` = may not
    /// move now): half its movement for a take-off (CW-FLY-5), its movement
    /// otherwise (a Dive may go to double, CW-DIVE-2).
    pub fn allowance(&self, unit: u32, tables: &CwTables) -> Option<f32> {
        let u = self.unit(unit)?;
        if u.side != self.active || !self.can_move(u, tables) {
            return None;
        }
        tables.unit(&u.unit_type).map(|c| c.movement)
    }

    /// Inches `unit` may move with the move choice `key`, the bound its
    /// path is checked against: a take-off exactly
    /// [`take_off_distance`] (CW-FLY-5), a Dive up to its most
    /// ([`dive_bounds`], CW-DIVE-2), any other move its movement
    /// (CW-GEN-3, CW-FLY-10, CW-LAND-1, CW-ENG-7). `None` when it may not
    /// move now or `key` is no move.
    pub fn key_allowance(&self, unit: u32, key: &str, tables: &CwTables) -> Option<f32> {
        let mv = self.allowance(unit, tables)?;
        let s = &tables.settings;
        Some(match key {
            "take_off" => take_off_distance(mv, &s.flight),
            "dive" | "dive_engage" => dive_bounds(mv, &s.landing).1,
            "move" | "land" | "take_flight" => mv,
            _ => return None,
        })
    }

    /// Units a move must not touch: every other unit on the ground; for a
    /// unit in the air (`airborne_only`) only friendly airborne units, as it
    /// passes over enemy airborne units (CW-FBY-1, CW-FBY-2).
    pub(super) fn others(
        &self,
        mover: &CwUnit,
        airborne_only: bool,
    ) -> (Vec<u32>, Vec<Base>, Vec<String>) {
        let list: Vec<&CwUnit> = self
            .units
            .iter()
            .filter(|o| {
                o.id != mover.id
                    && o.alive()
                    && (!airborne_only || (o.airborne() && o.side == mover.side))
            })
            .collect();
        (
            list.iter().map(|o| o.id).collect(),
            list.iter().map(|o| o.base()).collect(),
            list.iter().map(|o| o.name.clone()).collect(),
        )
    }

    /// Whether a base may be landed on: on ground a grounded unit may stand
    /// on, overlapping no other unit, friend or foe, grounded or airborne
    /// (CW-ENG-6, CW-LAND-1).
    pub(super) fn landing_spot_ok(
        &self,
        mover: u32,
        spot: &Base,
        table: &Table,
    ) -> Result<(), Refusal> {
        table
            .check_standing(spot, false)
            .map_err(|e| move_error("CW-LAND-1", e, &[]))?;
        let overlaps = self
            .units
            .iter()
            .filter(|o| o.id != mover && o.alive())
            .any(|o| o.base().overlaps(spot));
        check_landing_spot(overlaps)
    }

    /// Checks a move (every rule of [`Self::plan_move_checked`]) and, for a
    /// unit in the air, its manoeuvre (CW-FLY-12), that it does not end over
    /// an enemy airborne unit (CW-FBY-1), and the Fly-By contacts it makes
    /// on the way (CW-FBY-2).
    pub(super) fn plan_move(
        &self,
        unit: u32,
        path: &[(f32, f32)],
        facing: f32,
        mode: &MoveMode,
        tables: &CwTables,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let mut plan = self.plan_move_checked(unit, path, facing, mode, tables, table)?;
        let Some(u) = self.unit(unit) else {
            return Ok(plan);
        };
        if !u.airborne() {
            return Ok(plan);
        }
        let wps: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        check_air_maneuver(air_maneuver(
            u.pos.facing,
            u.base().center,
            &wps,
            facing,
            &tables.settings.flight,
        ))?;
        if plan.kind == PlanKind::Fly {
            let end = Base::new(plan.end, u.footprint);
            if let Some(o) = self
                .units
                .iter()
                .find(|o| o.side != u.side && o.alive() && o.airborne() && o.base().overlaps(&end))
            {
                return Err(refuse(
                    "CW-FBY-1",
                    say!("cw-why-passes-over-overlap", other = o.name),
                ));
            }
        }
        plan.fly_by = self.fly_by_contacts(u, &wps);
        Ok(plan)
    }

    /// Enemy airborne units that `u`, in the air, touches while moving
    /// through `wps`, by id, with the ranks whose models would touch
    /// (CW-FBY-2) [stand-in: sampled every 0.1" with the base facing along
    /// the leg; touching counts the front rank, overlapping (passing
    /// through) every rank; an incomplete rank is marked so].
    pub(super) fn fly_by_contacts(
        &self,
        u: &CwUnit,
        wps: &[Vec2],
    ) -> Vec<(u32, Vec<RankContact>, Vec<RankContact>)> {
        let base = u.base();
        let length = path_length(base.center, wps);
        let mut out = Vec::new();
        for o in self
            .units
            .iter()
            .filter(|o| o.side != u.side && o.alive() && o.airborne())
        {
            let ob = o.base();
            let (mut touch, mut through) = (false, false);
            let mut d = PATH_STEP;
            while d <= length + PATH_END_SLACK {
                let (p, b) = point_along(base.center, base.facing, wps, d.min(length));
                let at = base.at(p, b);
                through |= at.overlaps(&ob);
                touch |= at.distance_to(&ob) <= CONTACT;
                d += PATH_STEP;
            }
            if !(touch || through) {
                continue;
            }
            out.push((o.id, contact_ranks(u, through), contact_ranks(o, through)));
        }
        out
    }

    /// Checks a move of `unit` through `path`, ending facing `facing`, in
    /// `mode`: that the unit may move now ([`Self::check_may_move`]), that
    /// the path is made of numbers and its destination as drawn is on the
    /// table (CW-GEN-3), then the checks of the mode and the unit's flight
    /// state ([`Self::plan_walk`], [`Self::plan_fly`],
    /// [`Self::plan_take_off`], [`Self::plan_landing`],
    /// [`Self::plan_escape_by_air`], [`Self::plan_engage`]); a landing or
    /// Dive needs a unit in the air (CW-LAND-1, CW-DIVE-1), an escape by air
    /// a grounded one (CW-ENG-7).
    pub(super) fn plan_move_checked(
        &self,
        unit: u32,
        path: &[(f32, f32)],
        facing: f32,
        mode: &MoveMode,
        tables: &CwTables,
        table: &Table,
    ) -> Result<MovePlan, Refusal> {
        let u = self.check_actor(unit)?;
        let (card, phase) = self.check_may_move(u, mode, tables)?;
        if !facing.is_finite() || path.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
            return Err(refuse("CW-GEN-3", say!("cw-why-path-nan")));
        }
        let wps: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        let base = u.base();
        // The destination as drawn must be on the table, even where a move
        // is clipped afterwards (a take-off, an escape by air).
        if let Some(last) = wps.last()
            && !table.holds(&base.at(*last, facing))
        {
            return Err(move_error("CW-GEN-3", MoveError::OffTable, &[]));
        }
        let m = MoveCtx {
            unit,
            u,
            card,
            phase,
            start: base.center,
            length: path_length(base.center, &wps),
            mv: card.movement,
            wps,
            base,
            facing,
            settings: &tables.settings,
        };
        match (mode, u.flight) {
            (MoveMode::Ground, FlightState::Grounded) => self.plan_walk(&m, table),
            (MoveMode::Ground, FlightState::Airborne) => self.plan_fly(&m, table),
            (MoveMode::TakeOff, state) => self.plan_take_off(&m, state, table),
            (MoveMode::Land | MoveMode::Dive, FlightState::Grounded) => Err(refuse(
                if *mode == MoveMode::Dive {
                    "CW-DIVE-1"
                } else {
                    "CW-LAND-1"
                },
                say!("cw-why-only-airborne-lands"),
            )),
            (MoveMode::Land | MoveMode::Dive, FlightState::Airborne) => {
                self.plan_landing(&m, *mode == MoveMode::Dive, table)
            }
            (MoveMode::EscapeByAir, FlightState::Airborne) => {
                Err(refuse("CW-ENG-7", say!("cw-why-escape-grounded")))
            }
            (MoveMode::EscapeByAir, FlightState::Grounded) => self.plan_escape_by_air(&m, table),
            (MoveMode::Engage { target } | MoveMode::DiveEngage { target }, state) => {
                let dive = matches!(mode, MoveMode::DiveEngage { .. });
                self.plan_engage(&m, *target, dive, state, table)
            }
        }
    }

    /// Whether `u` may move now in `mode`: its card is known, the phase is a
    /// movement phase, it has not moved yet this phase and is neither spent
    /// nor routing (CW-GEN-3); its flight state may move in this phase (an
    /// airborne unit not in Reserve Movement, CW-FLY-9; a grounded one in
    /// Cavalry Movement only if Cavalry, CW-FLY-4); a grounded unit engaged
    /// may only escape by air (CW-GEN-3). Gives its card and the phase.
    fn check_may_move<'t>(
        &self,
        u: &CwUnit,
        mode: &MoveMode,
        tables: &'t CwTables,
    ) -> Result<(&'t UnitStats, MovementPhase), Refusal> {
        let card = tables
            .unit(&u.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-unknown-card")))?;
        let Some(phase) = self.phase.movement() else {
            return Err(refuse("CW-GEN-3", say!("cw-why-move-phases")));
        };
        if self.acted.contains(&u.id) {
            return Err(refuse(
                "CW-GEN-3",
                say!("cw-why-already-moved", unit = u.name),
            ));
        }
        if u.spent > 0 {
            return Err(refuse("CW-GEN-3", say!("cw-why-spent", unit = u.name)));
        }
        if u.condition == Condition::Routing {
            return Err(refuse("CW-GEN-3", say!("cw-why-routing", unit = u.name)));
        }
        if !may_move_in_phase(phase, u.flight, card.has(Trait::Cavalry)) {
            return Err(if u.airborne() {
                refuse("CW-FLY-9", say!("cw-why-airborne-reserve"))
            } else {
                refuse("CW-FLY-4", say!("cw-why-not-cavalry"))
            });
        }
        if !u.airborne() && self.engaged(u) && *mode != MoveMode::EscapeByAir {
            return Err(refuse(
                "CW-GEN-3",
                say!("cw-why-engaged-no-move", unit = u.name),
            ));
        }
        Ok((card, phase))
    }

    /// The Maneuver test of a Break-Away by air (CW-ENG-7) [stand-in: a
    /// simple manoeuvre]; a single model takes none (CW-LAND-2, L37).
    pub(super) fn escape_test(&self, u: &CwUnit, tables: &CwTables) -> ManeuverTest {
        let card = tables.unit(&u.unit_type);
        ManeuverTest {
            rule: "CW-ENG-7".into(),
            unit: u.id,
            name: say!("cw-name-break-away", unit = u.name),
            leadership: card.map_or(0, UnitStats::commander_leadership),
            tl: card.map_or(UNKNOWN_CARD_TL, |c| c.tl),
            kind: ManeuverKind::Simple,
            single_model: u.models <= 1,
            airborne: false,
            modifiers: Vec::new(),
        }
    }

    pub(super) fn lander(&self, u: &CwUnit, tables: &CwTables) -> Lander {
        let card = tables.unit(&u.unit_type);
        Lander {
            unit: u.id,
            name: u.name.clone(),
            leadership: card.map_or(0, UnitStats::commander_leadership),
            tl: card.map_or(UNKNOWN_CARD_TL, |c| c.tl),
            single_model: u.models <= 1,
        }
    }

    /// Executes a checked move: marks the unit as moved, logs the Fly-By
    /// contacts made on the way (CW-FBY-2), then the move of its kind
    /// ([`Self::exec_move_kind`]), a landing's test (CW-LAND-2) and the unit's
    /// new position, condition and flight state ([`Self::finish_move`]).
    pub(super) fn exec_move(
        &mut self,
        plan: MovePlan,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        self.acted.push(plan.unit);
        let Some(u) = self.unit(plan.unit).cloned() else {
            return;
        };
        let mut entries = Vec::new();
        self.note_fly_by(&u, &plan.fly_by, &mut entries);
        if let Some(after) = self.exec_move_kind(plan, &u, tables, dice, &mut entries) {
            self.finish_move(&u, after, tables, dice, &mut entries);
        }
        self.push(log, entries);
    }

    /// The part of a checked move its kind makes, logged to `entries`: a
    /// walk or a turn (CW-GEN-3), a flight (CW-FLY-10), a take-off
    /// (CW-FLY-5), a landing (CW-LAND-1, CW-DIVE-3), a ground engagement
    /// (CW-GEN-3; of the captor, CW-HOS-3), an engagement from the air
    /// ([`Self::exec_air_engage`]) or an escape by air
    /// ([`Self::exec_escape_by_air`]). Gives where the unit ends and in what
    /// state, or `None` when the move is over (the unit no longer on the
    /// table, or already placed).
    fn exec_move_kind(
        &mut self,
        plan: MovePlan,
        u: &CwUnit,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) -> Option<MoveAfter> {
        let name = u.name.clone();
        let mut after = MoveAfter {
            end: plan.end,
            condition: u.condition,
            flight: u.flight,
            landed: None,
        };
        match plan.kind {
            PlanKind::Walk => entries.push(LogEntry::event(
                "CW-GEN-3",
                vec![u.id],
                if plan.length < NEGLIGIBLE {
                    say!(
                        "cw-log-turns",
                        unit = name,
                        facing = format!("{:.0}", plan.end.facing)
                    )
                } else {
                    say!(
                        "cw-log-moves",
                        unit = name,
                        length = format!("{:.1}", plan.length)
                    )
                },
            )),
            PlanKind::Fly => entries.push(LogEntry::event(
                "CW-FLY-10",
                vec![u.id],
                say!(
                    "cw-log-flies",
                    unit = name,
                    length = format!("{:.1}", plan.length),
                    cavalry_rule = "CW-FLY-8",
                    terrain_rule = "CW-FLY-11"
                ),
            )),
            PlanKind::TakeOff {
                completed,
                entry,
                condition,
            } => {
                entries.push(entry);
                after.condition = condition;
                if completed {
                    after.flight = FlightState::Airborne;
                }
            }
            PlanKind::Landing(kind) => {
                let length = format!("{:.1}", plan.length);
                let what = if kind == LandingKind::Dive {
                    say!(
                        "cw-log-lands-dive",
                        unit = name,
                        length = length,
                        rule = "CW-DIVE-3"
                    )
                } else {
                    say!("cw-log-lands", unit = name, length = length)
                };
                entries.push(LogEntry::event(kind.rule(), vec![u.id], what));
                after.landed = Some(kind);
            }
            PlanKind::GroundEngage { target, angle } => {
                entries.push(LogEntry::event(
                    "CW-GEN-3",
                    vec![u.id, target],
                    say!(
                        "cw-log-engages",
                        unit = name,
                        target = self.unit(target).map_or("?", |t| t.name.as_str()),
                        angle = format!("{angle:.0}")
                    ),
                ));
                if self.holder().is_some_and(|h| h.id == target) {
                    entries.push(LogEntry::event(
                        "CW-HOS-3",
                        vec![u.id, target],
                        say!("cw-log-engaged-captor"),
                    ));
                }
            }
            PlanKind::AirEngage {
                target,
                landing,
                entry,
            } => {
                entries.push(entry);
                return self.exec_air_engage(u, plan.end, target, landing, tables, dice, entries);
            }
            PlanKind::EscapeByAir { enemies } => {
                let (end, length) = (plan.end, plan.length);
                return self.exec_escape_by_air(u, end, length, &enemies, tables, dice, entries);
            }
        }
        Some(after)
    }

    /// An airborne unit engaging `target` comes down at `end`, facing the
    /// reactionary fire of the target (CW-LAND-3); it then makes the
    /// `landing`'s test, unless the fire destroyed it (`None`).
    #[allow(clippy::too_many_arguments)]
    fn exec_air_engage(
        &mut self,
        u: &CwUnit,
        end: TablePos,
        target: u32,
        landing: LandingKind,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) -> Option<MoveAfter> {
        if let Some(m) = self.unit_mut(u.id) {
            m.pos = end;
        }
        self.reactionary_fire(u.id, target, tables, dice, entries);
        match self.unit(u.id) {
            Some(m) if m.alive() => Some(MoveAfter {
                end: m.pos,
                condition: m.condition,
                flight: u.flight,
                landed: Some(landing),
            }),
            _ => None,
        }
    }

    /// A Break-Away by air (CW-ENG-7): the unit's Maneuver test
    /// ([`Self::escape_test`]); on success it flies to `end` and is airborne
    /// ([`escape`]), and the `enemies` it leaves make parting shots (the move
    /// is then over, `None`); else it stays where it is.
    #[allow(clippy::too_many_arguments)]
    fn exec_escape_by_air(
        &mut self,
        u: &CwUnit,
        end: TablePos,
        length: f32,
        enemies: &[u32],
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) -> Option<MoveAfter> {
        let conv = tables.settings.convention;
        let card = tables.unit(&u.unit_type);
        let test = self.escape_test(u, tables);
        let out = maneuver_test(dice, conv, &test);
        entries.push(out.entry.clone());
        let condition = condition_after(u.condition, &out);
        let esc = escape(&Escape {
            unit: u.id,
            how: LeaveEngagement::BreakAway,
            take_flight: true,
            has_flight: card.is_some_and(|c| c.has(Trait::Flight)),
            succeeded: out.pass,
            movement: length,
        });
        match esc {
            Ok(esc) if esc.moved > 0.0 => {
                entries.push(esc.entry);
                if let Some(m) = self.unit_mut(u.id) {
                    m.pos = end;
                    m.flight = esc.state;
                    m.condition = condition;
                }
                self.parting_shots(u.id, enemies, esc.parting_shot_bonus, tables, dice, entries);
                return None;
            }
            Ok(esc) => entries.push(esc.entry),
            Err(r) => entries.push(LogEntry::event(&r.rule, vec![u.id], r.reason)),
        }
        Some(MoveAfter {
            end: u.pos,
            condition,
            flight: u.flight,
            landed: None,
        })
    }

    /// The end of a move: a unit that lands makes the landing test of its
    /// kind (CW-LAND-2, as it is now, after any reactionary fire) and is
    /// grounded; the unit then takes its new position, condition and flight
    /// state.
    fn finish_move(
        &mut self,
        u: &CwUnit,
        after: MoveAfter,
        tables: &CwTables,
        dice: &mut Dice,
        entries: &mut Vec<LogEntry>,
    ) {
        let conv = tables.settings.convention;
        let MoveAfter {
            end,
            mut condition,
            mut flight,
            landed,
        } = after;
        if let Some(kind) = landed {
            flight = FlightState::Grounded;
            // CW-LAND-2: the unit as it is now, after any reactionary fire
            // (a flyer cut to one model takes no test).
            let now = self.unit(u.id).cloned().unwrap_or_else(|| u.clone());
            let l = self.lander(&now, tables);
            if let Some(out) = landing_test(dice, conv, kind, &l, &tables.settings.landing) {
                condition = condition_after(condition, &out);
                entries.push(out.entry);
            }
        }
        if let Some(m) = self.unit_mut(u.id) {
            m.pos = end;
            m.condition = condition;
            m.flight = flight;
        }
    }
}

/// Where a unit ends a move and in what state, before the test of a
/// landing it makes ([`CwBattle::finish_move`]).
struct MoveAfter {
    /// Where it ends.
    end: TablePos,
    /// Its condition.
    condition: Condition,
    /// Its flight state before landing.
    flight: FlightState,
    /// The landing it makes, whose test it takes (CW-LAND-2).
    landed: Option<LandingKind>,
}
