//! Clan War (Legend of the Five Rings miniatures): the `clan_war` rule module.
//!
//! This release holds the honor track's pure rules, tested on the digest's
//! cases; flying units, hostages, the open table and the phases that drive
//! them in a game are not built yet.
//!
//! - Honor track (CW-HON-*): [`honor`]

pub mod honor;
