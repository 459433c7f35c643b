//! `kassen host` and `kassen join`: remote play without a window, each end's
//! side played by the scripted play or the computer opponent (the app's
//! seats for a person at either end are not in this build).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use crate::engine::core::{Module, ToAct};
use crate::engine::dice::fresh_seed;
use crate::engine::game::autosave_path;
use crate::engine::seats::Player;
use crate::net::guest::hello;
use crate::net::join_code::JoinCode;
use crate::net::peer::{Guest, Host, Link, Listen};
use crate::net::protocol::{ToGuest, decode, encode};
use crate::net::transport::{
    client_connected, client_failure, connect_client, guest_inbox, guest_send, net_app,
};
use crate::opponent::driver::Seat;
use crate::session::{self, WithModule};

/// How long a host waits for a guest, and a guest for the host, with
/// nothing happening: 10 minutes.
pub const IDLE_LIMIT: Duration = Duration::from_secs(600);

/// `kassen host FILE`: what to host and how.
pub struct HostCli {
    /// The file's name, for messages.
    pub file: String,
    /// A scenario or a save (an autosave to resume).
    pub text: String,
    /// The file is a save.
    pub save: bool,
    /// The dice seed of a new game (default: drawn from the clock, so the
    /// guest cannot know the dice).
    pub seed: Option<u64>,
    /// Where the server listens.
    pub bind: SocketAddr,
    /// The addresses guests dial.
    pub public: Vec<SocketAddr>,
    /// The guest's side.
    pub guest_side: u8,
    /// Who plays the host's side.
    pub player: Player,
    /// The computer's seed.
    pub ai_seed: u64,
    /// Autosave folder (the autosave is `DIR/autosave.ron`).
    pub autosave: Option<PathBuf>,
    /// The game's join code.
    pub code: JoinCode,
}

impl WithModule for HostCli {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let seed = self.seed.or(Some(fresh_seed())).filter(|_| !self.save);
        let game = session::open_text::<R>(&self.file, &self.text, self.save, seed, &[])
            .map_err(|e| e.to_string())?;
        let seat = Seat::new(self.player, self.ai_seed ^ u64::from(1 - self.guest_side));
        let autosave = self.autosave.as_deref().map(autosave_path);
        let key = self.code.key()?;
        let listen = Listen {
            bind: self.bind,
            public: &self.public,
            key: &key,
        };
        let mut host = Host::start(game, self.guest_side, Some(seat), &listen, autosave)?;
        crate::outln!(
            "{}: hosting on {} (guests dial {}); the guest plays side {}; join code {}",
            self.file,
            host.addr,
            host.dial
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            self.guest_side,
            self.code
        )?;
        let mut last = Instant::now();
        let mut had_guest = false;
        let mut over_since: Option<Instant> = None;
        loop {
            if host.step() {
                last = Instant::now();
            }
            if host.has_guest() != had_guest {
                had_guest = host.has_guest();
                crate::outln!(
                    "{}",
                    if had_guest {
                        "the guest is seated"
                    } else {
                        "the guest left; waiting for it to come back"
                    }
                )?;
                last = Instant::now();
            }
            if host.game.to_act() == ToAct::Over {
                // A few seconds for the journal to reach the guest.
                let t = *over_since.get_or_insert_with(Instant::now);
                if t.elapsed() > Duration::from_secs(3) {
                    break;
                }
            }
            if last.elapsed() > IDLE_LIMIT {
                return Err("nothing happened for 10 minutes: the host stops".into());
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        host.door.log.flush();
        let g = &host.game;
        crate::outln!(
            "{} commands, {} refused from the guest; {}",
            g.journal.entries.len(),
            host.core.refused,
            g.outcome()
                .map_or_else(|| "not over".to_string(), |o| o.text)
        )?;
        match host.core.autosave_failures.first() {
            Some(first) => Err(format!(
                "{} autosaves failed; the first: {first}",
                host.core.autosave_failures.len()
            )),
            None => Ok(()),
        }
    }
}

/// `kassen join ADDRESS --code CODE`: where to and who plays.
pub struct JoinCli {
    /// The host.
    pub server: SocketAddr,
    /// The host's join code.
    pub code: JoinCode,
    /// The side asked for.
    pub side: Option<u8>,
    /// Who plays the guest's side.
    pub player: Player,
    /// The computer's seed.
    pub ai_seed: u64,
}

impl JoinCli {
    /// Connects, says hello, waits for the welcome and plays the game of
    /// the module it names.
    ///
    /// # Errors
    /// No connection within the idle limit, a module this build lacks, or
    /// what went wrong in the game, as a sentence.
    pub fn run(self) -> Result<(), String> {
        let mut app = net_app();
        let client_id = fresh_seed();
        let key = self.code.key()?;
        connect_client(app.world_mut(), self.server, client_id, &key)?;
        let start = Instant::now();
        let mut pending = Vec::new();
        let mut said_hello = false;
        let ruleset = loop {
            app.update();
            if client_connected(app.world()) && !said_hello {
                said_hello = guest_send(app.world_mut(), encode(&hello(self.side))?);
            }
            let mut found = None;
            for bytes in guest_inbox(app.world_mut()) {
                match decode::<ToGuest>("the host's message", &bytes) {
                    Ok(ToGuest::Welcome { ruleset, .. }) => found = Some(ruleset),
                    Ok(ToGuest::Refused { reason }) => {
                        return Err(format!("the host refused: {reason}"));
                    }
                    _ => {}
                }
                pending.push(bytes);
            }
            if let Some(r) = found {
                break r;
            }
            if let Some(why) = client_failure(app.world(), self.server) {
                return Err(why);
            }
            if start.elapsed() > Duration::from_secs(30) {
                return Err(format!("no answer from {} in 30 s", self.server));
            }
            std::thread::sleep(Duration::from_millis(2));
        };
        crate::outln!("joined {} ({ruleset})", self.server)?;
        session::with_module(
            &ruleset,
            JoinRun {
                link: Link {
                    server: self.server,
                    key,
                    client_id,
                },
                cli: self,
                app,
                pending,
            },
        )
        .unwrap_or_else(|| {
            Err(format!(
                "the host plays \"{ruleset}\", which this build lacks"
            ))
        })
    }
}

struct JoinRun {
    cli: JoinCli,
    app: bevy::prelude::App,
    link: Link,
    pending: Vec<Vec<u8>>,
}

impl WithModule for JoinRun {
    type Out = Result<(), String>;
    fn run<R: Module>(self) -> Result<(), String> {
        let seat = Seat::new(self.cli.player, self.cli.ai_seed);
        let mut guest =
            Guest::<R>::from_app(self.app, self.link, self.cli.side, Some(seat), self.pending);
        let mut last = Instant::now();
        let mut seen = 0;
        while !guest.finished() {
            guest.step();
            let seq = guest.core.as_ref().map_or(0, |c| c.seq);
            if seq != seen {
                seen = seq;
                last = Instant::now();
            }
            if last.elapsed() > IDLE_LIMIT {
                return Err("nothing happened for 10 minutes: the guest stops".into());
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        let Some(core) = guest.core.as_ref() else {
            return Err("the host never welcomed this guest".into());
        };
        let n = core.journal().map_or(0, |j| j.entries.len());
        let result = R::outcome(&core.ctx, &core.view).map_or_else(String::new, |o| o.text);
        crate::outln!(
            "the game is over: {n} commands, the journal replayed and every view checked; {result}"
        )?;
        if !guest.errors.is_empty() {
            return Err(format!("errors from the host: {}", guest.errors.join("; ")));
        }
        Ok(())
    }
}
