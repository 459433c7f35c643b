//! A host and a guest on the wire, frame by frame: [`Host`] runs the
//! server app around a [`HostCore`] (and plays the host's side when a
//! computer seat plays it), [`Guest`] runs a client app around a
//! [`GuestCore`]. The headless commands (`kassen host`, `kassen join`) and
//! the network tests drive them with [`Host::step`] and [`Guest::step`].

use std::net::SocketAddr;
use std::path::PathBuf;

use bevy::prelude::*;

use super::guest::{GuestCore, hello};
use super::host::HostCore;
use super::protocol::{ToGuest, ToHost, decode, encode};
use super::transport::{
    client_connected, connect_client, disconnect_client, guest_inbox, guest_send, host_has_client,
    host_inbox, host_send, net_app, start_server,
};
use crate::engine::core::Module;
use crate::engine::game::Game;
use crate::opponent::driver::{Seat, play_decision};

/// The host of one game: the server app, the authoritative core, and the
/// player of the host's side.
pub struct Host<R: Module> {
    /// The server app (transport only).
    pub app: App,
    /// The game, the only one that changes.
    pub game: Game<R>,
    /// What the guest was told.
    pub core: HostCore,
    /// Who plays the host's side here: the scripted play or the computer
    /// (`None`: nobody yet; the host's side waits).
    pub seat: Option<Seat>,
    /// The address the server listens on.
    pub addr: SocketAddr,
    /// The addresses guests may dial.
    pub dial: Vec<SocketAddr>,
    /// The client holding the guest's seat, while connected.
    guest: Option<Entity>,
}

impl<R: Module> Host<R> {
    /// Hosts `game` on `bind` (port 0: any free port), the guest playing
    /// `guest_side`; guests may dial any of `public`.
    ///
    /// # Errors
    /// The port cannot be bound, as a sentence.
    pub fn start(
        mut game: Game<R>,
        guest_side: u8,
        seat: Option<Seat>,
        bind: SocketAddr,
        public: &[SocketAddr],
        autosave: Option<PathBuf>,
    ) -> Result<Self, String> {
        let mut app = net_app();
        let (addr, dial) = start_server(app.world_mut(), bind, public)?;
        Ok(Self {
            app,
            core: HostCore::new(&mut game, guest_side, autosave),
            game,
            seat,
            addr,
            dial,
            guest: None,
        })
    }

    /// Whether a guest holds the seat and is connected.
    pub fn has_guest(&self) -> bool {
        self.guest.is_some()
    }

    /// One frame: the wire, every guest packet answered, then the host's
    /// side's decision when it has one. Returns whether the game changed.
    pub fn step(&mut self) -> bool {
        self.app.update();
        let before = self.game.journal.entries.len();
        let served = serve(
            self.app.world_mut(),
            &mut self.core,
            &mut self.guest,
            &mut self.game,
        );
        if served.left {
            info!("the guest left; its seat waits for it to come back");
        }
        if self.core.host_decides(&self.game)
            && let Some(seat) = self.seat.as_mut()
        {
            let side = self.core.host_side();
            let d = play_decision(&mut self.game, side, seat);
            for r in &d.refused {
                warn!("the host's play was refused: {r}");
            }
            self.core.after_command(&mut self.game);
            if let Some(g) = self.guest {
                send_view(self.app.world_mut(), &mut self.core, g, &self.game);
            }
        }
        self.game.journal.entries.len() != before
    }
}

/// What one round of [`serve`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Served {
    /// The guest holding the seat has left (the seat waits for it).
    pub left: bool,
    /// A client was welcomed to the seat.
    pub seated: bool,
    /// Packets answered.
    pub answered: usize,
}

/// Answers every packet the host in `world` received, from `game`: the
/// seated guest's through `core`; another client's with "the seat is
/// taken" while the seat is held; and a client whose hello is welcomed
/// takes the free seat. `guest` is the client holding the seat; it is
/// cleared when that client left. The headless host and the app's host
/// both serve through here.
pub fn serve<R: Module>(
    world: &mut World,
    core: &mut HostCore,
    guest: &mut Option<Entity>,
    game: &mut Game<R>,
) -> Served {
    let mut served = Served::default();
    if let Some(g) = *guest
        && !host_has_client(world, g)
    {
        *guest = None;
        served.left = true;
    }
    for (client, bytes) in host_inbox(world) {
        let replies = match *guest {
            Some(g) if g == client => core.receive(game, &bytes),
            Some(_) => core.refuse(format!(
                "the seat is taken: side {} has a guest already",
                core.guest_side
            )),
            None => {
                let r = core.receive(game, &bytes);
                if r.iter().any(|m| matches!(m, ToGuest::Welcome { .. })) {
                    *guest = Some(client);
                    served.seated = true;
                }
                r
            }
        };
        for m in replies {
            match encode(&m) {
                Ok(b) => host_send(world, client, b),
                Err(e) => warn!("not sent to the guest: {e}"),
            }
        }
        served.answered += 1;
    }
    served
}

