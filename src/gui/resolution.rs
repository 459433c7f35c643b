//! Resolution you can follow: the rules' automatic steps (Samurai Battles'
//! Execution steps, a Morale Phase, RAN's Recovery, an end of turn) are
//! taken one at a time, and each step's log entries are shown in turn. An
//! entry's units keep their place on the board until the entry comes up;
//! then their counters glide to where the step left them, the dice tray
//! rolls the entry's dice, and the entry joins the log.
//!
//! The game itself is never held back by more than the step on show: each
//! step is a journalled command ([`Game::step`]), so a save or an undo
//! between steps is as good as anywhere. The board is the module's own
//! view before the step and after it, mixed per unit, so nothing of a rule
//! is copied here.
//!
//! The pace follows the *Motion* setting; *Reduced motion* (and a game
//! with no settings, as in the headless tests) takes every step at once and
//! leaves the turn summary to tell what happened. Hot-seat play and remote
//! play take them at once too: between two players at one screen there is
//! no one side whose eyes the board could show while the rules act.

use std::time::Instant;

use bevy::ecs::change_detection::Tick;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui::{self, RichText};

use crate::engine::core::{Module, ToAct};
use crate::engine::log::LogEntry;
use crate::engine::view::UnitView;
use crate::rules::{ModuleVisitor, visit_all};
use crate::t;

use super::net::NetStatus;
use super::play::{
    ActiveGame, AppAutosave, ViewModel, autosave_if_entered, mirror_units, show_autosave_failure,
};
use super::sets::{AppSystems, applied_here, people_play};
use super::settings::{Motion, Settings};
use super::state::GameInstalled;
use super::widgets::shown;

/// Seconds an entry with dice stays the newest on show under `motion`
/// before the next comes up (the dice tray's tumble and a moment to read);
/// an entry naming units without dice, a little less; any other, a glance.
/// 0 under reduced motion.
pub fn beat_seconds(motion: Motion, entry: &LogEntry) -> f32 {
    let base = match motion {
        Motion::Normal => 1.2,
        Motion::Fast => 0.45,
        Motion::Reduced => return 0.0,
    };
    if !entry.dice.is_empty() {
        base
    } else if !entry.units.is_empty() {
        base * 0.6
    } else {
        base * 0.25
    }
}

/// The units the board shows while the entries `pending` (those not yet
/// shown) of a step wait: a unit named in one of them as it was `before`
/// the step (or not at all, if it only appears with the step); every other
/// unit as it is `after` the step. In the order of `after`, then the
/// units the step took away that are still waiting to go.
pub fn staged_units(
    before: &[UnitView],
    after: &[UnitView],
    pending: &[LogEntry],
) -> Vec<UnitView> {
    let waits = |id: u32| pending.iter().any(|e| e.units.contains(&id));
    let mut out: Vec<UnitView> = after
        .iter()
        .filter_map(|u| {
            if waits(u.id) {
                before.iter().find(|b| b.id == u.id).cloned()
            } else {
                Some(u.clone())
            }
        })
        .collect();
    out.extend(
        before
            .iter()
            .filter(|b| waits(b.id) && !after.iter().any(|a| a.id == b.id))
            .cloned(),
    );
    out
}

/// One change's entries on show.
#[derive(Clone, Debug)]
struct Staging {
    /// The units as the board drew them before the change.
    before: Vec<UnitView>,
    /// The units and log after the change.
    after: Vec<UnitView>,
    log: Vec<LogEntry>,
    /// Entries of `log` the board showed before the change.
    log_before: usize,
    /// Entries of the change shown so far.
    shown: usize,
    /// The game's turn and phase after the change.
    turn: u32,
    phase: String,
}

impl Staging {
    fn pending(&self) -> &[LogEntry] {
        self.log.get(self.log_before + self.shown..).unwrap_or(&[])
    }

    fn waiting(&self) -> usize {
        self.pending().len()
    }
}

/// What the board showed at the end of the last frame's view.
#[derive(Clone, Debug, Default)]
struct Board {
    /// The view's generation and viewer.
    generation: u64,
    viewer: Option<u8>,
    units: Vec<UnitView>,
    log: usize,
    /// The view model's change tick after the board was last set.
    tick: Option<Tick>,
    /// The staging's `shown` last put on the board.
    drawn: usize,
}

