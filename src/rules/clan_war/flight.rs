//! Flying units (CW-FLY-1 … CW-FLY-15): who may fly, take-off, movement in
//! the air, terrain, the manoeuvres allowed in flight and the table template.
//!
//! Distances are inches; whether and where a path is blocked arrives from
//! the geometry layer as a number.

use serde::{Deserialize, Serialize};

use crate::engine::command::Refusal;
use crate::engine::log::{Itemized, LogEntry};
use crate::engine::table::centre_offset;
use crate::engine::units::FlightState;

use super::condition::Condition;

/// The numbers of the flying rules (`settings.ron` `flight`; seed 000,
/// CW-FLY-3 … CW-FLY-13). Shares are fractions of the unit's normal
/// movement.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlightValues {
    /// Most models a flying unit may hold, personalities included (CW-FLY-3:
    /// 12; at least 1).
    pub max_models: u32,
    /// Share of its movement a take-off covers (CW-FLY-5: exactly half, 0.5;
    /// above 0, at most 1).
    pub take_off: f32,
    /// Least share of its movement an airborne unit moves in a Primary or
    /// Cavalry phase (CW-FLY-10: half, 0.5; 0 to 1).
    pub least_air_move: f32,
    /// Share of its movement an airborne unit has covered once it flies
    /// straight on after a failed Maneuver test (CW-FLY-13: half, 0.5; 0 to
    /// 1).
    pub failed_maneuver_move: f32,
    /// Largest turn, degrees, of a leg or of the final facing from the
    /// starting facing for an airborne move to be a Wheel (CW-FLY-12
    /// [stand-in]: 90; 0 to 180).
    pub wheel_turn: f32,
    /// Least turn of the final facing from the starting facing, degrees,
    /// that makes an airborne move a Turn About (CW-FLY-12 [stand-in]: 135;
    /// 0 to 180).
    pub turn_about: f32,
}

/// Base footprint of one model and the unit's normal rank width, for the
/// open-table footprint and the flying template (CW-FLY-7, CW-FLY-15).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Footprint {
    /// Frontage of one model's base, inches.
    pub frontage: f32,
    /// Depth of one model's base, inches.
    pub depth: f32,
    /// Models per rank in the unit's normal formation.
    pub per_rank: u32,
}

/// The movement phases of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub enum MovementPhase {
    /// Primary Movement phase.
    Primary,
    /// Cavalry Movement phase.
    Cavalry,
    /// Reserve Movement phase.
    Reserve,
}

/// State of a flight-capable unit at deployment: always grounded (CW-FLY-1).
pub fn deployment_state() -> FlightState {
    FlightState::Grounded
}

/// Only a unit with the Flight trait may become airborne (CW-FLY-2).
///
/// # Errors
/// A [`Refusal`] under CW-FLY-2 for a unit without Flight.
pub fn check_can_fly(has_flight: bool) -> Result<(), Refusal> {
    if has_flight {
        Ok(())
    } else {
        Err(Refusal::new("CW-FLY-2", say!("cw-why-no-flight-trait")))
    }
}

/// A flying unit holds at most [`FlightValues::max_models`] (12) models, personalities included
/// (CW-FLY-3). Returns the total.
///
/// # Errors
/// A [`Refusal`] under CW-FLY-3 when `models + personalities` exceeds
/// [`FlightValues::max_models`].
pub fn check_flying_size(
    models: u32,
    personalities: u32,
    fv: &FlightValues,
) -> Result<u32, Refusal> {
    let total = models + personalities;
    if total <= fv.max_models {
        Ok(total)
    } else {
        Err(Refusal::new(
            "CW-FLY-3",
            say!("cw-why-flying-size", max = fv.max_models, total = total),
        ))
    }
}

/// Whether a unit may move in `phase`. Airborne units move as cavalry in
/// the Primary and Cavalry phases (CW-FLY-8) and never in Reserve Movement
/// (CW-FLY-9). A grounded flight-capable unit follows the ground rules
/// (CW-FLY-4) [stand-in ground rules: every unit in Primary and Reserve,
/// units with the Cavalry trait also in the Cavalry phase].
pub fn may_move_in_phase(phase: MovementPhase, state: FlightState, cavalry_trait: bool) -> bool {
    match (state, phase) {
        (FlightState::Airborne, MovementPhase::Reserve) => false,
        (FlightState::Airborne, _) => true,
        (FlightState::Grounded, MovementPhase::Cavalry) => cavalry_trait,
        (FlightState::Grounded, _) => true,
    }
}

