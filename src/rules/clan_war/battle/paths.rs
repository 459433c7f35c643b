//! The path geometry of a move on the open table: lengths, points along a
//! path, cuts, turns between bearings, the manoeuvre an airborne path
//! amounts to (CW-FLY-12) and the spot that touches a target squarely.

use bevy::prelude::Vec2;

use crate::engine::table::{
    ANGLE_TOLERANCE, Base, FULL_TURN, MEASURE_TOLERANCE, ZERO_LENGTH, bearing_of, centre_offset,
};
use crate::rules::clan_war::flight::{FlightValues, Maneuver};

/// The step in inches at which a path is sampled (Fly-By contacts, a
/// take-off's interference, terrain met on the way): the resolution of a
/// check along a continuous move, not a rule value.
pub(super) const PATH_STEP: f32 = 0.1;

/// Half a [`PATH_STEP`], inches: the slack that lets the sampling of a path
/// reach its very end despite float rounding, not a rule value.
pub(super) const PATH_END_SLACK: f32 = 0.05;

/// How far a path is let run past the distance asked for, inches, before it
/// is cut there rather than at the next waypoint: float rounding, not a rule
/// value.
const CUT_TOLERANCE: f32 = 1e-5;

/// The gap in inches [`contact_spot`] leaves between the two bases: well
/// inside the engine's contact distance, so that they touch without
/// overlapping after float rounding. Geometry, not a rule value.
const CONTACT_SPOT_GAP: f32 = 0.005;

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
        if len < ZERO_LENGTH {
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
        if len < ZERO_LENGTH {
            continue;
        }
        if left <= len + CUT_TOLERANCE {
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
    let d = (b - a).rem_euclid(FULL_TURN);
    d.min(FULL_TURN - d)
}

/// The manoeuvre an airborne move through `path` (from `start`, facing
/// `facing`, ending facing `final_facing`) amounts to (CW-FLY-12)
/// [stand-in: a Wheel when no leg and not the final facing differ from the
/// starting facing by more than [`FlightValues::wheel_turn`] (90°);
/// otherwise a Back Away when only a leg runs backwards, a Turn About when
/// the final facing differs by [`FlightValues::turn_about`] (135°) or more,
/// else a Turn].
pub fn air_maneuver(
    facing: f32,
    start: Vec2,
    path: &[Vec2],
    final_facing: f32,
    fv: &FlightValues,
) -> Maneuver {
    let mut here = start;
    let mut worst_leg = 0.0_f32;
    for p in path {
        if here.distance(*p) > MEASURE_TOLERANCE {
            worst_leg = worst_leg.max(turn_between(facing, bearing_of(*p - here)));
        }
        here = *p;
    }
    let end_turn = turn_between(facing, final_facing);
    let wheel = fv.wheel_turn + ANGLE_TOLERANCE;
    if worst_leg <= wheel && end_turn <= wheel {
        Maneuver::Wheel
    } else if end_turn <= wheel {
        Maneuver::BackAway
    } else if end_turn >= fv.turn_about {
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
        (target.forward(), centre_offset(target.depth)),
        (target.right(), centre_offset(target.frontage)),
        (-target.forward(), centre_offset(target.depth)),
        (-target.right(), centre_offset(target.frontage)),
    ];
    let (n, half) = normals
        .iter()
        .copied()
        .max_by(|a, b| a.0.dot(to_mover).total_cmp(&b.0.dot(to_mover)))
        .unwrap_or((target.forward(), centre_offset(target.depth)));
    (
        target.center + n * (half + centre_offset(mover.depth) + CONTACT_SPOT_GAP),
        bearing_of(-n),
    )
}
