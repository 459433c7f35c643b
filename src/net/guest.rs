//! The guest's side of remote play, written once for every module. The
//! guest never holds the whole state: it keeps its side's view as the host
//! sent it, checks each view's checksum on arrival (a mismatch is reported
//! and the view asked for again), and plays its side from that view alone.
//! When the game is over the host sends the whole journal; the guest
//! replays it from the scenario, checks every checksum, and checks that
//! every view it was shown is its side's observation at that point.

use std::sync::Arc;

use bevy::log::warn;

use super::protocol::{PROTOCOL_VERSION, ToGuest, ToHost, Update, decode, to_ron};
use crate::engine::core::{Module, ToAct, checksum};
use crate::engine::game::{Game, Journal};
use crate::engine::log::LogEntry;
use crate::engine::scenario::{check_text_lengths, check_unit_count, parse_ron};
use crate::opponent::driver::{Seat, computer_command};

/// The guest's view of a game of module `R`.
pub struct GuestCore<R: Module> {
    /// The scenario's context, built from the host's welcome.
    pub ctx: Arc<R::Ctx>,
    /// The guest's side.
    pub side: u8,
    /// The last view: the side's observation.
    pub view: R::State,
    /// Commands in the host's journal at that view.
    pub seq: u64,
    /// Whether the guest's side decides at that view.
    pub your_decision: bool,
    /// The log entries the guest may read, in order.
    pub log: Vec<LogEntry>,
    /// Views whose checksum did not match (each asked for again).
    pub mismatches: u32,
    /// What the host refused, in order.
    pub refusals: Vec<String>,
    /// The whole game, replayed from the host's journal and checked, once
    /// it is over (its journal is the host's).
    pub finished: Option<Game<R>>,
    /// Every view's point and checksum, checked against the journal at
    /// the end.
    seen: Vec<(u64, u64)>,
    /// The command sent and not yet answered: the point it was for.
    awaiting: Option<u64>,
    /// The scripted play's commands for the current decision, left to send.
    plan: Vec<R::Command>,
    /// The decision the plan is for: (turn, phase).
    plan_for: Option<(u32, String)>,
    /// Commands the computer made in the current decision.
    made: u32,
}

/// The guest's hello: the protocol version and the side it asks for.
pub fn hello(side: Option<u8>) -> ToHost {
    ToHost::Hello {
        version: PROTOCOL_VERSION,
        side,
    }
}

/// The context of a scenario the host sent, read as a stranger's file.
fn context_of<R: Module>(scenario: &str) -> Result<R::Ctx, String> {
    let file = "the host's scenario";
    let sc: R::Scenario = parse_ron(file, scenario).map_err(|e| e.to_string())?;
    check_unit_count(
        file,
        scenario,
        R::describe(&sc).units,
        R::BOARD.unit_limit(),
    )
    .map_err(|e| e.to_string())?;
    check_text_lengths(file, scenario, &sc).map_err(|e| e.to_string())?;
    R::context(&sc).map_err(|e| e.to_string())
}

impl<R: Module> GuestCore<R> {
    /// The guest of the game the host's welcome describes.
    ///
    /// # Errors
    /// A scenario that does not parse or is out of bounds, as a sentence.
    pub fn from_welcome(scenario: &str, side: u8) -> Result<Self, String> {
        let ctx = Arc::new(context_of::<R>(scenario)?);
        // The scenario's own start, until the first view arrives.
        let start = Game::<R>::with_ctx(Arc::clone(&ctx), 0, Vec::new());
        let view = R::observation(&ctx, &start.state, side.min(1));
        Ok(Self {
            ctx,
            side: side.min(1),
            view,
            seq: 0,
            your_decision: false,
            log: Vec::new(),
            mismatches: 0,
            refusals: Vec::new(),
            finished: None,
            seen: Vec::new(),
            awaiting: None,
            plan: Vec::new(),
            plan_for: None,
            made: 0,
        })
    }

    /// Takes one packet from the host; returns what to send back (a
    /// resync after a mismatched view).
    ///
    /// # Errors
    /// A packet that is not a message, a view that does not parse, or a
    /// final journal that does not replay or does not match the views
    /// shown, as a sentence; the guest's view is unchanged then.
    pub fn receive(&mut self, bytes: &[u8]) -> Result<Vec<ToHost>, String> {
        let msg = decode::<ToGuest>("the host's message", bytes)?;
        self.take(msg)
    }

