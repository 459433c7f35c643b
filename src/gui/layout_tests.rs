//! The panels as egui lays them out, without a window: the app's game
//! state on Bevy's minimal plugins, an egui context of its own, and the
//! panels' real system run for a frame of a given size and UI scale.

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiUserTextures, PrimaryEguiContext, egui};

use crate::engine::core::{Module, ToAct};
use crate::engine::seats::{Player, Seats};
use crate::engine::view::{Needs, Pick};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

use super::computer::ComputerPace;
use super::decisions::CONFIRM_RECT;
use super::dock::{Dock, DockPage};
use super::keyboard::ShortcutsOpen;
use super::legend::LegendOpen;
use super::net::NetStatus;
use super::panels;
use super::play::{ActiveGame, ViewModel};
use super::state::{BoardArea, BriefingOpen, PassCover, RulesOpen, Selection};
use super::table_view::{TableInput, TableScene};
use super::windows::{ClosedTables, FilesWindow};
use super::{headless_app, install_text};

/// The window sizes (pixels) and UI scales every decision is laid out at.
const SCREENS: [(f32, f32, f32); 2] = [(1280.0, 720.0, 1.0), (1280.0, 720.0, 1.5)];

/// The headless app with what the panels read, and an egui context.
fn layout_app() -> App {
    let mut app = headless_app();
    app.init_resource::<TableScene>()
        .init_resource::<TableInput>()
        .init_resource::<RulesOpen>()
        .init_resource::<BoardArea>()
        .init_resource::<PassCover>()
        .init_resource::<FilesWindow>()
        .init_resource::<ClosedTables>()
        .init_resource::<ComputerPace>()
        .init_resource::<NetStatus>()
        .init_resource::<panels::DismissedOutcome>()
        .insert_resource(BriefingOpen(false))
        .insert_resource(EguiUserTextures::default());
    app.world_mut().spawn(PrimaryEguiContext);
    app
}

/// Lays the panels out for a `w`×`h` pixel window at UI scale `zoom`.
/// Returns the window in points, and the Confirm button's rectangle with
/// the clip rectangle of its panel, if drawn.
fn lay_out(
    app: &mut App,
    (w, h, zoom): (f32, f32, f32),
) -> (egui::Rect, Option<(egui::Rect, egui::Rect)>) {
    let world = app.world_mut();
    let ctx = {
        let mut q = world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
        match q.single_mut(world) {
            Ok(mut c) => c.get_mut().clone(),
            Err(e) => panic!("no egui context: {e}"),
        }
    };
    ctx.set_zoom_factor(zoom);
    let key = egui::Id::new(CONFIRM_RECT);
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            // In points, as bevy_egui gives it: pixels over the scale.
            egui::vec2(w / zoom, h / zoom),
        )),
        ..Default::default()
    };
    // Three passes: panels settle their sizes on the first ones.
    for _ in 0..3 {
        ctx.data_mut(|d| d.remove::<(egui::Rect, egui::Rect)>(key));
        ctx.begin_pass(input.clone());
        let ran: Result<Result<(), BevyError>, _> = world.run_system_once(panels::ui);
        match ran {
            Ok(Ok(())) => {}
            Ok(Err(e)) => panic!("the panels failed: {e}"),
            Err(e) => panic!("the panels did not run: {e}"),
        }
        // Nothing is painted: the font atlas's upload is dropped.
        ctx.end_pass().textures_delta.clear();
    }
    let seen = ctx.data(|d| d.get_temp::<(egui::Rect, egui::Rect)>(key));
    (ctx.viewport_rect(), seen)
}

/// Arms, for the side deciding, the first choice of one of its units that
/// waits for a target or a hex (so Confirm is drawn), with its first
/// listed target picked. `false` when no unit has one.
fn arm_a_pick<R: Module>(world: &mut World, side: u8) -> bool {
    let g = &world.resource::<ActiveGame<R>>().0;
    let scene = R::scene(&g.ctx, &R::observation(&g.ctx, &g.state, side), Some(side));
    let armed = scene.units.iter().filter(|u| u.side == side).find_map(|u| {
        R::choices(&g.ctx, &g.state, side, u.id)
            .into_iter()
            .find(|c| matches!(c.needs, Needs::Target | Needs::Hex))
            .map(|c| (u.id, c))
    });
    let target = scene.units.iter().find(|u| u.side != side).map(|u| u.id);
    let Some((unit, choice)) = armed else {
        return false;
    };
    let mut sel = world.resource_mut::<Selection>();
    sel.selected = Some(unit);
    sel.pick = Pick {
        unit,
        target: target.filter(|_| choice.needs == Needs::Target),
        ..Pick::default()
    };
    sel.armed = Some(choice);
    true
}

