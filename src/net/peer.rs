//! A host and a guest on the wire, frame by frame: [`Host`] runs the
//! server app around a [`HostCore`] (and plays the host's side when a
//! computer seat plays it), [`Guest`] runs a client app around a
//! [`GuestCore`]. The headless commands (`kassen host`, `kassen join`) and
//! the network tests drive them with [`Host::step`] and [`Guest::step`].

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use super::guest::{GuestCore, hello};
use super::host::HostCore;
use super::join_code::JoinKey;
use super::protocol::{ToGuest, ToHost, decode, encode};
use super::transport::{
    client_connected, client_failure, connect_client, disconnect_client, guest_inbox, guest_send,
    host_clients, host_drop, host_has_client, host_inbox, host_send, net_app, start_server,
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
    /// Who holds the seat, and every connection's allowance.
    pub door: Door,
}

/// Where a host listens and who may come in.
pub struct Listen<'a> {
    /// The address to bind (port 0: any free port).
    pub bind: SocketAddr,
    /// The addresses guests dial (empty: worked out from `bind`).
    pub public: &'a [SocketAddr],
    /// The key of the game's join code.
    pub key: &'a JoinKey,
}

impl<R: Module> Host<R> {
    /// Hosts `game` where `listen` says, the guest playing `guest_side`.
    ///
    /// # Errors
    /// The port cannot be bound, as a sentence.
    pub fn start(
        mut game: Game<R>,
        guest_side: u8,
        seat: Option<Seat>,
        listen: &Listen<'_>,
        autosave: Option<PathBuf>,
    ) -> Result<Self, String> {
        let mut app = net_app();
        let (addr, dial) = start_server(app.world_mut(), listen.bind, listen.public, listen.key)?;
        Ok(Self {
            app,
            core: HostCore::new(&mut game, guest_side, autosave),
            game,
            seat,
            addr,
            dial,
            door: Door::default(),
        })
    }

    /// Whether a guest holds the seat and is connected.
    pub fn has_guest(&self) -> bool {
        self.door.guest.is_some()
    }

    /// One frame: the wire, every guest packet answered, then the host's
    /// side's decision when it has one. Returns whether the game changed.
    pub fn step(&mut self) -> bool {
        self.app.update();
        let before = self.game.journal.entries.len();
        let served = serve(
            self.app.world_mut(),
            &mut self.core,
            &mut self.door,
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
            if let Some(g) = self.door.guest {
                send_view(self.app.world_mut(), &mut self.core, g, &self.game);
            }
        }
        self.game.journal.entries.len() != before
    }
}

/// How long a connection may stay without holding the seat: 5 s. A
/// connection that has not taken the seat by then (an idle one, or one
/// told the seat is taken) is dropped, so idle connections cannot lock
/// the guest out.
pub const HELLO_WAIT: Duration = Duration::from_secs(5);

/// The shortest time between two resyncs of one connection: 2 s. A
/// resync sooner is refused; a guest asks for one only after a view that
/// failed its checksum.
pub const RESYNC_EVERY: Duration = Duration::from_secs(2);

/// Refusals answered per connection per second; more are counted and
/// logged but not answered, so that a flood of small requests draws
/// small answers.
pub const ANSWERS_PER_SECOND: u32 = 10;

/// Refusal lines the host logs per second; past them a summary line
/// counts the rest.
pub const LOG_LINES_PER_SECOND: u32 = 20;

/// One connection's allowance.
#[derive(Clone, Debug)]
struct Conn {
    /// When it was first seen.
    since: Instant,
    /// Its last resync answered.
    resync: Option<Instant>,
    /// The second its answered refusals are counted in, and the count.
    window: (Instant, u32),
}

/// The host's log of refusals: one line each on standard error (or the
/// sink given), at most [`LOG_LINES_PER_SECOND`] a second, then a summary
/// line of how many more there were.
pub struct RefusalLog {
    /// Refusals logged, in lines or in summaries.
    pub total: u64,
    /// Where the lines go.
    sink: Box<dyn Fn(&str) + Send + Sync>,
    /// The second being counted, its lines, and the refusals held back.
    window: (Instant, u32, u64),
}

