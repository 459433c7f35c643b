//! Remote play for two, written once for every module, over bevy_replicon
//! with its renet backend (netcode over UDP, in its secure mode: every
//! packet encrypted and authenticated with keys only holders of the
//! game's join code can make; [`join_code`]).
//!
//! - The **host** holds the one game ([`host::HostCore`]): it validates
//!   every command with the same `apply`, rolls every die, autosaves after
//!   every phase, and sends the guest only its side's `observation` and the
//!   log entries that side may read. No hidden unit, sealed order, card
//!   hand or dice seed reaches the guest before the game is over; then
//!   the whole game becomes public (Kassen's rule: the whole scenario and
//!   journal are sent, for the guest's check).
//! - **The seat belongs to whoever holds the join code** and says hello
//!   first; before its hello a connection is answered nothing but a
//!   refusal, connections holding no seat are dropped after
//!   [`peer::HELLO_WAIT`], resyncs and answered refusals are rate-limited,
//!   and refusals are counted and logged, never kept ([`peer::Door`]).
//! - The **guest** ([`guest::GuestCore`]) keeps its view, checks each
//!   view's checksum on arrival (a mismatch is reported and the view sent
//!   again), and plays its side from that view alone. At the end the host
//!   sends the whole journal; the guest replays it and checks every
//!   checksum and every view it was shown, so both ends keep the same
//!   journal.
//! - A dropped guest reconnects and gets the whole view again; a host that
//!   crashed resumes from its autosave, and the guest reconnects to it.
//! - Bytes from the other end are read like a file from a stranger
//!   ([`protocol`]); a refused message changes nothing.

pub mod guest;
pub mod host;
pub mod join_code;
pub mod peer;
pub mod protocol;
pub mod transport;

#[cfg(test)]
mod hostile_tests;
#[cfg(test)]
mod tests;
