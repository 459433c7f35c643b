//! A game of any module in the app, written once against [`Rules`]: the
//! game as a resource, the player's actions turned into commands, the
//! automatic steps and autosave (the computer's seat is `computer.rs`),
//! and the view model the panels and the hex board draw. The world mirrors
//! the state: units (with their place, markers and flight state) as
//! entities, the phase and who decides as Bevy states.

use std::marker::PhantomData;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::engine::board::TerrainTile;
use crate::engine::command::Refusal;
use crate::engine::core::dry_run;
use crate::engine::core::{Outcome, Rules, ToAct};
use crate::engine::game::Game;
use crate::engine::log::LogEntry;
use crate::engine::seats::Seats;
use crate::engine::table::Table;
use crate::engine::units::{FlightState, Models, Side, UnitId};
use crate::engine::view::{CardLine, Choice, Marker, Needs, Odds, Pick, Place, RuleText, Scene};
use crate::t;

use super::GuiState;
pub use super::computer::{ComputerPace, IdleWinit, Thinking, computer_plays, computer_wakeups};
use super::table_view::{BaseSprite, DragVerdict, TableInput, TableScene, TableTile};

/// The game being played, of module `R`.
#[derive(Resource)]
pub struct ActiveGame<R: Rules>(pub Game<R>);

/// Where the app autosaves after every phase (`None`: no autosave, as when
/// rendering a screenshot).
#[derive(Resource, Default)]
pub struct AppAutosave(pub Option<PathBuf>);

/// What a player did in the panels or on the board.
#[derive(Message, Clone, Debug)]
pub enum UiAction {
    /// A choice of the selected unit, with the player's pick.
    Choose {
        /// The choice's key.
        key: String,
        /// Unit, target, hex or path.
        pick: Pick,
    },
    /// The deciding side ends its part of the decision.
    Pass,
    /// The computer's default play for the deciding side.
    Computer,
    /// Take back the deciding side's last command (Ctrl+Z), back to its
    /// last commitment ([`Game::undo`](crate::engine::game::Game::undo)).
    Undo,
    /// Play again the last command taken back (Ctrl+Shift+Z).
    Redo,
}

/// Who decides now, as a Bevy state: panels and systems run per decision.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Decision {
    /// No game loaded.
    #[default]
    NoGame,
    /// This side decides.
    Side(u8),
    /// The rules take their automatic steps.
    Rules,
    /// The game is over.
    Over,
}

/// The module's phase and sub-step in its own words, as a Bevy state
/// ("Planning Phase", "Execution: Melee Step").
#[derive(States, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GamePhase(pub String);

/// Where a mirrored unit stands.
#[derive(Component, Clone, Debug, PartialEq)]
pub struct UnitPlace(pub Place);

/// The markers drawn on a mirrored unit's counter.
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct UnitMarkers(pub Vec<Marker>);

/// The counter label ("Sam 6").
#[derive(Component, Clone, Debug, Default, PartialEq)]
pub struct CounterLabel(pub String);

