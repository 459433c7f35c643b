//! A game of any module in the app, written once against [`Rules`]: the
//! game as a resource, opened from a file or taken out, the player's
//! actions turned into commands, the automatic steps and autosave, saving
//! and loading, and the view model the panels and the boards draw. The
//! world mirrors the state: units (with their place, markers and flight
//! state) as entities, the phase and who decides as Bevy states. The
//! computer's seat, replays, remote play and the editor are features of
//! their own: they react to the [`GameInstalled`] and [`GameCleared`]
//! events raised here, and switch the person's actions off through the
//! markers the run conditions [`people_play`] and [`applied_here`] read.

use std::marker::PhantomData;
use std::path::{Path, PathBuf};

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::camera::place_board_camera;
use super::play_reach::{move_reach, reach_for, reach_of};
use super::sets::{AppSystems, applied_here, people_play};
use super::settings::Settings;
use super::state::{
    AppMode, BriefingOpen, FileRequest, FixedViewer, GameCleared, GameInstalled, Notes, PassCover,
    PlayerTally, Screen, Selection, UiAction,
};
use crate::engine::board::{HexBoard, TerrainTile};
use crate::engine::command::Refusal;
use crate::engine::core::{Module, Outcome, ToAct};
use crate::engine::foresight::foresee;
use crate::engine::game::{Game, autosave_path, data_dir};
use crate::engine::log::LogEntry;
use crate::engine::reach::Verdict;
use crate::engine::seats::Seats;
use crate::engine::table::Table;
use crate::engine::units::{FlightState, Models, Side, UnitId};
use crate::engine::view::{
    CardLine, Choice, Marker, MovePath, Needs, Odds, Pick, Place, RuleText, Scene,
};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;
use crate::t;

/// The game being played, of module `R`.
#[derive(Resource)]
pub struct ActiveGame<R: Module>(pub Game<R>);

/// Where the app autosaves after every phase (`None`: no autosave, as when
/// rendering a screenshot).
#[derive(Resource, Default)]
pub struct AppAutosave(pub Option<PathBuf>);

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
    /// ([`RulesView::side_choices`]), with the odds of each that has any.
    pub side_choices: Vec<(Choice, Option<Odds>)>,
    /// Odds of the pass command ("if the phase ends now").
    pub pass_odds: Option<Odds>,
    /// What the pass would log up to its first roll ([`foresee`]), and
    /// whether dice are rolled after.
    pub pass_foresight: (Vec<LogEntry>, bool),
    /// The selected unit's move limit, inches, for the open table's ring:
    /// the armed move choice's, else its first move choice's (the one a
    /// drag uses), from [`RulesView::move_allowance`], the number `apply`
    /// checks the path against.
    pub move_ring: Option<f32>,
    /// The acting side's units that may be ordered, moved or activated
    /// now (those with a choice), ringed on the board.
    pub may_act: Vec<u32>,
    /// The side choice under the pointer and the units it would let act
    /// (foreseen: its own units with a choice after it), highlighted.
    pub hover_units: (Option<String>, Vec<u32>),
    /// The unit and choice key the reach below belongs to: the armed
    /// choice when it needs a hex or a target, else the selected unit's
    /// first choice that needs a hex (its move).
    pub reach_for: Option<(u32, String)>,
    /// The reach choice asked for ([`reach_for`]) before a move was
    /// preferred to it ([`move_reach`]): the key the reach is kept by.
    pub reach_asked: Option<(u32, String)>,
    /// Each hex the reach choice can be aimed at, with the verdict of a dry
    /// run of `apply` ([`crate::engine::reach::hex_reach`]); shaded when
    /// accepted, its rule on hover when refused.
    pub reach: Vec<(hexx::Hex, Verdict)>,
    /// Each accepted hex of the reach that is a move, with the path the
    /// move takes and its cost ([`RulesView::move_path`]): the MP left
    /// shown in the hex, the path drawn under the pointer.
    pub paths: Vec<(hexx::Hex, MovePath)>,
    /// Each unit in sight the armed target choice can be aimed at, with
    /// its verdict and odds ([`crate::engine::reach::target_reach`]).
    pub targets: Vec<(u32, Verdict)>,
    /// Label of the pass button.
    pub pass_label: String,
    /// The result, once over.
    pub outcome: Option<Outcome>,
    /// Scenario briefing.
    pub briefing: String,
    /// Rules reference.
    pub rules: Vec<RuleText>,
    /// The dice whose faces bear symbols ([`RulesView::die_faces`]).
    pub die_faces: Vec<crate::engine::view::DieFaces>,
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
pub fn act<R: Module>(world: &mut World) {
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
        // The rules' automatic steps that follow are taken, and shown in
        // turn, by `resolution::resolve`; a later action waits for them.
        if g.to_act() == ToAct::Rules {
            break;
        }
    }
    let autosave_failed = autosave_if_entered(g, &before, autosave.as_deref());
    let mut tally = world.resource_mut::<PlayerTally>();
    tally.choices += choices;
    tally.passes += passes.min(1);
    let refused = refusal.is_some();
    let mut notes = world.resource_mut::<Notes>();
    notes.refusal = refusal;
    let status = status.or(autosave_failed.map(|e| t!("play-autosave-failed", error = e)));
    match status {
        Some(s) => notes.status = s,
        // A command went through: an old warning (a refused drag) is stale.
        None if choices + passes > 0 => notes.status.clear(),
        None => {}
    }
    match undo_note {
        Some(s) => notes.undo_note = s,
        None if choices + passes > 0 => notes.undo_note.clear(),
        None => {}
    }
    if !refused {
        let mut sel = world.resource_mut::<Selection>();
        sel.armed = None;
        sel.pick = Pick::default();
    }
    world.write_message(RequestRedraw);
}