/// Where the show is, and the player's hand on it.
#[derive(Resource, Debug, Default)]
pub struct Resolution {
    /// The player paused the show: no entry or step comes up until it is
    /// resumed or stepped.
    pub paused: bool,
    /// One more entry (or step) asked for while paused.
    pub step: bool,
    /// Show the rest at once.
    pub skip: bool,
    /// The phase the entries on show belong to, in the game's words.
    pub phase: String,
    /// The entry last shown, if any.
    pub latest: Option<LogEntry>,
    /// When the last entry or step came up.
    last: Option<Instant>,
    /// How long the last one stays up (s).
    hold: f32,
    /// A rules' step was taken this frame and is not yet on the board.
    taken: bool,
    staging: Option<Staging>,
    /// The board as last drawn (`None`: nothing yet of this game).
    board: Option<Board>,
}

impl Resolution {
    /// A show is on: entries wait, or a step was just taken.
    pub fn busy(&self) -> bool {
        self.taken || self.waiting() > 0
    }

    /// Entries on show still waiting.
    pub fn waiting(&self) -> usize {
        self.staging.as_ref().map_or(0, Staging::waiting)
    }

    /// Whether the next entry or step may come up now.
    fn due(&mut self) -> bool {
        if self.skip || std::mem::take(&mut self.step) {
            return true;
        }
        !self.paused
            && self
                .last
                .is_none_or(|t| t.elapsed().as_secs_f32() >= self.hold)
    }

    /// Brings up the next entry (all of them on a skip).
    fn reveal(&mut self, motion: Motion) {
        let skip = self.skip;
        let next = self.staging.as_mut().and_then(|s| {
            let next = s.pending().first().cloned();
            s.shown = if skip {
                s.log.len() - s.log_before
            } else {
                s.shown + 1
            };
            next
        });
        if let Some(e) = &next {
            self.phase.clone_from(&e.phase);
        }
        self.hold = next.as_ref().map_or(0.0, |e| beat_seconds(motion, e));
        self.latest = next;
        self.last = Some(Instant::now());
    }
}

/// Whether changes are shown one entry at a time here: a *Motion*
/// setting other than reduced, and one side's eyes (solo play) or the
/// open view (the computer on both sides); not hot-seat, not remote play.
fn paced<R: Module>(world: &World) -> Option<Motion> {
    let motion = world.get_resource::<Settings>()?.motion;
    let g = &world.get_resource::<ActiveGame<R>>()?.0;
    let live = world.get_resource::<NetStatus>().is_some_and(|n| n.live);
    (motion != Motion::Reduced && !live && !g.seats.hot_seat()).then_some(motion)
}

/// Takes the rules' automatic steps: all at once when not [`paced`], else
/// one when the entries on show have all come up and its time is due; and
/// brings the next entry up when due. Autosaves when a phase was entered.
pub fn resolve<R: Module>(world: &mut World) {
    let Some(g) = world.get_resource::<ActiveGame<R>>() else {
        return;
    };
    let rules_act = g.0.to_act() == ToAct::Rules;
    let autosave = world.resource::<AppAutosave>().0.clone();
    let motion = paced::<R>(world);
    let mut res = world.resource_mut::<Resolution>();
    let all_at_once = motion.is_none() || (res.skip && res.waiting() == 0);
    if res.waiting() > 0 {
        if motion.is_none() {
            // Reduced motion chosen, or remote play begun, mid-show.
            res.skip = true;
        }
        if res.due() {
            res.reveal(motion.unwrap_or(Motion::Reduced));
        }
        if !res.paused {
            world.write_message(RequestRedraw);
        }
        return;
    }
    if !rules_act {
        res.skip = false;
        return;
    }
    if all_at_once {
        res.skip = false;
        let failed = world.get_resource_mut::<ActiveGame<R>>().and_then(|mut g| {
            let before = g.0.phase_name();
            g.0.advance();
            autosave_if_entered(&g.0, &before, autosave.as_deref())
        });
        show_autosave_failure(world, failed);
        return;
    }
    if !res.due() {
        if !res.paused {
            world.write_message(RequestRedraw);
        }
        return;
    }
    let Some(mut g) = world.get_resource_mut::<ActiveGame<R>>() else {
        return;
    };
    let before = g.0.phase_name();
    let stepped = g.0.step();
    let failed = autosave_if_entered(&g.0, &before, autosave.as_deref());
    show_autosave_failure(world, failed);
    let mut res = world.resource_mut::<Resolution>();
    res.phase = before;
    res.taken = stepped;
    res.last = Some(Instant::now());
    res.hold = match motion {
        Some(Motion::Normal) => 0.3,
        _ => 0.1,
    };
    world.write_message(RequestRedraw);
}

