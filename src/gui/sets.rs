//! The app's ordered system sets, declared once: every GUI system runs in
//! one of the [`AppSystems`], in the order input, actions, the game, the
//! rules' steps, the view model, the show over it, drawing (in `Update`, and
//! the same order in the egui pass).
//! The run conditions [`people_play`], [`applied_here`] and [`game_screen`]
//! let a feature switch the game's systems off (a replay, the scenario
//! editor, a guest's board) through a marker of [`super::state`], without
//! the game's files naming the feature. They are conditions of each system,
//! not of a set: a set's condition is evaluated once a frame, and a replay
//! or the editor may open halfway through one.

use bevy::prelude::*;
use bevy_egui::{EguiPreUpdateSet, EguiPrimaryContextPass};

use super::state::{Editing, FixedViewer, RemoteGuest};

/// The app's steps in a frame, in their order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AppSystems {
    /// Keys, clicks, drags and the wire's arrivals turned into the
    /// selection, picks and actions (in `PreUpdate`: egui's input filtered
    /// before its pass begins).
    Input,
    /// The actions carried out: the person's commands applied, a game
    /// opened or hosted, the demo's course.
    Actions,
    /// The game moves on: the computer's commands, a replay's seek, the
    /// wire kept in step, saving and loading, the editor's scenario.
    Game,
    /// The rules' automatic steps taken, at once or one at a time for the
    /// show (`resolution.rs`), after the commands of the frame.
    Resolve,
    /// The view model rebuilt from the game (in `Update`); in the egui pass,
    /// the screens' panels, which leave the board its area.
    View,
    /// The show put over the rebuilt view model: the log and the units as
    /// far as the entries shown (`resolution.rs`).
    Stage,
    /// The board drawn from the view (meshes, counters, gizmos, glides); in
    /// the egui pass, what is drawn over the panels (windows, the dice
    /// tray, the legend, hints).
    Draw,
}

/// Run condition: the people and the computer here play the game on the
/// board; neither a replay ([`FixedViewer`]) nor the scenario editor
/// ([`Editing`]) shows it.
pub fn people_play(fixed: Option<Res<FixedViewer>>, editing: Option<Res<Editing>>) -> bool {
    fixed.is_none() && editing.is_none()
}

/// Run condition: the person's actions are applied to the game here; it is
/// no guest's board ([`RemoteGuest`]: those go to the host).
pub fn applied_here(guest: Option<Res<RemoteGuest>>) -> bool {
    guest.is_none()
}

/// Run condition: the game's screen is up (its panels, overlays, keys and
/// board clicks); the scenario editor ([`Editing`]) does not have the board.
pub fn game_screen(editing: Option<Res<Editing>>) -> bool {
    editing.is_none()
}

/// Orders the [`AppSystems`] in `Update` and in the egui pass, and puts
/// the input step of `PreUpdate` inside egui's input handling.
pub struct SetsPlugin;

impl Plugin for SetsPlugin {
    fn build(&self, app: &mut App) {
        use AppSystems::{Actions, Draw, Game, Input, Resolve, Stage, View};
        app.configure_sets(
            Update,
            (Input, Actions, Game, Resolve, View, Stage, Draw).chain(),
        )
        .configure_sets(
            EguiPrimaryContextPass,
            (Input, Actions, Game, Resolve, View, Stage, Draw).chain(),
        )
        .configure_sets(
            PreUpdate,
            Input
                .after(EguiPreUpdateSet::ProcessInput)
                .before(EguiPreUpdateSet::BeginPass),
        );
    }
}