/// Autosaves `g` when its phase is no longer `before` (after every
/// phase), and when the game has just ended (a module may end it without a
/// new phase name), so that *Resume* never lands before the end.
///
/// Returns the failure, a sentence naming the file, for
/// [`show_autosave_failure`].
pub(crate) fn autosave_if_entered<R: Module>(
    g: &Game<R>,
    before: &str,
    path: Option<&std::path::Path>,
) -> Option<String> {
    if let Some(path) = path
        && (g.phase_name() != before || g.to_act() == ToAct::Over)
        && let Err(e) = g.autosave(path)
    {
        warn!("autosave failed: {e}");
        return Some(e);
    }
    None
}

/// Puts a failed autosave ([`autosave_if_entered`]) on the status line,
/// where the player sees it.
pub(crate) fn show_autosave_failure(world: &mut World, failed: Option<String>) {
    if let Some(e) = failed {
        world.resource_mut::<Notes>().status = t!("play-autosave-failed", error = e);
    }
}

/// Rebuilds the view model when the game or the player's selection changed,
/// mirrors the units into the world and sets the phase states.
pub fn refresh<R: Module>(world: &mut World) {
    let Some(active) = world.get_resource_ref::<ActiveGame<R>>() else {
        return;
    };
    // A replay's viewpoint is its own: a new one rebuilds the view.
    let fixed = world.get_resource::<FixedViewer>().map(|f| f.0);
    let viewer_changed = fixed.is_some_and(|v| world.resource::<ViewModel>().viewer != v);
    let game_changed = active.is_changed() || viewer_changed;
    // The panels borrow the selection mutably every frame; what the view
    // model depends on is compared instead.
    let inputs = world
        .get_resource::<Selection>()
        .map(|s| (s.selected, s.armed.clone(), s.pick.clone()))
        .unwrap_or_default();
    let hovered = world
        .get_resource::<Selection>()
        .and_then(|s| s.hovered.clone());
    let gui_changed = world.resource::<ViewModel>().inputs != inputs
        || world.resource::<ViewModel>().hover_units.0 != hovered;
    let first = !world.resource::<ViewModel>().loaded;
    // Another language: the game's words, and its log, are written anew.
    let lang_changed = !first && world.resource::<ViewModel>().lang != crate::i18n::lang();
    if lang_changed && let Err(e) = world.resource_mut::<ActiveGame<R>>().0.relog() {
        warn!("the log stays in its language: {e}");
    }
    let game_changed = game_changed || lang_changed;
    // A new palette repaints the counters.
    let settings_changed = world
        .get_resource_ref::<Settings>()
        .is_some_and(|s| s.is_changed());
    if !(game_changed || gui_changed || first || settings_changed) {
        return;
    }
    let mut vm = view_model::<R>(world, fixed, inputs, (game_changed, first));
    vm.hover_units = hover_units::<R>(world, vm.actor, hovered);
    publish(world, vm, game_changed, first);
}