/// After the view model was rebuilt, puts the show on the board: a change
/// of the game (a rules' step, a command) that brought new log entries is
/// shown from the board as it was, one entry at a time; a change that took
/// entries away (an undo), a new viewer, or a change while entries wait
/// shows the game whole.
pub fn stage<R: Module>(world: &mut World) {
    let motion = paced::<R>(world);
    let (generation, viewer) = {
        let vm = world.resource::<ViewModel>();
        (vm.generation, vm.viewer)
    };
    let changed_at = world.resource_ref::<ViewModel>().last_changed();
    let mut res = world.resource_mut::<Resolution>();
    res.taken = false;
    let Some(board) = res.board.clone() else {
        // The first view of a game: shown whole.
        remember(world);
        return;
    };
    if board.generation != generation {
        let vm = world.resource::<ViewModel>();
        let fresh = vm.log.len() > board.log && board.viewer == viewer;
        let waited = world.resource::<Resolution>().waiting() > 0;
        let staging = (motion.is_some() && fresh && !waited).then(|| Staging {
            before: board.units.clone(),
            after: vm.scene.units.clone(),
            log: vm.log.clone(),
            log_before: board.log,
            shown: 0,
            turn: vm.turn,
            phase: vm.phase.clone(),
        });
        let mut res = world.resource_mut::<Resolution>();
        res.staging = staging;
        if let Some(m) = motion
            && res.staging.is_some()
        {
            // The change's first entry comes up at once.
            let skip = std::mem::take(&mut res.skip);
            res.reveal(m);
            res.skip = skip;
        }
    }
    let res = world.resource::<Resolution>();
    let shown = res.staging.as_ref().map_or(0, |s| s.shown);
    let rebuilt = board.tick.is_some_and(|t| t != changed_at);
    let moved = board.generation != generation || board.drawn != shown;
    match res.staging.clone() {
        Some(s) if moved || rebuilt => {
            let done = s.waiting() == 0;
            let units = if done {
                s.after.clone()
            } else {
                staged_units(&s.before, &s.after, s.pending())
            };
            let latest = world.resource::<Resolution>().latest.clone();
            {
                let mut vm = world.resource_mut::<ViewModel>();
                vm.scene.units.clone_from(&units);
                vm.log = s.log[..s.log_before + s.shown].to_vec();
                // The top bar tells the entry's turn and phase, and its
                // units are ringed, until the show has caught up.
                match latest.filter(|_| !done) {
                    Some(e) => {
                        vm.turn = e.turn;
                        vm.phase = e.phase;
                        vm.hover_units.1 = e.units;
                    }
                    None => {
                        vm.turn = s.turn;
                        vm.phase.clone_from(&s.phase);
                        vm.hover_units.1.clear();
                    }
                }
            }
            mirror_units(world, &units);
            if done {
                world.resource_mut::<Resolution>().staging = None;
            }
            world.write_message(RequestRedraw);
            remember(world);
        }
        Some(_) => {}
        None if moved || rebuilt => remember(world),
        None => {}
    }
}

/// Notes what the board shows now.
fn remember(world: &mut World) {
    let tick = world.resource_ref::<ViewModel>().last_changed();
    let vm = world.resource::<ViewModel>();
    let board = Board {
        generation: vm.generation,
        viewer: vm.viewer,
        units: vm.scene.units.clone(),
        log: vm.log.len(),
        tick: Some(tick),
        drawn: 0,
    };
    let mut res = world.resource_mut::<Resolution>();
    let drawn = res.staging.as_ref().map_or(0, |s| s.shown);
    res.board = Some(Board { drawn, ..board });
}

