//! The hostile-network suite, on 127.0.0.1 with the real transport: a
//! passive observer on the path, clients without the join code or with a
//! wrong one, a stranger before the guest and beside it, idle connections
//! filling the host, a resync flood and 30,000 refused messages. Then the
//! byte-level hidden-information test: every byte the host sends the
//! guest during a whole game of every shipped scenario, from either side.

use std::net::{Ipv4Addr, SocketAddr, UdpSocket};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use bevy::prelude::App;

use super::guest::hello;
use super::host::HostCore;
use super::join_code::JoinCode;
use super::peer::{ANSWERS_PER_SECOND, Guest, HELLO_WAIT, Host, LOG_LINES_PER_SECOND};
use super::protocol::{ToGuest, ToHost, decode, encode};
use super::tests::{any_port, default_module, key, listen, logged_door, new_game, run};
use super::transport::{
    MAX_CLIENTS, TIMEOUT_SECONDS, client_connected, connect_client, connect_without_code,
    guest_inbox, guest_send, host_clients, net_app,
};
use crate::conformance::scenarios_of;
use crate::engine::core::{Module, ToAct, checksum};
use crate::engine::seats::Player;
use crate::opponent::driver::{Seat, play_decision};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

/// Whether `needle` occurs in `hay`.
fn contains(hay: &[u8], needle: &[u8]) -> bool {
    !needle.is_empty() && hay.windows(needle.len()).any(|w| w == needle)
}

/// A raw client of the host at `server` holding the tests' join code,
/// which says nothing unless told to.
fn raw_client(server: SocketAddr, client_id: u64) -> App {
    let mut app = net_app();
    connect_client(app.world_mut(), server, client_id, key()).expect("connects");
    app
}

/// The host's default-scenario game with nobody on the host's side (it
/// waits on side 0), its refusals logged into the returned list.
fn waiting_host<R: Module>() -> (Host<R>, Arc<Mutex<Vec<String>>>) {
    let game = new_game::<R>(session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO, 3);
    let mut host = Host::start(game, 1, None, &listen(any_port()), None).expect("hosts");
    let (door, lines) = logged_door();
    host.door = door;
    (host, lines)
}

