//! The command line's own work, above the game: the layer beside `gui/` at
//! the top (engine, then the rule modules, then session and opponent, then
//! `cli/` and `gui/`).
//!
//! - [`bench`]: `kassen bench`, the core's speed on every scenario.
//! - [`campaign`]: `kassen campaign`, a campaign played headless.
//! - [`fuzz`]: `kassen fuzz`, mutation fuzzing of scenarios and saves.
//! - [`matches`]: `kassen match`, games between two players with their
//!   confidence intervals.
//! - [`net`]: `kassen host` and `kassen join`, remote play without a window.

pub mod bench;
pub mod campaign;
pub mod fuzz;
pub mod matches;
pub mod net;
