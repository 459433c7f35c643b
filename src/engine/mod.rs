//! The ruleset-independent engine: board, units, dice, log, odds, commands,
//! scenarios. It knows no rule module; modules build on it.

pub mod appended;
pub mod assets;
pub mod board;
pub mod briefing;
pub mod command;
pub mod core;
pub mod dice;
pub mod editing;
pub mod foresight;
pub mod game;
pub mod log;
pub mod odds;
pub mod reach;
pub mod replay;
#[cfg(test)]
pub mod rule_ids;
pub mod scenario;
pub mod seats;
pub mod table;
pub mod table_kit;
pub mod table_scenario;
pub mod undo;
pub mod units;
pub mod view;
pub mod work;

use bevy::prelude::*;

/// Registers the engine's resources and messages.
pub struct EnginePlugin;

impl Plugin for EnginePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<command::Refusal>()
            .init_resource::<log::GameLog>();
    }
}