/// Whether the unit counts as cavalry for a purpose other than movement
/// (weapon modifiers, spell targets): only with the Cavalry trait, airborne
/// or not (CW-FLY-8).
pub fn counts_as_cavalry_except_movement(cavalry_trait: bool) -> bool {
    cavalry_trait
}

/// A declared take-off.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeOff {
    /// The unit.
    pub unit: u32,
    /// Its name, for the log.
    pub name: String,
    /// Current state (must be grounded).
    pub state: FlightState,
    /// Has the Flight trait (CW-FLY-2).
    pub has_flight: bool,
    /// Models including personalities (CW-FLY-3).
    pub total_models: u32,
    /// Normal movement, inches.
    pub movement: f32,
    /// Distance along the path at which terrain or a model first interferes,
    /// inches (`None` for a clear path).
    pub blocked_at: Option<f32>,
    /// Condition before the take-off.
    pub condition: Condition,
}

/// What a take-off did.
#[derive(Clone, Debug, PartialEq)]
pub struct TakeOffResult {
    /// Inches moved.
    pub moved: f32,
    /// State at the end of the move.
    pub state: FlightState,
    /// Condition afterwards (an unformed unit that gets airborne is formed
    /// again, CW-FLY-14; formation and facing unchanged).
    pub condition: Condition,
    /// The log entry.
    pub entry: LogEntry,
}

/// How far a take-off goes, inches: exactly `take_off` (half) of the
/// unit's movement `mv` (CW-FLY-5).
pub fn take_off_distance(mv: f32, fv: &FlightValues) -> f32 {
    mv * fv.take_off
}

/// A take-off (CW-FLY-5): the unit moves exactly half its normal movement
/// ([`FlightValues::take_off`]) and counts as grounded until the end, so interference at or before that
/// distance stops it at the point of contact and the take-off fails. If it
/// completes the move it is airborne; an unformed unit becomes formed
/// (CW-FLY-14).
///
/// # Errors
/// A [`Refusal`] if the unit lacks Flight (CW-FLY-2), is over the size cap
/// (CW-FLY-3), or is already airborne (CW-FLY-5).
pub fn take_off(t: &TakeOff, fv: &FlightValues) -> Result<TakeOffResult, Refusal> {
    check_can_fly(t.has_flight)?;
    check_flying_size(t.total_models, 0, fv)?;
    if t.state == FlightState::Airborne {
        return Err(Refusal::new("CW-FLY-5", say!("cw-why-already-airborne")));
    }
    let half = t.movement * fv.take_off;
    match t.blocked_at {
        Some(d) if d <= half => {
            let moved = d.max(0.0);
            Ok(TakeOffResult {
                moved,
                state: FlightState::Grounded,
                condition: t.condition,
                entry: LogEntry::event(
                    "CW-FLY-5",
                    vec![t.unit],
                    say!(
                        "cw-log-take-off-stopped",
                        unit = t.name,
                        moved = moved,
                        half = half
                    ),
                ),
            })
        }
        _ => {
            let condition = if t.condition == Condition::Unformed {
                Condition::Formed
            } else {
                t.condition
            };
            let what = if condition != t.condition {
                say!("cw-log-takes-off-reformed", unit = t.name, half = half)
            } else {
                say!("cw-log-takes-off", unit = t.name, half = half)
            };
            Ok(TakeOffResult {
                moved: half,
                state: FlightState::Airborne,
                condition,
                entry: LogEntry::event("CW-FLY-5", vec![t.unit], what),
            })
        }
    }
}

/// A movement boost from a card or effect (CW-FLY-6).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveBoost {
    /// Name of the card or effect.
    pub name: String,
    /// Inches added.
    pub inches: i32,
    /// The effect explicitly mentions flight.
    pub mentions_flight: bool,
}

/// Flying speed (CW-FLY-6): the ground movement rate (inches), plus only the
/// boosts that explicitly mention flight; the others are dropped.
pub fn air_speed(ground_movement: i32, boosts: &[MoveBoost]) -> Itemized {
    let mut v = Itemized::new(say!("cw-item-movement-rate"), ground_movement);
    for b in boosts.iter().filter(|b| b.mentions_flight) {
        v.add(b.name.clone(), b.inches, "CW-FLY-6");
    }
    v
}

