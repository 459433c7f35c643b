//! Movement and sight rules of the Genpei terrain as pure functions: marsh
//! (GEN-MSH-2, GEN-MSH-3), stockade entry, line of sight and first strike
//! (GEN-STK-1, GEN-STK-2, GEN-STK-5), the arrow tower's all-round palisade
//! (GEN-TWR-2) and the Command Tent afloat (GEN-CMD-2).

use crate::engine::command::Refusal;

use super::data::{CombatValues, Face, Rank};

/// Checks a land move into the hexes `path_marsh` (whether each hex
/// entered, in order, is marsh) from a start hex that is marsh or not
/// (GEN-MSH-2): entering a marsh ends the move; moving out of one allows a
/// single hex, taking ground included.
///
/// # Errors
/// GEN-MSH-2 with the step that breaks it.
pub fn check_marsh_move(
    started_in_marsh: bool,
    path_marsh: &[bool],
    v: &CombatValues,
) -> Result<(), Refusal> {
    if started_in_marsh && path_marsh.len() as u32 > v.marsh_exit_hexes {
        return Err(Refusal::new(
            "GEN-MSH-2",
            say!("gen-refuse-marsh-exit", n = v.marsh_exit_hexes),
        ));
    }
    if let Some(i) = path_marsh.iter().position(|m| *m)
        && i + 1 < path_marsh.len()
    {
        return Err(Refusal::new(
            "GEN-MSH-2",
            say!("gen-refuse-marsh-entry-ends", step = i + 1),
        ));
    }
    Ok(())
}

/// A unit's dealings with a marsh this turn, for taking ground (GEN-MSH-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarshTurn {
    /// It began the turn in a marsh.
    pub started_in_marsh: bool,
    /// It moved this turn (before battling).
    pub moved: bool,
    /// It went into a marsh this turn (move, retreat or taking ground).
    pub entered_marsh: bool,
    /// It has taken ground this turn.
    pub took_ground: bool,
}

/// May the unit take ground after winning a close combat (GEN-MSH-2)?
/// Entering a marsh ends all movement, taking ground included; a unit that
/// moved out of a marsh is done for the turn; one that began the turn in
/// the marsh and did not move may take ground out of it, but not a second
/// time.
///
/// # Errors
/// GEN-MSH-2 with the reason.
pub fn check_take_ground_marsh(t: &MarshTurn) -> Result<(), Refusal> {
    if t.entered_marsh {
        return Err(Refusal::new("GEN-MSH-2", say!("gen-refuse-marsh-entered")));
    }
    if t.started_in_marsh && t.moved {
        return Err(Refusal::new("GEN-MSH-2", say!("gen-refuse-marsh-left")));
    }
    if t.started_in_marsh && t.took_ground {
        return Err(Refusal::new(
            "GEN-MSH-2",
            say!("gen-refuse-marsh-take-ground-once"),
        ));
    }
    Ok(())
}

/// What a marsh does to a unit or lone leader that goes into it (ordered
/// move, retreat or taking ground), from one battle die (GEN-MSH-3).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MarshAttrition {
    /// Figures the unit loses.
    pub figures: u32,
    /// The lone leader dies.
    pub leader_dies: bool,
    /// The log line.
    pub text: String,
}

/// The marsh roll (GEN-MSH-3): a unit loses 1 figure on its own rank's
/// symbol; a lone leader (`rank` `None`) dies on a sword. Any other face
/// does nothing.
pub fn marsh_attrition(face: Face, rank: Option<Rank>, v: &CombatValues) -> MarshAttrition {
    match rank {
        Some(r) if face == r.face() => MarshAttrition {
            figures: v.marsh_figures,
            leader_dies: false,
            text: say!("gen-log-marsh-own-symbol", n = v.marsh_figures),
        },
        None if face == Face::Sword => MarshAttrition {
            figures: 0,
            leader_dies: true,
            text: say!("gen-log-marsh-leader-dies"),
        },
        _ => MarshAttrition {
            figures: 0,
            leader_dies: false,
            text: say!("gen-log-marsh-no-effect"),
        },
    }
}

/// Checks entering a stockade (GEN-STK-2): ordered, next to it when the
/// turn began, stopping inside; never cavalry or a leader. `index` is the
/// stockade hex's place in the path (0 = the first hex entered), `len` the
/// path's length.
///
/// # Errors
/// GEN-STK-2 with the reason.
pub fn check_stockade_entry(
    cavalry_or_leader: bool,
    adjacent_at_turn_start: bool,
    index: usize,
    len: usize,
) -> Result<(), Refusal> {
    if cavalry_or_leader {
        return Err(Refusal::new(
            "GEN-STK-2",
            say!("gen-refuse-stockade-cavalry-leaders"),
        ));
    }
    if !adjacent_at_turn_start || index != 0 {
        return Err(Refusal::new(
            "GEN-STK-2",
            say!("gen-refuse-stockade-adjacent"),
        ));
    }
    if index + 1 != len {
        return Err(Refusal::new("GEN-STK-2", say!("gen-refuse-stockade-stops")));
    }
    Ok(())
}