/// Everything the panels and the board draw, for the side whose eyes the
/// screen is (the deciding side; nobody between decisions).
#[derive(Resource, Default, Clone)]
pub struct ViewModel {
    /// A game is loaded.
    pub loaded: bool,
    /// Scenario name.
    pub name: String,
    /// Rule system.
    pub system: String,
    /// The two sides' names.
    pub sides: [String; 2],
    /// Side colours (sRGB).
    pub colors: [[f32; 3]; 2],
    /// Turn, from 1, and the last turn.
    pub turn: u32,
    /// The last turn, if any.
    pub turn_limit: Option<u32>,
    /// Phase in the game's words.
    pub phase: String,
    /// Who decides.
    pub to_act: Option<ToAct>,
    /// Whose eyes the screen is: the deciding side in hot-seat, the
    /// player's own side in solo play, nobody (the open view, where nothing
    /// hidden from either side appears) when the computer plays both.
    pub viewer: Option<u8>,
    /// The side a person at this screen decides for now, if any.
    pub actor: Option<u8>,
    /// Who plays which side.
    pub seats: Seats,
    /// The board for the viewer.
    pub scene: Scene,
    /// The selected unit's card.
    pub card: Vec<CardLine>,
    /// The selected unit's choices.
    pub choices: Vec<Choice>,
    /// Odds of the armed choice with the current pick.
    pub odds: Option<Odds>,
    /// Why the armed choice with the current pick would be refused.
    pub preview_refusal: Option<Refusal>,
    /// Odds of each choice that needs nothing more, by its key.
    pub choice_odds: Vec<(String, Odds)>,
    /// The deciding side's choices that belong to no unit
    /// ([`Rules::side_choices`]), with the odds of each that has any.
    pub side_choices: Vec<(Choice, Option<Odds>)>,
    /// Odds of the pass command ("if the phase ends now").
    pub pass_odds: Option<Odds>,
    /// Label of the pass button.
    pub pass_label: String,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Scenario briefing.
    pub briefing: String,
    /// Rules reference.
    pub rules: Vec<RuleText>,
    /// Roll-log entries the viewer may read.
    pub log: Vec<LogEntry>,
    /// Increases whenever the game changes.
    pub generation: u64,
    /// The selection, armed choice and pick it was built for.
    pub inputs: (Option<u32>, Option<Choice>, Pick),
    /// The language its words are in.
    pub lang: crate::i18n::Lang,
}

impl ViewModel {
    /// The unit with this id, if the viewer sees it.
    pub fn unit(&self, id: u32) -> Option<&crate::engine::view::UnitView> {
        self.scene.units.iter().find(|u| u.id == id)
    }
}

/// Applies the player's actions to the game, then the automatic steps;
/// autosaves when a phase was entered. A refusal goes to the panels and
/// changes nothing.
pub fn act<R: Rules>(world: &mut World) {
    if super::net::is_guest::<R>(world) {
        // A guest's board: the commands go to the host.
        super::net::guest_act::<R>(world);
        return;
    }
    let actions: Vec<UiAction> = world.resource_mut::<Messages<UiAction>>().drain().collect();
    if actions.is_empty() {
        return;
    }
    let autosave = world.resource::<AppAutosave>().0.clone();
    let Some(mut active) = world.get_resource_mut::<ActiveGame<R>>() else {
        return;
    };
    let g = &mut active.0;
    let mut refusal = None;
    let mut status = None;
    let mut undo_note = None;
    let (mut choices, mut passes) = (0u64, 0u64);
    let before = g.phase_name();
    for a in actions {
        if matches!(a, UiAction::Undo | UiAction::Redo) {
            // Solo play: the person's own side, even while the computer is
            // about to play (the command that handed it the decision may
            // still be taken back).
            let side = match (g.seats.solo_side(), g.to_act()) {
                (Some(s), _) => s,
                (None, ToAct::Side(s)) if g.seats.player(s).is_human() => s,
                _ => continue,
            };
            let undo = matches!(a, UiAction::Undo);
            let r = if undo { g.undo(side) } else { g.redo(side) };
            undo_note = Some(match r {
                Ok(()) if undo => t!("play-undone"),
                Ok(()) => t!("play-redone"),
                Err(why) if undo => t!("play-no-undo", why = why),
                Err(why) => t!("play-no-redo", why = why),
            });
            continue;
        }
        let ToAct::Side(side) = g.to_act() else {
            continue;
        };
        if !g.seats.player(side).is_human() {
            // The computer plays this side; the panels offer nothing then.
            continue;
        }
        let cmds: Vec<R::Command> = match &a {
            UiAction::Choose { key, pick } => match R::choose(&g.ctx, &g.state, side, key, pick) {
                Some(c) => vec![c],
                None => {
                    status = Some(t!("play-pick-first"));
                    Vec::new()
                }
            },
            UiAction::Pass => R::pass_command(&g.ctx, &g.state, side)
                .into_iter()
                .collect(),
            UiAction::Computer => R::default_commands(&g.ctx, &g.state, side),
            UiAction::Undo | UiAction::Redo => Vec::new(),
        };
        for c in cmds {
            if g.to_act() != ToAct::Side(side) {
                break;
            }
            match g.apply(&c) {
                Ok(()) if matches!(a, UiAction::Choose { .. }) => choices += 1,
                Ok(()) => passes += 1,
                Err(r) => {
                    refusal = Some(r);
                    break;
                }
            }
        }
        g.advance();
    }
    autosave_if_entered(g, &before, autosave.as_deref());
    let mut gui = world.resource_mut::<GuiState>();
    gui.human_choices += choices;
    gui.human_passes += passes.min(1);
    gui.refusal = refusal;
    match status {
        Some(s) => gui.status = s,
        // A command went through: an old warning (a refused drag) is stale.
        None if choices + passes > 0 => gui.status.clear(),
        None => {}
    }
    match undo_note {
        Some(s) => gui.undo_note = s,
        None if choices + passes > 0 => gui.undo_note.clear(),
        None => {}
    }
    if gui.refusal.is_none() {
        gui.armed = None;
        gui.pick = Pick::default();
    }
    world.write_message(RequestRedraw);
}

