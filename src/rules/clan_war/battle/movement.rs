//! Movement: stances, move planning and execution on the ground and in
//! the air, and the path geometry they use (CW-GEN, CW-FLY, CW-LAND).

use super::*;

/// Length of a path of centres from `start`, inches.
pub fn path_length(start: Vec2, path: &[Vec2]) -> f32 {
    let mut here = start;
    let mut total = 0.0;
    for p in path {
        total += here.distance(*p);
        here = *p;
    }
    total
}

/// The point `d` inches along the path and the bearing of the leg there.
pub(super) fn point_along(start: Vec2, facing: f32, path: &[Vec2], d: f32) -> (Vec2, f32) {
    let mut here = start;
    let mut left = d.max(0.0);
    let mut bearing = facing;
    for p in path {
        let len = here.distance(*p);
        if len < 1e-6 {
            continue;
        }
        bearing = bearing_of(*p - here);
        if left <= len {
            return (here + (*p - here) / len * left, bearing);
        }
        left -= len;
        here = *p;
    }
    (here, bearing)
}

/// The path cut at `d` inches.
pub(super) fn truncate_path(start: Vec2, path: &[Vec2], d: f32) -> Vec<Vec2> {
    let mut out = Vec::new();
    let mut here = start;
    let mut left = d.max(0.0);
    for p in path {
        let len = here.distance(*p);
        if len < 1e-6 {
            continue;
        }
        if left <= len + 1e-5 {
            out.push(here + (*p - here) / len * left.min(len));
            return out;
        }
        left -= len;
        out.push(*p);
        here = *p;
    }
    out
}

/// Absolute difference of two compass bearings, 0 … 180 degrees.
pub(super) fn turn_between(a: f32, b: f32) -> f32 {
    let d = (b - a).rem_euclid(360.0);
    d.min(360.0 - d)
}

/// The manoeuvre an airborne move through `path` (from `start`, facing
/// `facing`, ending facing `final_facing`) amounts to (CW-FLY-12)
/// [stand-in: a Wheel when no leg and not the final facing differ from the
/// starting facing by more than 90°; otherwise a Back Away when only a leg
/// runs backwards, a Turn About when the final facing differs by 135° or
/// more, else a Turn].
pub fn air_maneuver(facing: f32, start: Vec2, path: &[Vec2], final_facing: f32) -> Maneuver {
    let mut here = start;
    let mut worst_leg = 0.0_f32;
    for p in path {
        if here.distance(*p) > 1e-4 {
            worst_leg = worst_leg.max(turn_between(facing, bearing_of(*p - here)));
        }
        here = *p;
    }
    let end_turn = turn_between(facing, final_facing);
    if worst_leg <= 90.0 + 1e-3 && end_turn <= 90.0 + 1e-3 {
        Maneuver::Wheel
    } else if end_turn <= 90.0 + 1e-3 {
        Maneuver::BackAway
    } else if end_turn >= 135.0 {
        Maneuver::TurnAbout
    } else {
        Maneuver::Turn
    }
}

