//! Remote play in the app, written once for every module: *Host* on the
//! title screen hosts the picked scenario (the person here plays one side,
//! a guest on another machine the other); *Join* connects to a host and
//! plays the side it leaves.
//!
//! - The hosting app's game is the one authoritative game: the guest's
//!   commands arrive through [`crate::net::host::HostCore`] and go through
//!   the same `apply`; the board, panels and autosave work as in any game.
//! - The guest's app shows its side's view as the host sent it: the
//!   game on its board holds that view (an observation), and its choices,
//!   odds and dry runs are worked out from it. A command is sent to the host
//!   instead of applied; the host's answer (a new view, or a refusal with
//!   its rule) comes back. When the game is over, the host's journal is
//!   replayed and checked, and the whole game takes the view's place (it
//!   can then be saved or replayed). A lost connection is tried again every
//!   two seconds.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::play::{ActiveGame, AppAutosave, clear_game, install_as_is};
use super::sets::{AppSystems, people_play};
use super::state::{
    BriefingOpen, GameCleared, Notes, PlayerTally, RemoteGuest, Screen, Selection, UiAction,
};
use crate::engine::core::{Module, ToAct};
use crate::engine::game::Game;
use crate::engine::seats::{Player, Seats};
use crate::engine::view::Pick;
use crate::net::guest::{GuestCore, hello};
use crate::net::host::HostCore;
use crate::net::join_code::{JoinCode, JoinKey};
use crate::net::peer::{Door, send_view, serve};
use crate::net::protocol::{ToGuest, ToHost, decode, encode};
use crate::net::transport::{
    client_connected, client_failure, connect_client, disconnect_client, guest_inbox, guest_send,
    start_server,
};
use crate::opponent::driver::Seat;
use crate::rules::{ModuleVisitor, visit_all};
use crate::t;

/// What remote play is doing, for the top bar and the title screen.
#[derive(Resource, Clone, Debug, Default)]
pub struct NetStatus {
    /// "Hosting on port 5150: …"; empty when not playing remotely.
    pub line: String,
    /// Hosting, joining or connected: the app keeps waking for the wire.
    pub live: bool,
    /// The join code while hosting, shown whole in the top bar.
    pub code: Option<String>,
}

/// The app hosts its game for a guest.
#[derive(Resource)]
pub struct NetHostLink {
    /// What the guest was told.
    pub core: HostCore,
    /// The addresses guests dial.
    pub dial: Vec<SocketAddr>,
    /// The game's join code, shown to the person here to pass on.
    pub code: JoinCode,
    /// Who holds the guest's seat, and every connection's allowance.
    door: Door,
    /// The journal length the guest last saw.
    sent: usize,
}

/// The app is a guest of a game of module `R`.
#[derive(Resource)]
pub struct NetGuestLink<R: Module> {
    /// The guest's view.
    pub core: GuestCore<R>,
    /// The host.
    pub server: SocketAddr,
    /// The key of the join code, for reconnections.
    key: JoinKey,
    /// The hello went out on this connection.
    said_hello: bool,
    /// The netcode client id of this connection.
    client_id: u64,
    /// When the connection was found lost (for the retries).
    lost_since: Option<Instant>,
    /// The decision the computer plays for the person here: (turn, phase).
    computer_for: Option<(u32, String)>,
    /// The view last put on the board: (commands, log entries).
    shown: (u64, usize),
}

/// Joining a host: connected or connecting, waiting for its welcome.
#[derive(Resource)]
pub struct Joining {
    /// The host.
    pub server: SocketAddr,
    key: JoinKey,
    client_id: u64,
    said_hello: bool,
    since: Instant,
    pending: Vec<Vec<u8>>,
}

