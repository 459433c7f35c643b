//! WarStrike (d6): leadership and nerve tests, suppression hit-dice and nerve
//! markers — the `warstrike` rule module.
//!
//! This release holds the module's pure rule functions, tested on the seed's
//! worked examples; the open table, the unit components and the phases that
//! drive them in a game are not built yet.
//!
//! - Ld test (WS-LD-*), Inspiring (WS-SPC-1): [`leadership`]
//! - Hit-die, nerve markers, Steadfast (WS-HIT-*, WS-NV-*, WS-SPC-2): [`suppression`]

pub mod leadership;
pub mod suppression;
