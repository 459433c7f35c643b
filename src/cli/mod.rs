//! The command line's own work, above the game: the layer beside `gui/` at
//! the top (engine, then the rule modules, then session and opponent, then
//! `cli/` and `gui/`).
//!
//! - [`bench`]: `kassen bench`, the core's speed on every scenario.
//! - [`campaign`]: `kassen campaign`, a campaign played headless.
//! - [`fuzz`]: `kassen fuzz`, mutation fuzzing of scenarios and saves.
//! - [`largest`]: each module's largest legal scenario, and the computer's
//!   thinking time there (`kassen bench --largest`).
//! - [`matches`]: `kassen match`, games between two players with their
//!   confidence intervals.
//! - [`net`]: `kassen host` and `kassen join`, remote play without a window.
//! - [`report`]: `kassen report`, a save's after-action report as a page.

pub mod bench;
pub mod campaign;
pub mod fuzz;
pub mod largest;
pub mod matches;
pub mod net;
pub mod report;

/// Writes `text` to standard output and flushes it. A write that fails (a
/// full disk, a closed pipe) is an error with a sentence, never the panic
/// `print!` gives; [`outln!`](crate::outln) adds the newline.
///
/// # Errors
/// The failed write, as a sentence.
pub fn out(text: std::fmt::Arguments<'_>) -> Result<(), String> {
    use std::io::Write;
    let mut o = std::io::stdout().lock();
    o.write_fmt(text)
        .and_then(|()| o.flush())
        .map_err(|e| format!("cannot write to standard output: {e}"))
}

/// `println!` that returns the failed write as an error
/// ([`out`](crate::cli::out)) instead of panicking.
#[macro_export]
macro_rules! outln {
    () => {
        $crate::cli::out(format_args!("\n"))
    };
    ($($t:tt)*) => {
        $crate::cli::out(format_args!("{}\n", format_args!($($t)*)))
    };
}
