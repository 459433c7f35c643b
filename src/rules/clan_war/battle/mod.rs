//! The Clan War turn engine on the open table: a plain, serializable battle
//! state ([`CwBattle`]) driven by commands ([`CwCommand`]), calling the pure
//! rule functions of the other files for every test and the engine's table
//! geometry (`crate::engine::table`) for every distance, arc, angle, line of
//! sight, contact and move check. Distances are inches.
//!
//! The turn (base_rules.md §4): Special Orders (the captor may execute its
//! hostage, CW-HOS-5) → Primary Movement → Cavalry Movement (Cavalry units and
//! airborne units, CW-FLY-8) → Ranged Attack → Close Combat → Reserve
//! Movement (never airborne units, CW-FLY-9) → End phase (honor levels
//! CW-HON-4/5/9, rally, spent countdown). In each deciding phase side 0
//! decides, then side 1; a side with nothing to decide is skipped. The
//! Initiative phase is not played: side 0 always decides first [stand-in].
//!
//! Stand-ins of the engine (also listed in the module doc):
//! - Ranged attacks are declared by both sides and resolved together, in
//!   shooter id order, when the Ranged Attack phase ends; the target rule
//!   "closest" is the closest enemy unit in the shooter's forward arc and line
//!   of sight; grounded units standing between block line of sight at
//!   [`MODEL_HEIGHT`](crate::engine::table::MODEL_HEIGHT), airborne units
//!   never block.
//! - Close combat: every grounded unit in base contact with an enemy attacks
//!   the lowest-id enemy it touches (one die per model); attacks are
//!   simultaneous. A hindered unit that chose no stance fights with Strike
//!   Easy (CW-HOS-3). Engaged units do not move (Full Retreat is not
//!   offered; a flyer may Break-Away by air, below); a ground engagement is
//!   an `Engage` move ending in contact within 30° (CW-GEN-3).
//! - Broken units may move but not shoot; routing units neither move, shoot
//!   nor attack, until they rally in the End phase.
//! - Models: the personality is the unit's last model; losing every model
//!   destroys the unit and gives the enemy the honor of CW-HON-2 for the unit
//!   and its personality. Surviving bases keep their front edge in place.
//! - An airborne unit that ends its side's Primary or Cavalry phase without
//!   having moved makes a forced landing (CW-FLY-10, CW-FRC-1), straight
//!   ahead, extended by 0.5" steps until it lands 1" clear of every grounded
//!   unit (CW-FRC-3).
//! - A hostage whose holder is destroyed with no enemy engaged is lost with it.
//! - Victory: a side with no unit left, or only routing units, loses; else
//!   at the turn limit the most VP wins (settings `victory`: VP per enemy unit
//!   destroyed, VP for holding a living hostage, minus CW-HOS-3/5 losses),
//!   then the higher honor, else a draw.
//! - Fly-By attacks (CW-FBY-1 … CW-FBY-5): an airborne mover passes over
//!   enemy airborne units (friendly ones still block it) and may not end its
//!   move overlapping one. Contacts are sampled every 0.1" of the move:
//!   touching counts the front rank, overlapping (passing through) every
//!   rank; the first enemy touched is the target. The dice are rolled at the
//!   end of the side's Primary or Cavalry Movement phase, in unit-id order,
//!   unless the owner declined with [`CwCommand::FlyBy`].
//! - Airborne manoeuvres (CW-FLY-12): no leg of an airborne move nor its final
//!   facing may differ from the starting facing by more than 90° (a Wheel);
//!   more is a Turn, Turn About or Back Away and is refused.
//! - Reactionary fire (CW-LAND-3): a grounded ranged unit that is not broken,
//!   routing, spent or engaged fires at an airborne unit engaging it, at
//!   close range, before the landing test, whatever its arc.
//! - Escaping by air (CW-ENG-7): an engaged grounded flyer may make a
//!   Break-Away declaring flight ([`MoveMode::EscapeByAir`]) in Primary or
//!   Cavalry Movement: a simple Maneuver test; on success it flies its full
//!   movement and is airborne, and every enemy it touched makes parting shots
//!   (one die per model against the close ATN) at +1 ATT +1 DAM.

mod airborne;
mod close_combat;
mod end_phase;
mod hidden;
mod losses;
mod movement;
mod movement_checks;
mod odds;
mod paths;
mod sequence;
mod setup;
mod shooting;
mod state;
mod tests;
mod tests_air;
mod tests_fly_by;

pub use hidden::{HIDDEN_RULE, actor};
pub use paths::{air_maneuver, contact_spot, path_length};
pub use setup::{CwArmySpec, CwCtx, CwHostageSpec, CwScenario, CwSetup};
pub use state::{
    CwArmy, CwBattle, CwCommand, CwEnd, CwHostage, CwPhase, CwResult, CwUnit, MoveMode,
};
