//! Rule modules, one folder each. Modules use the engine and never each other.

pub mod clan_war;
pub mod samurai_battles;
pub mod warstrike;