/// The view model of the game on the board for the selection and pick
/// `inputs`, through the eyes `fixed` from outside (a replay's) or the
/// seats'; the log and rules are read anew when the game `changed` or the
/// view is the `first` of a game.
fn view_model<R: Module>(
    world: &World,
    fixed: Option<Option<u8>>,
    inputs: (Option<u32>, Option<Choice>, Pick),
    (changed, first): (bool, bool),
) -> ViewModel {
    let palette = world
        .get_resource::<Settings>()
        .map(|s| s.palette)
        .unwrap_or_default();
    let g = &world.resource::<ActiveGame<R>>().0;
    let to_act = g.to_act();
    let seats = g.seats;
    let deciding = match to_act {
        ToAct::Side(s) => Some(s),
        _ => None,
    };
    // Hot-seat: the deciding side's eyes; solo: always the player's own
    // side; the computer on both sides: the open view.
    // A replay: the eyes picked in its controls, and nobody acts.
    let viewer = match fixed {
        Some(v) => v,
        None if seats.hot_seat() => deciding,
        None => seats.solo_side(),
    };
    let actor = deciding.filter(|s| fixed.is_none() && seats.player(*s).is_human());
    let obs = match viewer {
        Some(s) => R::observation(&g.ctx, &g.state, s),
        None => g.state.clone(),
    };
    let scene = R::scene(&g.ctx, &obs, viewer);
    let selected = inputs
        .0
        .filter(|id| scene.units.iter().any(|u| u.id == *id));
    let card = selected.map_or_else(Vec::new, |u| R::unit_card(&g.ctx, &obs, u, viewer));
    let offer = offer::<R>(g, actor, selected, &inputs);
    // Who may act: the acting side's units with a choice now.
    let may_act = actor.map_or_else(Vec::new, |s| {
        scene
            .units
            .iter()
            .filter(|u| u.side == s && !R::choices(&g.ctx, &g.state, s, u.id).is_empty())
            .map(|u| u.id)
            .collect()
    });
    let move_ring = selected.and_then(|u| {
        let armed = inputs.1.as_ref().filter(|c| c.needs == Needs::Path);
        let key = armed.or_else(|| offer.choices.iter().find(|c| c.needs == Needs::Path))?;
        R::move_allowance(&g.ctx, &g.state, u, Some(&key.key))
    });
    let old = world.resource::<ViewModel>();
    let reach_asked = reach_for(actor, selected, &inputs.1, &offer.choices);
    let (reach_for, (reach, targets, paths)) = match reach_asked.clone() {
        key if !changed && !first && key == old.reach_asked => (
            old.reach_for.clone(),
            (old.reach.clone(), old.targets.clone(), old.paths.clone()),
        ),
        key if inputs.1.is_some() => {
            let reach = reach_of::<R>(g, actor, &key, &scene);
            (key, reach)
        }
        key => move_reach::<R>(g, actor, key, &offer.choices, &scene),
    };
    let info = R::describe(R::scenario(&g.ctx));
    let sides = [0, 1].map(|i| {
        info.sides
            .get(i)
            .cloned()
            .unwrap_or_else(|| t!("play-side-fallback", n = i))
    });
    let (log, rules) = if changed || first {
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
    ViewModel {
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
        choices: offer.choices,
        odds: offer.odds,
        preview_refusal: offer.preview_refusal,
        choice_odds: offer.choice_odds,
        side_choices: offer.side_choices,
        pass_odds: offer.pass_odds,
        pass_foresight: offer.pass_foresight,
        move_ring,
        may_act,
        hover_units: (None, Vec::new()),
        reach_for,
        reach_asked,
        reach,
        targets,
        paths,
        // No button when the decision has no pass (a card must be played).
        pass_label: actor
            .filter(|s| R::pass_command(&g.ctx, &g.state, *s).is_some())
            .map_or_else(String::new, |s| R::pass_label(&g.ctx, &g.state, s)),
        outcome: g.outcome(),
        briefing: info.briefing.text(),
        rules,
        die_faces: if changed || first || old.die_faces.is_empty() {
            R::die_faces(&g.ctx)
        } else {
            old.die_faces.clone()
        },
        log,
        generation: old.generation + u64::from(changed),
        scene,
        inputs,
        lang: crate::i18n::lang(),
    }
}

/// The side choice `hovered` of `actor` and the units it would let act:
/// foreseen ([`foresee`]) on the side's observation, its own units with a
/// choice afterwards. Nothing when the key is no side choice now.
fn hover_units<R: Module>(
    world: &World,
    actor: Option<u8>,
    hovered: Option<String>,
) -> (Option<String>, Vec<u32>) {
    let units = (|| {
        let g = &world.get_resource::<ActiveGame<R>>()?.0;
        let side = actor?;
        let key = hovered.as_deref()?;
        let cmd = R::choose(&g.ctx, &g.state, side, key, &Pick::default())?;
        let f = foresee::<R>(&g.ctx, &g.state, &cmd, &g.dice, side).ok()?;
        let scene = R::scene(&g.ctx, &f.after, Some(side));
        Some(
            scene
                .units
                .iter()
                .filter(|u| u.side == side && !R::choices(&g.ctx, &f.after, side, u.id).is_empty())
                .map(|u| u.id)
                .collect(),
        )
    })();
    (hovered, units.unwrap_or_default())
}

/// What the panels offer the side acting: the selected unit's choices, the
/// side's own, the pass, each with its odds; the armed choice's odds or
/// why it would be refused.
struct Offer {
    choices: Vec<Choice>,
    odds: Option<Odds>,
    preview_refusal: Option<Refusal>,
    choice_odds: Vec<(String, Odds)>,
    side_choices: Vec<(Choice, Option<Odds>)>,
    pass_odds: Option<Odds>,
    pass_foresight: (Vec<LogEntry>, bool),
}

/// The [`Offer`] to `actor` (nothing when nobody here acts) with `selected`
/// and the armed choice and pick of `inputs`.
fn offer<R: Module>(
    g: &Game<R>,
    actor: Option<u8>,
    selected: Option<u32>,
    inputs: &(Option<u32>, Option<Choice>, Pick),
) -> Offer {
    let (_, armed, pick) = inputs;
    let choices = match (actor, selected) {
        (Some(s), Some(u)) => R::choices(&g.ctx, &g.state, s, u),
        _ => Vec::new(),
    };
    // The armed choice with the current pick: a dry run on copies says
    // whether it would be refused before the odds are shown.
    let (odds, preview_refusal) = match (actor, armed) {
        (Some(s), Some(c)) => match R::choose(&g.ctx, &g.state, s, &c.key, pick) {
            // Judged on the side's observation, like the reach: a hidden
            // enemy gives no hint before it is revealed.
            Some(cmd) => match foresee::<R>(&g.ctx, &g.state, &cmd, &g.dice, s) {
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
    // What ending the decision leads to, in the rules' words, up to the
    // first roll: a forced landing ahead, a phase's end.
    let pass_foresight = actor
        .and_then(|s| {
            let cmd = R::pass_command(&g.ctx, &g.state, s)?;
            foresee::<R>(&g.ctx, &g.state, &cmd, &g.dice, s).ok()
        })
        .map_or_else(Default::default, |f| (f.lines, f.rolls));
    Offer {
        choices,
        odds,
        preview_refusal,
        choice_odds,
        side_choices,
        pass_odds,
        pass_foresight,
    }
}

/// Puts the new view model in place: counters repainted for new colours,
/// the units mirrored and the phase states set when the game changed.
fn publish(world: &mut World, vm: ViewModel, game_changed: bool, first: bool) {
    let decision = match vm.to_act {
        Some(ToAct::Side(s)) => Decision::Side(s),
        Some(ToAct::Rules) => Decision::Rules,
        Some(ToAct::Over) => Decision::Over,
        None => Decision::NoGame,
    };
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
        world.write_message(RequestRedraw);
    }
}

/// Spawns, updates and despawns unit entities to match the scene.
pub(crate) fn mirror_units(world: &mut World, units: &[crate::engine::view::UnitView]) {
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

/// Saves or loads when the save / load window or Ctrl+S asked for it; the
/// result goes to the status line (a replay request is the replay's).
pub fn file_requests(world: &mut World, requests: &mut SystemState<MessageReader<FileRequest>>) {
    let asked: Vec<FileRequest> = requests
        .get_mut(world)
        .map(|mut r| r.read().cloned().collect())
        .unwrap_or_default();
    for r in asked {
        match r {
            FileRequest::Save(p) => {
                let msg = match save_game(world, &p) {
                    Some(Ok(())) => t!("play-saved-to", path = p.display()),
                    Some(Err(e)) => t!("play-not-saved", error = e),
                    None => continue,
                };
                world.resource_mut::<Notes>().status = msg;
            }
            FileRequest::Load(p) => {
                load_any(world, &p, |w, msg| w.resource_mut::<Notes>().status = msg);
            }
            FileRequest::Replay(_) => {}
        }
    }
}

/// Saves the game on the board, whatever its module, to `path` (`None`: no
/// game).
fn save_game(world: &World, path: &Path) -> Option<Result<(), String>> {
    struct Save<'a>(&'a World, &'a Path, Option<Result<(), String>>);
    impl ModuleVisitor for Save<'_> {
        fn visit<R: Module>(&mut self) {
            if let Some(g) = self.0.get_resource::<ActiveGame<R>>() {
                self.2 = Some(g.0.save_atomically(self.1));
            }
        }
    }
    let mut v = Save(world, path, None);
    visit_all(&mut v);
    v.2
}

/// Opens a scenario or save of any rule system from inside a game; a
/// failure leaves the game as it was and reports through `status`.
pub(crate) fn load_any(world: &mut World, p: &Path, status: impl Fn(&mut World, String)) {
    let result = session::read(p)
        .map_err(|e| e.to_string())
        .and_then(|(file, text)| install_text(world, &file, &text, None, None));
    match result {
        Ok(()) => {}
        Err(e) => status(world, t!("panels-not-loaded", error = e)),
    }
}

/// The app's autosave file (`~/.local/share/kassen/autosave.ron` on Linux).
pub fn app_autosave() -> PathBuf {
    autosave_path(&data_dir())
}

/// Puts a game into the world: the hex board and its terrain tiles, or the
/// open table; and the first automatic steps.
pub fn install<R: Module>(world: &mut World, mut game: Game<R>) {
    game.advance();
    install_as_is(world, game);
}

/// Puts a game into the world as it is, taking no automatic step (a
/// replay shows the game at a point of its journal and adds nothing).
/// Raises [`GameInstalled`] once the game is in.
pub fn install_as_is<R: Module>(world: &mut World, game: Game<R>) {
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
    }
    let mode = *world.resource::<AppMode>();
    *world.resource_mut::<Selection>() = Selection::default();
    *world.resource_mut::<PassCover>() = PassCover::default();
    {
        let mut notes = world.resource_mut::<Notes>();
        notes.refusal = None;
        notes.undo_note.clear();
    }
    // Hot-seat shows the briefing on the first turn's cover instead, to
    // each player in turn: no second copy in a window after it.
    let hot_seat = game.seats.hot_seat();
    world.resource_mut::<BriefingOpen>().0 = !mode.screenshot && !mode.kiosk && !hot_seat;
    // Neither a screenshot nor the demo's kiosk writes an autosave.
    world.resource_mut::<AppAutosave>().0 = (!mode.screenshot && !mode.kiosk).then(app_autosave);
    *world.resource_mut::<ViewModel>() = ViewModel::default();
    world.insert_resource(ActiveGame::<R>(game));
    world.trigger(GameInstalled);
    world.flush();
}

/// Takes a game of module `R` out of the world; raises [`GameCleared`]
/// when there was one.
pub fn clear<R: Module>(world: &mut World) {
    if world.remove_resource::<ActiveGame<R>>().is_none() {
        return;
    }
    world.remove_resource::<HexBoard>();
    world.remove_resource::<Table>();
    let mut q = world.query_filtered::<Entity, Or<(With<UnitId>, With<TerrainTile>)>>();
    let drawn: Vec<Entity> = q.iter(world).collect();
    for e in drawn {
        world.entity_mut(e).despawn();
    }
    *world.resource_mut::<ViewModel>() = ViewModel::default();
    world
        .resource_mut::<NextState<Decision>>()
        .set(Decision::NoGame);
    world.trigger(GameCleared);
    world.flush();
}

/// Takes whatever game is loaded out of the app.
pub fn clear_game(world: &mut World) {
    struct Clear<'a>(&'a mut World);
    impl ModuleVisitor for Clear<'_> {
        fn visit<R: Module>(&mut self) {
            clear::<R>(self.0);
        }
    }
    visit_all(&mut Clear(world));
}