/// Autosaves `g` when its phase is no longer `before` (after every
/// phase), and when the game has just ended (a module may end it without a
/// new phase name), so that *Resume* never lands before the end.
pub(super) fn autosave_if_entered<R: Rules>(
    g: &Game<R>,
    before: &str,
    path: Option<&std::path::Path>,
) {
    if let Some(path) = path
        && (g.phase_name() != before || g.to_act() == ToAct::Over)
        && let Err(e) = g.save_atomically(path)
    {
        warn!("autosave failed: {e}");
    }
}

/// Judges the current drag on the open table with a dry run of its command
/// on copies (the game does not change), and turns a legal drop into a
/// [`UiAction::Choose`]. The drag uses the armed move choice, or else the
/// unit's first move choice.
pub fn judge_drag<R: Rules>(
    game: Res<ActiveGame<R>>,
    table: Option<Res<Table>>,
    scene: Res<TableScene>,
    mut input: ResMut<TableInput>,
    mut gui: ResMut<GuiState>,
    mut actions: MessageWriter<UiAction>,
) {
    let Some(table) = table else { return };
    if input.drag.is_none() && input.dropped.is_none() {
        if input.verdict.is_some() {
            input.verdict = None;
        }
        return;
    }
    let g = &game.0;
    let ToAct::Side(side) = g.to_act() else {
        input.drag = None;
        input.dropped = None;
        return;
    };
    if !g.seats.player(side).is_human() {
        input.drag = None;
        input.dropped = None;
        return;
    }
    let judge = |d: &super::table_view::Drag| -> (Option<(String, Pick)>, DragVerdict) {
        // The armed choice when it is this unit's: a move, or a choice with
        // its target picked (a charge along the drawn path).
        let own_pick = gui.pick.unit == d.unit;
        let key = gui
            .armed
            .as_ref()
            .filter(|c| {
                own_pick
                    && (c.needs == Needs::Path
                        || (c.needs == Needs::Target && gui.pick.target.is_some()))
            })
            .map(|c| c.key.clone())
            .or_else(|| {
                R::choices(&g.ctx, &g.state, side, d.unit)
                    .into_iter()
                    .find(|c| c.needs == Needs::Path)
                    .map(|c| c.key)
            });
        let Some(key) = key else {
            return (None, DragVerdict::Illegal(t!("play-drag-cannot-move")));
        };
        let pick = Pick {
            unit: d.unit,
            target: gui.pick.target.filter(|_| own_pick),
            path: vec![(d.to.x, d.to.y)],
            facing: d.facing,
            hex: None,
        };
        let Some(cmd) = R::choose(&g.ctx, &g.state, side, &key, &pick) else {
            return (None, DragVerdict::Illegal(t!("play-drag-not-a-move")));
        };
        match dry_run::<R>(&g.ctx, &g.state, &cmd, &g.dice) {
            Ok(_) => {
                let (from, airborne) = scene
                    .unit(d.unit)
                    .map_or((d.to, false), |u| (u.base.center, u.airborne));
                let used = table.segment_cost(from, d.to, airborne).cost;
                let left =
                    R::move_allowance(&g.ctx, &g.state, d.unit, Some(&key)).unwrap_or(0.0) - used;
                (Some((key, pick)), DragVerdict::Legal(used, left.max(0.0)))
            }
            Err(r) => (Some((key, pick)), DragVerdict::Illegal(r.to_string())),
        }
    };
    input.verdict = input.drag.clone().map(|d| judge(&d).1);
    if let Some(d) = input.dropped.take() {
        match judge(&d) {
            (Some((key, pick)), DragVerdict::Legal(..)) => {
                actions.write(UiAction::Choose { key, pick });
                gui.selected = Some(d.unit);
            }
            (_, DragVerdict::Illegal(why)) => gui.status = t!("play-move-was", why = why),
            (None, _) => {}
        }
    }
}

