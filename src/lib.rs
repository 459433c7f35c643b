//! Kassen: a rules-enforcing tabletop wargame simulator.
//!
//! - [`engine`]: the game core, board, table, units, dice, log, journal,
//!   scenarios (no rule module).
//! - [`cli`]: the command line's own work: `kassen bench`, `fuzz`, `match`,
//!   `host` and `join`.
//! - [`editor`]: the scenario editor's model and its commands.
//! - [`i18n`]: the UI's languages (English, Spanish) through Fluent.
//! - [`rules`]: one folder per rule system, and the registry.
//! - [`session`]: loading files, building headless or windowed apps, saves.
//! - [`gui`]: the desktop app's views and panels.
//! - [`opponent`]: the computer opponent, for every module.
//! - [`net`]: remote play for two (host and guest over UDP).

pub mod campaign;
pub mod cli;
#[cfg(test)]
pub mod conformance;
pub mod editor;
pub mod engine;
pub mod gui;
pub mod i18n;
#[cfg(test)]
mod layer_tests;
pub mod net;
pub mod opponent;
pub mod report;
pub mod rules;
#[cfg(test)]
mod save_tamper_tests;
pub mod session;
#[cfg(test)]
mod template_module;
#[cfg(test)]
mod wording_tests;