impl Default for RefusalLog {
    fn default() -> Self {
        Self::to(Box::new(|line: &str| eprintln!("{line}")))
    }
}

impl RefusalLog {
    /// A log writing its lines to `sink`.
    pub fn to(sink: Box<dyn Fn(&str) + Send + Sync>) -> Self {
        Self {
            total: 0,
            sink,
            window: (Instant::now(), 0, 0),
        }
    }

    /// Logs one refusal of a message from connection `from`.
    pub fn refused(&mut self, from: Entity, reason: &str) {
        self.total += 1;
        let now = Instant::now();
        if now.duration_since(self.window.0) >= Duration::from_secs(1) {
            self.flush();
            self.window = (now, 0, 0);
        }
        if self.window.1 < LOG_LINES_PER_SECOND {
            self.window.1 += 1;
            (self.sink)(&format!(
                "kassen host: refused from connection {from}: {reason}"
            ));
        } else {
            self.window.2 += 1;
        }
    }

    /// Writes the summary of the refusals held back, if any.
    pub fn flush(&mut self) {
        let held = std::mem::take(&mut self.window.2);
        if held > 0 {
            (self.sink)(&format!(
                "kassen host: {held} more refusals in the last second (a flood; not shown one by one)"
            ));
        }
    }
}

/// The host's doorman: who holds the guest's seat, every connection's
/// allowance (the hello wait, resyncs, answered refusals) and the log of
/// refusals. It keeps no message: its memory is bounded by
/// [`MAX_CLIENTS`](super::transport::MAX_CLIENTS).
#[derive(Default)]
pub struct Door {
    /// The client holding the guest's seat, while connected.
    pub guest: Option<Entity>,
    /// Every connection now.
    conns: BTreeMap<Entity, Conn>,
    /// The log of refusals.
    pub log: RefusalLog,
}

impl Door {
    /// A doorman logging to `log`.
    pub fn with_log(log: RefusalLog) -> Self {
        Self {
            log,
            ..Self::default()
        }
    }

    /// Connections the doorman keeps an allowance for (at most
    /// [`MAX_CLIENTS`](super::transport::MAX_CLIENTS)).
    pub fn connections(&self) -> usize {
        self.conns.len()
    }

    /// Whether `client` may be answered one more refusal now.
    fn may_answer(&mut self, client: Entity, now: Instant) -> bool {
        let Some(c) = self.conns.get_mut(&client) else {
            return false;
        };
        if now.duration_since(c.window.0) >= Duration::from_secs(1) {
            c.window = (now, 0);
        }
        c.window.1 += 1;
        c.window.1 <= ANSWERS_PER_SECOND
    }

