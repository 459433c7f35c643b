//! Range bands with flying units (CW-RNG-3 … CW-RNG-6). Distances in inches.

use crate::engine::units::FlightState;

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
    /// ATT modifier of the band (CW-RNG-6).
    pub fn att_modifier(self) -> i32 {
        if self == RangeBand::Extended { -2 } else { 0 }
    }
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
}

/// Range band of a shot by a unit with `close`/`extended` ranges, at
/// `measured` inches, between a shooter and a target in the given flight
/// states. Air against air is unmodified (CW-RNG-5).
pub fn range_check(
    close: f32,
    extended: f32,
    measured: f32,
    shooter: FlightState,
    target: FlightState,
) -> RangeCheck {
    use FlightState::{Airborne, Grounded};
    let (effective, close, extended) = match (shooter, target) {
        (Grounded, Airborne) => (measured + 6.0, close, extended),
        (Airborne, Grounded) => (measured, close + 3.0, extended + 6.0),
        _ => (measured, close, extended),
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
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use FlightState::{Airborne, Grounded};

    #[test]
    fn gc_cw_06_ground_archers_firing_at_an_airborne_dragon() {
        // GC-CW-06 (CW-RNG-3, CW-RNG-6): 10" + 6" = 16" > 15": extended, -2 ATT.
        let r = range_check(15.0, 30.0, 10.0, Grounded, Airborne);
        assert_eq!(r.effective, 16.0);
        assert_eq!(r.band, RangeBand::Extended);
        assert_eq!(r.band.att_modifier(), -2);
    }

    #[test]
    fn gc_cw_07_airborne_dragon_firing_at_ground_archers() {
        // GC-CW-07 (CW-RNG-4, CW-RNG-6): close 8" + 3" = 11", extended 16" + 6" = 22".
        let r = range_check(8.0, 16.0, 10.0, Airborne, Grounded);
        assert_eq!((r.close, r.extended), (11.0, 22.0));
        assert_eq!(r.band, RangeBand::Close);
        assert_eq!(r.band.att_modifier(), 0);
    }

    #[test]
    fn air_against_air_and_ground_against_ground_are_unmodified() {
        // CW-RNG-5.
        let r = range_check(8.0, 16.0, 10.0, Airborne, Airborne);
        assert_eq!(
            (r.effective, r.close, r.band),
            (10.0, 8.0, RangeBand::Extended)
        );
        let r = range_check(8.0, 16.0, 17.0, Grounded, Grounded);
        assert_eq!(r.band, RangeBand::OutOfRange);
    }
}
