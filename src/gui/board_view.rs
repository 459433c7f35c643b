//! The board and counters: terrain tiles as hex meshes, unit counters with
//! side colour, type, models, facing, red Morale Markers and the Honor Marker,
//! gizmo overlays, camera pan and zoom, and click to select.

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::{Hex, HexLayout};

use crate::engine::board::{Facing, HexBoard, TerrainTile};
use crate::engine::scenario::Scenario;
use crate::engine::units::{HexPos, Models, Side, UnitId, UnitType};
use crate::rules::samurai_battles::data::SbaTables;
use crate::rules::samurai_battles::morale::MoraleLevel;
use crate::rules::samurai_battles::{HonorMarker, SbaPhase};

use super::{BattleView, GuiState};

/// Hex size in world units (pixels at zoom 1).
pub const HEX_SIZE: f32 = 44.0;

/// The board's layout, centred on the world origin.
#[derive(Resource, Clone)]
pub struct BoardLayout(pub HexLayout);

/// One visual part of a unit counter.
#[derive(Component, Clone, Copy)]
pub struct CounterPart {
    /// The unit entity.
    pub unit: Entity,
    /// Which part.
    pub kind: PartKind,
}

/// Parts of a counter.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum PartKind {
    /// The coloured base.
    Base,
    /// Type and models text.
    Label,
    /// Red Morale Marker number `n` (0..3).
    MoraleDot(u32),
    /// The gold Honor Marker.
    HonorDot,
    /// The facing notch.
    Notch,
}

