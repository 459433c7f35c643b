//! Remote play on 127.0.0.1: a real host and a real guest (two apps, two
//! UDP sockets) play a whole game of every shipped scenario, computer vs
//! computer; a guest drops and comes back; a host crashes and resumes from
//! its autosave; and a hostile client's messages are refused and change
//! nothing.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;

use std::sync::{Arc, Mutex, OnceLock};

use super::guest::hello;
use super::join_code::{JoinCode, JoinKey};
use super::peer::{Door, Guest, Host, Listen, RefusalLog};
use super::protocol::{MAX_PACKET_BYTES, ToHost, encode, to_ron};
use super::transport::guest_send;
use crate::conformance::scenarios_of;
use crate::engine::core::{Module, ToAct, checksum};
use crate::engine::game::Game;
use crate::engine::seats::{Level, Player};
use crate::opponent::driver::Seat;
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

pub(super) fn any_port() -> SocketAddr {
    (Ipv4Addr::LOCALHOST, 0).into()
}

/// The key of the tests' join code (derived once).
pub(super) fn key() -> &'static JoinKey {
    static KEY: OnceLock<JoinKey> = OnceLock::new();
    KEY.get_or_init(|| {
        JoinCode::parse("TESTS-0CODE")
            .and_then(|c| c.key())
            .expect("a key")
    })
}

/// Listening on `bind` with the tests' join code.
pub(super) fn listen(bind: SocketAddr) -> Listen<'static> {
    Listen {
        bind,
        public: &[],
        key: key(),
    }
}

/// A doorman whose log lines are kept in the returned list.
pub(super) fn logged_door() -> (Door, Arc<Mutex<Vec<String>>>) {
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&lines);
    let door = Door::with_log(RefusalLog::to(Box::new(move |l: &str| {
        if let Ok(mut v) = sink.lock() {
            v.push(l.to_string());
        }
    })));
    (door, lines)
}

