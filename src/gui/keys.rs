//! The game's keys (when egui does not want the keyboard): F for the
//! computer's fast-forward, Ctrl+Z and Ctrl+Shift+Z for undo and redo, and
//! the replay's keys.

use bevy::prelude::*;

use super::computer::ComputerPace;
use super::play::ViewModel;
use super::replay::ReplayView;
use super::sets::{AppSystems, game_screen};
use super::state::UiAction;
use crate::engine::replay::{start_after, start_before};

/// F toggles fast-forward of the computer's moves (when egui does not want
/// the keyboard).
pub fn fast_forward_key(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut pace: ResMut<ComputerPace>,
) {
    if keys.just_pressed(KeyCode::KeyF)
        && egui_wants
            .as_ref()
            .is_none_or(|w| !w.wants_any_keyboard_input())
    {
        pace.fast = !pace.fast;
    }
}

/// Ctrl+Z undoes the deciding side's last command, Ctrl+Shift+Z redoes
/// (when egui does not want the keyboard; a text field keeps its own).
pub fn undo_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut actions: MessageWriter<UiAction>,
) {
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if !ctrl
        || !keys.just_pressed(KeyCode::KeyZ)
        || egui_wants
            .as_ref()
            .is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    if keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]) {
        actions.write(UiAction::Redo);
    } else {
        actions.write(UiAction::Undo);
    }
}

/// The replay's keys (when egui does not want the keyboard): ← → one
/// command, ↑ ↓ one phase, Page Up / Page Down one turn, Home / End, and
/// Space to play or pause.
pub fn replay_keys(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    view: Option<ResMut<ReplayView>>,
) {
    let Some(mut view) = view else { return };
    if egui_wants
        .as_ref()
        .is_some_and(|w| w.wants_any_keyboard_input())
    {
        return;
    }
    let (at, len) = (view.at, view.len);
    let to = if keys.just_pressed(KeyCode::ArrowLeft) {
        Some(at.saturating_sub(1))
    } else if keys.just_pressed(KeyCode::ArrowRight) {
        Some(at + 1)
    } else if keys.just_pressed(KeyCode::ArrowUp) {
        Some(start_before(&view.phase_starts, at))
    } else if keys.just_pressed(KeyCode::ArrowDown) {
        Some(start_after(&view.phase_starts, at, len))
    } else if keys.just_pressed(KeyCode::PageUp) {
        Some(start_before(&view.turn_starts, at))
    } else if keys.just_pressed(KeyCode::PageDown) {
        Some(start_after(&view.turn_starts, at, len))
    } else if keys.just_pressed(KeyCode::Home) {
        Some(0)
    } else if keys.just_pressed(KeyCode::End) {
        Some(len)
    } else {
        None
    };
    if let Some(to) = to {
        view.playing = false;
        view.seek(to);
    }
    if keys.just_pressed(KeyCode::Space) {
        view.playing = !view.playing && view.at < view.len;
        view.last_step = None;
    }
}

/// The game's keys: those of a game being played (off while the editor
/// has the board), and those of a replay.
pub struct KeysPlugin;

impl Plugin for KeysPlugin {
    fn build(&self, app: &mut App) {
        let loaded = |view: Res<ViewModel>| view.loaded;
        app.add_systems(
            Update,
            (
                (fast_forward_key, undo_keys)
                    .run_if(game_screen)
                    .distributive_run_if(loaded),
                replay_keys.run_if(resource_exists::<ReplayView>),
            )
                .in_set(AppSystems::Input),
        );
    }
}
