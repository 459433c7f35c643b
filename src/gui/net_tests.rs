//! Remote play in the app without a window: an app hosting a scenario and
//! an app joining it, on 127.0.0.1, each person's decisions handed to the
//! computer through the panels' own action (*Computer plays this
//! decision*), play the first scenario of every module to its end; the
//! guest's board then holds the whole game, journal for journal the host's.

use bevy::prelude::*;

use crate::conformance::scenarios_of;
use crate::engine::core::{Module, ToAct};
use crate::rules::{ModuleVisitor, visit_all};

use super::install_text;
use super::net::NetStatus;
use super::play::{ActiveGame, ViewModel};
use super::state::UiAction;

fn net_headless_app() -> App {
    let mut app = super::headless_app();
    crate::net::transport::add_transport(&mut app);
    app.finish();
    app.cleanup();
    app
}

struct Both {
    games: u32,
}

impl ModuleVisitor for Both {
    fn visit<R: Module>(&mut self) {
        let Some((file, text)) = scenarios_of::<R>().into_iter().next() else {
            return;
        };
        let mut host = net_headless_app();
        install_text(host.world_mut(), &file, &text, Some(17), None).expect("installs");
        // Port 0 is not offered in the app; a free port is found here.
        let port = std::net::UdpSocket::bind("127.0.0.1:0")
            .and_then(|s| s.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        super::net::start_hosting(host.world_mut(), port, 0).expect("hosts");
        let mut guest = net_headless_app();
        let code = host
            .world()
            .resource::<super::net::NetHostLink>()
            .code
            .clone();
        super::net::start_joining(guest.world_mut(), ([127, 0, 0, 1], port).into(), &code)
            .expect("joins");
        let mut frames = 0;
        let done = loop {
            frames += 1;
            if frames > 200_000 {
                break false;
            }
            host.update();
            guest.update();
            let h = &host.world().resource::<ActiveGame<R>>().0;
            if h.to_act() == ToAct::Side(0) {
                host.world_mut().write_message(UiAction::Computer);
                host.world_mut().write_message(UiAction::Pass);
            }
            if super::net::guest_decides::<R>(guest.world()) {
                guest.world_mut().write_message(UiAction::Computer);
            }
            let over = host.world().resource::<ActiveGame<R>>().0.to_act() == ToAct::Over;
            let g = guest.world().get_resource::<ActiveGame<R>>();
            if over
                && g.is_some_and(|g| {
                    g.0.journal == host.world().resource::<ActiveGame<R>>().0.journal
                })
            {
                break true;
            }
            if frames % 64 == 0 {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
        };
        let hj = &host.world().resource::<ActiveGame<R>>().0;
        assert!(
            done,
            "{file}: host at {} commands ({}), guest status \"{}\"",
            hj.journal.entries.len(),
            hj.phase_name(),
            guest.world().resource::<NetStatus>().line
        );
        // The guest's app shows its side's view, and the result.
        let vm = guest.world().resource::<ViewModel>();
        assert_eq!(vm.viewer, Some(1), "{file}");
        assert!(vm.outcome.is_some(), "{file}");
        assert!(
            guest
                .world()
                .resource::<NetStatus>()
                .line
                .contains("journal is replayed"),
            "{file}"
        );
        self.games += 1;
    }
}

#[test]
fn an_app_hosts_and_an_app_joins_and_they_play_a_game_of_every_module_to_its_end() {
    let mut v = Both { games: 0 };
    visit_all(&mut v);
    assert_eq!(v.games, 5);
}