/// Rebuilds the view model when the game or the player's selection changed,
/// mirrors the units into the world and sets the phase states.
pub fn refresh<R: Rules>(world: &mut World) {
    let Some(active) = world.get_resource_ref::<ActiveGame<R>>() else {
        return;
    };
    // A replay's viewpoint is its own: a new one rebuilds the view.
    let replay_viewer = world
        .get_resource::<super::replay::ReplayView>()
        .map(|r| r.viewpoint.viewer());
    let viewer_changed = replay_viewer.is_some_and(|v| world.resource::<ViewModel>().viewer != v);
    let game_changed = active.is_changed() || viewer_changed;
    // The panels borrow `GuiState` mutably every frame; what the view model
    // depends on is compared instead.
    let inputs = world
        .get_resource::<GuiState>()
        .map(|g| (g.selected, g.armed.clone(), g.pick.clone()))
        .unwrap_or_default();
    let gui_changed = world.resource::<ViewModel>().inputs != inputs;
    let first = !world.resource::<ViewModel>().loaded;
    // Another language: the game's words, and its log, are written anew.
    let lang_changed = !first && world.resource::<ViewModel>().lang != crate::i18n::lang();
    if lang_changed && let Err(e) = world.resource_mut::<ActiveGame<R>>().0.relog() {
        warn!("the log stays in its language: {e}");
    }
    let game_changed = game_changed || lang_changed;
    // A new palette repaints the counters.
    let settings_changed = world
        .get_resource_ref::<super::settings::Settings>()
        .is_some_and(|s| s.is_changed());
    if !(game_changed || gui_changed || first || settings_changed) {
        return;
    }
    let palette = world
        .get_resource::<super::settings::Settings>()
        .map(|s| s.palette)
        .unwrap_or_default();
    let g = &world.resource::<ActiveGame<R>>().0;
    let gui = world.resource::<GuiState>();
    let to_act = g.to_act();
    let seats = g.seats;
    let deciding = match to_act {
        ToAct::Side(s) => Some(s),
        _ => None,
    };
    // Hot-seat: the deciding side's eyes; solo: always the player's own
    // side; the computer on both sides: the open view.
    // A replay: the eyes picked in its controls, and nobody acts.
    let viewer = match replay_viewer {
        Some(v) => v,
        None if seats.hot_seat() => deciding,
        None => seats.solo_side(),
    };
    let actor = deciding.filter(|s| replay_viewer.is_none() && seats.player(*s).is_human());
    let obs = match viewer {
        Some(s) => R::observation(&g.ctx, &g.state, s),
        None => g.state.clone(),
    };
    let scene = R::scene(&g.ctx, &obs, viewer);
    let selected = gui
        .selected
        .filter(|id| scene.units.iter().any(|u| u.id == *id));
    let card = selected.map_or_else(Vec::new, |u| R::unit_card(&g.ctx, &obs, u, viewer));
    let choices = match (actor, selected) {
        (Some(s), Some(u)) => R::choices(&g.ctx, &g.state, s, u),
        _ => Vec::new(),
    };
    // The armed choice with the current pick: a dry run on copies says
    // whether it would be refused before the odds are shown.
    let (odds, preview_refusal) = match (actor, &gui.armed) {
        (Some(s), Some(c)) => match R::choose(&g.ctx, &g.state, s, &c.key, &gui.pick) {
            Some(cmd) => match dry_run::<R>(&g.ctx, &g.state, &cmd, &g.dice) {
                Ok(_) => (R::odds(&g.ctx, &g.state, &cmd), None),
                Err(r) => (None, Some(r)),
            },
            None => (None, None),
        },
        _ => (None, None),
    };
    let choice_odds = match (actor, selected) {
        (Some(s), Some(u)) => choices
            .iter()
            .filter(|c| c.needs == Needs::Nothing)
            .filter_map(|c| {
                let pick = Pick {
                    unit: u,
                    ..Pick::default()
                };
                let cmd = R::choose(&g.ctx, &g.state, s, &c.key, &pick)?;
                Some((c.key.clone(), R::odds(&g.ctx, &g.state, &cmd)?))
            })
            .collect(),
        _ => Vec::new(),
    };
    let side_choices = actor.map_or_else(Vec::new, |s| {
        R::side_choices(&g.ctx, &g.state, s)
            .into_iter()
            .filter(|c| c.needs == Needs::Nothing)
            .map(|c| {
                let odds = R::choose(&g.ctx, &g.state, s, &c.key, &Pick::default())
                    .and_then(|cmd| R::odds(&g.ctx, &g.state, &cmd));
                (c, odds)
            })
            .collect()
    });
    let pass_odds = actor
        .and_then(|s| R::pass_command(&g.ctx, &g.state, s))
        .and_then(|cmd| R::odds(&g.ctx, &g.state, &cmd));
    let info = R::describe(R::scenario(&g.ctx));
    let sides = [0, 1].map(|i| {
        info.sides
            .get(i)
            .cloned()
            .unwrap_or_else(|| t!("play-side-fallback", n = i))
    });
    let old = world.resource::<ViewModel>();
    let (log, rules) = if game_changed || first {
        (
            g.log
                .entries
                .iter()
                .filter(|e| R::log_visible(&g.ctx, &g.state, viewer, e))
                .cloned()
                .collect(),
            if old.rules.is_empty() {
                R::rules_text(&g.ctx)
            } else {
                old.rules.clone()
            },
        )
    } else {
        (old.log.clone(), old.rules.clone())
    };
    let vm = ViewModel {
        loaded: true,
        name: info.name,
        system: R::TITLE.to_string(),
        sides,
        colors: palette.colors(R::side_colors(&g.ctx)),
        turn: g.turn(),
        turn_limit: info.turn_limit,
        phase: g.phase_name(),
        to_act: Some(to_act),
        viewer,
        actor,
        seats,
        card,
        choices,
        odds,
        preview_refusal,
        choice_odds,
        side_choices,
        pass_odds,
        // No button when the decision has no pass (a card must be played).
        pass_label: actor
            .filter(|s| R::pass_command(&g.ctx, &g.state, *s).is_some())
            .map_or_else(String::new, |s| R::pass_label(&g.ctx, &g.state, s)),
        outcome: g.outcome(),
        briefing: info.briefing,
        rules,
        log,
        generation: old.generation + u64::from(game_changed),
        scene,
        inputs,
        lang: crate::i18n::lang(),
    };
    let decision = match to_act {
        ToAct::Side(s) => Decision::Side(s),
        ToAct::Rules => Decision::Rules,
        ToAct::Over => Decision::Over,
    };
    let phase = GamePhase(vm.phase.clone());
    let units = vm.scene.units.clone();
    let repaint = vm.colors != world.resource::<ViewModel>().colors && !first;
    *world.resource_mut::<ViewModel>() = vm;
    if repaint {
        // Counters take their colours when they are built: build them anew.
        let mut q = world.query_filtered::<Entity, With<UnitId>>();
        let all: Vec<Entity> = q.iter(world).collect();
        for e in all {
            world.entity_mut(e).despawn();
        }
    }
    if game_changed || first || repaint {
        mirror_units(world, &units);
        world.resource_mut::<NextState<Decision>>().set(decision);
        world.resource_mut::<NextState<GamePhase>>().set(phase);
        world.write_message(RequestRedraw);
    }
}

