//! Kassen: a rules-enforcing tabletop wargame simulator.
//!
//! - [`engine`]: the game core, board, table, units, dice, log, journal,
//!   scenarios (no rule module).
//! - [`bench`]: `kassen bench`.
//! - [`editor`]: the scenario editor's model and its commands.
//! - [`i18n`]: the UI's languages (English, Spanish) through Fluent.
//! - [`fuzz`]: `kassen fuzz`, mutation fuzzing of scenarios and saves.
//! - [`rules`]: one folder per rule system, and the registry.
//! - [`session`]: loading files, building headless or windowed apps, saves.
//! - [`gui`]: the desktop app's views and panels.
//! - [`opponent`]: the computer opponent, for every module.
//! - [`net`]: remote play for two (host and guest over UDP).

pub mod bench;
#[cfg(test)]
mod conformance;
pub mod editor;
pub mod engine;
pub mod fuzz;
pub mod gui;
pub mod i18n;
pub mod net;
pub mod opponent;
pub mod rules;
pub mod session;