/// Hosts the game on the board (just installed from a scenario) on UDP
/// `port` with a fresh join code: the person here plays `host_side`, the
/// guest the other. The status line shows the addresses and the code.
///
/// # Errors
/// No game on the board, or the port cannot be bound, as a sentence.
pub fn start_hosting(world: &mut World, port: u16, host_side: u8) -> Result<(), String> {
    struct Host<'a> {
        world: &'a mut World,
        guest_side: u8,
        core: Option<HostCore>,
    }
    impl ModuleVisitor for Host<'_> {
        fn visit<R: Module>(&mut self) {
            let autosave = self.world.resource::<AppAutosave>().0.clone();
            if let Some(mut g) = self.world.get_resource_mut::<ActiveGame<R>>() {
                g.0.seats.players[usize::from(self.guest_side)] = Player::Remote;
                g.0.seats.players[usize::from(1 - self.guest_side)] = Player::Human;
                self.core = Some(HostCore::new(&mut g.0, self.guest_side, autosave));
            }
        }
    }
    let bind: SocketAddr = (std::net::Ipv4Addr::UNSPECIFIED, port).into();
    let code = JoinCode::fresh()?;
    let (_, dial) = start_server(world, bind, &[], &code.key()?)?;
    let mut v = Host {
        world,
        guest_side: 1 - host_side.min(1),
        core: None,
    };
    visit_all(&mut v);
    let core = v.core.ok_or_else(|| t!("title-net-no-game"))?;
    let addresses = dial
        .iter()
        .map(ToString::to_string)
        .reduce(|a, b| t!("title-net-or", a = a, b = b))
        .unwrap_or_default();
    let mut net = world.resource_mut::<NetStatus>();
    net.line = t!(
        "title-net-hosting-waiting",
        side = core.guest_side,
        addresses = addresses
    );
    net.live = true;
    net.code = Some(code.to_string());
    info!("hosting: the guest dials {addresses} with the join code {code}");
    world.insert_resource(NetHostLink {
        core,
        dial,
        code,
        door: Door::default(),
        sent: 0,
    });
    Ok(())
}

/// The hosting app's side of the wire, each frame: guests' packets
/// answered from the game on the board, and the guest sent its view
/// whenever the game changed here.
pub fn host_sync<R: Module>(world: &mut World) {
    let Some(mut link) = world.remove_resource::<NetHostLink>() else {
        return;
    };
    if !world.contains_resource::<ActiveGame<R>>() {
        world.insert_resource(link);
        return;
    }
    let served = world.resource_scope(|world, mut active: Mut<ActiveGame<R>>| {
        // Marked changed only when a packet was answered: the view is not
        // rebuilt every frame.
        let s = serve(
            world,
            &mut link.core,
            &mut link.door,
            &mut active.bypass_change_detection().0,
        );
        if s.answered > 0 {
            active.set_changed();
        }
        s
    });
    if served.left {
        world.resource_mut::<NetStatus>().line = t!("title-net-guest-lost");
    }
    if served.seated {
        world.resource_mut::<NetStatus>().line =
            t!("title-net-hosting-seated", side = link.core.guest_side);
    }
    let n = world.resource::<ActiveGame<R>>().0.journal.entries.len();
    if served.answered > 0 {
        link.sent = n;
        world.write_message(RequestRedraw);
    }
    // The person here played: the guest sees the new view.
    if let Some(g) = link.door.guest
        && n != link.sent
    {
        world.resource_scope(|world, active: Mut<ActiveGame<R>>| {
            send_view(world, &mut link.core, g, &active.0);
        });
        link.sent = n;
    }
    world.insert_resource(link);
}

/// Connects to a host at `server` with its join `code`; the welcome is
/// awaited by [`joining`].
///
/// # Errors
/// No local socket, as a sentence.
pub fn start_joining(world: &mut World, server: SocketAddr, code: &JoinCode) -> Result<(), String> {
    let client_id = crate::engine::dice::fresh_seed();
    let key = code.key()?;
    connect_client(world, server, client_id, &key)?;
    world.insert_resource(Joining {
        server,
        key,
        client_id,
        said_hello: false,
        since: Instant::now(),
        pending: Vec::new(),
    });
    let mut net = world.resource_mut::<NetStatus>();
    net.line = t!("title-net-connecting", server = server);
    net.live = true;
    Ok(())
}