/// Opens a scenario or save's text in the app, for its rule system (found
/// through the registry). A scenario is played by `seats` (default:
/// hot-seat); a save keeps the seats it records.
///
/// # Errors
/// An invalid file, as a sentence with its position; the game loaded
/// before stays.
pub fn install_text(
    world: &mut World,
    file: &str,
    text: &str,
    seed: Option<u64>,
    seats: Option<Seats>,
) -> Result<(), String> {
    struct Install<'a> {
        world: &'a mut World,
        file: &'a str,
        text: &'a str,
        save: bool,
        seed: Option<u64>,
        seats: Option<Seats>,
        ruleset: String,
        result: Option<Result<(), String>>,
    }
    impl Install<'_> {
        fn open<R: Module>(&mut self) -> Option<Game<R>> {
            if self.ruleset != R::RULESET || self.result.is_some() {
                return None;
            }
            // Validate before anything of the old game is touched.
            match session::open_text::<R>(self.file, self.text, self.save, self.seed, &[]) {
                Ok(mut g) => {
                    if !self.save {
                        g.seats = self.seats.unwrap_or_default();
                    }
                    clear_game(self.world);
                    self.result = Some(Ok(()));
                    Some(g)
                }
                Err(e) => {
                    self.result = Some(Err(e.to_string()));
                    None
                }
            }
        }
    }
    impl ModuleVisitor for Install<'_> {
        fn visit<R: Module>(&mut self) {
            if let Some(g) = self.open::<R>() {
                install::<R>(self.world, g);
                place_board_camera(self.world);
            }
        }
    }
    let h = session::read_header(file, text).map_err(|e| e.to_string())?;
    let mut v = Install {
        world,
        file,
        text,
        save: h.save,
        seed,
        seats,
        ruleset: h.ruleset.clone(),
        result: None,
    };
    visit_all(&mut v);
    v.result.unwrap_or_else(|| {
        Err(t!(
            "panels-no-module-plays",
            file = file,
            ruleset = &h.ruleset
        ))
    })?;
    world
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Playing);
    Ok(())
}

