//! Movement and sight rules of the Genpei terrain as pure functions: marsh
//! (GEN-MSH-2, GEN-MSH-3), stockade entry, line of sight and first strike
//! (GEN-STK-1, GEN-STK-2, GEN-STK-5), the arrow tower's all-round palisade
//! (GEN-TWR-2) and the Command Tent afloat (GEN-CMD-2).

use crate::engine::command::Refusal;

use super::data::{Face, Rank};

/// Checks a land move into the hexes `path_marsh` (whether each hex
/// entered, in order, is marsh) from a start hex that is marsh or not
/// (GEN-MSH-2): entering a marsh ends the move; moving out of one allows a
/// single hex, taking ground included.
///
/// # Errors
/// GEN-MSH-2 with the step that breaks it.
pub fn check_marsh_move(started_in_marsh: bool, path_marsh: &[bool]) -> Result<(), Refusal> {
    if started_in_marsh && path_marsh.len() > 1 {
        return Err(Refusal::new(
            "GEN-MSH-2",
            "a unit moving out of a marsh moves a single hex, then stops",
        ));
    }
    if let Some(i) = path_marsh.iter().position(|m| *m)
        && i + 1 < path_marsh.len()
    {
        return Err(Refusal::new(
            "GEN-MSH-2",
            format!("entering the marsh at hex {} ends the move", i + 1),
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
pub fn marsh_attrition(face: Face, rank: Option<Rank>) -> MarshAttrition {
    match rank {
        Some(r) if face == r.face() => MarshAttrition {
            figures: 1,
            leader_dies: false,
            text: "its own symbol: the marsh costs 1 figure (GEN-MSH-3)".into(),
        },
        None if face == Face::Sword => MarshAttrition {
            figures: 0,
            leader_dies: true,
            text: "a sword: the leader dies in the marsh (GEN-MSH-3)".into(),
        },
        _ => MarshAttrition {
            figures: 0,
            leader_dies: false,
            text: "no effect (GEN-MSH-3)".into(),
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
            "cavalry and leaders can never enter a stockade",
        ));
    }
    if !adjacent_at_turn_start || index != 0 {
        return Err(Refusal::new(
            "GEN-STK-2",
            "only a unit that began its turn next to the stockade may enter it",
        ));
    }
    if index + 1 != len {
        return Err(Refusal::new(
            "GEN-STK-2",
            "a unit entering a stockade stops there",
        ));
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

    #[test]
    fn entering_a_marsh_ends_the_move_and_leaving_one_allows_one_hex() {
        // GEN-MSH-2.
        assert!(check_marsh_move(false, &[false, true]).is_ok());
        assert_eq!(
            check_marsh_move(false, &[true, false])
                .expect_err("past it")
                .rule,
            "GEN-MSH-2"
        );
        assert!(check_marsh_move(true, &[false]).is_ok());
        assert!(check_marsh_move(true, &[false, false]).is_err());
    }

    #[test]
    fn marsh_attrition_by_symbol_and_for_a_lone_leader() {
        // GEN-MSH-3: own symbol costs a figure; swords, flags, H&F nothing;
        // a lone leader dies on a sword.
        assert_eq!(
            marsh_attrition(Face::Triangle, Some(Rank::Triangle)).figures,
            1
        );
        assert_eq!(
            marsh_attrition(Face::Sword, Some(Rank::Triangle)).figures,
            0
        );
        assert_eq!(
            marsh_attrition(Face::Square, Some(Rank::Triangle)).figures,
            0
        );
        let l = marsh_attrition(Face::Sword, None);
        assert!(l.leader_dies && l.text.contains("GEN-MSH-3"));
        assert!(!marsh_attrition(Face::Flag, None).leader_dies);
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
