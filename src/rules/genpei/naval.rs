//! Naval movement with the wind and tide (GEN-NAV), amphibious moves
//! (GEN-AMP-1, GEN-AMP-4), grappled units (GEN-GRP-3, GEN-GRP-5) and
//! naval leaders moving deck to deck (GEN-NLD-2, GEN-NLD-3, GEN-NLD-4).
//! Directions are hex direction indices 0..=5, in the board's order.

use crate::engine::board::HEX_DIRECTIONS;
use crate::engine::command::Refusal;

use super::data::CombatValues;

/// A step in `direction` goes with the wind/tide of direction `wind` when
/// `(direction − wind) mod 6` is one of the data's offsets (GEN-NAV-3 [SIM]:
/// the three hexsides centred on the wind).
pub fn with_the_wind(wind: u8, direction: u8, v: &CombatValues) -> bool {
    let d = (i16::from(direction) - i16::from(wind)).rem_euclid(i16::from(HEX_DIRECTIONS)) as u8;
    v.with_the_wind.contains(&d)
}

/// With several wind/tide axes, a step is "with" when it is with any of
/// them (GEN-NAV-3 [AMBIG]).
pub fn with_any_wind(winds: &[u8], direction: u8, v: &CombatValues) -> bool {
    winds.iter().any(|w| with_the_wind(*w, direction, v))
}

/// How a naval move is ordered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NavalOrder {
    /// The unit is grappled (GEN-GRP-3).
    pub grappled: bool,
    /// A card's movement, in hexes, that overrides the wind/tide (GEN-NAV-5:
    /// Infantry Onslaught 2, GEN-CRD-2; Serpent Command 1, GEN-CRD-4).
    pub card_move: Option<u32>,
    /// A detached naval leader moving deck to deck (GEN-NLD-3).
    pub lone_leader: bool,
}

/// Checks a naval move of `steps` (directions, in order) under `winds`.
/// `friendly_boats`: for each step, whether the hex entered holds a
/// friendly unit (only a lone leader needs it, GEN-NLD-2, GEN-NLD-3).
///
/// # Errors
/// A refusal with its rule: a grappled unit (GEN-GRP-3), a lone leader into
/// open ocean or more than 2 hexes (GEN-NLD-2, GEN-NLD-3), a card move too
/// long (GEN-NAV-5), a second hex against the wind/tide (GEN-NAV-4).
pub fn check_naval_move(
    steps: &[u8],
    winds: &[u8],
    friendly_boats: &[bool],
    order: NavalOrder,
    v: &CombatValues,
) -> Result<(), Refusal> {
    let n = steps.len() as u32;
    if order.lone_leader {
        // GEN-NLD-3 / GEN-GRP-5: wind and grapples do not matter; every hex
        // entered must hold a friendly unit.
        if n > v.naval_leader_hexes {
            return Err(Refusal::new(
                "GEN-NLD-3",
                say!("gen-refuse-naval-leader-max", n = v.naval_leader_hexes),
            ));
        }
        if friendly_boats.iter().take(steps.len()).any(|b| !b) || friendly_boats.len() < steps.len()
        {
            return Err(Refusal::new(
                "GEN-NLD-2",
                say!("gen-refuse-leader-open-ocean"),
            ));
        }
        return Ok(());
    }
    if order.grappled && n > 0 {
        return Err(Refusal::new(
            "GEN-GRP-3",
            say!("gen-refuse-grappled-cannot-move"),
        ));
    }
    if let Some(m) = order.card_move {
        return if n <= m {
            Ok(())
        } else {
            Err(Refusal::new(
                "GEN-NAV-5",
                say!("gen-refuse-card-naval-move", n = m),
            ))
        };
    }
    if n <= v.naval_any_direction {
        return Ok(());
    }
    if n > v.naval_with_the_wind {
        return Err(Refusal::new(
            "GEN-NAV-4",
            say!("gen-refuse-naval-max", n = v.naval_with_the_wind),
        ));
    }
    if let Some(i) = steps.iter().position(|d| !with_any_wind(winds, *d, v)) {
        return Err(Refusal::new(
            "GEN-NAV-4",
            say!(
                "gen-refuse-against-wind",
                step = i + 1,
                any = v.naval_any_direction,
                with = v.naval_with_the_wind
            ),
        ));
    }
    Ok(())
}

/// Checks embarking or disembarking (GEN-AMP-1): the unit started its turn
/// adjacent to the destination and moves exactly that one hex.
///
/// # Errors
/// GEN-AMP-1 for a move of more than one hex or a unit that was not next
/// to the destination when its turn began.
pub fn check_embark(
    hexes: u32,
    adjacent_at_turn_start: bool,
    v: &CombatValues,
) -> Result<(), Refusal> {
    if hexes != v.embark_hexes {
        return Err(Refusal::new(
            "GEN-AMP-1",
            say!("gen-refuse-embark-hexes", n = v.embark_hexes),
        ));
    }
    if !adjacent_at_turn_start {
        return Err(Refusal::new(
            "GEN-AMP-1",
            say!("gen-refuse-embark-adjacent"),
        ));
    }
    Ok(())
}

/// A land unit may not retreat onto an ocean hex (GEN-NCB-6); a naval unit
/// never retreats at all (its flags are hits, see `effects`).
///
/// # Errors
/// GEN-NCB-6 for an ocean hex.
pub fn check_land_retreat_into(into_ocean: bool) -> Result<(), Refusal> {
    if into_ocean {
        Err(Refusal::new("GEN-NCB-6", say!("gen-refuse-retreat-ocean")))
    } else {
        Ok(())
    }
}

