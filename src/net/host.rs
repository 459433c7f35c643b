//! The host's side of remote play, written once for every module: the one
//! authoritative game. It validates every guest command with the same
//! [`Game::apply`], rolls every die, and sends the guest only its own
//! side's `observation` and the log entries that side may read. A refused
//! message is answered with the reason (the wire's doorman,
//! [`super::peer::Door`], logs it and bounds the answers), counted, and
//! changes nothing.
//!
//! The welcome carries the scenario as the guest's side may know it
//! ([`Module::scenario_for`]: the other side's hidden units left out).
//! When the game is over the whole game becomes public, by Kassen's rule
//! for remote play: the last message carries the whole scenario and the
//! journal with its dice seed, so that the guest can replay and check
//! every view it was shown, as counters are turned face up after a game
//! on the table.

use std::path::PathBuf;

use bevy::log::warn;

use super::protocol::{PROTOCOL_VERSION, ToGuest, ToHost, Update, decode, to_ron};
use crate::engine::core::{Module, ToAct, checksum};
use crate::engine::game::Game;
use crate::engine::scenario::parse_ron;

/// What the host has told the guest of its game (the game itself is the
/// caller's: the headless host's, or the app's game on the board).
pub struct HostCore {
    /// The side the guest plays (0 or 1); the host plays the other.
    pub guest_side: u8,
    /// Guest messages refused (counted, not kept: a flood of refusals
    /// takes no memory).
    pub refused: u64,
    /// Why the last one was refused.
    pub last_refusal: Option<String>,
    /// Where the host autosaves after every phase (`None`: nowhere).
    pub autosave: Option<PathBuf>,
    /// Autosaves that failed, each as a sentence naming the file (the
    /// headless host ends with an error when there is one).
    pub autosave_failures: Vec<String>,
    /// Entries of the game's log already considered for the guest.
    log_sent: usize,
    /// The phase at the last autosave check.
    phase: String,
}

impl HostCore {
    /// A host for `game` (a new game or one resumed from a save), the
    /// guest playing `guest_side`; the rules' first automatic steps are
    /// taken.
    pub fn new<R: Module>(game: &mut Game<R>, guest_side: u8, autosave: Option<PathBuf>) -> Self {
        game.advance();
        let phase = game.phase_name();
        Self {
            guest_side: guest_side.min(1),
            refused: 0,
            last_refusal: None,
            autosave,
            autosave_failures: Vec::new(),
            log_sent: 0,
            phase,
        }
    }

    /// The side the host plays.
    pub fn host_side(&self) -> u8 {
        1 - self.guest_side
    }

    /// Whether the host's side decides now in `game`.
    pub fn host_decides<R: Module>(&self, game: &Game<R>) -> bool {
        game.to_act() == ToAct::Side(self.host_side())
    }

    /// Answers one packet from the guest. Every refusal is counted and
    /// answered with [`ToGuest::Refused`]; the game changes only by a
    /// command `apply` accepts.
    pub fn receive<R: Module>(&mut self, game: &mut Game<R>, bytes: &[u8]) -> Vec<ToGuest> {
        match decode::<ToHost>("the guest's message", bytes) {
            Ok(m) => self.take(game, m),
            Err(e) => self.refuse(e),
        }
    }

    /// Answers one decoded message from the guest (see
    /// [`HostCore::receive`]).
    pub fn take<R: Module>(&mut self, game: &mut Game<R>, msg: ToHost) -> Vec<ToGuest> {
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
                self.welcome(game)
            }
            ToHost::Resync => {
                // The whole view again, the log from its start.
                self.log_sent = 0;
                self.update(game).into_iter().collect()
            }
            ToHost::Command { seq, command } => {
                let at = game.journal.entries.len() as u64;
                if seq != at {
                    return self.refuse(format!(
                        "a stale command: it was for the point after {seq} commands, the game is at {at}"
                    ));
                }
                let cmd = match parse_ron::<R::Command>("the guest's command", &command) {
                    Ok(c) => c,
                    Err(e) => return self.refuse(e.to_string()),
                };
                if game.to_act() != ToAct::Side(self.guest_side) {
                    return self.refuse(format!(
                        "out of turn: side {} does not decide now ({})",
                        self.guest_side,
                        game.phase_name()
                    ));
                }
                if let Err(r) = game.apply(&cmd) {
                    return self.refuse(format!("the command is refused: {r}"));
                }
                self.after_command(game);
                self.update(game)
                    .into_iter()
                    .chain(self.over(game))
                    .collect()
            }
        }
    }

    /// The automatic steps after a command, and the autosave when a phase
    /// was entered or the game ended.
    pub fn after_command<R: Module>(&mut self, game: &mut Game<R>) {
        game.advance();
        let now = game.phase_name();
        if (now != self.phase || game.to_act() == ToAct::Over)
            && let Some(path) = &self.autosave
            && let Err(e) = game.autosave(path)
        {
            warn!("autosave failed: {e}");
            self.autosave_failures.push(e);
        }
        self.phase = now;
    }

    /// The welcome and the whole view (the log from its start): for a
    /// guest joining or coming back.
    pub fn welcome<R: Module>(&mut self, game: &Game<R>) -> Vec<ToGuest> {
        let known = R::scenario_for(game.scenario(), self.guest_side);
        let scenario = match to_ron(&known) {
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
        out.extend(self.update(game));
        out.extend(self.over(game));
        out
    }

    /// The guest's view now, with the log entries it may read that it was
    /// not sent yet.
    pub fn update<R: Module>(&mut self, game: &Game<R>) -> Option<ToGuest> {
        let g = game;
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

    /// The end of the game, once it is over: the whole scenario and the
    /// whole journal (the game becomes public).
    pub fn over<R: Module>(&self, game: &Game<R>) -> Option<ToGuest> {
        if game.to_act() != ToAct::Over {
            return None;
        }
        Some(ToGuest::Over {
            scenario: to_ron(game.scenario()).ok()?,
            journal: to_ron(&game.journal).ok()?,
        })
    }

    /// Refuses a message with `reason`: counted and answered; nothing
    /// changes.
    pub fn refuse(&mut self, reason: String) -> Vec<ToGuest> {
        self.refused += 1;
        self.last_refusal = Some(reason.clone());
        vec![ToGuest::Refused { reason }]
    }
}