/// Where a mover stands to touch `target`'s edge that faces it squarely (an
/// approach angle of 0), and its facing there.
pub fn contact_spot(mover: &Base, target: &Base) -> (Vec2, f32) {
    let to_mover = mover.center - target.center;
    let normals = [
        (target.forward(), target.depth / 2.0),
        (target.right(), target.frontage / 2.0),
        (-target.forward(), target.depth / 2.0),
        (-target.right(), target.frontage / 2.0),
    ];
    let (n, half) = normals
        .iter()
        .copied()
        .max_by(|a, b| a.0.dot(to_mover).total_cmp(&b.0.dot(to_mover)))
        .unwrap_or((target.forward(), target.depth / 2.0));
    (
        target.center + n * (half + mover.depth / 2.0 + 0.005),
        bearing_of(-n),
    )
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
        check_air_maneuver(air_maneuver(u.pos.facing, u.base().center, &wps, facing))?;
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
            let mut d = 0.1_f32;
            while d <= length + 0.05 {
                let (p, b) = point_along(base.center, base.facing, wps, d.min(length));
                let at = base.at(p, b);
                through |= at.overlaps(&ob);
                touch |= at.distance_to(&ob) <= CONTACT;
                d += 0.1;
            }
            if !(touch || through) {
                continue;
            }
            out.push((o.id, contact_ranks(u, through), contact_ranks(o, through)));
        }
        out
    }

    #[allow(clippy::too_many_lines)]
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
        let card = tables
            .unit(&u.unit_type)
            .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-unknown-card")))?;
        let Some(phase) = self.phase.movement() else {
            return Err(refuse("CW-GEN-3", say!("cw-why-move-phases")));
        };
        if self.acted.contains(&unit) {
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
        if !facing.is_finite() || path.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
            return Err(refuse("CW-GEN-3", say!("cw-why-path-nan")));
        }
        let wps: Vec<Vec2> = path.iter().map(|p| Vec2::new(p.0, p.1)).collect();
        let base = u.base();
        let start = base.center;
        let length = path_length(start, &wps);
        let mv = card.movement;
        // The destination as drawn must be on the table, even where a move
        // is clipped afterwards (a take-off, an escape by air).
        if let Some(last) = wps.last()
            && !table.holds(&base.at(*last, facing))
        {
            return Err(move_error("CW-GEN-3", MoveError::OffTable, &[]));
        }
        let end_of = |wps: &[Vec2], facing: f32| {
            let c = wps.last().copied().unwrap_or(start);
            TablePos {
                x: c.x,
                y: c.y,
                facing,
            }
        };
        match (mode, u.flight) {
            (MoveMode::Ground, FlightState::Grounded) => {
                let (_, others, names) = self.others(u, false);
                table
                    .check_move(&base, &wps, facing, mv, false, &others, &[])
                    .map_err(|e| move_error("CW-GEN-3", e, &names))?;
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end: end_of(&wps, facing),
                    length,
                    kind: PlanKind::Walk,
                })
            }
            (MoveMode::Ground, FlightState::Airborne) => {
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &wps, facing, mv, true, &others, &[])
                    .map_err(|e| move_error("CW-FLY-11", e, &names))?;
                check_air_move(phase, mv, length)?;
                Ok(MovePlan {
                    unit,
                    fly_by: Vec::new(),
                    end: end_of(&wps, facing),
                    length,
                    kind: PlanKind::Fly,
                })
            }
            (MoveMode::TakeOff, state) => {
                let half = mv / 2.0;
                let probe = TakeOff {
                    unit,
                    name: u.name.clone(),
                    state,
                    has_flight: card.has(Trait::Flight),
                    total_models: u.models,
                    movement: mv,
                    blocked_at: None,
                    condition: u.condition,
                };
                take_off(&probe)?;
                if length + 1e-3 < half {
                    return Err(refuse(
                        "CW-FLY-5",
                        say!("cw-why-take-off-half", half = half),
                    ));
                }
                let cut = truncate_path(start, &wps, half);
                let (_, others, names) = self.others(u, false);
                let by_units = match table.check_move(&base, &cut, facing, mv, false, &others, &[])
                {
                    Ok(_) => None,
                    Err(MoveError::Unit(_, at)) => Some(at),
                    Err(MoveError::Impassable(_)) => {
                        let mut d = 0.0;
                        while d < half {
                            let (p, b) = point_along(start, base.facing, &cut, d + 0.1);
                            if table.check_standing(&base.at(p, b), false).is_err() {
                                break;
                            }
                            d += 0.1;
                        }
                        Some(d.min(half))
                    }
                    Err(e) => return Err(move_error("CW-FLY-5", e, &names)),
                };
                // CW-FLY-5 (L25): terrain met on the way interferes too.
                let blocked_at = match (by_units, terrain_entry(table, start, &base, &cut, half)) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                let r = take_off(&TakeOff {
                    blocked_at,
                    ..probe
                })?;
                let completed = r.state == FlightState::Airborne;
                // CW-FLY-14 (L34): an unformed unit that becomes airborne "is
                // automatically reformed but may not change formation or
                // facing": it keeps the facing it had.
                let facing = if u.condition == Condition::Unformed {
                    u.pos.facing
                } else {
                    facing
                };
                let end = if completed {
                    end_of(&cut, facing)
                } else {
                    let (p, b) = point_along(start, base.facing, &cut, r.moved);
                    TablePos {
                        x: p.x,
                        y: p.y,
                        facing: b,
                    }
                };
                Ok(MovePlan {
                    unit,
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
            (MoveMode::Land | MoveMode::Dive, FlightState::Grounded) => Err(refuse(
                if *mode == MoveMode::Dive {
                    "CW-DIVE-1"
                } else {
                    "CW-LAND-1"
                },
                say!("cw-why-only-airborne-lands"),
            )),
            (MoveMode::Land | MoveMode::Dive, FlightState::Airborne) => {
                let kind = if *mode == MoveMode::Dive {
                    check_dive_move(
                        u.flight,
                        card.has_charge_skill(),
                        false,
                        mv,
                        length,
                        DiveUse::Landing,
                        &[],
                    )?
                } else {
                    check_landing(true, mv, length)?;
                    LandingKind::Voluntary
                };
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &wps, facing, mv * 2.0, true, &others, &[])
                    .map_err(|e| move_error(kind.rule(), e, &names))?;
                let end = end_of(&wps, facing);
                let spot = Base::new(end, u.footprint);
                self.landing_spot_ok(unit, &spot, table)?;
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
                    unit,
                    fly_by: Vec::new(),
                    end,
                    length,
                    kind: PlanKind::Landing(kind),
                })
            }
            (MoveMode::EscapeByAir, FlightState::Airborne) => {
                Err(refuse("CW-ENG-7", say!("cw-why-escape-grounded")))
            }
            (MoveMode::EscapeByAir, FlightState::Grounded) => {
                let enemies = self.enemies_in_contact(u);
                if enemies.is_empty() {
                    return Err(refuse(
                        "CW-ENG-7",
                        say!("cw-why-not-engaged", unit = u.name),
                    ));
                }
                check_can_fly(card.has(Trait::Flight))?;
                if phase == MovementPhase::Reserve {
                    return Err(refuse("CW-FLY-9", say!("cw-why-escape-reserve")));
                }
                if length + 1e-3 < mv {
                    return Err(refuse("CW-ENG-7", say!("cw-why-escape-full-move", mv = mv)));
                }
                let cut = truncate_path(start, &wps, mv);
                let (_, others, names) = self.others(u, true);
                table
                    .check_move(&base, &cut, facing, mv + 0.01, true, &others, &[])
                    .map_err(|e| move_error("CW-ENG-7", e, &names))?;
                let end = end_of(&cut, facing);
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
                    unit,
                    fly_by: Vec::new(),
                    end,
                    length: mv,
                    kind: PlanKind::EscapeByAir { enemies },
                })
            }
            (MoveMode::Engage { target } | MoveMode::DiveEngage { target }, state) => {
                // CW-DIVE-3: an engaging move may be a Dive (CW-DIVE-1,
                // CW-DIVE-2 checked here, up to double the movement).
                let dive = matches!(mode, MoveMode::DiveEngage { .. });
                if dive {
                    check_dive_move(
                        state,
                        card.has_charge_skill(),
                        false,
                        mv,
                        length,
                        DiveUse::Engaging,
                        &[],
                    )?;
                }
                let reach = if dive { dive_bounds(mv).1 } else { mv };
                let t = self
                    .unit(*target)
                    .filter(|t| t.alive() && t.side != u.side)
                    .ok_or_else(|| refuse("CW-GEN-3", say!("cw-why-target-not-enemy")))?;
                check_engagement(state, t.flight)?;
                let tb = t.base();
                if state == FlightState::Grounded {
                    let (ids, others, names) = self.others(u, false);
                    let ti: Vec<usize> = ids.iter().position(|i| i == target).into_iter().collect();
                    table
                        .check_move(&base, &wps, facing, mv, false, &others, &ti)
                        .map_err(|e| move_error("CW-GEN-3", e, &names))?;
                    let end = end_of(&wps, facing);
                    let fb = Base::new(end, u.footprint);
                    if !fb.in_contact(&tb) {
                        return Err(refuse(
                            "CW-GEN-3",
                            say!("cw-why-engage-contact", target = t.name),
                        ));
                    }
                    let angle = fb.approach_angle(&tb);
                    if angle > ENGAGE_ANGLE + 1e-3 {
                        return Err(refuse(
                            "CW-GEN-3",
                            say!(
                                "cw-why-engage-angle",
                                angle = format!("{angle:.0}"),
                                max = ENGAGE_ANGLE
                            ),
                        ));
                    }
                    return Ok(MovePlan {
                        unit,
                        fly_by: Vec::new(),
                        end,
                        length,
                        kind: PlanKind::GroundEngage {
                            target: *target,
                            angle,
                        },
                    });
                }
                // From the air (CW-ENG-1 … CW-ENG-6): no minimum distance
                // (a Dive's is checked above).
                let (_, others, names) = self.others(u, true);
                let rule = if dive { "CW-DIVE-3" } else { "CW-ENG-1" };
                table
                    .check_move(&base, &wps, facing, reach, true, &others, &[])
                    .map_err(|e| move_error(rule, e, &names))?;
                let end = end_of(&wps, facing);
                let fb = Base::new(end, u.footprint);
                let reached = fb.distance_to(&tb) <= CONTACT;
                let angle_ok = fb.approach_angle(&tb) <= ENGAGE_ANGLE + 1e-3;
                let spot = if reached && angle_ok {
                    fb
                } else {
                    // Lands 1" short (CW-ENG-4, CW-ENG-5).
                    let away = (fb.center - tb.center).normalize_or_zero();
                    let mut s = fb;
                    let mut k = 0.0;
                    while s.distance_to(&tb) < 1.0 && k < 6.0 {
                        k += 0.05;
                        s = fb.at(fb.center + away * k, fb.facing);
                    }
                    s
                };
                let overlap = self.landing_spot_ok(unit, &spot, table).is_err();
                let flanked = self.units.iter().any(|o| {
                    o.side != u.side
                        && o.alive()
                        && !o.airborne()
                        && o.id != *target
                        && o.base().within(&spot, 1.0)
                        && spot.arc_of(o.base().center) != Arc::Front
                });
                let out = resolve_engaging_move(
                    unit,
                    *target,
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
                    unit,
                    fly_by: Vec::new(),
                    end: TablePos {
                        x: spot.center.x,
                        y: spot.center.y,
                        facing: spot.facing,
                    },
                    length,
                    kind: PlanKind::AirEngage {
                        target: *target,
                        landing: out.landing,
                        entry: out.entry,
                    },
                })
            }
        }
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
            tl: card.map_or(10, |c| c.tl),
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
            tl: card.map_or(10, |c| c.tl),
            single_model: u.models <= 1,
        }
    }

    pub(super) fn exec_move(
        &mut self,
        plan: MovePlan,
        tables: &CwTables,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) {
        let conv = tables.settings.convention;
        self.acted.push(plan.unit);
        let Some(u) = self.unit(plan.unit).cloned() else {
            return;
        };
        let name = u.name.clone();
        let mut entries = Vec::new();
        let mut landed: Option<LandingKind> = None;
        let mut condition = u.condition;
        let mut flight = u.flight;
        let mut end = plan.end;
        self.note_fly_by(&u, &plan.fly_by, &mut entries);
        match plan.kind {
            PlanKind::Walk => entries.push(LogEntry::event(
                "CW-GEN-3",
                vec![u.id],
                if plan.length < 0.01 {
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
                condition: c,
            } => {
                entries.push(entry);
                condition = c;
                if completed {
                    flight = FlightState::Airborne;
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
                landed = Some(kind);
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
                if let Some(m) = self.unit_mut(u.id) {
                    m.pos = plan.end;
                }
                self.reactionary_fire(u.id, target, tables, dice, &mut entries);
                match self.unit(u.id) {
                    Some(m) if m.alive() => {
                        end = m.pos;
                        condition = m.condition;
                        landed = Some(landing);
                    }
                    _ => {
                        self.push(log, entries);
                        return;
                    }
                }
            }
            PlanKind::EscapeByAir { enemies } => {
                let card = tables.unit(&u.unit_type);
                let test = self.escape_test(&u, tables);
                let out = maneuver_test(dice, conv, &test);
                entries.push(out.entry.clone());
                condition = condition_after(condition, &out);
                let esc = escape(&Escape {
                    unit: u.id,
                    how: LeaveEngagement::BreakAway,
                    take_flight: true,
                    has_flight: card.is_some_and(|c| c.has(Trait::Flight)),
                    succeeded: out.pass,
                    movement: plan.length,
                });
                match esc {
                    Ok(esc) if esc.moved > 0.0 => {
                        entries.push(esc.entry);
                        if let Some(m) = self.unit_mut(u.id) {
                            m.pos = plan.end;
                            m.flight = esc.state;
                            m.condition = condition;
                        }
                        self.parting_shots(
                            u.id,
                            &enemies,
                            esc.parting_shot_bonus,
                            tables,
                            dice,
                            &mut entries,
                        );
                        self.push(log, entries);
                        return;
                    }
                    Ok(esc) => {
                        entries.push(esc.entry);
                        end = u.pos;
                    }
                    Err(r) => {
                        entries.push(LogEntry::event(&r.rule, vec![u.id], r.reason));
                        end = u.pos;
                    }
                }
            }
        }
        if let Some(kind) = landed {
            flight = FlightState::Grounded;
            // CW-LAND-2: the unit as it is now, after any reactionary fire
            // (a flyer cut to one model takes no test).
            let now = self.unit(u.id).cloned().unwrap_or_else(|| u.clone());
            let l = self.lander(&now, tables);
            if let Some(out) = landing_test(dice, conv, kind, &l) {
                condition = condition_after(condition, &out);
                entries.push(out.entry);
            }
        }
        if let Some(m) = self.unit_mut(plan.unit) {
            m.pos = end;
            m.condition = condition;
            m.flight = flight;
        }
        self.push(log, entries);
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
        let next = (d + 0.1).min(half);
        if met(next) {
            return Some(d);
        }
        d = next;
    }
    None
}
