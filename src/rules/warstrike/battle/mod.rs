//! The WarStrike turn engine on the open table: [`WsBattle`] driven by
//! [`WsCommand`]s (WS-BASE turn structure, WS-SUP-3, WS-CLR-*, WS-GLO-1).
//!
//! Each turn both players take a player turn, side 0 first. A player turn:
//! 1. Starting phase (automatic): every unit of the active side ends its
//!    Get Down! bonus and, if unsuppressed, removes 1 nerve marker
//!    (WS-CLR-3); then objectives are captured ([stand-in] an unsuppressed
//!    unit within 3″ with no unsuppressed enemy within 3″, WS-SUP-3 (2)).
//! 2. Action phase (the active side decides): one action per unit
//!    ([`WsOrder`]); a suppressed unit that was not ordered falls back when
//!    the phase ends (WS-SUP-3 (1), WS-CLR-4).
//! 3. Reaction phase (automatic): each suppressed unit of the opponent takes
//!    its Ld test to clear suppression (WS-CLR-1).
//! 4. Close-combat phase (automatic): every pair of enemy units in base
//!    contact fights ([`super::close_combat::fight`]); failed tests give
//!    WS-CLR-5 relief, then the fall-back move.
//!
//! All distances, arcs, contacts, lines of sight and moves are measured with
//! [`crate::engine::table`], in inches. Stand-ins of this file (also listed in
//! the module doc): objective capture within 3″; a unit in base contact with
//! an enemy is engaged and may only fall back; a fall back moves up to Mv
//! straight toward the own table edge, stopping 0.25″ short of other units
//! and keeping its facing; a charge is Advance! or At The Double! ending in
//! base contact and its fight comes in the close-combat phase; the active
//! side's unit is the charger of every fight (the opponent's if only the
//! active one is suppressed); two suppressed units in contact each test to
//! keep fighting, and fight on if both pass (WS-SUP-3); shooting needs the 90° forward arc and
//! a line of sight from the front edge to any of the target's corners or
//! centre; a unit loses ranks from the back, its front edge staying put; the
//! victory conditions (objectives held after the last turn, a side with no
//! models left loses at once).

mod default_orders;
mod hidden;
mod odds;
mod orders;
mod phases;
mod sequence;
mod state;
mod tests;

pub use hidden::HIDDEN_RULE;
pub use odds::salvo_odds;
pub use state::{
    WsBattle, WsCommand, WsCtx, WsEnd, WsObjective, WsObjectiveSpec, WsOrder, WsPhase, WsResult,
    WsScenario, WsSetup, WsUnit,
};