/// A unit's formation on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Formation {
    /// Models in the front rank.
    pub frontage: u32,
    /// Ranks.
    pub ranks: u32,
    /// In tight rank and file.
    pub tight: bool,
}

/// Formation while airborne (CW-FLY-7): loosened (not tight rank and file),
/// but frontage and ranks, hence the footprint, are unchanged.
pub fn airborne_formation(f: Formation) -> Formation {
    Formation { tight: false, ..f }
}

/// The least and most an airborne unit moves in a Primary or Cavalry phase:
/// half its maximum ([`FlightValues::least_air_move`]) and its maximum,
/// inches (CW-FLY-10).
pub fn air_move_bounds(max_movement: f32, fv: &FlightValues) -> (f32, f32) {
    (max_movement * fv.least_air_move, max_movement)
}

/// Checks an airborne unit's move in `phase` (CW-FLY-8, CW-FLY-9, CW-FLY-10):
/// allowed in Primary and Cavalry, at least half and at most the maximum;
/// it may not stay still; no Reserve Movement.
///
/// # Errors
/// A [`Refusal`] under CW-FLY-9 in the Reserve phase, CW-FLY-10 below half
/// (staying still included) or above the maximum.
pub fn check_air_move(
    phase: MovementPhase,
    max_movement: f32,
    distance: f32,
    fv: &FlightValues,
) -> Result<(), Refusal> {
    if phase == MovementPhase::Reserve {
        return Err(Refusal::new("CW-FLY-9", say!("cw-why-airborne-reserve")));
    }
    let (min, max) = air_move_bounds(max_movement, fv);
    if distance < min {
        return Err(Refusal::new(
            "CW-FLY-10",
            say!("cw-why-air-move-min", min = min),
        ));
    }
    if distance > max {
        return Err(Refusal::new(
            "CW-FLY-10",
            say!("cw-why-air-move-max", max = max),
        ));
    }
    Ok(())
}

/// What a terrain feature does to an airborne unit (CW-FLY-11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AirTerrain {
    /// Movement modifiers and effects ignored.
    Ignored,
    /// Blocks flight (canyon walls, mountains, other high-reaching impassable
    /// features named by the scenario or agreed).
    Blocks,
}

/// Terrain for an airborne unit (CW-FLY-11): ignored unless the feature is
/// high-reaching and impassable.
pub fn air_terrain(high_reaching_impassable: bool) -> AirTerrain {
    if high_reaching_impassable {
        AirTerrain::Blocks
    } else {
        AirTerrain::Ignored
    }
}

/// A manoeuvre a unit may try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Maneuver {
    /// Wheel.
    Wheel,
    /// Expand frontage.
    ExpandFrontage,
    /// Contract frontage.
    ContractFrontage,
    /// Dive (CW-DIVE-1).
    Dive,
    /// Back away.
    BackAway,
    /// Turn.
    Turn,
    /// Turn about.
    TurnAbout,
    /// Withdraw.
    Withdraw,
    /// Break away.
    BreakAway,
    /// Any special or complex manoeuvre.
    SpecialOrComplex,
    /// Entering a special formation.
    SpecialFormation,
}

impl Maneuver {
    /// The manoeuvre as the log names it.
    pub fn name(self) -> String {
        match self {
            Maneuver::Wheel => say!("cw-maneuver-wheel"),
            Maneuver::ExpandFrontage => say!("cw-maneuver-expand-frontage"),
            Maneuver::ContractFrontage => say!("cw-maneuver-contract-frontage"),
            Maneuver::Dive => say!("cw-maneuver-dive"),
            Maneuver::BackAway => say!("cw-maneuver-back-away"),
            Maneuver::Turn => say!("cw-maneuver-turn"),
            Maneuver::TurnAbout => say!("cw-maneuver-turn-about"),
            Maneuver::Withdraw => say!("cw-maneuver-withdraw"),
            Maneuver::BreakAway => say!("cw-maneuver-break-away"),
            Maneuver::SpecialOrComplex => say!("cw-maneuver-special-or-complex"),
            Maneuver::SpecialFormation => say!("cw-maneuver-special-formation"),
        }
    }
}