/// Spawns the 2D camera.
/// The view starts zoomed out to fit the default board between the panels.
pub fn setup_camera(mut commands: Commands) {
    let scale = 1.3;
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

fn layout_for(board: &HexBoard) -> HexLayout {
    let base = HexLayout::flat().with_hex_size(HEX_SIZE);
    let hexes = board.hexes();
    let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for h in &hexes {
        let p = base.hex_to_world_pos(*h);
        min = min.min(p);
        max = max.max(p);
    }
    base.with_origin(-(min + max) / 2.0)
}

/// Builds hex meshes for new terrain tiles (and the layout when a board arrives).
pub fn spawn_tiles(
    mut commands: Commands,
    board: Option<Res<HexBoard>>,
    tiles: Query<(Entity, &TerrainTile), Added<TerrainTile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(board) = board else { return };
    if tiles.is_empty() {
        return;
    }
    let layout = layout_for(&board);
    let mesh = meshes.add(RegularPolygon::new(HEX_SIZE * 0.97, 6));
    let mut cache: HashMap<(String, i32), Handle<ColorMaterial>> = HashMap::new();
    for (e, t) in &tiles {
        let (r, g, b) = board
            .table
            .terrain(&t.terrain)
            .map_or((0.5, 0.5, 0.5), |ty| ty.color);
        let lift = 1.0 + 0.14 * t.elevation as f32;
        let mat = cache
            .entry((t.terrain.clone(), t.elevation))
            .or_insert_with(|| {
                materials.add(ColorMaterial::from_color(Color::srgb(
                    r * lift,
                    g * lift,
                    b * lift,
                )))
            })
            .clone();
        let p = layout.hex_to_world_pos(t.hex);
        commands.entity(e).insert((
            Mesh2d(mesh.clone()),
            MeshMaterial2d(mat),
            Transform::from_xyz(p.x, p.y, 0.0).with_rotation(Quat::from_rotation_z(PI / 6.0)),
        ));
    }
    commands.insert_resource(BoardLayout(layout));
}

/// Builds the counter parts of new units.
pub fn spawn_counters(
    mut commands: Commands,
    units: Query<(Entity, &Side), Added<UnitId>>,
    scenario: Option<Res<Scenario>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(scenario) = scenario else { return };
    for (e, side) in &units {
        let (r, g, b) = scenario
            .sides
            .get(side.0 as usize)
            .map_or((0.5, 0.5, 0.5), |s| s.color);
        let base = materials.add(ColorMaterial::from_color(Color::srgb(r, g, b)));
        let dark = materials.add(ColorMaterial::from_color(Color::srgb(0.05, 0.05, 0.05)));
        let red = materials.add(ColorMaterial::from_color(Color::srgb(0.95, 0.08, 0.08)));
        let gold = materials.add(ColorMaterial::from_color(Color::srgb(1.0, 0.80, 0.15)));
        let white = materials.add(ColorMaterial::from_color(Color::srgb(0.97, 0.97, 0.97)));
        let part = |kind| CounterPart { unit: e, kind };
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::default()))
            .with_children(|c| {
                c.spawn((
                    part(PartKind::Base),
                    Mesh2d(meshes.add(Rectangle::new(50.0, 38.0))),
                    MeshMaterial2d(base.clone()),
                    Transform::from_xyz(0.0, 0.0, 1.0),
                ));
                c.spawn((
                    part(PartKind::Label),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(15.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, -3.0, 2.0),
                ));
                for i in 0..3 {
                    // A red marker on a white ring, readable on either side's colour.
                    c.spawn((
                        part(PartKind::MoraleDot(i)),
                        Mesh2d(meshes.add(Circle::new(6.0))),
                        MeshMaterial2d(white.clone()),
                        Transform::from_xyz(-16.0 + 12.0 * i as f32, 19.0, 3.0),
                    ))
                    .with_child((
                        Mesh2d(meshes.add(Circle::new(4.5))),
                        MeshMaterial2d(red.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                }
                c.spawn((
                    part(PartKind::HonorDot),
                    Mesh2d(meshes.add(Circle::new(6.0))),
                    MeshMaterial2d(gold.clone()),
                    Transform::from_xyz(22.0, 19.0, 3.0),
                ));
                c.spawn((
                    part(PartKind::Notch),
                    Mesh2d(meshes.add(Triangle2d::new(
                        Vec2::new(0.0, 7.0),
                        Vec2::new(-7.0, -4.0),
                        Vec2::new(7.0, -4.0),
                    ))),
                    MeshMaterial2d(dark.clone()),
                    Transform::from_xyz(0.0, 0.0, 3.0),
                ));
            });
    }
}

/// Moves counters to their hexes and shows their current markers; hides units
/// the current viewer may not see (SBA-ORD-10).
#[allow(clippy::type_complexity)]
pub fn update_counters(
    layout: Option<Res<BoardLayout>>,
    view: Res<BattleView>,
    tables: Option<Res<SbaTables>>,
    mut units: Query<
        (
            Entity,
            &UnitId,
            &HexPos,
            &UnitType,
            &Models,
            &MoraleLevel,
            Has<HonorMarker>,
            &mut Transform,
            &mut Visibility,
        ),
        Without<CounterPart>,
    >,
    mut parts: Query<
        (
            &CounterPart,
            &mut Visibility,
            &mut Transform,
            Option<&mut Text2d>,
        ),
        Without<UnitId>,
    >,
    facings: Query<&Facing>,
) {
    let (Some(layout), Some(tables)) = (layout, tables) else {
        return;
    };
    let mut info: HashMap<Entity, (u32, String, u32, bool)> = HashMap::new();
    for (e, id, pos, ty, models, morale, honor, mut tf, mut vis) in &mut units {
        let p = layout.0.hex_to_world_pos(pos.0);
        tf.translation = Vec3::new(p.x, p.y, 5.0);
        let shown = view
            .units
            .iter()
            .find(|u| u.id == id.0)
            .is_none_or(|u| view.shows(u));
        *vis = if shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        let abbrev = tables
            .unit(&ty.0)
            .map_or("??".to_string(), |s| s.abbrev.clone());
        info.insert(
            e,
            (
                morale.markers(),
                format!("{abbrev} {}", models.0),
                models.0,
                honor,
            ),
        );
    }
    for (part, mut vis, mut tf, text) in &mut parts {
        let Some((markers, label, _, honor)) = info.get(&part.unit) else {
            continue;
        };
        match part.kind {
            PartKind::MoraleDot(i) => {
                *vis = if i < *markers {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                }
            }
            PartKind::HonorDot => {
                *vis = if *honor {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                }
            }
            PartKind::Label => {
                if let Some(mut t) = text
                    && t.0 != *label
                {
                    t.0 = label.clone();
                }
            }
            PartKind::Notch => {
                if let Ok(f) = facings.get(part.unit) {
                    let a = f.angle_degrees().to_radians();
                    tf.translation = Vec3::new(a.cos() * 27.0, a.sin() * 22.0, 3.0);
                    tf.rotation = Quat::from_rotation_z(a - PI / 2.0);
                }
            }
            PartKind::Base => {}
        }
    }
}

fn shared_edge(layout: &HexLayout, a: Hex, b: Hex) -> Option<(Vec2, Vec2)> {
    let ca = layout.hex_corners(a);
    let cb = layout.hex_corners(b);
    let common: Vec<Vec2> = ca
        .iter()
        .filter(|p| cb.iter().any(|q| p.distance(*q) < 0.5))
        .copied()
        .collect();
    (common.len() == 2).then(|| (common[0], common[1]))
}

/// Hexside features, selection, melee links and the viewer's written orders.
pub fn draw_overlays(
    mut gizmos: Gizmos,
    layout: Option<Res<BoardLayout>>,
    board: Option<Res<HexBoard>>,
    view: Res<BattleView>,
    gui: Res<GuiState>,
) {
    let (Some(layout), Some(board)) = (layout, board) else {
        return;
    };
    let l = &layout.0;
    for (a, b, name) in board.hexside_list() {
        if let (Some((p, q)), Some(t)) = (shared_edge(l, a, b), board.table.hexside(&name)) {
            let c = Color::srgb(t.color.0, t.color.1, t.color.2);
            for d in [-1.5f32, 0.0, 1.5] {
                let n = (q - p).perp().normalize_or_zero() * d;
                gizmos.line_2d(p + n, q + n, c);
            }
        }
    }
    for h in board.hexes() {
        if board.elevation(h) > 0 {
            let c = l.hex_corners(h);
            let mut pts: Vec<Vec2> = c
                .iter()
                .map(|p| *p * 0.93 + l.hex_to_world_pos(h) * 0.07)
                .collect();
            pts.push(pts[0]);
            gizmos.linestrip_2d(pts, Color::srgb(0.45, 0.33, 0.18));
        }
    }
    let pos = |id: u32| {
        view.units
            .iter()
            .find(|u| u.id == id && view.shows(u))
            .map(|u| l.hex_to_world_pos(u.hex))
    };
    for u in &view.units {
        for e in &u.engaged {
            if u.id < *e
                && let (Some(a), Some(b)) = (pos(u.id), pos(*e))
            {
                gizmos.line_2d(a, b, Color::srgb(1.0, 0.2, 0.1));
            }
        }
    }
    // Own hidden units, seen only by their side: a green ring (SBA-ORD-10).
    for u in view.units.iter().filter(|u| u.hidden && view.shows(u)) {
        gizmos.circle_2d(
            l.hex_to_world_pos(u.hex),
            HEX_SIZE * 0.7,
            Color::srgb(0.6, 1.0, 0.6),
        );
    }
    if let Some(sel) = gui.selected.and_then(pos) {
        gizmos.circle_2d(sel, HEX_SIZE * 0.8, Color::srgb(1.0, 0.95, 0.2));
    }
    if view.phase == SbaPhase::Planning
        && gui.pass_screen.is_none()
        && let (Some(side), Some(game)) = (view.viewer(), &view.game)
    {
        for (id, o) in &game.written {
            let Some(u) = view.units.iter().find(|u| u.id == *id && u.side == side) else {
                continue;
            };
            let from = l.hex_to_world_pos(u.hex);
            let to = o
                .target
                .and_then(pos)
                .or_else(|| o.to.map(|t| l.hex_to_world_pos(HexBoard::to_hex(t))));
            if let Some(to) = to {
                gizmos.arrow_2d(from, to, Color::srgb(1.0, 1.0, 1.0));
            }
        }
    }
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
    mut cam: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
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
    if keys_free {
        for (k, d) in [
            (KeyCode::KeyA, Vec2::NEG_X),
            (KeyCode::ArrowLeft, Vec2::NEG_X),
            (KeyCode::KeyD, Vec2::X),
            (KeyCode::ArrowRight, Vec2::X),
            (KeyCode::KeyW, Vec2::Y),
            (KeyCode::ArrowUp, Vec2::Y),
            (KeyCode::KeyS, Vec2::NEG_Y),
            (KeyCode::ArrowDown, Vec2::NEG_Y),
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
        if scroll.delta.y != 0.0 {
            ortho.scale = (ortho.scale * (1.0 - 0.1 * scroll.delta.y.signum())).clamp(0.3, 4.0);
        }
    }
}

/// Left click: pick a target or destination for the order being written, or
/// select the unit on the clicked hex.
#[allow(clippy::too_many_arguments)]
pub fn click_board(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    board: Option<Res<HexBoard>>,
    view: Res<BattleView>,
    egui_pointer: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut gui: ResMut<GuiState>,
) {
    if !buttons.just_pressed(MouseButton::Left)
        || egui_pointer
            .as_ref()
            .is_some_and(|w| w.wants_any_pointer_input())
    {
        return;
    }
    let (Some(layout), Some(board)) = (layout, board) else {
        return;
    };
    let (Ok(window), Ok((camera, ctf))) = (window.single(), cam.single()) else {
        return;
    };
    let Some(cursor) = window.cursor_position() else {
        return;
    };
    let Ok(world) = camera.viewport_to_world_2d(ctf, cursor) else {
        return;
    };
    let hex = layout.0.world_pos_to_hex(world);
    if !board.contains(hex) || gui.pass_screen.is_some() {
        return;
    }
    let unit = view
        .units
        .iter()
        .find(|u| u.hex == hex && view.shows(u))
        .map(|u| u.id);
    if gui.picking
        && let Some(d) = gui.draft.as_mut()
    {
        match unit {
            Some(id) if d.kind.takes_target() => {
                d.target = Some(id);
                d.to = None;
            }
            _ if d.kind.takes_destination() => {
                d.to = Some(HexBoard::to_offset(hex));
                d.target = None;
            }
            _ => {}
        }
        gui.picking = false;
        return;
    }
    gui.selected = unit;
    gui.draft = None;
    gui.picking = false;
}
