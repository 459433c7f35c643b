//! The path geometry of a move on the open table: lengths, points along a
//! path, cuts, turns between bearings, the manoeuvre an airborne path
//! amounts to (CW-FLY-12) and the spot that touches a target squarely.

use bevy::prelude::Vec2;

use crate::engine::table::{Base, bearing_of};
use crate::rules::clan_war::flight::Maneuver;

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
