//! A game of any module in the app, written once against [`Rules`]: the
//! game as a resource, the player's actions turned into commands, the
//! automatic steps and autosave, and the view model the panels and the hex
//! board draw. The world mirrors the state: units (with their place,
//! markers and flight state) as entities, the phase and who decides as Bevy
//! states.

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
use crate::engine::table::Table;
use crate::engine::units::{FlightState, Models, Side, UnitId};
use crate::engine::view::{CardLine, Choice, Marker, Needs, Odds, Pick, Place, RuleText, Scene};

use super::GuiState;
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
    /// Whose eyes the screen is.
    pub viewer: Option<u8>,
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
    let before = g.phase_name();
    for a in actions {
        let ToAct::Side(side) = g.to_act() else {
            continue;
        };
        let cmds: Vec<R::Command> = match &a {
            UiAction::Choose { key, pick } => match R::choose(&g.ctx, &g.state, side, key, pick) {
                Some(c) => vec![c],
                None => {
                    status = Some("Pick a target or a hex on the board first.".to_string());
                    Vec::new()
                }
            },
            UiAction::Pass => R::pass_command(&g.ctx, &g.state, side)
                .into_iter()
                .collect(),
            UiAction::Computer => R::default_commands(&g.ctx, &g.state, side),
        };
        for c in cmds {
            if g.to_act() != ToAct::Side(side) {
                break;
            }
            if let Err(r) = g.apply(&c) {
                refusal = Some(r);
                break;
            }
        }
        g.advance();
    }
    let after = g.phase_name();
    if after != before
        && let Some(path) = autosave
        && let Err(e) = g.save_atomically(&path)
    {
        warn!("autosave failed: {e}");
    }
    let mut gui = world.resource_mut::<GuiState>();
    gui.refusal = refusal;
    if let Some(s) = status {
        gui.status = s;
    }
    if gui.refusal.is_none() {
        gui.armed = None;
        gui.pick = Pick::default();
    }
    world.write_message(RequestRedraw);
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
            return (
                None,
                DragVerdict::Illegal("this unit cannot move now".into()),
            );
        };
        let pick = Pick {
            unit: d.unit,
            target: gui.pick.target.filter(|_| own_pick),
            path: vec![(d.to.x, d.to.y)],
            facing: d.facing,
            hex: None,
        };
        let Some(cmd) = R::choose(&g.ctx, &g.state, side, &key, &pick) else {
            return (None, DragVerdict::Illegal("not a move".into()));
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
            (_, DragVerdict::Illegal(why)) => gui.status = format!("The move was {why}"),
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
    let game_changed = active.is_changed();
    // The panels borrow `GuiState` mutably every frame; what the view model
    // depends on is compared instead.
    let inputs = world
        .get_resource::<GuiState>()
        .map(|g| (g.selected, g.armed.clone(), g.pick.clone()))
        .unwrap_or_default();
    let gui_changed = world.resource::<ViewModel>().inputs != inputs;
    let first = !world.resource::<ViewModel>().loaded;
    if !(game_changed || gui_changed || first) {
        return;
    }
    let g = &world.resource::<ActiveGame<R>>().0;
    let gui = world.resource::<GuiState>();
    let to_act = g.to_act();
    let viewer = match to_act {
        ToAct::Side(s) => Some(s),
        _ => None,
    };
    let obs = match viewer {
        Some(s) => R::observation(&g.ctx, &g.state, s),
        None => g.state.clone(),
    };
    let scene = R::scene(&g.ctx, &obs, viewer);
    let selected = gui
        .selected
        .filter(|id| scene.units.iter().any(|u| u.id == *id));
    let card = selected.map_or_else(Vec::new, |u| R::unit_card(&g.ctx, &obs, u, viewer));
    let choices = match (viewer, selected) {
        (Some(s), Some(u)) => R::choices(&g.ctx, &g.state, s, u),
        _ => Vec::new(),
    };
    // The armed choice with the current pick: a dry run on copies says
    // whether it would be refused before the odds are shown.
    let (odds, preview_refusal) = match (viewer, &gui.armed) {
        (Some(s), Some(c)) => match R::choose(&g.ctx, &g.state, s, &c.key, &gui.pick) {
            Some(cmd) => match dry_run::<R>(&g.ctx, &g.state, &cmd, &g.dice) {
                Ok(_) => (R::odds(&g.ctx, &g.state, &cmd), None),
                Err(r) => (None, Some(r)),
            },
            None => (None, None),
        },
        _ => (None, None),
    };
    let choice_odds = match (viewer, selected) {
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
    let pass_odds = viewer
        .and_then(|s| R::pass_command(&g.ctx, &g.state, s))
        .and_then(|cmd| R::odds(&g.ctx, &g.state, &cmd));
    let info = R::describe(R::scenario(&g.ctx));
    let sides = [0, 1].map(|i| {
        info.sides
            .get(i)
            .cloned()
            .unwrap_or_else(|| format!("side {i}"))
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
        colors: R::side_colors(&g.ctx),
        turn: g.turn(),
        turn_limit: info.turn_limit,
        phase: g.phase_name(),
        to_act: Some(to_act),
        viewer,
        card,
        choices,
        odds,
        preview_refusal,
        choice_odds,
        pass_odds,
        pass_label: viewer.map_or_else(String::new, |s| R::pass_label(&g.ctx, &g.state, s)),
        outcome: g.outcome(),
        briefing: info.briefing,
        rules,
        log,
        generation: old.generation + u64::from(game_changed),
        scene,
        inputs,
    };
    let decision = match to_act {
        ToAct::Side(s) => Decision::Side(s),
        ToAct::Rules => Decision::Rules,
        ToAct::Over => Decision::Over,
    };
    let phase = GamePhase(vm.phase.clone());
    let units = vm.scene.units.clone();
    *world.resource_mut::<ViewModel>() = vm;
    if game_changed || first {
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
            Some(Ok(())) => format!("Saved to {}", p.display()),
            Some(Err(e)) => format!("Not saved: {e}"),
            None => return,
        };
        world.resource_mut::<GuiState>().status = msg;
    }
    if let Some(p) = load {
        super::load_any(world, &p, |w, msg| {
            w.resource_mut::<GuiState>().status = msg
        });
    }
}

/// Puts a game into the world: the hex board and its terrain tiles, or the
/// open table; and the first automatic steps.
pub fn install<R: Rules>(world: &mut World, mut game: Game<R>) {
    game.advance();
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
    let screenshot = world.resource::<GuiState>().screenshot_mode;
    {
        let mut gui = world.resource_mut::<GuiState>();
        gui.selected = None;
        gui.armed = None;
        gui.pick = Pick::default();
        gui.pass_screen = None;
        gui.revealed_for = None;
        gui.refusal = None;
        gui.briefing_open = !screenshot;
    }
    world.resource_mut::<AppAutosave>().0 = (!screenshot).then(super::app_autosave);
    *world.resource_mut::<ViewModel>() = ViewModel::default();
    world.insert_resource(ActiveGame::<R>(game));
}

/// Takes a game of module `R` out of the world.
pub fn clear<R: Rules>(world: &mut World) {
    if world.remove_resource::<ActiveGame<R>>().is_none() {
        return;
    }
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
        app.add_systems(
            Update,
            (judge_drag::<R>, act::<R>, file_requests::<R>, refresh::<R>)
                .chain()
                .run_if(playing)
                .in_set(PlaySet),
        );
    }
}

/// The set of the game systems; the views run after it.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlaySet;