/// Spawns, updates and despawns unit entities to match the scene.
fn mirror_units(world: &mut World, units: &[crate::engine::view::UnitView]) {
    let mut q = world.query::<(Entity, &UnitId)>();
    let existing: Vec<(Entity, u32)> = q.iter(world).map(|(e, id)| (e, id.0)).collect();
    for (e, id) in &existing {
        if !units.iter().any(|u| u.id == *id) {
            world.entity_mut(*e).despawn();
        }
    }
    for u in units {
        let bundle = (
            Side(u.side),
            UnitPlace(u.place),
            Models(u.models),
            UnitMarkers(u.markers.clone()),
            CounterLabel(format!("{} {}", u.kind, u.models)),
            if u.airborne {
                FlightState::Airborne
            } else {
                FlightState::Grounded
            },
        );
        match existing.iter().find(|(_, id)| *id == u.id) {
            Some((e, _)) => {
                world.entity_mut(*e).insert(bundle);
            }
            None => {
                world.spawn((UnitId(u.id), bundle));
            }
        }
    }
}

/// Saves or loads when the panels asked for it.
pub fn file_requests<R: Rules>(world: &mut World) {
    let (save, load) = {
        let mut gui = world.resource_mut::<GuiState>();
        (gui.save_request.take(), gui.load_request.take())
    };
    if let Some(p) = save {
        let msg = match world
            .get_resource::<ActiveGame<R>>()
            .map(|g| g.0.save_to(&p))
        {
            Some(Ok(())) => t!("play-saved-to", path = p.display()),
            Some(Err(e)) => t!("play-not-saved", error = e),
            None => return,
        };
        world.resource_mut::<GuiState>().status = msg;
    }
    if let Some(p) = load {
        super::load_any(world, &p, |w, msg| {
            w.resource_mut::<GuiState>().status = msg
        });
    }
    let replay = world.resource_mut::<GuiState>().replay_request.take();
    if let Some(p) = replay {
        let result = crate::session::read(&p)
            .map_err(|e| e.to_string())
            .and_then(|(file, text)| {
                super::replay::open_replay_text(world, &file, &text, Default::default())
            });
        if let Err(e) = result {
            world.resource_mut::<GuiState>().status = t!("play-not-opened-as-replay", error = e);
        }
    }
}

