//! Playing without a mouse: Tab cycles the viewer's units, the arrows move
//! a hex cursor, Enter picks the hex under it (as a click would) and then
//! confirms, the digits take the selected unit's choices, Esc cancels,
//! Space ends the side's part of the decision, Ctrl+S saves, and F1 lists
//! every shortcut. The keys act only when egui does not want the keyboard
//! (a text field keeps its own).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::engine::view::{Needs, Place};
use crate::t;

use super::board_view::{BoardLayout, pick_hex};
use super::decisions::take_choice;
use super::play::ViewModel;
use super::sets::{AppSystems, game_screen};
use super::state::{
    AppMode, Editing, FileRequest, HexCursor, Notes, PassCover, Screen, Selection, UiAction,
};
use super::windows::FilesWindow;

/// Whether the shortcut list (F1) is open.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct ShortcutsOpen(pub bool);

/// Every shortcut, as the F1 window lists it: `(keys, what they do)`, in
/// the UI's language (the key names stay as they are).
pub fn shortcuts() -> [(String, String); 18] {
    [
        ("Tab / Shift+Tab".into(), t!("play-shortcut-tab")),
        (t!("play-shortcut-keys-arrows"), t!("play-shortcut-arrows")),
        ("Enter".into(), t!("play-shortcut-enter")),
        ("1 … 9".into(), t!("play-shortcut-digits")),
        ("Esc".into(), t!("play-shortcut-esc")),
        ("Space".into(), t!("play-shortcut-space")),
        ("Ctrl+Z / Ctrl+Shift+Z".into(), t!("play-shortcut-undo")),
        ("Ctrl+S".into(), t!("play-shortcut-save")),
        ("F".into(), t!("play-shortcut-fast-forward")),
        ("P".into(), t!("play-shortcut-pause")),
        ("N".into(), t!("play-shortcut-next")),
        ("R".into(), t!("play-shortcut-ruler")),
        ("W A S D".into(), t!("play-shortcut-pan")),
        (t!("play-shortcut-keys-wheel"), t!("play-shortcut-zoom")),
        (t!("play-shortcut-keys-drag"), t!("play-shortcut-pan")),
        (
            t!("play-shortcut-keys-replay", keys = "← → ↑ ↓"),
            t!("play-shortcut-replay-step"),
        ),
        (
            t!("play-shortcut-keys-replay", keys = "PgUp PgDn Home End"),
            t!("play-shortcut-replay-jump"),
        ),
        ("F1".into(), t!("play-shortcut-f1")),
    ]
}

/// The hex one step from `from` for an arrow key, in screen terms: left
/// and right change the column, up and down the row, whichever way the
/// board is drawn (`layout` says which row lies higher on screen).
pub fn step(from: Hex, key: KeyCode, layout: &hexx::HexLayout) -> Hex {
    let (c, r) = HexBoard::to_offset(from);
    let up_row = {
        let a = layout.hex_to_world_pos(HexBoard::to_hex((c, r + 1)));
        let b = layout.hex_to_world_pos(HexBoard::to_hex((c, r)));
        if a.y > b.y { 1 } else { -1 }
    };
    let to = match key {
        KeyCode::ArrowLeft => (c - 1, r),
        KeyCode::ArrowRight => (c + 1, r),
        KeyCode::ArrowUp => (c, r + up_row),
        KeyCode::ArrowDown => (c, r - up_row),
        _ => (c, r),
    };
    HexBoard::to_hex(to)
}

/// The next unit of `side` after `current` in id order (or before, with
/// `back`), wrapping; the first (or last) when none is selected.
pub fn cycle(ids: &[u32], current: Option<u32>, back: bool) -> Option<u32> {
    if ids.is_empty() {
        return None;
    }
    let n = ids.len();
    let at = current.and_then(|c| ids.iter().position(|i| *i == c));
    let k = match (at, back) {
        (None, false) => 0,
        (None, true) => n - 1,
        (Some(i), false) => (i + 1) % n,
        (Some(i), true) => (i + n - 1) % n,
    };
    Some(ids[k])
}