/// For every shipped scenario of every module, a hot-seat game of varied
/// legal commands: at each decision (up to a cap) where a unit's choice
/// waits for a target or a hex, that choice is armed and the panels laid
/// out at 1280×720 at 100% and 150% UI scale; the Confirm button is
/// drawn and lies inside the window and inside the part of its panel on
/// view (not scrolled away, not under another panel).
#[test]
fn confirm_is_in_view_at_every_decision() {
    struct V(Vec<String>);
    impl ModuleVisitor for V {
        fn visit<R: Module>(&mut self) {
            let mut checked = 0usize;
            for (file, text) in session::scenarios_of::<R>() {
                let mut app = layout_app();
                let seats = Seats {
                    players: [Player::Human, Player::Human],
                    ai_seed: 1,
                };
                install_text(app.world_mut(), &file, &text, Some(13), Some(seats))
                    .expect("installs");
                for i in 0..40usize {
                    app.update();
                    let to_act = app.world().resource::<ActiveGame<R>>().0.to_act();
                    let ToAct::Side(side) = to_act else { break };
                    if arm_a_pick::<R>(app.world_mut(), side) {
                        app.update();
                        assert!(app.world().resource::<ViewModel>().actor.is_some());
                        for screen in SCREENS {
                            let (window, confirm) = lay_out(&mut app, screen);
                            let (confirm, clip) = confirm.unwrap_or_else(|| {
                                panic!("{file}, decision {i}, {screen:?}: no Confirm drawn")
                            });
                            assert!(
                                window.contains_rect(confirm) && clip.contains_rect(confirm),
                                "{file}, decision {i}, {screen:?}: Confirm at {confirm:?} \
                                 outside the window {window:?} or its panel's view {clip:?}"
                            );
                        }
                        checked += 1;
                    }
                    let world = app.world_mut();
                    *world.resource_mut::<Selection>() = Selection::default();
                    let mut game = world.resource_mut::<ActiveGame<R>>();
                    let g = &mut game.0;
                    let legal = R::legal_commands(&g.ctx, &g.state, side);
                    let Some(cmd) = legal.get((i * 7919) % legal.len().max(1)).cloned() else {
                        break;
                    };
                    if g.apply(&cmd).is_err() {
                        break;
                    }
                    g.advance();
                }
            }
            assert!(checked > 0, "{}: no decision with a Confirm", R::RULESET);
            self.0.push(format!("{}: {checked} decisions", R::RULESET));
        }
    }
    let mut v = V(Vec::new());
    visit_all(&mut v);
    eprintln!("{}", v.0.join("; "));
    assert_eq!(v.0.len(), crate::rules::rulesets().len());
}

/// The dock (the Legend, the shortcuts, a rules table) lies in the unit
/// card's column: opening its pages leaves the board the same area, on
/// the first scenario of every module, at 1280×720 at 100% and 150%.
#[test]
fn the_dock_leaves_the_board_its_area() {
    struct V(usize);
    impl ModuleVisitor for V {
        fn visit<R: Module>(&mut self) {
            let Some((file, text)) = session::scenarios_of::<R>().into_iter().next() else {
                panic!("{}: no scenario", R::RULESET);
            };
            let mut app = layout_app();
            app.init_resource::<Dock>()
                .init_resource::<LegendOpen>()
                .init_resource::<ShortcutsOpen>();
            install_text(app.world_mut(), &file, &text, Some(13), None).expect("installs");
            app.update();
            for screen in SCREENS {
                let world = app.world_mut();
                world.resource_mut::<LegendOpen>().0 = false;
                world.resource_mut::<ShortcutsOpen>().0 = false;
                lay_out(&mut app, screen);
                let bare = app.world().resource::<BoardArea>().0;
                assert_eq!(app.world().resource::<Dock>().page, None, "{file}");
                let world = app.world_mut();
                world.resource_mut::<LegendOpen>().0 = true;
                lay_out(&mut app, screen);
                app.world_mut().resource_mut::<ShortcutsOpen>().0 = true;
                lay_out(&mut app, screen);
                let docked = app.world().resource::<BoardArea>().0;
                assert!(bare.is_some(), "{file}: no board area");
                assert_eq!(bare, docked, "{file}, {screen:?}: the dock took board room");
                // The last page opened is the one shown.
                assert_eq!(
                    app.world().resource::<Dock>().page,
                    Some(DockPage::Keys),
                    "{file}"
                );
            }
            self.0 += 1;
        }
    }
    let mut v = V(0);
    visit_all(&mut v);
    assert_eq!(v.0, crate::rules::rulesets().len());
}

/// The briefing window of every shipped scenario fits the window at
/// 1280×720 at 100% and 150% UI scale: its close button and *To the
/// battle* stay on the screen however long the briefing (a long one
/// scrolls inside the window).
#[test]
fn every_briefing_window_fits_the_screen() {
    struct V(usize);
    impl ModuleVisitor for V {
        fn visit<R: Module>(&mut self) {
            for (file, text) in session::scenarios_of::<R>() {
                let mut app = layout_app();
                install_text(app.world_mut(), &file, &text, Some(13), None).expect("installs");
                app.update();
                for screen in SCREENS {
                    app.world_mut().resource_mut::<BriefingOpen>().0 = true;
                    let (window, _) = lay_out(&mut app, screen);
                    let world = app.world_mut();
                    let mut q =
                        world.query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>();
                    let ctx = match q.single_mut(world) {
                        Ok(mut c) => c.get_mut().clone(),
                        Err(e) => panic!("no egui context: {e}"),
                    };
                    let rect = ctx.memory(|m| m.area_rect(egui::Id::new("briefing window")));
                    let rect = rect.unwrap_or_else(|| panic!("{file}: no briefing window"));
                    assert!(
                        window.contains_rect(rect),
                        "{file}, {screen:?}: the briefing window {rect:?} leaves the screen {window:?}"
                    );
                    self.0 += 1;
                }
            }
        }
    }
    let mut v = V(0);
    visit_all(&mut v);
    assert!(v.0 >= 2 * crate::rules::rulesets().len());
}