/// Puts a game into the world: the hex board and its terrain tiles, or the
/// open table; and the first automatic steps.
pub fn install<R: Rules>(world: &mut World, mut game: Game<R>) {
    game.advance();
    install_as_is(world, game);
}

/// Puts a game into the world as it is, taking no automatic step (a
/// replay shows the game at a point of its journal and adds nothing).
pub fn install_as_is<R: Rules>(world: &mut World, game: Game<R>) {
    if let Some(board) = R::hex_board(&game.ctx) {
        for h in board.hexes() {
            if let Some(t) = board.tile(h) {
                world.spawn(TerrainTile {
                    hex: h,
                    terrain: t.terrain.clone(),
                    elevation: t.elevation,
                });
            }
        }
        world.insert_resource(board.clone());
    }
    if let Some(table) = R::table(&game.ctx) {
        world.insert_resource(table.clone());
        // Keep the generation counting, so that the new table is drawn.
        let mut scene = world.resource_mut::<TableScene>();
        scene.table = None;
        scene.units.clear();
        *world.resource_mut::<TableInput>() = TableInput::default();
    }
    let (screenshot, kiosk) = {
        let gui = world.resource::<GuiState>();
        (gui.screenshot_mode, gui.kiosk)
    };
    {
        let mut gui = world.resource_mut::<GuiState>();
        gui.selected = None;
        gui.armed = None;
        gui.pick = Pick::default();
        gui.pass_screen = None;
        gui.revealed_for = None;
        gui.refusal = None;
        gui.undo_note.clear();
        gui.briefing_open = !screenshot && !kiosk;
    }
    // Neither a screenshot nor the demo's kiosk writes an autosave.
    world.resource_mut::<AppAutosave>().0 = (!screenshot && !kiosk).then(super::app_autosave);
    *world.resource_mut::<ComputerPace>() = ComputerPace::default();
    *world.resource_mut::<ViewModel>() = ViewModel::default();
    world.insert_resource(ActiveGame::<R>(game));
}

