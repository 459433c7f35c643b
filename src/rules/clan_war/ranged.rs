//! Ranged attacks and flying units (CW-RNG-1 … CW-RNG-7): line of sight
//! height, target choice and range bands. Distances in inches.
//!
//! Worked example (CW-RNG-7): Crane Elite Archers (15"/30") and an airborne
//! Fire Dragon (8"/16") 10" apart: the archers shoot at 16", extended range;
//! the dragon shoots with close range 11", so 10" is close range.

use crate::engine::command::Refusal;
use crate::engine::units::FlightState;

/// Height of the point lines of sight are traced from, inches: the front
/// edge raised [`RangeValues::airborne_los_height`] (10") when airborne, the
/// table (0) when grounded (CW-RNG-1).
pub fn los_height(state: FlightState, rv: &RangeValues) -> f32 {
    match state {
        FlightState::Airborne => rv.airborne_los_height,
        FlightState::Grounded => 0.0,
    }
}

/// What the geometry layer reports about a possible target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetView {
    /// The shooter is airborne.
    pub shooter_airborne: bool,
    /// The target is airborne.
    pub target_airborne: bool,
    /// The target is in line of sight (CW-RNG-1 heights).
    pub in_los: bool,
    /// The target is within range after the flying adjustments (CW-RNG-6).
    pub in_range: bool,
    /// The target is within the shooter's 90° forward arc.
    pub in_forward_arc: bool,
    /// The target is the closest enemy unit (or one of them).
    pub closest: bool,
}

/// Whether a unit may pick this target (CW-RNG-2): it must be in line of
/// sight, in range and in the 90° forward arc; an airborne shooter may pick
/// any such target, and any ranged unit may pick an airborne target; other
/// shots follow the closest-target rule.
///
/// # Errors
/// A [`Refusal`] under CW-RNG-2 naming the failed requirement.
pub fn check_target(v: &TargetView) -> Result<(), Refusal> {
    if !v.in_los {
        return Err(if v.shooter_airborne || v.target_airborne {
            Refusal::new("CW-RNG-1", say!("cw-why-no-los-flyer"))
        } else {
            Refusal::new("CW-RNG-2", say!("cw-why-no-los"))
        });
    }
    if !v.in_range {
        return Err(Refusal::new("CW-RNG-2", say!("cw-why-out-of-range")));
    }
    if !v.in_forward_arc {
        return Err(Refusal::new("CW-RNG-2", say!("cw-why-outside-arc")));
    }
    if !(v.shooter_airborne || v.target_airborne || v.closest) {
        return Err(Refusal::new("CW-RNG-2", say!("cw-why-closest-target")));
    }
    Ok(())
}

/// Which range band a shot falls in.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RangeBand {
    /// Within close range: no modifier.
    Close,
    /// Within extended range: −2 ATT (CW-RNG-6).
    Extended,
    /// Beyond extended range: no shot.
    OutOfRange,
}

impl RangeBand {
    /// The band in words ("close range").
    pub fn name(self) -> String {
        match self {
            RangeBand::Close => say!("cw-band-close"),
            RangeBand::Extended => say!("cw-band-extended"),
            RangeBand::OutOfRange => say!("cw-band-out"),
        }
    }

    /// ATT modifier of the band (CW-RNG-6).
    pub fn att_modifier(self, rv: &RangeValues) -> i32 {
        if self == RangeBand::Extended {
            rv.extended_att
        } else {
            0
        }
    }
}

/// The range adjustments of flying units and the extended-range penalty
/// (`settings.ron` `ranged`; seed 000, CW-RNG-3 … CW-RNG-6). Inches and ATT.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeValues {
    /// Height, inches above the table, of an airborne unit's front edge for
    /// line of sight to and from it (CW-RNG-1: 10"; above 0). The geometry
    /// layer traces 3-D lines of sight from that raised edge.
    pub airborne_los_height: f32,
    /// Added to the measured distance when the ground fires at the air
    /// (CW-RNG-3: 6").
    pub ground_at_air: f32,
    /// Added to the close range when the air fires at the ground (CW-RNG-4:
    /// 3").
    pub air_at_ground_close: f32,
    /// Added to the extended range when the air fires at the ground
    /// (CW-RNG-4: 6").
    pub air_at_ground_extended: f32,
    /// ATT modifier at extended range (CW-RNG-6: −2).
    pub extended_att: i32,
}

