//! The host's side of remote play, written once for every module: the one
//! authoritative game. It validates every guest command with the same
//! [`Game::apply`], rolls every die, and sends the guest only its own
//! side's `observation` and the log entries that side may read. A refused
//! message is answered with the reason, logged, and changes nothing.

use std::path::PathBuf;

use bevy::log::warn;

use super::protocol::{PROTOCOL_VERSION, ToGuest, ToHost, Update, decode, to_ron};
use crate::engine::core::{Rules, ToAct, checksum};
use crate::engine::game::Game;
use crate::engine::scenario::parse_ron;

/// The host's game and what it has told the guest.
pub struct HostCore<R: Rules> {
    /// The game, the only one that changes.
    pub game: Game<R>,
    /// The side the guest plays (0 or 1); the host plays the other.
    pub guest_side: u8,
    /// Every refused guest message, as "why" sentences, in order.
    pub refusals: Vec<String>,
    /// Where the host autosaves after every phase (`None`: nowhere).
    pub autosave: Option<PathBuf>,
    /// Entries of the game's log already considered for the guest.
    log_sent: usize,
    /// The phase at the last autosave check.
    phase: String,
}

impl<R: Rules> HostCore<R> {
    /// A host for `game` (a new game or one resumed from a save), the
    /// guest playing `guest_side`; the rules' first automatic steps are
    /// taken.
    pub fn new(mut game: Game<R>, guest_side: u8, autosave: Option<PathBuf>) -> Self {
        game.advance();
        let phase = game.phase_name();
        Self {
            game,
            guest_side: guest_side.min(1),
            refusals: Vec::new(),
            autosave,
            log_sent: 0,
            phase,
        }
    }

    /// The side the host plays.
    pub fn host_side(&self) -> u8 {
        1 - self.guest_side
    }

    /// Whether the host's side decides now.
    pub fn host_decides(&self) -> bool {
        self.game.to_act() == ToAct::Side(self.host_side())
    }

    /// Answers one packet from the guest. Every refusal is logged, kept in
    /// [`HostCore::refusals`] and answered with [`ToGuest::Refused`]; the
    /// game changes only by a command `apply` accepts.
    pub fn receive(&mut self, bytes: &[u8]) -> Vec<ToGuest> {
        let msg = match decode::<ToHost>("the guest's message", bytes) {
            Ok(m) => m,
            Err(e) => return self.refuse(e),
        };
        match msg {
            ToHost::Hello { version, side } => {
                if version != PROTOCOL_VERSION {
                    return self.refuse(format!(
                        "the guest speaks protocol {version}, this host {PROTOCOL_VERSION}"
                    ));
                }
                if let Some(s) = side.filter(|s| *s != self.guest_side) {
                    return self.refuse(format!(
                        "the guest asked for side {s}, which the host plays; the guest's side is {}",
                        self.guest_side
                    ));
                }
                self.welcome()
            }
            ToHost::Resync => {
                // The whole view again, the log from its start.
                self.log_sent = 0;
                self.update().into_iter().collect()
            }
            ToHost::Command { seq, command } => {
                let at = self.game.journal.entries.len() as u64;
                if seq != at {
                    return self.refuse(format!(
                        "a stale command: it was for the point after {seq} commands, the game is at {at}"
                    ));
                }
                let cmd = match parse_ron::<R::Command>("the guest's command", &command) {
                    Ok(c) => c,
                    Err(e) => return self.refuse(e.to_string()),
                };
                if self.game.to_act() != ToAct::Side(self.guest_side) {
                    return self.refuse(format!(
                        "out of turn: side {} does not decide now ({})",
                        self.guest_side,
                        self.game.phase_name()
                    ));
                }
                if let Err(r) = self.game.apply(&cmd) {
                    return self.refuse(format!("the command is refused: {r}"));
                }
                self.after_command();
                self.update().into_iter().chain(self.over()).collect()
            }
        }
    }

    /// The automatic steps after a command, and the autosave when a phase
    /// was entered or the game ended.
    pub fn after_command(&mut self) {
        self.game.advance();
        let now = self.game.phase_name();
        if (now != self.phase || self.game.to_act() == ToAct::Over)
            && let Some(path) = &self.autosave
            && let Err(e) = self.game.save_atomically(path)
        {
            warn!("autosave failed: {e}");
        }
        self.phase = now;
    }

    /// The welcome and the whole view (the log from its start): for a
    /// guest joining or coming back.
    pub fn welcome(&mut self) -> Vec<ToGuest> {
        let scenario = match to_ron(self.game.scenario()) {
            Ok(s) => s,
            Err(e) => return self.refuse(e),
        };
        self.log_sent = 0;
        let mut out = vec![ToGuest::Welcome {
            version: PROTOCOL_VERSION,
            ruleset: R::RULESET.to_string(),
            scenario,
            side: self.guest_side,
        }];
        out.extend(self.update());
        out.extend(self.over());
        out
    }

    /// The guest's view now, with the log entries it may read that it was
    /// not sent yet.
    pub fn update(&mut self) -> Option<ToGuest> {
        let g = &self.game;
        let obs = R::observation(&g.ctx, &g.state, self.guest_side);
        let observation = match to_ron(&obs) {
            Ok(s) => s,
            Err(e) => {
                warn!("the guest's view cannot be written: {e}");
                return None;
            }
        };
        let whole_log = self.log_sent == 0;
        let log = g
            .log
            .entries
            .iter()
            .skip(self.log_sent)
            .filter(|e| R::log_visible(&g.ctx, &g.state, Some(self.guest_side), e))
            .cloned()
            .collect();
        self.log_sent = g.log.entries.len();
        Some(ToGuest::Update(Update {
            seq: g.journal.entries.len() as u64,
            checksum: checksum(&obs),
            observation,
            log,
            whole_log,
            your_decision: g.to_act() == ToAct::Side(self.guest_side),
        }))
    }

    /// The end of the game, once it is over: the whole journal.
    pub fn over(&self) -> Option<ToGuest> {
        if self.game.to_act() != ToAct::Over {
            return None;
        }
        to_ron(&self.game.journal)
            .ok()
            .map(|journal| ToGuest::Over { journal })
    }

    /// Refuses a message with `reason`: logged, kept in
    /// [`HostCore::refusals`], and answered; nothing changes.
    pub fn refuse(&mut self, reason: String) -> Vec<ToGuest> {
        warn!("refused from the guest: {reason}");
        self.refusals.push(reason.clone());
        vec![ToGuest::Refused { reason }]
    }
}
