//! The board's camera and the world's scale: the 2D camera, pan and zoom
//! (keys, a drag, the wheel over the board), and where a new game puts it.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::sets::AppSystems;
use super::settings::Settings;
use super::state::BoardArea;
use crate::engine::table::Table;

/// Hex size in world units (pixels at zoom 1).
pub const HEX_SIZE: f32 = 44.0;

/// The hex board's starting zoom (world units per screen pixel at 100%
/// UI scale): counter labels of `counter_art::LABEL_PX` are drawn at
/// least 11 px on screen.
pub const HEX_ZOOM: f32 = 1.3;

/// World units (pixels at zoom 1) per inch of the open table.
pub const PX_PER_INCH: f32 = 16.0;

/// Spawns the 2D camera.
/// The view starts zoomed out to fit the default board between the panels.
pub fn setup_camera(mut commands: Commands) {
    let scale = HEX_ZOOM;
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scale,
            ..OrthographicProjection::default_2d()
        }),
        // Board centre under the middle of the free area (left panel 320 px,
        // right 340, top bar 30, log 210).
        Transform::from_xyz(10.0 * scale, -90.0 * scale, 0.0),
    ));
}

/// Pans with WASD/arrow keys or a right/middle-button drag, zooms with the wheel.
#[allow(clippy::too_many_arguments)]
pub fn camera_controls(
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    time: Res<Time>,
    egui_pointer: Option<Res<bevy_egui::input::EguiWantsInput>>,
    board_area: Option<Res<BoardArea>>,
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
    cover: Option<Res<super::state::PassCover>>,
) {
    // The hot-seat cover hides the board: its wheel scrolls the briefing
    // and its keys are the next player's, never the hidden board's.
    if cover.is_some_and(|c| c.side.is_some()) {
        return;
    }
    let Ok((mut tf, mut proj)) = cam.single_mut() else {
        return;
    };
    let Projection::Orthographic(ortho) = proj.as_mut() else {
        return;
    };
    let pointer_free = egui_pointer
        .as_ref()
        .is_none_or(|w| !w.wants_any_pointer_input());
    let keys_free = egui_pointer
        .as_ref()
        .is_none_or(|w| !w.wants_any_keyboard_input());
    let mut pan = Vec2::ZERO;
    // Ctrl+S saves; it never pans.
    let ctrl = keys.any_pressed([KeyCode::ControlLeft, KeyCode::ControlRight]);
    if keys_free && !ctrl {
        for (k, d) in [
            (KeyCode::KeyA, Vec2::NEG_X),
            (KeyCode::KeyD, Vec2::X),
            (KeyCode::KeyW, Vec2::Y),
            (KeyCode::KeyS, Vec2::NEG_Y),
        ] {
            if keys.pressed(k) {
                pan += d;
            }
        }
    }
    // The app sleeps when idle: the first frame after a key press may come
    // long after the last one, so a frame's step is capped.
    let speed = 600.0 * ortho.scale * time.delta_secs().min(0.05);
    tf.translation += (pan * speed).extend(0.0);
    if pan != Vec2::ZERO {
        // Keep frames coming while a pan key is held.
        redraw.write(bevy::window::RequestRedraw);
    }
    if pointer_free {
        if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
            tf.translation += Vec3::new(-motion.delta.x, motion.delta.y, 0.0) * ortho.scale;
        }
        // The panels scroll with the wheel; only the board between them zooms.
        let over_board = match (
            board_area.as_ref().and_then(|a| a.0),
            window.single().ok().and_then(Window::cursor_position),
        ) {
            (Some([x0, y0, x1, y1]), Some(c)) => c.x >= x0 && c.x <= x1 && c.y >= y0 && c.y <= y1,
            _ => true,
        };
        if scroll.delta.y != 0.0 && over_board {
            ortho.scale = (ortho.scale * (1.0 - 0.1 * scroll.delta.y.signum())).clamp(0.3, 4.0);
        }
    }
}

/// Sets the camera's zoom and position.
pub(crate) fn place_camera(world: &mut World, scale: f32, at: Vec2) {
    let mut q = world.query_filtered::<(&mut Transform, &mut Projection), With<Camera2d>>();
    for (mut tf, mut proj) in q.iter_mut(world) {
        tf.translation = at.extend(0.0);
        if let Projection::Orthographic(o) = proj.as_mut() {
            o.scale = scale;
        }
    }
}

/// Places the camera as a new game wants it: the whole open table (the
/// [`Table`] on the board) in the free area (the window less the panels at
/// the UI scale: left 320 px, right 340, top bar 30, log 210, each times
/// the scale), or the hex map at a fixed zoom; the board's centre under the
/// middle of the free area.
pub(crate) fn place_board_camera(world: &mut World) {
    let ui = world.get_resource::<Settings>().map_or(1.0, |s| s.ui_scale);
    let mut windows = world.query_filtered::<&Window, With<PrimaryWindow>>();
    let (win_w, win_h) = windows
        .iter(world)
        .next()
        .map_or((1400.0, 900.0), |w| (w.width(), w.height()));
    let free_w = (win_w - 660.0 * ui - 20.0).max(100.0);
    let free_h = (win_h - 240.0 * ui - 40.0).max(100.0);
    let scale = world.get_resource::<Table>().map_or(HEX_ZOOM, |t| {
        (t.width * PX_PER_INCH / free_w).max(t.depth * PX_PER_INCH / free_h)
    });
    place_camera(
        world,
        scale,
        Vec2::new(10.0 * ui * scale, -90.0 * ui * scale),
    );
}

/// The camera: spawned at start, panned and zoomed by the player.
pub struct CameraPlugin;

impl Plugin for CameraPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, setup_camera.in_set(AppSystems::Draw))
            .add_systems(Update, camera_controls.in_set(AppSystems::Input));
    }
}