/// What the keyboard's play changes: the selection and its pick, the
/// panels' notes, the hex cursor, the save / load window.
type KeyboardState<'w> = (
    ResMut<'w, Selection>,
    ResMut<'w, Notes>,
    ResMut<'w, HexCursor>,
    ResMut<'w, FilesWindow>,
);

/// The keyboard's play.
#[allow(clippy::too_many_arguments)]
pub fn keyboard_play(
    keys: Res<ButtonInput<KeyCode>>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    view: Res<ViewModel>,
    (cover, mode): (Res<PassCover>, Res<AppMode>),
    (mut sel, mut notes, mut cursor, mut files): KeyboardState,
    (layout, board): (Option<Res<BoardLayout>>, Option<Res<HexBoard>>),
    mut actions: MessageWriter<UiAction>,
    mut requests: MessageWriter<FileRequest>,
) {
    if egui_wants
        .as_ref()
        .is_some_and(|w| w.wants_any_keyboard_input())
        || cover.side.is_some()
        || !view.loaded
    {
        return;
    }
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    let shift = keys.any_pressed([KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    let hex_of = |id: u32| match view.unit(id).map(|u| u.place) {
        Some(Place::Hex { hex, .. }) => Some(hex),
        _ => None,
    };
    if keys.just_pressed(KeyCode::Tab) {
        let side = view.actor.or(view.viewer);
        let mut ids: Vec<u32> = view
            .scene
            .units
            .iter()
            .filter(|u| side.is_none_or(|s| u.side == s) && u.models > 0)
            .map(|u| u.id)
            .collect();
        ids.sort_unstable();
        if let Some(id) = cycle(&ids, sel.selected, shift) {
            sel.selected = Some(id);
            sel.armed = None;
            if let Some(h) = hex_of(id) {
                cursor.0 = Some(h);
            }
        }
    }
    if let (Some(layout), Some(board)) = (layout.as_ref(), board.as_ref()) {
        for k in [
            KeyCode::ArrowLeft,
            KeyCode::ArrowRight,
            KeyCode::ArrowUp,
            KeyCode::ArrowDown,
        ] {
            if keys.just_pressed(k) {
                let from = cursor
                    .0
                    .or_else(|| sel.selected.and_then(hex_of))
                    .unwrap_or_else(|| HexBoard::to_hex((board.columns / 2, board.rows / 2)));
                let to = step(from, k, &layout.0);
                cursor.0 = Some(if board.contains(to) { to } else { from });
            }
        }
        if keys.just_pressed(KeyCode::Enter)
            && let Some(h) = cursor.0
        {
            match sel.armed.clone() {
                // The hex is picked already: Enter confirms.
                Some(c)
                    if sel.pick.hex == Some(h)
                        && matches!(c.needs, Needs::Target | Needs::Hex)
                        && view.preview_refusal.is_none() =>
                {
                    actions.write(UiAction::Choose {
                        key: c.key.clone(),
                        pick: sel.pick.clone(),
                    });
                }
                _ => pick_hex(&view, &mut sel, h),
            }
        }
    }
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    if let Some(n) = digits.iter().position(|k| keys.just_pressed(*k))
        && let Some(c) = view.choices.get(n)
        && let Some(id) = sel.selected
    {
        take_choice(&mut sel, &mut notes, &mut actions, c, id);
    }
    if keys.just_pressed(KeyCode::Escape) {
        if sel.armed.is_some() {
            sel.armed = None;
            sel.pick = Default::default();
        } else {
            sel.selected = None;
        }
    }
    if keys.just_pressed(KeyCode::Space) && !view.pass_label.is_empty() && view.actor.is_some() {
        actions.write(UiAction::Pass);
    }
    if ctrl && keys.just_pressed(KeyCode::KeyS) && !mode.kiosk {
        if files.path.trim().is_empty() {
            files.open = true;
        } else {
            requests.write(FileRequest::Save(files.path.trim().into()));
        }
    }
}

/// The keyboard shortcuts, a key and what it does to a row.
pub(crate) fn keys_body(ui: &mut egui::Ui) {
    egui::Grid::new("shortcuts").striped(true).show(ui, |ui| {
        for (k, what) in shortcuts() {
            ui.label(egui::RichText::new(k).monospace().strong());
            ui.add(egui::Label::new(what).wrap());
            ui.end_row();
        }
    });
}

/// What tells whether the game's panels (and their dock) are up: the view
/// model, the screen and the editor.
type GameScreen<'w> = (
    Option<Res<'w, ViewModel>>,
    Option<Res<'w, State<Screen>>>,
    Option<Res<'w, Editing>>,
);

/// F1 opens and closes the shortcuts, on every screen: in the game's
/// dock (`dock.rs`) beside the board, or in a window on a screen without
/// the game's panels (`docked` is false: the title screen, the editor).
pub fn shortcuts_ui(
    mut contexts: EguiContexts,
    keys: Res<ButtonInput<KeyCode>>,
    mut open: ResMut<ShortcutsOpen>,
    (view, screen, editing): GameScreen,
) -> Result {
    if keys.just_pressed(KeyCode::F1) {
        open.0 = !open.0;
    }
    let docked = view.is_some_and(|v| v.loaded)
        && screen.is_some_and(|s| *s.get() == Screen::Playing)
        && editing.is_none();
    if !open.0 || docked {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut still = true;
    egui::Window::new(t!("play-shortcuts-title"))
        .id(egui::Id::new("shortcuts_window"))
        .open(&mut still)
        .resizable(false)
        .show(ctx, keys_body);
    open.0 = still;
    Ok(())
}

/// Playing without a mouse, and the F1 list of shortcuts.
pub struct KeyboardPlugin;

impl Plugin for KeyboardPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ShortcutsOpen>()
            .add_systems(
                Update,
                keyboard_play
                    .in_set(AppSystems::Input)
                    .run_if(game_screen)
                    .run_if(|view: Res<ViewModel>| view.loaded),
            )
            .add_systems(
                EguiPrimaryContextPass,
                shortcuts_ui.in_set(AppSystems::Draw),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tab_cycles_the_units_in_id_order_both_ways_and_wraps() {
        let ids = [2, 5, 9];
        assert_eq!(cycle(&ids, None, false), Some(2));
        assert_eq!(cycle(&ids, None, true), Some(9));
        assert_eq!(cycle(&ids, Some(5), false), Some(9));
        assert_eq!(cycle(&ids, Some(9), false), Some(2));
        assert_eq!(cycle(&ids, Some(2), true), Some(9));
        assert_eq!(cycle(&ids, Some(7), false), Some(2));
        assert_eq!(cycle(&[], Some(7), false), None);
    }

    #[test]
    fn the_arrows_move_the_cursor_one_hex_the_way_they_point_on_screen() {
        let layout = hexx::HexLayout::flat().with_hex_size(44.0);
        let from = HexBoard::to_hex((4, 4));
        let at = |h| layout.hex_to_world_pos(h);
        let up = step(from, KeyCode::ArrowUp, &layout);
        let down = step(from, KeyCode::ArrowDown, &layout);
        let left = step(from, KeyCode::ArrowLeft, &layout);
        let right = step(from, KeyCode::ArrowRight, &layout);
        assert!(at(up).y > at(from).y && (at(up).x - at(from).x).abs() < 1.0);
        assert!(at(down).y < at(from).y);
        assert!(at(left).x < at(from).x && at(right).x > at(from).x);
        for h in [up, down, left, right] {
            assert_eq!(h.unsigned_distance_to(from), 1);
        }
    }
}