/// Whether `m` is allowed in flight (CW-FLY-12): Wheel, Expand/Contract
/// frontage and Dive only, even for a single model.
///
/// # Errors
/// A [`Refusal`] under CW-FLY-12 for any other manoeuvre.
pub fn check_air_maneuver(m: Maneuver) -> Result<(), Refusal> {
    match m {
        Maneuver::Wheel
        | Maneuver::ExpandFrontage
        | Maneuver::ContractFrontage
        | Maneuver::Dive => Ok(()),
        _ => Err(Refusal::new(
            "CW-FLY-12",
            say!("cw-why-air-maneuver", maneuver = m.name()),
        )),
    }
}

/// After a failed Maneuver test in the air (CW-FLY-13): the inches the unit
/// must still fly straight ahead, so that it has covered exactly half its
/// movement ([`FlightValues::failed_maneuver_move`]); zero if it had
/// already covered half.
pub fn straight_on_after_failed_maneuver(
    movement: f32,
    moved_so_far: f32,
    fv: &FlightValues,
) -> f32 {
    (movement * fv.failed_maneuver_move - moved_so_far).max(0.0)
}

/// Size of the card template standing in for an airborne unit (CW-FLY-15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Template {
    /// Width, inches.
    pub width: f32,
    /// Depth, inches.
    pub depth: f32,
    /// Front-centre mark, inches from the left front corner.
    pub front_centre: f32,
}

