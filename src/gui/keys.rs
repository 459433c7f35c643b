//! The game's keys (when egui does not want the keyboard): F for the
//! computer's fast-forward, Ctrl+Z and Ctrl+Shift+Z for undo and redo. The
//! replay's keys are in [`super::replay::replay_keys`].

use bevy::prelude::*;

use super::play::{ComputerPace, UiAction};

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
