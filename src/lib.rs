//! Kassen: a rules-enforcing tabletop wargame simulator.
//!
//! - [`engine`]: board, units, dice, log, odds, scenarios (no rule module).
//! - [`rules`]: one module per rule system (`samurai_battles`).
//! - [`session`]: loading files, building headless or windowed apps, saves.
//! - [`gui`]: the desktop app's views and panels.

pub mod engine;
pub mod gui;
pub mod rules;
pub mod session;
pub mod table_session;