/// Steps `host` and `apps` for `d`, checking `each` after every frame.
fn pump<R: Module>(host: &mut Host<R>, apps: &mut [&mut App], d: Duration) {
    let t = Instant::now();
    while t.elapsed() < d {
        host.step();
        for a in apps.iter_mut() {
            a.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// A UDP relay between guests and a host that keeps a copy of every
/// datagram: the passive observer on the path.
struct Tap {
    seen: Arc<Mutex<Vec<Vec<u8>>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Tap {
    fn start(socket: UdpSocket, host: SocketAddr) -> Self {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let (s2, stop2) = (Arc::clone(&seen), Arc::clone(&stop));
        socket
            .set_read_timeout(Some(Duration::from_millis(5)))
            .expect("a timeout");
        let thread = std::thread::spawn(move || {
            let mut guest: Option<SocketAddr> = None;
            let mut buf = vec![0u8; 2048];
            while !stop2.load(Ordering::Relaxed) {
                let Ok((n, from)) = socket.recv_from(&mut buf) else {
                    continue;
                };
                let to = if from == host {
                    guest
                } else {
                    guest = Some(from);
                    Some(host)
                };
                if let Some(to) = to {
                    let _ = socket.send_to(&buf[..n], to);
                }
                if let Ok(mut v) = s2.lock() {
                    v.push(buf[..n].to_vec());
                }
            }
        });
        Self {
            seen,
            stop,
            thread: Some(thread),
        }
    }

    fn finish(mut self) -> Vec<Vec<u8>> {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        self.seen.lock().map(|v| v.clone()).unwrap_or_default()
    }
}

struct Observer {
    done: bool,
}

impl ModuleVisitor for Observer {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let relay = UdpSocket::bind((Ipv4Addr::LOCALHOST, 0)).expect("a relay socket");
        let via = relay.local_addr().expect("its address");
        let game = new_game::<R>(session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO, 4);
        let public = [via];
        let l = super::peer::Listen {
            public: &public,
            ..listen(any_port())
        };
        let seat = || Some(Seat::new(Player::Default, 1));
        let mut host = Host::start(game, 1, seat(), &l, None).expect("hosts");
        let tap = Tap::start(relay, host.addr);
        let mut guest = Guest::<R>::join(via, key(), 3, Some(1), seat()).expect("joins");
        let t = Instant::now();
        while host.game.journal.entries.len() < 20 && t.elapsed() < Duration::from_secs(60) {
            host.step();
            guest.step();
        }
        let seen = tap.finish();
        assert!(
            guest.core.is_some(),
            "the guest was welcomed through the relay"
        );
        assert!(host.game.journal.entries.len() >= 20, "the game went on");
        assert!(seen.len() > 40, "{} datagrams", seen.len());
        // What the plain text of the messages would show: their names and
        // fields, the module, the scenario's name, the guest's side's units.
        let g = &host.game;
        let mut plain: Vec<Vec<u8>> = [
            "Welcome",
            "Update",
            "observation",
            "checksum",
            R::RULESET,
            &R::describe(g.scenario()).name,
        ]
        .iter()
        .map(|s| s.as_bytes().to_vec())
        .collect();
        for u in R::scene(&g.ctx, &g.state, Some(1)).units {
            plain.push(format!("\"{}\"", u.name).into_bytes());
        }
        for d in &seen {
            for p in &plain {
                assert!(
                    !contains(d, p),
                    "a datagram shows {:?} in the clear",
                    String::from_utf8_lossy(p)
                );
            }
        }
    }
}

#[test]
fn a_passive_observer_on_the_path_reads_nothing() {
    let mut v = Observer { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

struct NoCode {
    done: bool,
}

impl ModuleVisitor for NoCode {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let (mut host, _) = waiting_host::<R>();
        let before = (checksum(&host.game.state), host.game.journal.clone());
        let wrong = JoinCode::parse("WR0NG-C0DE1")
            .and_then(|c| c.key())
            .expect("a key");
        let mut wrong_guest =
            Guest::<R>::join(host.addr, &wrong, 5, Some(1), None).expect("a socket");
        let mut bare = net_app();
        connect_without_code(bare.world_mut(), host.addr, 6);
        let t = Instant::now();
        let wait = Duration::from_secs(TIMEOUT_SECONDS as u64 + 2);
        while t.elapsed() < wait && wrong_guest.failure().is_none() {
            host.step();
            wrong_guest.step();
            bare.update();
            assert!(
                host_clients(host.app.world_mut()).is_empty(),
                "nobody got in"
            );
            assert!(!wrong_guest.connected() && !client_connected(bare.world()));
            // Whatever they try to send does not leave their machine.
            assert!(!guest_send(bare.world_mut(), b"Resync".to_vec()));
            assert!(!wrong_guest.send(&ToHost::Resync));
            std::thread::sleep(Duration::from_millis(2));
        }
        let why = wrong_guest
            .failure()
            .expect("the guest gives up with a reason");
        assert!(why.contains("join code is wrong"), "{why}");
        assert!(wrong_guest.core.is_none(), "never welcomed");
        assert!(!client_connected(bare.world()));
        assert_eq!(host.core.refused, 0, "nothing reached the game");
        assert_eq!(
            (checksum(&host.game.state), host.game.journal.clone()),
            before
        );
    }
}

#[test]
fn a_client_without_the_join_code_or_with_a_wrong_one_cannot_connect_or_act() {
    let mut v = NoCode { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

/// Every message `app` received since the last call, decoded.
fn inbox(app: &mut App) -> Vec<ToGuest> {
    guest_inbox(app.world_mut())
        .iter()
        .map(|b| decode::<ToGuest>("the host", b).expect("a message"))
        .collect()
}

struct Stranger {
    done: bool,
}

impl ModuleVisitor for Stranger {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let (mut host, lines) = waiting_host::<R>();
        let before = (checksum(&host.game.state), host.game.journal.clone());
        // A connection that skips its hello while the seat is empty.
        let mut early = raw_client(host.addr, 11);
        pump(&mut host, &mut [&mut early], Duration::from_millis(300));
        assert!(client_connected(early.world()));
        let g = &host.game;
        let cmd = R::pass_command(&g.ctx, &g.state, 1)
            .or_else(|| R::legal_commands(&g.ctx, &g.state, 1).into_iter().next());
        let mut tries = vec![encode(&ToHost::Resync).expect("encodes")];
        if let Some(c) = cmd {
            let command = super::protocol::to_ron(&c).expect("writes");
            tries.push(encode(&ToHost::Command { seq: 0, command }).expect("encodes"));
        }
        for b in &tries {
            assert!(guest_send(early.world_mut(), b.clone()));
        }
        let mut got = Vec::new();
        let t = Instant::now();
        while got.len() < tries.len() && t.elapsed() < Duration::from_secs(5) {
            host.step();
            early.update();
            got.extend(inbox(&mut early));
        }
        assert_eq!(got.len(), tries.len(), "{got:?}");
        assert!(
            got.iter().all(
                |m| matches!(m, ToGuest::Refused { reason } if reason.contains("say hello first"))
            ),
            "{got:?}"
        );
        assert!(!host.has_guest());
        // The guest takes the seat; then the early connection's hello and
        // commands are refused.
        let mut guest = Guest::<R>::join(host.addr, key(), 12, Some(1), None).expect("joins");
        let t = Instant::now();
        while !(host.has_guest() && guest.core.is_some()) && t.elapsed() < Duration::from_secs(5) {
            host.step();
            guest.step();
            early.update();
        }
        assert!(host.has_guest() && guest.core.is_some());
        for b in std::iter::once(encode(&hello(Some(1))).expect("encodes")).chain(tries) {
            assert!(guest_send(early.world_mut(), b));
        }
        let mut got = Vec::new();
        let t = Instant::now();
        while got.len() < 3 && t.elapsed() < Duration::from_secs(5) {
            host.step();
            guest.step();
            early.update();
            got.extend(inbox(&mut early));
        }
        assert!(
            got.iter().all(
                |m| matches!(m, ToGuest::Refused { reason } if reason.contains("the seat is taken"))
            ),
            "{got:?}"
        );
        assert_eq!(
            (checksum(&host.game.state), host.game.journal.clone()),
            before
        );
        // The connection that holds no seat is dropped after the wait.
        let t = Instant::now();
        while client_connected(early.world()) && t.elapsed() < HELLO_WAIT + Duration::from_secs(3) {
            host.step();
            guest.step();
            early.update();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(!client_connected(early.world()), "dropped");
        assert!(host.has_guest() && guest.connected(), "the guest stays");
        let logged = lines.lock().map(|l| l.len()).unwrap_or_default();
        assert_eq!(logged as u64, host.core.refused);
    }
}

#[test]
fn a_stranger_gets_nothing_before_its_hello_and_cannot_take_the_seat_or_act_for_the_guest() {
    let mut v = Stranger { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

struct Idle {
    done: bool,
}

impl ModuleVisitor for Idle {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let (mut host, _) = waiting_host::<R>();
        let mut idle: Vec<App> = (0..MAX_CLIENTS as u64)
            .map(|i| raw_client(host.addr, 100 + i))
            .collect();
        let t = Instant::now();
        while host_clients(host.app.world_mut()).len() < MAX_CLIENTS
            && t.elapsed() < Duration::from_secs(5)
        {
            host.step();
            idle.iter_mut().for_each(App::update);
        }
        assert_eq!(
            host_clients(host.app.world_mut()).len(),
            MAX_CLIENTS,
            "the host is full"
        );
        // The guest keeps trying, as the app does, and gets in once the
        // idle connections are dropped.
        let mut guest = Guest::<R>::join(host.addr, key(), 200, Some(1), None).expect("a socket");
        let t = Instant::now();
        while !(host.has_guest() && guest.core.is_some())
            && t.elapsed() < HELLO_WAIT + Duration::from_secs(TIMEOUT_SECONDS as u64)
        {
            host.step();
            guest.step();
            idle.iter_mut().for_each(App::update);
            if guest.failure().is_some() {
                guest.reconnect().expect("tries again");
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        assert!(
            host.has_guest() && guest.core.is_some(),
            "the guest is seated"
        );
        assert!(host.door.connections() <= MAX_CLIENTS);
    }
}

#[test]
fn idle_connections_filling_the_host_cannot_lock_the_guest_out() {
    let mut v = Idle { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

struct Flood {
    done: bool,
}

impl ModuleVisitor for Flood {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let (mut host, lines) = waiting_host::<R>();
        let mut guest = Guest::<R>::join(host.addr, key(), 300, Some(1), None).expect("joins");
        assert!(run(&mut host, &mut guest, 100_000, |h, g| h.has_guest()
            && g.core.is_some()));
        pump(&mut host, &mut [&mut guest.app], Duration::from_millis(200));
        let _ = inbox(&mut guest.app);
        // 300 resyncs at once.
        let resync = encode(&ToHost::Resync).expect("encodes");
        let asked = resync.len() * 300;
        for _ in 0..300 {
            assert!(guest_send(guest.app.world_mut(), resync.clone()));
        }
        let (mut views, mut refusals, mut bytes, mut view_bytes) = (0, 0, 0, 0);
        let t = Instant::now();
        while t.elapsed() < Duration::from_millis(1500) {
            host.step();
            guest.app.update();
            for b in guest_inbox(guest.app.world_mut()) {
                bytes += b.len();
                match decode::<ToGuest>("the host", &b).expect("a message") {
                    ToGuest::Update(_) => {
                        views += 1;
                        view_bytes = view_bytes.max(b.len());
                    }
                    ToGuest::Refused { .. } => refusals += 1,
                    m => panic!("{m:?}"),
                }
            }
        }
        assert_eq!(views, 1, "one resync answered");
        assert!(
            refusals <= 2 * ANSWERS_PER_SECOND,
            "{refusals} refusals answered"
        );
        assert!(
            bytes <= view_bytes + 4 * asked,
            "{bytes} bytes answered {asked} bytes of requests (one view {view_bytes})"
        );
        assert_eq!(host.core.refused, 299);
        // 30,000 refused messages: counted, never kept.
        let junk = b"Junk(0)".to_vec();
        for _ in 0..60 {
            for _ in 0..500 {
                guest_send(guest.app.world_mut(), junk.clone());
            }
            host.step();
            guest.app.update();
            let _ = guest_inbox(guest.app.world_mut());
        }
        let t = Instant::now();
        while host.core.refused < 30_299 && t.elapsed() < Duration::from_secs(20) {
            host.step();
            guest.app.update();
            let _ = guest_inbox(guest.app.world_mut());
        }
        assert_eq!(host.core.refused, 30_299);
        assert!(host.door.connections() <= MAX_CLIENTS);
        assert!(
            client_connected(guest.app.world()),
            "the guest is still there"
        );
        // Every refusal is logged: one line each, or counted in a summary.
        host.door.log.flush();
        let lines = lines.lock().map(|l| l.clone()).unwrap_or_default();
        let (mut one_by_one, mut summed) = (0u64, 0u64);
        for l in &lines {
            match l
                .split(" more refusals")
                .next()
                .and_then(|h| h.rsplit(' ').next())
            {
                Some(n) if l.contains(" more refusals") => {
                    summed += n.parse::<u64>().expect("a count")
                }
                _ => one_by_one += 1,
            }
        }
        assert_eq!(one_by_one + summed, host.core.refused);
        assert_eq!(host.door.log.total, host.core.refused);
        let secs = t.elapsed().as_secs() + 4;
        assert!(
            one_by_one <= u64::from(LOG_LINES_PER_SECOND) * secs,
            "{one_by_one} lines"
        );
    }
}

#[test]
fn resync_floods_are_rate_limited_and_refusals_are_counted_logged_and_not_kept() {
    let mut v = Flood { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

/// The names of the units in `game` that the guest's side may not see
/// now, each quoted as RON writes it (names a visible unit shares are
/// left out: they say nothing).
fn hidden_names<R: Module>(game: &crate::engine::game::Game<R>, side: u8) -> Vec<String> {
    // The host's side sees its own hidden units.
    let all = R::scene(&game.ctx, &game.state, Some(1 - side)).units;
    let obs = R::observation(&game.ctx, &game.state, side);
    let seen = R::scene(&game.ctx, &obs, Some(side)).units;
    all.iter()
        .filter(|u| !seen.iter().any(|s| s.id == u.id || s.name == u.name))
        .map(|u| format!("\"{}\"", u.name))
        .collect()
}

struct Secrets {
    scenarios: usize,
    /// The scenarios where a hidden unit was looked for in the bytes.
    checked: std::collections::BTreeSet<String>,
}

impl ModuleVisitor for Secrets {
    fn visit<R: Module>(&mut self) {
        for (file, text) in scenarios_of::<R>() {
            for guest_side in 0..2u8 {
                let mut game = new_game::<R>(&file, &text, 21);
                let mut core = HostCore::new(&mut game, guest_side, None);
                let mut seats = [Seat::new(Player::Default, 1), Seat::new(Player::Default, 2)];
                let mut msgs = core.welcome(&game);
                let mut commands = 0;
                loop {
                    let secrets = hidden_names(&game, guest_side);
                    for m in msgs.drain(..) {
                        let bytes = encode(&m).expect("encodes");
                        for s in &secrets {
                            self.checked.insert(file.clone());
                            assert!(
                                !contains(&bytes, s.as_bytes()),
                                "{file}: the guest (side {guest_side}) is sent the hidden {s} at command {commands}"
                            );
                        }
                    }
                    let side = match game.to_act() {
                        ToAct::Side(s) => s,
                        ToAct::Rules => {
                            game.advance();
                            continue;
                        }
                        ToAct::Over => break,
                    };
                    if commands > 20_000 {
                        break;
                    }
                    play_decision(&mut game, side, &mut seats[usize::from(side)]);
                    commands += 1;
                    core.after_command(&mut game);
                    msgs.extend(core.update(&game));
                }
                // At the end the game becomes public: the whole scenario.
                if let Some(ToGuest::Over { scenario, .. }) = core.over(&game) {
                    let whole: R::Scenario =
                        crate::engine::scenario::parse_ron("over", &scenario).expect("parses");
                    assert_eq!(
                        R::describe(&whole).units,
                        R::describe(game.scenario()).units
                    );
                }
                self.scenarios += 1;
            }
        }
    }
}

#[test]
fn no_hidden_unit_crosses_the_wire_before_the_rules_reveal_it_in_any_shipped_scenario() {
    let mut v = Secrets {
        scenarios: 0,
        checked: Default::default(),
    };
    visit_all(&mut v);
    assert_eq!(v.scenarios, 2 * session::shipped_scenarios().len());
    // Every shipped scenario that deploys units hidden was checked.
    let hidden: Vec<String> = session::shipped_scenarios()
        .into_iter()
        .filter_map(|p| session::read(&p).ok())
        .filter(|(_, t)| t.contains("hidden: true"))
        .map(|(f, _)| f)
        .collect();
    assert_eq!(hidden.len(), 4, "{hidden:?}");
    for f in &hidden {
        assert!(
            v.checked.contains(f),
            "{f} was not checked: {:?}",
            v.checked
        );
    }
}