/// Waits for the host's welcome; then puts the guest's view on the board
/// for the module the host names. A refusal or 30 s without an answer
/// ends the attempt (the message goes to the status line).
pub fn joining(world: &mut World) {
    let Some(mut j) = world.remove_resource::<Joining>() else {
        return;
    };
    world.write_message(RequestRedraw);
    if client_connected(world) && !j.said_hello {
        j.said_hello = encode(&hello(None)).is_ok_and(|b| guest_send(world, b));
    }
    let mut welcome = None;
    for bytes in guest_inbox(world) {
        match decode::<ToGuest>("the host's message", &bytes) {
            Ok(ToGuest::Welcome {
                ruleset,
                scenario,
                side,
                ..
            }) => welcome = Some((ruleset, scenario, side)),
            Ok(ToGuest::Refused { reason }) => {
                disconnect_client(world);
                let mut net = world.resource_mut::<NetStatus>();
                net.line = t!("title-net-refused", reason = reason);
                net.live = false;
                return;
            }
            Ok(_) => {}
            Err(e) => warn!("{e}"),
        }
        j.pending.push(bytes);
    }
    let Some((ruleset, scenario, side)) = welcome else {
        if let Some(why) = client_failure(world, j.server) {
            let mut net = world.resource_mut::<NetStatus>();
            net.line = t!("title-net-not-joined", error = why);
            net.live = false;
        } else if j.since.elapsed() > Duration::from_secs(30) {
            disconnect_client(world);
            let mut net = world.resource_mut::<NetStatus>();
            net.line = t!("title-net-no-answer", server = j.server);
            net.live = false;
        } else {
            world.insert_resource(j);
        }
        return;
    };
    struct SeatGuest<'a> {
        world: &'a mut World,
        ruleset: String,
        scenario: String,
        side: u8,
        joining: Option<Joining>,
        result: Option<Result<(), String>>,
    }
    impl ModuleVisitor for SeatGuest<'_> {
        fn visit<R: Module>(&mut self) {
            if self.ruleset != R::RULESET {
                return;
            }
            let Some(j) = self.joining.take() else { return };
            self.result = Some(seat_guest::<R>(self.world, j, &self.scenario, self.side));
        }
    }
    let mut v = SeatGuest {
        world,
        ruleset: ruleset.clone(),
        scenario,
        side,
        joining: Some(j),
        result: None,
    };
    visit_all(&mut v);
    let result = v
        .result
        .unwrap_or_else(|| Err(t!("title-net-unknown-ruleset", ruleset = ruleset)));
    if let Err(e) = result {
        disconnect_client(world);
        let mut net = world.resource_mut::<NetStatus>();
        net.line = t!("title-net-not-joined", error = e);
        net.live = false;
    }
}

/// The guest's view as a game on the board: the view as its state, the
/// log as sent, the person here on the guest's side.
fn view_game<R: Module>(core: &GuestCore<R>) -> Game<R> {
    let mut g = Game::<R>::with_ctx(Arc::clone(&core.ctx), 0, Vec::new());
    g.state = core.view.clone();
    g.log.entries = core.log.clone();
    let mut players = [Player::Remote; 2];
    players[usize::from(core.side)] = Player::Human;
    g.seats = Seats {
        players,
        ai_seed: 1,
    };
    g
}