/// The show's line at the top of the decisions panel while the rules
/// resolve: the step's phase, the entry last shown and how many wait, and
/// the buttons to pause, step and show the rest at once.
pub fn resolution_view(ui: &mut egui::Ui, res: &mut Resolution, phase: &str) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        let title = if res.phase.is_empty() {
            phase
        } else {
            res.phase.as_str()
        };
        ui.label(RichText::new(shown(&t!("resolution-title", phase = title))).strong());
        if let Some(e) = &res.latest {
            ui.label(shown(&e.what));
        }
        let waiting = res.waiting();
        if waiting > 0 {
            ui.label(RichText::new(t!("resolution-waiting", count = waiting)).weak());
        }
        ui.horizontal(|ui| {
            let label = if res.paused {
                t!("resolution-resume")
            } else {
                t!("resolution-pause")
            };
            if ui
                .button(label)
                .on_hover_text(t!("resolution-pause-hover"))
                .clicked()
            {
                res.paused = !res.paused;
            }
            if ui
                .add_enabled(res.paused, egui::Button::new(t!("resolution-next")))
                .on_hover_text(t!("resolution-next-hover"))
                .clicked()
            {
                res.step = true;
            }
            if ui
                .button(t!("resolution-skip"))
                .on_hover_text(t!("resolution-skip-hover"))
                .clicked()
            {
                res.skip = true;
            }
            if res.paused {
                ui.label(RichText::new(t!("resolution-paused")).italics());
            }
        });
    });
}

/// P pauses or resumes the show, N shows the next entry while paused (when
/// egui does not want the keyboard).
fn resolution_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut res: ResMut<Resolution>,
) {
    if egui_wants
        .as_ref()
        .is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    if keys.just_pressed(KeyCode::KeyP) {
        res.paused = !res.paused;
    }
    if keys.just_pressed(KeyCode::KeyN) && res.paused {
        res.step = true;
    }
}

/// A new game starts with nothing on show (the pause stays as set).
fn forget(_: On<GameInstalled>, mut res: ResMut<Resolution>) {
    let paused = res.paused;
    *res = Resolution {
        paused,
        ..Resolution::default()
    };
}

/// The rules' steps of every module's game, taken and shown in turn.
pub struct ResolutionPlugin;

impl Plugin for ResolutionPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Resolution>()
            .add_observer(forget)
            .add_systems(
                Update,
                resolution_keys
                    .in_set(AppSystems::Actions)
                    .run_if(resource_exists::<ButtonInput<KeyCode>>),
            );
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_systems(
                    Update,
                    (
                        resolve::<R>
                            .in_set(AppSystems::Resolve)
                            .run_if(people_play)
                            .run_if(applied_here)
                            .run_if(resource_exists::<ActiveGame<R>>),
                        stage::<R>
                            .in_set(AppSystems::Stage)
                            .run_if(people_play)
                            .run_if(applied_here)
                            .run_if(resource_exists::<ActiveGame<R>>),
                    ),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::view::UnitView;
    use hexx::Hex;

    fn entry(units: Vec<u32>, dice: Vec<u32>) -> LogEntry {
        LogEntry {
            dice,
            ..LogEntry::event("TEST", units, "an entry")
        }
    }

    #[test]
    fn a_roll_is_held_longest_and_reduced_motion_holds_nothing() {
        let roll = entry(vec![1], vec![4]);
        let order = entry(vec![1], vec![]);
        let note = entry(vec![], vec![]);
        for m in [Motion::Normal, Motion::Fast] {
            assert!(beat_seconds(m, &roll) > beat_seconds(m, &order));
            assert!(beat_seconds(m, &order) > beat_seconds(m, &note));
            assert!(beat_seconds(m, &note) > 0.0);
        }
        assert!(beat_seconds(Motion::Fast, &roll) < beat_seconds(Motion::Normal, &roll));
        assert_eq!(beat_seconds(Motion::Reduced, &roll), 0.0);
    }

    #[test]
    fn a_unit_keeps_its_place_until_an_entry_of_it_comes_up() {
        let at = |id: u32, q: i32| UnitView::on_hex(id, 0, Hex::new(q, 0));
        // 1 moves, 2 is destroyed, 3 stands, 4 comes on the board.
        let before = vec![at(1, 0), at(2, 5), at(3, 7)];
        let after = vec![at(1, 3), at(3, 7), at(4, 9)];
        let pending = vec![entry(vec![1], vec![]), entry(vec![2, 4], vec![6])];
        let staged = staged_units(&before, &after, &pending);
        assert_eq!(staged, vec![at(1, 0), at(3, 7), at(2, 5)]);
        // The first entry came up: unit 1 stands where the step left it.
        let staged = staged_units(&before, &after, &pending[1..]);
        assert_eq!(staged, vec![at(1, 3), at(3, 7), at(2, 5)]);
        // All came up: the board is the game's.
        assert_eq!(staged_units(&before, &after, &[]), after);
    }
}