/// A shot's range after the flying-unit adjustments.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RangeCheck {
    /// Distance as measured on the table, edge to edge.
    pub measured: f32,
    /// Distance used for the bands: +6 when the ground fires at the air (CW-RNG-3).
    pub effective: f32,
    /// Close range used: +3 when the air fires at the ground (CW-RNG-4).
    pub close: f32,
    /// Extended range used: +6 when the air fires at the ground (CW-RNG-4).
    pub extended: f32,
    /// The band (inclusive bounds, CW-RNG-6).
    pub band: RangeBand,
    /// The rule of the adjustment: ground at air CW-RNG-3, air at ground
    /// CW-RNG-4, air against air CW-RNG-5, ground against ground CW-RNG-6.
    pub rule: &'static str,
}

impl RangeCheck {
    /// The range in words, with the rule of its adjustment ("10.0\" + 6\"
    /// ground at air (CW-RNG-3) = 16.0\": extended range").
    pub fn explain(&self) -> String {
        let band = self.band.name();
        let measured = format!("{:.1}", self.measured);
        let how = match self.rule {
            "CW-RNG-3" => say!(
                "cw-range-ground-at-air",
                measured = measured,
                effective = format!("{:.1}", self.effective)
            ),
            "CW-RNG-4" => say!(
                "cw-range-air-at-ground",
                measured = measured,
                close = format!("{:.0}", self.close),
                extended = format!("{:.0}", self.extended)
            ),
            "CW-RNG-5" => say!("cw-range-air-at-air", measured = measured),
            _ => say!("cw-range-ground-at-ground", measured = measured),
        };
        say!("cw-range-explain", how = how, band = band)
    }
}

/// Range band of a shot by a unit with `close`/`extended` ranges, at
/// `measured` inches, between a shooter and a target in the given flight
/// states: ground at air +6" to the distance (CW-RNG-3), air at ground +3"
/// close and +6" extended (CW-RNG-4), air against air and ground against
/// ground unmodified (CW-RNG-5); bands inclusive (CW-RNG-6). The seed's
/// worked example (CW-RNG-7) is golden cases GC-CW-06 and GC-CW-07.
pub fn range_check(
    close: f32,
    extended: f32,
    measured: f32,
    shooter: FlightState,
    target: FlightState,
    rv: &RangeValues,
) -> RangeCheck {
    use FlightState::{Airborne, Grounded};
    let (effective, close, extended, rule) = match (shooter, target) {
        (Grounded, Airborne) => (measured + rv.ground_at_air, close, extended, "CW-RNG-3"),
        (Airborne, Grounded) => (
            measured,
            close + rv.air_at_ground_close,
            extended + rv.air_at_ground_extended,
            "CW-RNG-4",
        ),
        (Airborne, Airborne) => (measured, close, extended, "CW-RNG-5"),
        (Grounded, Grounded) => (measured, close, extended, "CW-RNG-6"),
    };
    let band = if effective <= close {
        RangeBand::Close
    } else if effective <= extended {
        RangeBand::Extended
    } else {
        RangeBand::OutOfRange
    };
    RangeCheck {
        measured,
        effective,
        close,
        extended,
        band,
        rule,
    }
}

