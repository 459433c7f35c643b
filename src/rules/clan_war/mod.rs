//! Clan War (Legend of the Five Rings miniatures): the `clan_war` rule module.
//!
//! This release holds the honor track and the range bands as pure functions,
//! tested on the digest's cases; flying units, hostages, the open table and
//! the phases that drive them in a game are not built yet.
//!
//! - Honor track (CW-HON-*): [`honor`]
//! - Range bands with flyers (CW-RNG-3 … CW-RNG-6): [`ranged`]

pub mod honor;
pub mod ranged;