/// The game on the board: the view model, the phase states, the person's
/// actions applied, saving and loading, and one [`ModulePlugin`] per
/// registered module.
pub struct PlayPlugin;

impl Plugin for PlayPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ViewModel>()
            .init_resource::<AppAutosave>()
            .init_state::<Decision>()
            .add_systems(Update, file_requests.in_set(AppSystems::Game));
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_plugins(ModulePlugin::<R>::default());
            }
        }
        visit_all(&mut AddModules(app));
    }
}

/// The systems of module `R`'s game, whatever its board: the person's
/// actions (while [`people_play`] and the actions are [`applied_here`])
/// and the view model.
pub struct ModulePlugin<R>(PhantomData<R>);

impl<R> Default for ModulePlugin<R> {
    fn default() -> Self {
        ModulePlugin(PhantomData)
    }
}

impl<R: Module> Plugin for ModulePlugin<R> {
    fn build(&self, app: &mut App) {
        let playing = resource_exists::<ActiveGame<R>>;
        app.add_systems(
            Update,
            (
                act::<R>
                    .in_set(AppSystems::Actions)
                    .run_if(people_play)
                    .run_if(applied_here)
                    .run_if(playing),
                refresh::<R>.in_set(AppSystems::View).run_if(playing),
            ),
        );
    }
}