    /// Takes one decoded message (see [`GuestCore::receive`]).
    ///
    /// # Errors
    /// As [`GuestCore::receive`].
    pub fn take(&mut self, msg: ToGuest) -> Result<Vec<ToHost>, String> {
        match msg {
            ToGuest::Welcome { side, .. } => {
                if side.min(1) != self.side {
                    return Err(format!(
                        "the host seated this guest on side {side}, not {}",
                        self.side
                    ));
                }
                // A welcome again (a reconnection): the log comes again
                // from its start.
                self.log.clear();
                self.awaiting = None;
                Ok(Vec::new())
            }
            ToGuest::Update(u) => self.take_update(u),
            ToGuest::Refused { reason } => {
                warn!("the host refused: {reason}");
                self.refusals.push(reason);
                self.awaiting = None;
                // A refused scripted command is dropped; the next (or the
                // pass) follows.
                Ok(Vec::new())
            }
            ToGuest::Over { scenario, journal } => {
                self.check_journal(&scenario, &journal)?;
                Ok(Vec::new())
            }
        }
    }

    fn take_update(&mut self, u: Update) -> Result<Vec<ToHost>, String> {
        let view: R::State =
            parse_ron("the host's view", &u.observation).map_err(|e| e.to_string())?;
        if checksum(&view) != u.checksum {
            self.mismatches += 1;
            warn!(
                "the view at command {} does not match its checksum: asked for again",
                u.seq
            );
            return Ok(vec![ToHost::Resync]);
        }
        if u.whole_log {
            // A whole view (a resync or a reconnection): the log anew.
            self.log.clear();
        }
        self.view = view;
        self.seq = u.seq;
        self.your_decision = u.your_decision;
        self.log.extend(u.log);
        self.seen.push((u.seq, u.checksum));
        if self.awaiting.is_some_and(|a| u.seq > a) {
            self.awaiting = None;
        }
        Ok(Vec::new())
    }

    /// The host's journal, once the game is over and it was checked.
    pub fn journal(&self) -> Option<&Journal<R::Command>> {
        self.finished.as_ref().map(|g| &g.journal)
    }

    /// The guest's next command for its side, played by `seat` from the
    /// view alone: the scripted play's commands for the decision one at a
    /// time, then the side's pass if the decision is still open; or the
    /// computer opponent's command. `None` while waiting for the host.
    pub fn next_command(&mut self, seat: &Seat) -> Option<ToHost> {
        if !self.your_decision || self.awaiting.is_some() || self.finished.is_some() {
            return None;
        }
        let ctx = &self.ctx;
        let decision = (R::turn(&self.view), R::phase_name(ctx, &self.view));
        if self.plan_for.as_ref() != Some(&decision) {
            self.plan_for = Some(decision);
            self.made = 0;
            self.plan = match seat.opponent() {
                None => {
                    let mut p = R::default_commands(ctx, &self.view, self.side);
                    p.reverse();
                    p
                }
                Some(_) => Vec::new(),
            };
        }
        let cmd = match seat.opponent() {
            None => self
                .plan
                .pop()
                .or_else(|| R::pass_command(ctx, &self.view, self.side)),
            Some(opp) => {
                computer_command::<R>(opp, ctx, &self.view, self.side, self.seq, self.made)
                    .or_else(|| R::pass_command(ctx, &self.view, self.side))
            }
        }?;
        self.made += 1;
        let command = to_ron(&cmd).ok()?;
        self.awaiting = Some(self.seq);
        Some(ToHost::Command {
            seq: self.seq,
            command,
        })
    }

    /// Replays the host's final journal from the whole scenario, checking
    /// every checksum and dice count, and that every view shown was the
    /// side's observation at its point; keeps it.
    fn check_journal(&mut self, scenario: &str, text: &str) -> Result<(), String> {
        let journal: Journal<R::Command> =
            parse_ron("the host's journal", text).map_err(|e| e.to_string())?;
        let ctx = Arc::new(context_of::<R>(scenario)?);
        let mut g = Game::<R>::with_ctx(ctx, journal.seed, journal.loaded.clone());
        g.journal
            .sealed_like(&journal)
            .map_err(|e| format!("the host's journal: {e}"))?;
        let shown = |g: &Game<R>, at: u64, seen: &[(u64, u64)]| -> Result<(), String> {
            let obs = checksum(&R::observation(&g.ctx, &g.state, self.side));
            match seen.iter().find(|(s, sum)| *s == at && *sum != obs) {
                Some(_) => Err(format!(
                    "the view shown at command {at} is not this side's view of the journal's game"
                )),
                None => Ok(()),
            }
        };
        shown(&g, 0, &self.seen)?;
        for (i, e) in journal.entries.iter().enumerate() {
            g.apply(&e.command)
                .map_err(|r| format!("the host's journal: command {} is refused: {r}", i + 1))?;
            if g.state_sum() != e.checksum || g.dice.rolled() != e.dice {
                return Err(format!(
                    "the host's journal diverges at command {} on replay",
                    i + 1
                ));
            }
            shown(&g, i as u64 + 1, &self.seen)?;
        }
        if g.to_act() != ToAct::Over {
            return Err("the host's journal does not reach the end of the game".into());
        }
        // Its journal is the host's: every entry was checked on the way.
        self.finished = Some(g);
        self.your_decision = false;
        Ok(())
    }
}