/// Taking ground may never cross between ocean and land (GEN-AMP-4).
///
/// # Errors
/// GEN-AMP-4 when exactly one of the two hexes is ocean.
pub fn check_take_ground(from_ocean: bool, into_ocean: bool) -> Result<(), Refusal> {
    if from_ocean == into_ocean {
        Ok(())
    } else {
        Err(Refusal::new(
            "GEN-AMP-4",
            say!("gen-refuse-take-ground-shore"),
        ))
    }
}

/// Where a naval leader forced to retreat may go (GEN-NLD-4): the first
/// `1..=naval_leader_hexes` hexes of `path_friendly` that hold a friendly unit, or `None`
/// when the first hex is open ocean or enemy-held: then he commits
/// seppuku. Returns the hexes and the log line.
pub fn naval_leader_retreat(path_friendly: &[bool], v: &CombatValues) -> (Option<u32>, String) {
    let n = path_friendly
        .iter()
        .take(v.naval_leader_hexes as usize)
        .take_while(|f| **f)
        .count() as u32;
    if n > 0 {
        (Some(n), say!("gen-log-naval-leader-retreats", n = n))
    } else {
        (None, say!("gen-log-naval-leader-seppuku"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::genpei::data::GenTables;

    fn v() -> CombatValues {
        GenTables::load().expect("tables").combat
    }

    #[test]
    fn gc_gen_01_wind_and_tide_movement() {
        // GEN-NAV-3, GEN-NAV-4, GEN-NAV-5, wind 0 ("with" = 5, 0, 1).
        let v = v();
        let ordered = NavalOrder::default();
        assert!(
            check_naval_move(&[0, 1], &[0], &[], ordered, &v).is_ok(),
            "A"
        );
        let b = check_naval_move(&[0, 3], &[0], &[], ordered, &v).expect_err("B");
        assert_eq!(b.rule, "GEN-NAV-4");
        assert!(
            check_naval_move(&[0], &[0], &[], ordered, &v).is_ok(),
            "B's first hex"
        );
        assert!(check_naval_move(&[3], &[0], &[], ordered, &v).is_ok(), "C");
        let onslaught = NavalOrder {
            card_move: Some(2),
            ..ordered
        };
        assert!(
            check_naval_move(&[3, 3], &[0], &[], onslaught, &v).is_ok(),
            "D"
        );
        assert_eq!(
            check_naval_move(&[3, 3, 3], &[0], &[], onslaught, &v)
                .expect_err("too far")
                .rule,
            "GEN-NAV-5"
        );
        assert!(with_the_wind(0, 5, &v) && !with_the_wind(0, 2, &v) && !with_the_wind(0, 4, &v));
        assert!(with_any_wind(&[0, 3], 3, &v));
    }

    #[test]
    fn gc_gen_05_infantry_onslaught_and_serpent_command_at_sea() {
        // GEN-CRD-2: 2 hexes even against the wind; GEN-CRD-4: at most 1.
        let v = v();
        let serpent = NavalOrder {
            card_move: Some(1),
            ..NavalOrder::default()
        };
        assert!(check_naval_move(&[3], &[0], &[], serpent, &v).is_ok());
        assert!(check_naval_move(&[0, 0], &[0], &[], serpent, &v).is_err());
    }

    #[test]
    fn a_grappled_unit_cannot_move_but_a_lone_leader_can() {
        // GEN-GRP-3, GEN-GRP-5, GEN-NLD-3, GEN-NLD-2.
        let v = v();
        let g = NavalOrder {
            grappled: true,
            ..NavalOrder::default()
        };
        assert_eq!(
            check_naval_move(&[0], &[0], &[], g, &v)
                .expect_err("grappled")
                .rule,
            "GEN-GRP-3"
        );
        let leader = NavalOrder {
            grappled: true,
            lone_leader: true,
            card_move: None,
        };
        assert!(check_naval_move(&[3, 3], &[0], &[true, true], leader, &v).is_ok());
        assert_eq!(
            check_naval_move(&[3, 3], &[0], &[true, false], leader, &v)
                .expect_err("ocean")
                .rule,
            "GEN-NLD-2"
        );
        assert_eq!(
            check_naval_move(&[3, 3, 3], &[0], &[true; 3], leader, &v)
                .expect_err("far")
                .rule,
            "GEN-NLD-3"
        );
    }

    #[test]
    fn gc_gen_16_embarking_moves_exactly_one_hex() {
        // GEN-AMP-1; GEN-AMP-4 for taking ground.
        let v = v();
        assert!(check_embark(1, true, &v).is_ok());
        assert_eq!(
            check_embark(2, true, &v).expect_err("far").rule,
            "GEN-AMP-1"
        );
        assert!(check_embark(1, false, &v).is_err());
        assert_eq!(
            check_take_ground(false, true).expect_err("shore").rule,
            "GEN-AMP-4"
        );
        // GEN-NCB-6: never onto the ocean in a retreat.
        assert_eq!(
            check_land_retreat_into(true).expect_err("ocean").rule,
            "GEN-NCB-6"
        );
        assert!(check_land_retreat_into(false).is_ok());
        assert!(check_take_ground(true, true).is_ok());
    }

    #[test]
    fn gc_gen_17_naval_leader_retreat() {
        // GEN-NLD-4: A two friendly boats: retreats deck to deck; B open
        // ocean: seppuku.
        let v = v();
        assert_eq!(naval_leader_retreat(&[true, true], &v).0, Some(2));
        assert_eq!(naval_leader_retreat(&[true, false], &v).0, Some(1));
        let (b, text) = naval_leader_retreat(&[false, true], &v);
        assert_eq!(b, None);
        assert!(text.contains("seppuku"));
        assert_eq!(naval_leader_retreat(&[], &v).0, None);
    }
}
