//! Counted work: how the computer opponent bounds its thinking time
//! without reading the clock.
//!
//! The code whose cost grows with a scenario's size charges what it does
//! to a counter of the running thread, in *work units*:
//! - one step a path or reach search considers (a neighbour costed, or a
//!   hex taken from its queue), in the engine's and the modules' searches;
//! - one unit carried through one command's `apply` in a playout (the
//!   opponent charges a playout's commands by the units on the board).
//!
//! The opponent reads the counter before and after its playouts and stops
//! when its level's budget of work units is spent
//! ([`Level::work_budget`](crate::engine::seats::Level::work_budget)).
//! Counting, unlike the clock, gives the same decisions for the same seed
//! on any machine, however loaded: a replay and a game resumed from a save
//! go on exactly. The budgets are calibrated so that a decision stays
//! within its time (docs/opponent.md has the measured maxima).

use std::cell::Cell;

/// Work units for one hex (or search key) taken from a search's queue:
/// its six neighbours looked at.
pub const PER_HEX: u64 = 6;

/// Entries of a search's tables over the board that one work unit
/// covers: eight.
pub const PER_WORK_UNIT: u64 = 8;

/// Work units per unit on the board for one command of a module whose
/// commands clone and walk the whole army several times while they plan
/// (Samurai Battles, Genpei): measured with `kassen bench --largest`.
pub const HEAVY_COMMAND_PER_UNIT: u64 = 8;

thread_local! {
    static SPENT: Cell<u64> = const { Cell::new(0) };
}

/// Adds `units` work units to the running thread's counter (saturating).
#[inline]
pub fn charge(units: u64) {
    SPENT.with(|s| s.set(s.get().saturating_add(units)));
}

/// The work units charged on the running thread so far (a counter that
/// only grows; compare two readings).
#[inline]
pub fn spent() -> u64 {
    SPENT.with(Cell::get)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charges_add_up_on_their_own_thread() {
        let before = spent();
        charge(5);
        charge(7);
        assert_eq!(spent() - before, 12);
        // Another thread counts for itself.
        let other = std::thread::spawn(|| {
            let b = spent();
            charge(3);
            spent() - b
        })
        .join()
        .expect("the thread ends");
        assert_eq!(other, 3);
        assert_eq!(spent() - before, 12);
        // Saturates instead of wrapping.
        charge(u64::MAX);
        assert_eq!(spent(), u64::MAX);
    }
}