/// Takes a game of module `R` out of the world.
pub fn clear<R: Rules>(world: &mut World) {
    if world.remove_resource::<ActiveGame<R>>().is_none() {
        return;
    }
    world.remove_resource::<Thinking<R>>();
    super::replay::clear_replay::<R>(world);
    super::net::stop::<R>(world);
    // Nothing of the computer's play outlives its game (nor keeps the app
    // awake on the title screen).
    let delay = world.resource::<ComputerPace>().delay;
    *world.resource_mut::<ComputerPace>() = ComputerPace {
        delay,
        ..ComputerPace::default()
    };
    world.remove_resource::<crate::engine::board::HexBoard>();
    world.remove_resource::<super::board_view::BoardLayout>();
    world.remove_resource::<Table>();
    *world.resource_mut::<TableInput>() = TableInput::default();
    let mut q = world.query_filtered::<Entity, Or<(
        With<UnitId>,
        With<TerrainTile>,
        With<TableTile>,
        With<BaseSprite>,
    )>>();
    let drawn: Vec<Entity> = q.iter(world).collect();
    for e in drawn {
        world.entity_mut(e).despawn();
    }
    *world.resource_mut::<ViewModel>() = ViewModel::default();
    world
        .resource_mut::<NextState<Decision>>()
        .set(Decision::NoGame);
}

/// The systems of module `R`, whatever its board.
pub struct ModulePlugin<R>(PhantomData<R>);

impl<R> Default for ModulePlugin<R> {
    fn default() -> Self {
        ModulePlugin(PhantomData)
    }
}

impl<R: Rules> Plugin for ModulePlugin<R> {
    fn build(&self, app: &mut App) {
        let playing = resource_exists::<ActiveGame<R>>;
        // While a replay is open, nobody plays: it only shows the journal.
        let replaying = resource_exists::<super::replay::ReplayView>;
        app.add_systems(
            Update,
            (
                (judge_drag::<R>, act::<R>, computer_plays::<R>)
                    .chain()
                    .run_if(not(replaying))
                    .run_if(not(resource_exists::<super::editor::EditorView>)),
                super::replay::replay_requests::<R>.run_if(replaying),
                super::net::host_sync::<R>.run_if(resource_exists::<super::net::NetHostLink>),
                super::net::guest_sync::<R>.run_if(resource_exists::<super::net::NetGuestLink<R>>),
                file_requests::<R>,
                refresh::<R>,
            )
                .chain()
                .run_if(playing)
                .in_set(PlaySet),
        );
    }
}

/// The set of the game systems; the views run after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlaySet;