/// Sends the guest `guest` its view of `game` (and the journal once the
/// game is over).
pub fn send_view<R: Module>(world: &mut World, core: &mut HostCore, guest: Entity, game: &Game<R>) {
    let msgs: Vec<ToGuest> = core
        .update(game)
        .into_iter()
        .chain(core.over(game))
        .collect();
    for m in msgs {
        if let Ok(b) = encode(&m) {
            host_send(world, guest, b);
        }
    }
}

/// A guest of one game: the client app, the view, and the player of the
/// guest's side.
pub struct Guest<R: Module> {
    /// The client app (transport only).
    pub app: App,
    /// The view, once the host welcomed this guest.
    pub core: Option<GuestCore<R>>,
    /// Who plays the guest's side here (`None`: a person, through the app).
    pub seat: Option<Seat>,
    /// The side asked for.
    pub side: Option<u8>,
    /// Errors in what the host sent, in order.
    pub errors: Vec<String>,
    server: SocketAddr,
    client_id: u64,
    hello_sent: bool,
    /// Packets received before this guest was made, taken first.
    pending: Vec<Vec<u8>>,
}

impl<R: Module> Guest<R> {
    /// Joins the host at `server` as netcode client `client_id`, asking for
    /// `side`.
    ///
    /// # Errors
    /// No local socket, as a sentence.
    pub fn join(
        server: SocketAddr,
        client_id: u64,
        side: Option<u8>,
        seat: Option<Seat>,
    ) -> Result<Self, String> {
        let mut app = net_app();
        connect_client(app.world_mut(), server, client_id)?;
        let mut guest = Self::from_app(app, server, client_id, side, seat, Vec::new());
        guest.hello_sent = false;
        Ok(guest)
    }

    /// A guest on a connection that already said hello and received
    /// `pending` (the welcome among them).
    pub fn from_app(
        app: App,
        server: SocketAddr,
        client_id: u64,
        side: Option<u8>,
        seat: Option<Seat>,
        pending: Vec<Vec<u8>>,
    ) -> Self {
        Self {
            app,
            core: None,
            seat,
            side,
            errors: Vec::new(),
            server,
            client_id,
            hello_sent: true,
            pending,
        }
    }

    /// Whether the guest is connected now.
    pub fn connected(&self) -> bool {
        client_connected(self.app.world())
    }

    /// Drops the connection (as a lost network would).
    pub fn drop_connection(&mut self) {
        disconnect_client(self.app.world_mut());
    }

    /// Connects again as a new netcode client, and says hello again once
    /// connected; the host sends the whole view.
    ///
    /// # Errors
    /// No local socket, as a sentence.
    pub fn reconnect(&mut self) -> Result<(), String> {
        self.client_id = self.client_id.wrapping_add(1_000);
        self.hello_sent = false;
        connect_client(self.app.world_mut(), self.server, self.client_id)
    }

    /// Sends a message to the host (while connected).
    pub fn send(&mut self, msg: &ToHost) -> bool {
        match encode(msg) {
            Ok(b) => guest_send(self.app.world_mut(), b),
            Err(e) => {
                self.errors.push(e);
                false
            }
        }
    }

    /// One frame: the wire, the host's packets taken, then the guest's next
    /// command when its seat plays and its side decides.
    pub fn step(&mut self) {
        self.app.update();
        if !self.connected() {
            self.hello_sent = false;
            return;
        }
        if !self.hello_sent {
            let h = hello(self.side);
            self.hello_sent = self.send(&h);
        }
        let mut inbox = std::mem::take(&mut self.pending);
        inbox.extend(guest_inbox(self.app.world_mut()));
        for bytes in inbox {
            let msg = match decode::<ToGuest>("the host's message", &bytes) {
                Ok(m) => m,
                Err(e) => {
                    warn!("{e}");
                    self.errors.push(e);
                    continue;
                }
            };
            if let ToGuest::Welcome {
                ruleset,
                scenario,
                side,
                ..
            } = &msg
                && self.core.is_none()
            {
                if ruleset != R::RULESET {
                    self.errors
                        .push(format!("the host plays \"{ruleset}\", not {}", R::RULESET));
                    continue;
                }
                match GuestCore::<R>::from_welcome(scenario, *side) {
                    Ok(c) => self.core = Some(c),
                    Err(e) => {
                        self.errors.push(e);
                        continue;
                    }
                }
            }
            let Some(core) = self.core.as_mut() else {
                continue;
            };
            match core.take(msg) {
                Ok(replies) => {
                    for r in replies {
                        self.send(&r);
                    }
                }
                Err(e) => {
                    warn!("{e}");
                    self.errors.push(e);
                }
            }
        }
        if let (Some(core), Some(seat)) = (self.core.as_mut(), self.seat.as_ref())
            && let Some(cmd) = core.next_command(seat)
        {
            self.send(&cmd);
        }
    }

    /// Whether the game is over and its journal checked.
    pub fn finished(&self) -> bool {
        self.core.as_ref().is_some_and(|c| c.finished.is_some())
    }
}