fn seat_guest<R: Module>(
    world: &mut World,
    j: Joining,
    scenario: &str,
    side: u8,
) -> Result<(), String> {
    let mut core = GuestCore::<R>::from_welcome(scenario, side)?;
    for bytes in &j.pending {
        for reply in core.receive(bytes)? {
            if let Ok(b) = encode(&reply) {
                guest_send(world, b);
            }
        }
    }
    clear_game(world);
    install_as_is::<R>(world, view_game(&core));
    // The guest's board holds a view, not a game: nothing to autosave.
    world.resource_mut::<AppAutosave>().0 = None;
    world.resource_mut::<BriefingOpen>().0 = true;
    world.resource_mut::<NetStatus>().line =
        t!("title-net-guest-of", server = j.server, side = side);
    world.insert_resource(RemoteGuest);
    world.insert_resource(NetGuestLink::<R> {
        shown: (core.seq, core.log.len()),
        core,
        server: j.server,
        key: j.key,
        said_hello: true,
        client_id: j.client_id,
        lost_since: None,
        computer_for: None,
    });
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// The guest's side of the wire, each frame: the host's packets taken, the
/// view put on the board when it changed, the computer's next command when
/// the person asked it to play the decision, a lost connection tried
/// again, and the whole game on the board once it is over.
pub fn guest_sync<R: Module>(world: &mut World) {
    let Some(mut link) = world.remove_resource::<NetGuestLink<R>>() else {
        return;
    };
    if !client_connected(world) {
        let since = *link.lost_since.get_or_insert_with(Instant::now);
        world.resource_mut::<NetStatus>().line =
            t!("title-net-connection-lost", server = link.server);
        if since.elapsed() > Duration::from_secs(2)
            && !world
                .get_resource::<State<bevy_replicon::prelude::ClientState>>()
                .is_some_and(|s| *s.get() == bevy_replicon::prelude::ClientState::Connecting)
        {
            link.client_id = link.client_id.wrapping_add(1);
            link.said_hello = false;
            link.lost_since = Some(Instant::now());
            if let Err(e) = connect_client(world, link.server, link.client_id, &link.key) {
                warn!("{e}");
            }
        }
        world.insert_resource(link);
        return;
    }
    if link.lost_since.take().is_some() {
        world.resource_mut::<NetStatus>().line = t!(
            "title-net-guest-of",
            server = link.server,
            side = link.core.side
        );
    }
    if !link.said_hello {
        link.said_hello = encode(&hello(Some(link.core.side))).is_ok_and(|b| guest_send(world, b));
    }
    for bytes in guest_inbox(world) {
        match decode::<ToGuest>("the host's message", &bytes) {
            Ok(ToGuest::Refused { reason }) => {
                world.resource_mut::<Notes>().status = t!("title-net-refused", reason = reason);
                let _ = link.core.take(ToGuest::Refused { reason });
            }
            Ok(m) => match link.core.take(m) {
                Ok(replies) => {
                    for r in replies {
                        if let Ok(b) = encode(&r) {
                            guest_send(world, b);
                        }
                    }
                }
                Err(e) => {
                    warn!("{e}");
                    world.resource_mut::<Notes>().status = e;
                }
            },
            Err(e) => warn!("{e}"),
        }
    }
    // The person asked the computer to play this decision.
    let decision = (
        R::turn(&link.core.view),
        R::phase_name(&link.core.ctx, &link.core.view),
    );
    if link.computer_for.as_ref() == Some(&decision) {
        let seat = Seat::new(Player::Default, 0);
        if let Some(cmd) = link.core.next_command(&seat)
            && let Ok(b) = encode(&cmd)
        {
            guest_send(world, b);
        }
    }
    if let Some(mut g) = link.core.finished.clone() {
        // Over: the whole game, replayed and checked, takes the view's place.
        g.seats = view_game(&link.core).seats;
        world.resource_mut::<ActiveGame<R>>().0 = g;
        // The board holds the game itself now: the person's actions are
        // applied here again.
        world.remove_resource::<RemoteGuest>();
        disconnect_client(world);
        let mut net = world.resource_mut::<NetStatus>();
        net.line = t!("title-net-game-over");
        net.live = false;
        world.write_message(RequestRedraw);
        return;
    }
    let now = (link.core.seq, link.core.log.len());
    if now != link.shown {
        link.shown = now;
        let g = view_game(&link.core);
        let mut active = world.resource_mut::<ActiveGame<R>>();
        active.0.state = g.state;
        active.0.log = g.log;
        world.write_message(RequestRedraw);
    }
    world.insert_resource(link);
}

/// The person's actions on a guest's board: each becomes a command sent
/// to the host (one at a time: the next waits for the host's answer).
/// Undo is not offered: the host's game is the one that counts.
pub fn guest_act<R: Module>(world: &mut World) {
    let actions: Vec<UiAction> = world.resource_mut::<Messages<UiAction>>().drain().collect();
    let Some(mut link) = world.remove_resource::<NetGuestLink<R>>() else {
        return;
    };
    let side = link.core.side;
    for a in actions {
        if !link.core.your_decision {
            continue;
        }
        let (ctx, view) = (&link.core.ctx, &link.core.view);
        let cmd = match &a {
            UiAction::Choose { key, pick } => R::choose(ctx, view, side, key, pick),
            UiAction::Pass => R::pass_command(ctx, view, side),
            UiAction::Computer => {
                link.computer_for = Some((R::turn(view), R::phase_name(ctx, view)));
                None
            }
            UiAction::Undo | UiAction::Redo => {
                world.resource_mut::<Notes>().undo_note = t!("title-net-no-undo");
                None
            }
        };
        if let Some(c) = cmd
            && let Ok(command) = crate::net::protocol::to_ron(&c)
        {
            let msg = ToHost::Command {
                seq: link.core.seq,
                command,
            };
            if let Ok(b) = encode(&msg) {
                guest_send(world, b);
            }
            let mut sel = world.resource_mut::<Selection>();
            sel.armed = None;
            sel.pick = Pick::default();
            world.resource_mut::<PlayerTally>().choices += 1;
        }
    }
    world.insert_resource(link);
}

/// Takes the network out of the world with its game: the server stops, a
/// guest disconnects.
pub fn stop<R: Module>(world: &mut World) {
    if world.remove_resource::<NetGuestLink<R>>().is_some() {
        world.remove_resource::<RemoteGuest>();
        disconnect_client(world);
    }
    if world.remove_resource::<NetHostLink>().is_some()
        && let Some(mut s) = world.get_resource_mut::<bevy_replicon_renet::RenetServer>()
    {
        s.disconnect_all();
    }
    if let Some(mut net) = world.get_resource_mut::<NetStatus>() {
        net.line.clear();
        net.live = false;
        net.code = None;
    }
}

/// The game's decider, for tests: whether the guest's side decides in
/// the view.
pub fn guest_decides<R: Module>(world: &World) -> bool {
    world
        .get_resource::<NetGuestLink<R>>()
        .is_some_and(|l| R::to_act(&l.core.ctx, &l.core.view) == ToAct::Side(l.core.side))
}

/// The network goes with the game it served.
fn stop_with_the_game<R: Module>(_: On<GameCleared>, mut commands: Commands) {
    commands.queue(stop::<R>);
}

/// Remote play: hosting and joining, the wire kept in step each frame for
/// every module, and a guest's actions sent to the host (its board applies
/// none itself: its [`RemoteGuest`] marks it).
pub struct NetPlugin;

impl Plugin for NetPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<NetStatus>().add_systems(
            Update,
            joining
                .in_set(AppSystems::Actions)
                .run_if(resource_exists::<Joining>),
        );
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                let playing = resource_exists::<ActiveGame<R>>;
                let guest = resource_exists::<NetGuestLink<R>>;
                self.0.add_observer(stop_with_the_game::<R>).add_systems(
                    Update,
                    (
                        guest_act::<R>
                            .in_set(AppSystems::Actions)
                            .run_if(people_play)
                            .run_if(playing)
                            .run_if(guest),
                        host_sync::<R>
                            .in_set(AppSystems::Game)
                            .run_if(playing)
                            .run_if(resource_exists::<NetHostLink>),
                        guest_sync::<R>
                            .in_set(AppSystems::Game)
                            .run_if(playing)
                            .run_if(guest),
                    ),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}