/// How far, measured edge to edge, a shooter in state `shooter` reaches a
/// target in state `target` at close and at extended range: the limits of
/// the bands of [`range_check`] (CW-RNG-3 … CW-RNG-6). The range rings and
/// the card show these, so they always agree with the shot.
pub fn band_reach(
    close: f32,
    extended: f32,
    shooter: FlightState,
    target: FlightState,
    rv: &RangeValues,
) -> [f32; 2] {
    let c = range_check(close, extended, 0.0, shooter, target, rv);
    let added = c.effective - c.measured;
    [(c.close - added).max(0.0), (c.extended - added).max(0.0)]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped values (`settings.ron`).
    fn rv() -> RangeValues {
        crate::rules::clan_war::data::CwTables::load()
            .expect("tables")
            .settings
            .ranged
    }
    use FlightState::{Airborne, Grounded};

    #[test]
    fn gc_cw_06_ground_archers_firing_at_an_airborne_dragon() {
        // GC-CW-06 (CW-RNG-3, CW-RNG-6): 10" + 6" = 16" > 15": extended, -2 ATT.
        let r = range_check(15.0, 30.0, 10.0, Grounded, Airborne, &rv());
        assert_eq!(r.effective, 16.0);
        assert_eq!(r.band, RangeBand::Extended);
        assert_eq!(r.band.att_modifier(&rv()), -2);
    }

    #[test]
    fn gc_cw_07_airborne_dragon_firing_at_ground_archers() {
        // GC-CW-07 (CW-RNG-4, CW-RNG-6): close 8" + 3" = 11", extended 16" + 6" = 22".
        let r = range_check(8.0, 16.0, 10.0, Airborne, Grounded, &rv());
        assert_eq!((r.close, r.extended), (11.0, 22.0));
        assert_eq!(r.band, RangeBand::Close);
        assert_eq!(r.band.att_modifier(&rv()), 0);
    }

    #[test]
    fn line_of_sight_height_of_a_flyer() {
        // CW-RNG-1.
        let rv = rv();
        assert_eq!(los_height(Airborne, &rv), 10.0);
        assert_eq!(los_height(Grounded, &rv), 0.0);
    }

    #[test]
    fn target_choice_with_flyers() {
        // CW-RNG-2.
        let v = TargetView {
            shooter_airborne: false,
            target_airborne: false,
            in_los: true,
            in_range: true,
            in_forward_arc: true,
            closest: false,
        };
        assert_eq!(
            check_target(&v).map_err(|r| r.rule),
            Err("CW-RNG-2".to_string())
        );
        assert!(check_target(&TargetView { closest: true, ..v }).is_ok());
        assert!(
            check_target(&TargetView {
                shooter_airborne: true,
                ..v
            })
            .is_ok()
        );
        assert!(
            check_target(&TargetView {
                target_airborne: true,
                ..v
            })
            .is_ok()
        );
        // The 90 degree arc, LOS and range still apply to flyers.
        let air = TargetView {
            shooter_airborne: true,
            ..v
        };
        assert!(
            check_target(&TargetView {
                in_forward_arc: false,
                ..air
            })
            .is_err()
        );
        assert!(
            check_target(&TargetView {
                in_los: false,
                ..air
            })
            .is_err()
        );
        assert!(
            check_target(&TargetView {
                in_range: false,
                ..air
            })
            .is_err()
        );
    }

    #[test]
    fn rng_7_worked_example_both_ways() {
        // CW-RNG-7: the seed's example, both shots from the same 10".
        let archers = range_check(15.0, 30.0, 10.0, Grounded, Airborne, &rv());
        let dragon = range_check(8.0, 16.0, 10.0, Airborne, Grounded, &rv());
        assert_eq!(
            (archers.band, dragon.band),
            (RangeBand::Extended, RangeBand::Close)
        );
    }

    #[test]
    fn air_against_air_and_ground_against_ground_are_unmodified() {
        // CW-RNG-5.
        let r = range_check(8.0, 16.0, 10.0, Airborne, Airborne, &rv());
        assert_eq!(
            (r.effective, r.close, r.band),
            (10.0, 8.0, RangeBand::Extended)
        );
        let r = range_check(8.0, 16.0, 17.0, Grounded, Grounded, &rv());
        assert_eq!(r.band, RangeBand::OutOfRange);
    }
}
