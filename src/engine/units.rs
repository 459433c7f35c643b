//! Ruleset-independent unit components.
//!
//! A unit is an entity with a stable [`UnitId`], a [`Side`], a [`UnitType`] (whose
//! stats are module data), a number of [`Models`], a [`Facing`](super::board::Facing)
//! and a [`HexPos`]. Rule modules add their own markers as further components.

use bevy::prelude::Component;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// Stable unit identifier from the scenario. Dice are always drawn for units in
/// ascending `UnitId` order.
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct UnitId(pub u32);

/// The side a unit fights for: index into the scenario's `sides` list (0 or 1).
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Side(pub u8);

impl Side {
    /// The other side of a two-player game.
    pub fn enemy(self) -> Side {
        Side(1 - self.0.min(1))
    }
}

/// The unit type's key in the module's unit table ("ashigaru_archers").
#[derive(Component, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitType(pub String);

/// Models (figures) left in the unit, 0 = destroyed.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Models(pub u32);

/// Position on the hex board (axial coordinates).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HexPos(pub Hex);

/// Broad movement class of a unit type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum UnitClass {
    /// Foot troops.
    Infantry,
    /// Mounted troops.
    Cavalry,
}

/// Whether a flying unit is on the ground or in the air. Every unit spawns
/// `Grounded`; modules with flyers switch it.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FlightState {
    /// On the table or board.
    #[default]
    Grounded,
    /// In the air.
    Airborne,
}

/// The display name a scenario gave a unit ("Takeda Red Riders").
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitName(pub String);