/// The template for `models` in ranks of `frontage` models (CW-FLY-15; no
/// game effect, the footprint is the unit's own, CW-FLY-7).
pub fn template(footprint: &Footprint, models: u32, frontage: u32) -> Template {
    let frontage = frontage.clamp(1, models.max(1));
    let ranks = models.max(1).div_ceil(frontage);
    let width = footprint.frontage * frontage as f32;
    Template {
        width,
        depth: footprint.depth * ranks as f32,
        front_centre: centre_offset(width),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped flying values (`settings.ron`).
    fn fv() -> FlightValues {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .flight
    }

    fn dragon(blocked_at: Option<f32>) -> TakeOff {
        TakeOff {
            unit: 1,
            name: "Fire Dragon".into(),
            state: FlightState::Grounded,
            has_flight: true,
            total_models: 1,
            movement: 8.0,
            blocked_at,
            condition: Condition::Formed,
        }
    }

    #[test]
    fn gc_cw_09_take_off_distance_and_interference() {
        // GC-CW-09 (CW-FLY-5): A clear path: exactly 4", airborne.
        let r = take_off(&dragon(None), &fv()).expect("legal");
        assert_eq!((r.moved, r.state), (4.0, FlightState::Airborne));
        // B: friendly unit 3" ahead: stops at 3", still grounded.
        let r = take_off(&dragon(Some(3.0)), &fv()).expect("legal");
        assert_eq!((r.moved, r.state), (3.0, FlightState::Grounded));
        // Interference beyond the half move does not matter.
        let r = take_off(&dragon(Some(6.0)), &fv()).expect("legal");
        assert_eq!(r.state, FlightState::Airborne);
    }

    #[test]
    fn deployment_eligibility_and_unformed_take_off() {
        // CW-FLY-1 grounded at deployment; CW-FLY-2 Flight trait; CW-FLY-14 reform.
        assert_eq!(deployment_state(), FlightState::Grounded);
        let mut t = dragon(None);
        t.has_flight = false;
        assert_eq!(
            take_off(&t, &fv()).map_err(|r| r.rule),
            Err("CW-FLY-2".to_string())
        );
        let mut t = dragon(None);
        t.condition = Condition::Unformed;
        assert_eq!(
            take_off(&t, &fv()).map(|r| r.condition),
            Ok(Condition::Formed)
        );
        t.state = FlightState::Airborne;
        assert!(take_off(&t, &fv()).is_err());
    }

    #[test]
    fn gc_cw_15_flying_unit_size_cap() {
        // GC-CW-15 (CW-FLY-3): 11 + 1 legal (12), 12 + 1 illegal (13).
        assert_eq!(check_flying_size(11, 1, &fv()), Ok(12));
        let e = check_flying_size(12, 1, &fv()).expect_err("13 models");
        assert_eq!(e.rule, "CW-FLY-3");
        let mut t = dragon(None);
        t.total_models = 13;
        assert!(take_off(&t, &fv()).is_err());
    }

    #[test]
    fn gc_cw_10_airborne_minimum_movement() {
        // GC-CW-10 (CW-FLY-10, CW-FLY-8, CW-FLY-9): max 8": >= 4" in Primary and Cavalry.
        assert_eq!(air_move_bounds(8.0, &fv()), (4.0, 8.0));
        for phase in [MovementPhase::Primary, MovementPhase::Cavalry] {
            assert!(may_move_in_phase(phase, FlightState::Airborne, false));
            assert!(check_air_move(phase, 8.0, 4.0, &fv()).is_ok());
            assert!(check_air_move(phase, 8.0, 3.9, &fv()).is_err());
            assert_eq!(
                check_air_move(phase, 8.0, 0.0, &fv()).map_err(|r| r.rule),
                Err("CW-FLY-10".to_string())
            );
        }
        assert!(check_air_move(MovementPhase::Primary, 8.0, 8.5, &fv()).is_err());
        assert!(!may_move_in_phase(
            MovementPhase::Reserve,
            FlightState::Airborne,
            false
        ));
        assert_eq!(
            check_air_move(MovementPhase::Reserve, 8.0, 5.0, &fv()).map_err(|r| r.rule),
            Err("CW-FLY-9".to_string())
        );
    }

    #[test]
    fn grounded_flyers_move_as_ground_units_and_cavalry_only_for_movement() {
        // CW-FLY-4 ground rules; CW-FLY-8 not cavalry in other respects.
        assert!(!may_move_in_phase(
            MovementPhase::Cavalry,
            FlightState::Grounded,
            false
        ));
        assert!(may_move_in_phase(
            MovementPhase::Reserve,
            FlightState::Grounded,
            false
        ));
        assert!(may_move_in_phase(
            MovementPhase::Cavalry,
            FlightState::Grounded,
            true
        ));
        assert!(!counts_as_cavalry_except_movement(false));
        assert!(counts_as_cavalry_except_movement(true));
    }

    #[test]
    fn air_speed_ignores_boosts_not_for_flight() {
        // CW-FLY-6.
        let boosts = [
            MoveBoost {
                name: "Forced March".into(),
                inches: 2,
                mentions_flight: false,
            },
            MoveBoost {
                name: "Winds of the Heavens".into(),
                inches: 3,
                mentions_flight: true,
            },
        ];
        assert_eq!(air_speed(8, &boosts).total(), 11);
        assert_eq!(air_speed(8, &boosts[..1]).total(), 8);
    }

    #[test]
    fn formation_terrain_manoeuvres_and_template() {
        // CW-FLY-7 formation kept, loosened.
        let f = Formation {
            frontage: 4,
            ranks: 3,
            tight: true,
        };
        let a = airborne_formation(f);
        assert_eq!((a.frontage, a.ranks, a.tight), (4, 3, false));
        // CW-FLY-11 terrain.
        assert_eq!(air_terrain(false), AirTerrain::Ignored);
        assert_eq!(air_terrain(true), AirTerrain::Blocks);
        // CW-FLY-12 manoeuvres, single models too.
        for m in [
            Maneuver::Wheel,
            Maneuver::ExpandFrontage,
            Maneuver::ContractFrontage,
            Maneuver::Dive,
        ] {
            assert!(check_air_maneuver(m).is_ok());
        }
        for m in [
            Maneuver::BackAway,
            Maneuver::Turn,
            Maneuver::TurnAbout,
            Maneuver::Withdraw,
            Maneuver::BreakAway,
            Maneuver::SpecialOrComplex,
            Maneuver::SpecialFormation,
        ] {
            assert_eq!(
                check_air_maneuver(m).map_err(|r| r.rule),
                Err("CW-FLY-12".to_string())
            );
        }
        // CW-FLY-13: failed at 1.5" of an 8" move: 2.5" more straight on.
        assert_eq!(straight_on_after_failed_maneuver(8.0, 1.5, &fv()), 2.5);
        assert_eq!(straight_on_after_failed_maneuver(8.0, 5.0, &fv()), 0.0);
        // CW-FLY-15 template: 10 models 1" x 1" in ranks of 4: 4" x 3", centre at 2".
        let fp = Footprint {
            frontage: 1.0,
            depth: 1.0,
            per_rank: 4,
        };
        assert_eq!(
            template(&fp, 10, 4),
            Template {
                width: 4.0,
                depth: 3.0,
                front_centre: 2.0
            }
        );
    }
}
