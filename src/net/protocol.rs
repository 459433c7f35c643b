//! What host and guest say to each other, written once for every module.
//!
//! Every message travels as one packet of bytes (the transport's
//! [`HostPacket`](super::transport::HostPacket) and
//! [`GuestPacket`](super::transport::GuestPacket)): UTF-8 RON text of a
//! [`ToHost`] or [`ToGuest`], at most [`MAX_PACKET_BYTES`]. A module's
//! commands, observations, scenario and journal are RON text inside it,
//! read by the receiving module with the same bounds as a file. Each end
//! treats the other's bytes as a file from a stranger: a packet over the
//! bound, not UTF-8, not RON or nested too deep is refused with a sentence
//! (and its line and column where the text has them), and changes nothing.

use serde::{Deserialize, Serialize};

use crate::engine::log::LogEntry;
use crate::engine::scenario::{LoadError, decode_text, parse_ron, ron_options};

/// The protocol's version; a guest of another version is refused.
pub const PROTOCOL_VERSION: u32 = 2;

/// The largest packet either end reads: 4 MiB (4,194,304 bytes). A whole
/// game's journal of the largest shipped scenario is under 100 KB.
pub const MAX_PACKET_BYTES: usize = 4 * 1024 * 1024;

/// What a guest asks of the host.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToHost {
    /// Take the guest's seat (on joining, and again on reconnecting).
    Hello {
        /// The guest's [`PROTOCOL_VERSION`].
        version: u32,
        /// The side the guest asks for (`None`: whichever the host left).
        side: Option<u8>,
    },
    /// Play a command for the guest's side.
    Command {
        /// Commands in the journal the guest saw last (the command is for
        /// the point after them; another point is refused as stale).
        seq: u64,
        /// The module's command, as RON text.
        command: String,
    },
    /// Send the guest's view again (after a checksum mismatch).
    Resync,
}

/// What the host tells a guest.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToGuest {
    /// The seat is the guest's: the game's rule system, scenario and side.
    Welcome {
        /// The host's [`PROTOCOL_VERSION`].
        version: u32,
        /// The module key.
        ruleset: String,
        /// The scenario as the guest's side may know it (the module's
        /// [`scenario_for`](crate::engine::core::Rules::scenario_for)), as
        /// the module's RON.
        scenario: String,
        /// The guest's side (0 or 1).
        side: u8,
    },
    /// The guest's view after the host's journal reached `seq` commands.
    Update(Update),
    /// A guest's message was refused; nothing changed.
    Refused {
        /// Why, with the rule ID for a refused command.
        reason: String,
    },
    /// The game is over and becomes public: the whole scenario and the
    /// whole journal, which the guest replays and checks against every
    /// view it was sent.
    Over {
        /// The whole scenario, as the module's RON.
        scenario: String,
        /// The module's [`Journal`](crate::engine::game::Journal), as RON.
        journal: String,
    },
}

/// The guest's view at one point of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Update {
    /// Commands in the host's journal.
    pub seq: u64,
    /// The guest side's `observation` of the state, as the module's RON.
    pub observation: String,
    /// [`checksum`](crate::engine::core::checksum) of that observation.
    pub checksum: u64,
    /// Log entries the guest may read that it was not sent before.
    pub log: Vec<LogEntry>,
    /// `log` starts at the log's beginning (a welcome or a resync): the
    /// guest's log is replaced, not extended.
    pub whole_log: bool,
    /// Whether the guest's side decides now.
    pub your_decision: bool,
}

/// The packet of `msg`: its RON text.
///
/// # Errors
/// A message that cannot be written (a bug), or one over
/// [`MAX_PACKET_BYTES`], as a sentence.
pub fn encode<T: Serialize>(msg: &T) -> Result<Vec<u8>, String> {
    let text = ron_options()
        .to_string(msg)
        .map_err(|e| format!("cannot write the message: {e}"))?;
    if text.len() > MAX_PACKET_BYTES {
        return Err(format!(
            "the message is {} bytes, over the {MAX_PACKET_BYTES}-byte bound",
            text.len()
        ));
    }
    Ok(text.into_bytes())
}

/// Reads a packet from `from` ("the guest", "the host").
///
/// # Errors
/// A packet over [`MAX_PACKET_BYTES`], bytes that are not UTF-8, or text
/// that is not a message (with its line and column), as a sentence.
pub fn decode<T: serde::de::DeserializeOwned>(from: &str, bytes: &[u8]) -> Result<T, String> {
    if bytes.len() > MAX_PACKET_BYTES {
        return Err(format!(
            "{from}: a packet of {} bytes, over the {MAX_PACKET_BYTES}-byte bound",
            bytes.len()
        ));
    }
    let text = decode_text(from, bytes.to_vec()).map_err(|e| e.to_string())?;
    parse_ron::<T>(from, &text).map_err(|e: LoadError| e.to_string())
}

/// RON text of a module value (command, observation, scenario, journal).
///
/// # Errors
/// A value that cannot be written (a bug), as a sentence.
pub fn to_ron<T: Serialize>(value: &T) -> Result<String, String> {
    ron_options()
        .to_string(value)
        .map_err(|e| format!("cannot write: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_goes_through_and_garbage_is_refused_with_a_sentence() {
        let m = ToHost::Command {
            seq: 3,
            command: "Pass".into(),
        };
        let bytes = encode(&m).expect("encodes");
        assert_eq!(decode::<ToHost>("the guest", &bytes), Ok(m));
        let bad = decode::<ToHost>("the guest", b"Command(seq: -1)").expect_err("refused");
        assert!(bad.starts_with("the guest:1:"), "{bad}");
        let e = decode::<ToHost>("the guest", &[0xff, 0xfe, 0x00]).expect_err("refused");
        assert!(e.contains("UTF-8"), "{e}");
        let deep = "[".repeat(10_000);
        let e = decode::<ToHost>("the guest", deep.as_bytes()).expect_err("refused");
        assert!(e.starts_with("the guest"), "{e}");
        let big = vec![b' '; MAX_PACKET_BYTES + 1];
        let e = decode::<ToHost>("the guest", &big).expect_err("refused");
        assert!(e.contains("bound"), "{e}");
    }
}