    /// Whether `client` may have a resync now (and counts it).
    fn may_resync(&mut self, client: Entity, now: Instant) -> bool {
        let Some(c) = self.conns.get_mut(&client) else {
            return false;
        };
        if c.resync
            .is_some_and(|t| now.duration_since(t) < RESYNC_EVERY)
        {
            return false;
        }
        c.resync = Some(now);
        true
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

/// Answers every packet the host in `world` received, from `game`:
/// - the seated guest's through `core` (a resync at most once every
///   [`RESYNC_EVERY`]);
/// - while the seat is held, another connection's with "the seat is
///   taken";
/// - while it is free, a hello is welcomed and takes it, and anything
///   else is refused: before its hello a connection gets nothing else.
///
/// Every refusal is logged; at most [`ANSWERS_PER_SECOND`] a second are
/// answered per connection. Connections holding no seat past
/// [`HELLO_WAIT`] are dropped. The headless host and the app's host both
/// serve through here.
pub fn serve<R: Module>(
    world: &mut World,
    core: &mut HostCore,
    door: &mut Door,
    game: &mut Game<R>,
) -> Served {
    let mut served = Served::default();
    let now = Instant::now();
    if let Some(g) = door.guest
        && !host_has_client(world, g)
    {
        door.guest = None;
        served.left = true;
    }
    let clients = host_clients(world);
    door.conns.retain(|e, _| clients.contains(e));
    for c in clients {
        door.conns.entry(c).or_insert(Conn {
            since: now,
            resync: None,
            window: (now, 0),
        });
    }
    for (client, bytes) in host_inbox(world) {
        if !door.conns.contains_key(&client) {
            continue;
        }
        let msg = decode::<ToHost>("the guest's message", &bytes);
        let replies = match (door.guest, msg) {
            (_, Err(e)) => core.refuse(e),
            (Some(g), Ok(ToHost::Resync)) if g == client && !door.may_resync(client, now) => core
                .refuse(format!(
                    "a resync too soon: one every {} s",
                    RESYNC_EVERY.as_secs()
                )),
            (Some(g), Ok(m)) if g == client => core.take(game, m),
            (Some(_), Ok(_)) => core.refuse(format!(
                "the seat is taken: side {} has a guest already",
                core.guest_side
            )),
            (None, Ok(m @ ToHost::Hello { .. })) => {
                let r = core.take(game, m);
                if r.iter().any(|m| matches!(m, ToGuest::Welcome { .. })) {
                    door.guest = Some(client);
                    served.seated = true;
                }
                r
            }
            (None, Ok(_)) => {
                core.refuse("say hello first: nothing is answered before the seat is taken".into())
            }
        };
        for m in replies {
            if let ToGuest::Refused { reason } = &m {
                door.log.refused(client, reason);
                if !door.may_answer(client, now) {
                    continue;
                }
            }
            match encode(&m) {
                Ok(b) => host_send(world, client, b),
                Err(e) => warn!("not sent to the guest: {e}"),
            }
        }
        served.answered += 1;
    }
    let idle: Vec<Entity> = door
        .conns
        .iter()
        .filter(|(e, c)| door.guest != Some(**e) && now.duration_since(c.since) > HELLO_WAIT)
        .map(|(e, _)| *e)
        .collect();
    for e in idle {
        host_drop(world, e);
        door.conns.remove(&e);
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

/// A guest's connection: the host, the join code's key, and the netcode
/// client id.
pub struct Link {
    /// The host.
    pub server: SocketAddr,
    /// The key of the join code.
    pub key: JoinKey,
    /// The netcode client id (unique per connection).
    pub client_id: u64,
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
    /// The host, the code's key and this connection's id.
    link: Link,
    hello_sent: bool,
    /// Packets received before this guest was made, taken first.
    pending: Vec<Vec<u8>>,
}

impl<R: Module> Guest<R> {
    /// Joins the host at `server` with the join code's `key` as netcode
    /// client `client_id`, asking for `side`.
    ///
    /// # Errors
    /// No local socket, as a sentence.
    pub fn join(
        server: SocketAddr,
        key: &JoinKey,
        client_id: u64,
        side: Option<u8>,
        seat: Option<Seat>,
    ) -> Result<Self, String> {
        let mut app = net_app();
        connect_client(app.world_mut(), server, client_id, key)?;
        let link = Link {
            server,
            key: key.clone(),
            client_id,
        };
        let mut guest = Self::from_app(app, link, side, seat, Vec::new());
        guest.hello_sent = false;
        Ok(guest)
    }

    /// A guest on a connection (`link`) that already said hello and
    /// received `pending` (the welcome among them).
    pub fn from_app(
        app: App,
        link: Link,
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
            link,
            hello_sent: true,
            pending,
        }
    }

    /// Why the connection ended, once netcode gave up on it (a wrong join
    /// code shows as a host that never answers).
    pub fn failure(&self) -> Option<String> {
        client_failure(self.app.world(), self.link.server)
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
        self.link.client_id = self.link.client_id.wrapping_add(1_000);
        self.hello_sent = false;
        let l = &self.link;
        connect_client(self.app.world_mut(), l.server, l.client_id, &l.key)
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