/// Steps both ends until `done` holds; at most `frames` frames.
pub(super) fn run<R: Module>(
    host: &mut Host<R>,
    guest: &mut Guest<R>,
    frames: u32,
    mut done: impl FnMut(&Host<R>, &Guest<R>) -> bool,
) -> bool {
    for i in 0..frames {
        host.step();
        guest.step();
        if done(host, guest) {
            return true;
        }
        if i % 64 == 63 {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }
    false
}

/// The guest's checked journal and the host's, as RON text.
fn journals<R: Module>(host: &Host<R>, guest: &Guest<R>) -> (String, String) {
    let h = to_ron(&host.game.journal).expect("writes");
    let g = guest
        .core
        .as_ref()
        .and_then(|c| c.journal())
        .map(|j| to_ron(j).expect("writes"))
        .unwrap_or_default();
    (h, g)
}

/// Whether `R` plays the built-in default scenario.
pub(super) fn default_module<R: Module>() -> bool {
    session::read_header(session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO)
        .is_ok_and(|h| h.ruleset == R::RULESET)
}

pub(super) fn new_game<R: Module>(file: &str, text: &str, seed: u64) -> Game<R> {
    session::open_text::<R>(file, text, false, Some(seed), &[]).expect("opens")
}

struct Loopback {
    games: u32,
}

impl ModuleVisitor for Loopback {
    fn visit<R: Module>(&mut self) {
        for (i, (file, text)) in scenarios_of::<R>().into_iter().enumerate() {
            // The host plays side 0 with the scripted play; the guest side
            // 1, with the computer opponent (easy) on the first scenario of
            // each module and the scripted play on the others.
            let guest_player = if i == 0 {
                Player::Computer(Level::Easy)
            } else {
                Player::Default
            };
            let game = new_game::<R>(&file, &text, 40 + i as u64);
            let mut host = Host::start(
                game,
                1,
                Some(Seat::new(Player::Default, 1)),
                &listen(any_port()),
                None,
            )
            .expect("hosts");
            let mut guest = Guest::<R>::join(
                host.addr,
                key(),
                7,
                Some(1),
                Some(Seat::new(guest_player, 2)),
            )
            .expect("joins");
            let over = run(&mut host, &mut guest, 400_000, |h, g| {
                h.game.to_act() == ToAct::Over && g.finished()
            });
            let g = guest.core.as_ref().expect("welcomed");
            assert!(
                over,
                "{file}: not over (host at {} commands, {}; guest errors {:?}, refusals {:?})",
                host.game.journal.entries.len(),
                host.game.phase_name(),
                guest.errors,
                g.refusals
            );
            let (h, j) = journals(&host, &guest);
            assert_eq!(h, j, "{file}: the two journals are byte-identical");
            assert!(guest.errors.is_empty(), "{file}: {:?}", guest.errors);
            assert_eq!(g.mismatches, 0, "{file}");
            assert_eq!(host.core.refused, 0, "{file}: {:?}", host.core.last_refusal);
            // The guest played: some of the journal's commands are its own.
            let mut replay = Game::<R>::with_ctx(
                std::sync::Arc::clone(&host.game.ctx),
                host.game.journal.seed,
                Vec::new(),
            );
            let mut by_guest = 0;
            for e in &host.game.journal.entries {
                if replay.to_act() == ToAct::Side(1) {
                    by_guest += 1;
                }
                replay.apply(&e.command).expect("replays");
            }
            assert!(by_guest > 0, "{file}: the guest made no command");
            self.games += 1;
        }
    }
}

#[test]
fn a_real_host_and_guest_play_a_whole_game_of_every_shipped_scenario_over_loopback() {
    let mut v = Loopback { games: 0 };
    visit_all(&mut v);
    assert_eq!(v.games as usize, crate::session::shipped_scenarios().len());
}

/// Runs on the default scenario's module only.
struct Faults {
    done: bool,
}

impl ModuleVisitor for Faults {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let (file, text) = (session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO);
        let dir = std::env::temp_dir().join(format!("kassen-net-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let autosave = dir.join("autosave.ron");
        let mut host = Host::start(
            new_game::<R>(file, text, 9),
            1,
            Some(Seat::new(Player::Default, 1)),
            &listen(any_port()),
            Some(autosave.clone()),
        )
        .expect("hosts");
        let addr = host.addr;
        let mut guest =
            Guest::<R>::join(addr, key(), 1, Some(1), Some(Seat::new(Player::Default, 2)))
                .expect("joins");
        // Mid-game, the guest's connection drops.
        assert!(run(&mut host, &mut guest, 100_000, |h, _| {
            h.game.journal.entries.len() >= 12
        }));
        guest.drop_connection();
        assert!(
            run(&mut host, &mut guest, 100_000, |h, _| !h.has_guest()),
            "the host sees the guest leave"
        );
        let at_drop = host.game.journal.entries.len();
        // It comes back and goes on from the host's state.
        guest.reconnect().expect("reconnects");
        assert!(run(&mut host, &mut guest, 100_000, |h, g| {
            h.has_guest() && g.core.as_ref().is_some_and(|c| c.seq as usize >= at_drop)
        }));
        assert!(run(&mut host, &mut guest, 200_000, |h, _| {
            h.game.journal.entries.len() >= at_drop + 12
        }));
        // The host crashes: its app and game are gone, its autosave stays.
        let crashed_at = host.game.journal.entries.len();
        drop(host);
        let (f, t) = session::read(&autosave).expect("the autosave is there");
        let resumed = Game::<R>::load_save(&f, &t).expect("the autosave loads");
        assert!(resumed.journal.entries.len() <= crashed_at);
        let mut host = Host::start(
            resumed,
            1,
            Some(Seat::new(Player::Default, 1)),
            &listen(addr),
            Some(autosave.clone()),
        )
        .expect("hosts again on the same port");
        guest.reconnect().expect("reconnects");
        let over = run(&mut host, &mut guest, 400_000, |h, g| {
            h.game.to_act() == ToAct::Over && g.finished()
        });
        assert!(over, "the resumed game ends: {:?}", guest.errors);
        let (h, j) = journals(&host, &guest);
        assert_eq!(h, j, "the journals are byte-identical");
        assert!(guest.errors.is_empty(), "{:?}", guest.errors);
        let _ = std::fs::remove_dir_all(Path::new(&dir));
    }
}

#[test]
fn a_guest_that_drops_reconnects_and_a_crashed_host_resumes_from_its_autosave() {
    let mut v = Faults { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

struct Hostile {
    done: bool,
}

impl ModuleVisitor for Hostile {
    fn visit<R: Module>(&mut self) {
        if !default_module::<R>() || std::mem::replace(&mut self.done, true) {
            return;
        }
        let game = new_game::<R>(session::DEFAULT_SCENARIO_PATH, session::DEFAULT_SCENARIO, 3);
        // Nobody plays the host's side: the game waits on side 0.
        let mut host = Host::start(game, 1, None, &listen(any_port()), None).expect("hosts");
        let (door, lines) = logged_door();
        host.door = door;
        assert_eq!(host.game.to_act(), ToAct::Side(0));
        let mut guest = Guest::<R>::join(host.addr, key(), 1, Some(1), None).expect("joins");
        assert!(run(&mut host, &mut guest, 100_000, |h, g| {
            h.has_guest() && g.core.is_some()
        }));
        let mut intruder = Guest::<R>::join(host.addr, key(), 2, Some(0), None).expect("connects");
        let before = (checksum(&host.game.state), host.game.journal.clone());
        let seq = host.game.journal.entries.len() as u64;
        let g = &host.game;
        // A real command of side 0, which the guest does not play.
        let side0 = R::default_commands(&g.ctx, &g.state, 0)
            .into_iter()
            .next()
            .or_else(|| R::pass_command(&g.ctx, &g.state, 0))
            .expect("side 0 has a command");
        let side0 = to_ron(&side0).expect("writes");
        let hostile: Vec<(&str, Vec<u8>)> = vec![
            ("garbage bytes", vec![0xff, 0x00, 0x13, 0x37, 0xfe]),
            ("oversized", vec![b'('; MAX_PACKET_BYTES + 1]),
            (
                "not a message",
                b"Command(seq: 0, command: 5, extra: [])".to_vec(),
            ),
            ("deep nesting", "[".repeat(100_000).into_bytes()),
            ("wrong side", encode(&hello(Some(0))).expect("encodes")),
            (
                "out of turn",
                encode(&ToHost::Command {
                    seq,
                    command: side0.clone(),
                })
                .expect("encodes"),
            ),
            (
                "stale",
                encode(&ToHost::Command {
                    seq: seq + 5,
                    command: side0,
                })
                .expect("encodes"),
            ),
            (
                "a command that is not one",
                encode(&ToHost::Command {
                    seq,
                    command: "Launch(missiles: 99)".into(),
                })
                .expect("encodes"),
            ),
        ];
        let n = hostile.len();
        for (what, bytes) in hostile {
            assert!(guest_send(guest.app.world_mut(), bytes), "{what}: sent");
        }
        assert!(
            run(&mut host, &mut guest, 200_000, |h, g| {
                h.core.refused >= n as u64 && g.core.as_ref().is_some_and(|c| c.refusals.len() >= n)
            }),
            "refusals: {:?}",
            lines.lock().map(|l| l.clone())
        );
        // The intruder asks for the seat that is taken, then sends garbage.
        assert!(run(&mut host, &mut intruder, 100_000, |_, i| i.connected()));
        assert!(guest_send(intruder.app.world_mut(), vec![0x00; 64]));
        assert!(run(&mut host, &mut intruder, 100_000, |h, _| h
            .core
            .refused
            >= n as u64 + 2));
        // Every refusal is logged, one line each.
        let r = lines.lock().map(|l| l.clone()).unwrap_or_default();
        assert_eq!(r.len() as u64, host.core.refused, "{r:?}");
        let has = |s: &str| r.iter().any(|x| x.contains(s));
        assert!(has("UTF-8"), "{r:?}");
        assert!(has("bound"), "{r:?}");
        assert!(has("the guest's message:1:"), "{r:?}");
        assert!(has("asked for side 0"), "{r:?}");
        assert!(has("out of turn"), "{r:?}");
        assert!(has("stale"), "{r:?}");
        assert!(has("the guest's command:1:"), "{r:?}");
        assert!(has("the seat is taken"), "{r:?}");
        // Nothing changed, and the guest is still seated and connected.
        assert_eq!(checksum(&host.game.state), before.0);
        assert_eq!(host.game.journal, before.1);
        assert!(host.has_guest() && guest.connected());
    }
}

#[test]
fn a_hostile_clients_messages_are_refused_logged_and_change_nothing() {
    let mut v = Hostile { done: false };
    visit_all(&mut v);
    assert!(v.done);
}

struct Cores {
    done: bool,
}

impl ModuleVisitor for Cores {
    fn visit<R: Module>(&mut self) {
        use super::guest::GuestCore;
        use super::host::HostCore;
        use super::protocol::ToGuest;
        if std::mem::replace(&mut self.done, true) {
            return;
        }
        let (file, text) = scenarios_of::<R>().into_iter().next().expect("scenario");
        let mut game = new_game::<R>(&file, &text, 5);
        let mut host = HostCore::new(&mut game, 1, None);
        let welcome = host.welcome(&game);
        let Some(ToGuest::Welcome { scenario, side, .. }) = welcome.first() else {
            panic!("a welcome first: {welcome:?}");
        };
        let mut guest = GuestCore::<R>::from_welcome(scenario, *side).expect("a guest");
        for m in welcome.clone() {
            assert_eq!(guest.take(m), Ok(Vec::new()));
        }
        // A view that does not match its checksum is reported, not taken,
        // and asked for again; the host's answer repairs it.
        let Some(ToGuest::Update(mut u)) = host.update(&game) else {
            panic!("an update");
        };
        let seen = guest.view.clone();
        u.checksum ^= 1;
        assert_eq!(guest.take(ToGuest::Update(u)), Ok(vec![ToHost::Resync]));
        assert_eq!(guest.mismatches, 1);
        assert_eq!(guest.view, seen, "the bad view is not taken");
        let again = host.receive(&mut game, &encode(&ToHost::Resync).expect("encodes"));
        let Some(ToGuest::Update(u)) = again.first().cloned() else {
            panic!("the view again: {again:?}");
        };
        assert!(u.whole_log);
        assert_eq!(guest.take(ToGuest::Update(u)), Ok(Vec::new()));
        assert_eq!(guest.view, R::observation(&game.ctx, &game.state, 1));
        // The host plays the game out; a journal that is not the game's is
        // refused at the end, the true one is kept.
        let mut seats = [Seat::new(Player::Default, 1), Seat::new(Player::Default, 2)];
        crate::opponent::driver::play_out(&mut game, &mut seats, 100_000);
        let Some(ToGuest::Over { scenario, journal }) = host.over(&game) else {
            panic!("over");
        };
        let mut forged = game.journal.clone();
        if let Some(e) = forged.entries.last_mut() {
            e.checksum ^= 1;
        }
        let forged = to_ron(&forged).expect("writes");
        let e = guest
            .take(ToGuest::Over {
                scenario: scenario.clone(),
                journal: forged,
            })
            .expect_err("refused");
        assert!(e.contains("diverges"), "{e}");
        assert!(guest.journal().is_none());
        assert_eq!(
            guest.take(ToGuest::Over { scenario, journal }),
            Ok(Vec::new())
        );
        assert_eq!(guest.journal(), Some(&game.journal));
    }
}

#[test]
fn a_view_that_fails_its_checksum_is_asked_for_again_and_a_forged_journal_is_refused() {
    let mut v = Cores { done: false };
    visit_all(&mut v);
    assert!(v.done);
}