/// A stockade between two hexes blocks the line of sight between them
/// when neither end is a stockade (GEN-STK-1 [AMBIG]: sight into or out of
/// a stockade is not blocked by it).
pub fn stockade_blocks_sight(
    from_stockade: bool,
    to_stockade: bool,
    stockade_between: bool,
) -> (bool, &'static str) {
    (
        stockade_between && !from_stockade && !to_stockade,
        "GEN-STK-1",
    )
}

/// A unit in a stockade attacked in close combat from a hex that is not a
/// stockade battles first, as with a First Strike card (GEN-STK-5).
pub fn defender_battles_first(
    defender_in_stockade: bool,
    attacker_in_stockade: bool,
) -> (bool, &'static str) {
    (defender_in_stockade && !attacker_in_stockade, "GEN-STK-5")
}

/// A palisade protects against an attack across `hexside_has_palisade`, or
/// from every side under a Palisade Arrow Tower (GEN-PAL-3, GEN-TWR-2).
pub fn palisade_protects(hexside_has_palisade: bool, palisade_tower: bool) -> (bool, &'static str) {
    if palisade_tower {
        (true, "GEN-TWR-2")
    } else {
        (hexside_has_palisade, "GEN-PAL-3")
    }
}

/// The Commander's tile: a Command Ship at sea (moving under naval rules),
/// a Command Tent ashore that does not move (GEN-CMD-1, GEN-CMD-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandTile {
    /// At sea.
    Ship,
    /// Ashore.
    Tent,
}

/// The tile after the Commander and bodyguard embark or land (GEN-CMD-2).
pub fn command_tile(at_sea: bool) -> (CommandTile, &'static str) {
    if at_sea {
        (CommandTile::Ship, "GEN-CMD-2")
    } else {
        (CommandTile::Tent, "GEN-CMD-2")
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
    fn taking_ground_and_the_marsh() {
        // GEN-MSH-2: no taking ground after entering a marsh or moving out of
        // one; from the marsh after a win, once.
        let fresh = MarshTurn {
            started_in_marsh: true,
            ..MarshTurn::default()
        };
        assert!(check_take_ground_marsh(&fresh).is_ok());
        let again = MarshTurn {
            took_ground: true,
            ..fresh
        };
        assert_eq!(
            check_take_ground_marsh(&again).expect_err("twice").rule,
            "GEN-MSH-2"
        );
        let moved_out = MarshTurn {
            moved: true,
            ..fresh
        };
        assert!(check_take_ground_marsh(&moved_out).is_err());
        let went_in = MarshTurn {
            entered_marsh: true,
            ..MarshTurn::default()
        };
        assert!(check_take_ground_marsh(&went_in).is_err());
        assert!(check_take_ground_marsh(&MarshTurn::default()).is_ok());
    }

    #[test]
    fn entering_a_marsh_ends_the_move_and_leaving_one_allows_one_hex() {
        // GEN-MSH-2.
        let v = v();
        assert!(check_marsh_move(false, &[false, true], &v).is_ok());
        assert_eq!(
            check_marsh_move(false, &[true, false], &v)
                .expect_err("past it")
                .rule,
            "GEN-MSH-2"
        );
        assert!(check_marsh_move(true, &[false], &v).is_ok());
        assert!(check_marsh_move(true, &[false, false], &v).is_err());
    }

    #[test]
    fn marsh_attrition_by_symbol_and_for_a_lone_leader() {
        let v = v();
        // GEN-MSH-3: own symbol costs a figure; swords, flags, H&F nothing;
        // a lone leader dies on a sword.
        assert_eq!(
            marsh_attrition(Face::Triangle, Some(Rank::Triangle), &v).figures,
            1
        );
        assert_eq!(
            marsh_attrition(Face::Sword, Some(Rank::Triangle), &v).figures,
            0
        );
        assert_eq!(
            marsh_attrition(Face::Square, Some(Rank::Triangle), &v).figures,
            0
        );
        let l = marsh_attrition(Face::Sword, None, &v);
        assert!(l.leader_dies && l.text.contains("GEN-MSH-3"));
        assert!(!marsh_attrition(Face::Flag, None, &v).leader_dies);
    }

    #[test]
    fn stockade_entry_sight_and_first_strike() {
        // GEN-STK-2, GEN-STK-1, GEN-STK-5.
        assert!(check_stockade_entry(false, true, 0, 1).is_ok());
        assert!(check_stockade_entry(true, true, 0, 1).is_err());
        assert!(check_stockade_entry(false, false, 0, 1).is_err());
        assert!(check_stockade_entry(false, true, 0, 2).is_err());
        assert!(check_stockade_entry(false, true, 1, 2).is_err());
        assert!(stockade_blocks_sight(false, false, true).0);
        assert!(!stockade_blocks_sight(true, false, true).0);
        assert!(defender_battles_first(true, false).0);
        assert!(!defender_battles_first(true, true).0);
    }

    #[test]
    fn a_palisade_tower_protects_all_round_and_the_command_tile_follows_the_sea() {
        // GEN-TWR-2, GEN-PAL-3; GEN-CMD-2.
        assert_eq!(palisade_protects(false, true), (true, "GEN-TWR-2"));
        assert_eq!(palisade_protects(false, false), (false, "GEN-PAL-3"));
        assert_eq!(command_tile(true).0, CommandTile::Ship);
        assert_eq!(command_tile(false).0, CommandTile::Tent);
    }
}
