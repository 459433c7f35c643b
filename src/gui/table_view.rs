//! The open-table view shared by the table modules: the table and its
//! terrain areas, units drawn as bases (side colour, model count, facing,
//! airborne units lifted with a shadow and a badge, hit-dice and nerve
//! markers), range and arc overlays for the selected unit, drag-to-move with
//! a legal or illegal ghost, and a ruler.
//!
//! The view reads a [`TableScene`] snapshot rebuilt from the
//! [`ViewModel`], and writes the player's gestures into [`TableInput`] and
//! the [`Selection`]; a drop is judged by a dry run of its command in the
//! module's game (the view itself knows no rule module).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::engine::core::{Module, ToAct};
use crate::engine::foresight::foresee;
use crate::engine::log::LogEntry;
use crate::engine::table::{Base, Table, bearing_of, bearing_vector};
use crate::engine::view::{Needs, Objective, Pick, Place, Spot};
use crate::rules::{ModuleVisitor, visit_all};
use crate::t;

use super::board_view::scale_board_text;
use super::camera::PX_PER_INCH;
use super::play::{ActiveGame, ViewModel};
use super::sets::{AppSystems, game_screen, people_play};
use super::settings::Settings;
use super::state::{
    BoardShield, GameCleared, GameInstalled, Notes, PassCover, Selection, UiAction,
};
use super::table_art::{area_stamps, figure_colors, figure_ranks};
use super::table_labels::{LabelKind, place_labels};
pub use super::table_units::{LIFT, TableUnitView, area_color, area_outline, to_table, to_world};
use super::terrain_art::{mesh_of, shape_key, tile_art};
use super::widgets::shown;
use super::widgets::{HOVER_COLOR, MAY_ACT_COLOR};

/// How far short of the cursor, inches, the ghost must stand for the rest
/// of the drag to be drawn dim (a move cut short by the rules).
const GHOST_SHORT: f32 = 0.05;

/// The snapshot the view draws, rebuilt from the [`ViewModel`] whenever it
/// changes.
#[derive(Resource, Default, Clone)]
pub struct TableScene {
    /// The table (None before a battle is loaded).
    pub table: Option<Table>,
    /// Bumped when the table itself changes (a new battle), to redraw terrain.
    pub generation: u32,
    /// Living units on the table, by id.
    pub units: Vec<TableUnitView>,
    /// Side colours.
    pub colors: [Color; 2],
    /// The side allowed to move units by dragging now.
    pub mover: Option<u8>,
    /// Objectives on the table.
    pub objectives: Vec<Objective>,
    /// The two sides' names.
    pub sides: [String; 2],
    /// The selected unit and its move limit, inches
    /// ([`ViewModel::move_ring`]).
    pub move_ring: Option<(u32, f32)>,
    /// The units that may act now, and those the hovered side choice
    /// would let act ([`ViewModel::may_act`], [`ViewModel::hover_units`]).
    pub may_act: (Vec<u32>, Vec<u32>),
}

impl TableScene {
    /// The unit with `id`.
    pub fn unit(&self, id: u32) -> Option<&TableUnitView> {
        self.units.iter().find(|u| u.id == id)
    }
}

/// Rebuilds the [`TableScene`] from the view model and the table.
pub fn table_scene(view: Res<ViewModel>, table: Option<Res<Table>>, mut scene: ResMut<TableScene>) {
    let Some(table) = table else {
        if scene.table.is_some() {
            // Keep the generation counting, so that the next table is drawn.
            *scene = TableScene {
                generation: scene.generation,
                ..TableScene::default()
            };
        }
        return;
    };
    let new_table = table.is_changed() || scene.table.is_none();
    if !(view.is_changed() || new_table) {
        return;
    }
    let units = TableUnitView::all_of(&view.scene);
    *scene = TableScene {
        table: Some(table.clone()),
        generation: scene.generation + u32::from(new_table),
        units,
        colors: view.colors.map(|c| Color::srgb(c[0], c[1], c[2])),
        mover: view.actor,
        objectives: view.scene.objectives.clone(),
        sides: view.sides.clone(),
        move_ring: view.inputs.0.zip(view.move_ring),
        may_act: (view.may_act.clone(), view.hover_units.1.clone()),
    };
}

/// A drag of a unit to a new place.
#[derive(Clone, Debug, PartialEq)]
pub struct Drag {
    /// The unit dragged.
    pub unit: u32,
    /// Where the base's centre would go, inches.
    pub to: Vec2,
    /// The facing it would end with (along the drag).
    pub facing: f32,
}

/// The verdict on the current drag, foreseen by a dry run of the command
/// ([`foresee`]): what `apply` would do, in its own words.
#[derive(Clone, Debug, PartialEq)]
pub enum DragVerdict {
    /// Legal: where `apply` puts the base (it may stop short of the drag,
    /// a take-off going exactly half), whether it is then in the air, the
    /// log lines `apply` writes up to its first roll, and whether dice
    /// are rolled after them.
    Legal {
        /// The base after the move; `None` if the unit left the table.
        end: Option<Base>,
        /// In the air after the move.
        airborne: bool,
        /// What `apply` logs, before any roll.
        lines: Vec<LogEntry>,
        /// Dice are rolled after `lines`.
        rolls: bool,
    },
    /// Illegal, with the reason and rule.
    Illegal(String),
}

/// The player's gestures on the table (GUI state; not saved). The
/// selection and the target pick live in [`Selection`], shared with the
/// panels.
#[derive(Resource, Default)]
pub struct TableInput {
    /// A unit being dragged.
    pub drag: Option<Drag>,
    /// Set for the current drag by a dry run of its command.
    pub verdict: Option<DragVerdict>,
    /// The drag `verdict` was judged for (judged again only when it moves).
    judged: Option<Drag>,
    /// A finished drag, to be turned into a command.
    pub dropped: Option<Drag>,
    /// The ruler tool is on: left-drag measures instead of moving.
    pub ruler_mode: bool,
    /// The ruler's ends, inches.
    pub ruler: Option<(Vec2, Vec2)>,
    /// Whether the left button went down on a unit (drag) or on the table.
    press: Option<Press>,
}

impl TableInput {
    /// Turns the ruler tool on or off; off, its line and reading go.
    pub fn toggle_ruler(&mut self) {
        self.ruler_mode = !self.ruler_mode;
        if !self.ruler_mode {
            self.ruler = None;
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Press {
    at: Vec2,
    unit: Option<u32>,
}

/// Spacing of an area's art stamps, world px (one hex's art per stamp).
const ART_STEP: f32 = 30.0;
/// The art's size on the table against a hex's.
const ART_SCALE: f32 = 0.6;

/// Marks the entities drawing the table and terrain.
#[derive(Component)]
pub struct TableTile;

/// Marks the entities drawing one unit: its base, shadow and labels.
#[derive(Component)]
pub struct BaseSprite {
    /// Unit id.
    pub id: u32,
}

/// Redraws the table and its areas when a new battle is loaded.
pub fn spawn_table(
    mut commands: Commands,
    scene: Res<TableScene>,
    mut drawn: Local<Option<u32>>,
    tiles: Query<Entity, With<TableTile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let Some(table) = &scene.table else { return };
    if *drawn == Some(scene.generation) {
        return;
    }
    let mut art_meshes = std::collections::HashMap::new();
    let mut art_inks = std::collections::HashMap::new();
    *drawn = Some(scene.generation);
    for e in &tiles {
        commands.entity(e).despawn();
    }
    commands.spawn((
        TableTile,
        Sprite::from_color(
            Color::srgb(0.36, 0.45, 0.28),
            Vec2::new(table.width, table.depth) * PX_PER_INCH,
        ),
        Transform::from_xyz(0.0, 0.0, -10.0),
    ));
    for area in &table.areas {
        let pts = area_outline(table, area);
        let [r, g, b] = area_color(area);
        let color = Color::srgb(r, g, b);
        let mut mesh = Mesh::new(
            PrimitiveTopology::TriangleList,
            RenderAssetUsages::default(),
        );
        let positions: Vec<[f32; 3]> = pts.iter().map(|p| [p.x, p.y, 0.0]).collect();
        let mut idx = Vec::new();
        for i in 1..pts.len().saturating_sub(1) {
            idx.extend([0u32, i as u32, i as u32 + 1]);
        }
        mesh.insert_attribute(Mesh::ATTRIBUTE_POSITION, positions);
        mesh.insert_indices(Indices::U32(idx));
        commands.spawn((
            TableTile,
            Mesh2d(meshes.add(mesh)),
            MeshMaterial2d(materials.add(color)),
            Transform::from_xyz(0.0, 0.0, -9.0),
        ));
        // The area's art, stamped over its colour as on a hex of the same
        // terrain, at 60 % size.
        let look = area.spec.shown_look();
        for (at, key) in area_stamps(&pts, ART_STEP) {
            for s in tile_art(look, 0, key) {
                let m = art_meshes
                    .entry(shape_key(s.shape))
                    .or_insert_with(|| meshes.add(mesh_of(s.shape)))
                    .clone();
                let ink = art_inks
                    .entry(s.color)
                    .or_insert_with(|| materials.add(ColorMaterial::from_color(s.color.color())))
                    .clone();
                let p = at + s.at * ART_SCALE;
                commands.spawn((
                    TableTile,
                    Mesh2d(m),
                    MeshMaterial2d(ink),
                    Transform::from_xyz(p.x, p.y, -8.9 + 0.01 * f32::from(s.layer))
                        .with_rotation(Quat::from_rotation_z(s.angle))
                        .with_scale(Vec3::splat(ART_SCALE)),
                ));
            }
        }
    }
}

/// Keeps one set of sprites per living unit: shadow, base, model count,
/// badges, hit-dice.
pub fn sync_bases(
    mut commands: Commands,
    scene: Res<TableScene>,
    settings: Option<Res<Settings>>,
    existing: Query<(Entity, &BaseSprite)>,
) {
    let Some(table) = &scene.table else { return };
    // Simple and robust: redraw the unit sprites whenever the scene (or
    // the UI scale the words are placed for) changes.
    if !(scene.is_changed() || settings.as_ref().is_some_and(|s| s.is_changed())) {
        return;
    }
    for (e, _) in &existing {
        commands.entity(e).despawn();
    }
    spawn_objectives(&mut commands, table, &scene);
    for u in &scene.units {
        spawn_base(&mut commands, table, &scene, u);
    }
    let scale = settings.as_ref().map_or(1.0, |s| s.ui_scale);
    let placed = place_labels(
        table,
        &scene.units,
        &scene.objectives,
        &scene.sides,
        (scale, LIFT),
    );
    for l in placed {
        let color = match l.kind {
            LabelKind::Area => Color::srgba(1.0, 1.0, 1.0, 0.7),
            LabelKind::Objective => Color::srgb(1.0, 1.0, 0.85),
            LabelKind::Count => Color::srgb(1.0, 0.95, 0.8),
            LabelKind::Badges
                if l.unit
                    .and_then(|id| scene.unit(id))
                    .is_some_and(|u| u.airborne) =>
            {
                Color::srgb(0.7, 0.9, 1.0)
            }
            LabelKind::Badges => Color::srgb(1.0, 0.85, 0.5),
        };
        commands.spawn((
            BaseSprite {
                id: l.unit.unwrap_or(u32::MAX),
            },
            Text2d::new(shown(&l.text)),
            TextFont::from_font_size(l.font),
            TextColor(color),
            Transform::from_translation(l.at.extend(7.0)),
        ));
    }
}

/// Objectives: a diamond in the holder's colour (grey when nobody holds
/// it); its name is placed with the other words ([`place_labels`]).
fn spawn_objectives(commands: &mut Commands, table: &Table, scene: &TableScene) {
    for o in &scene.objectives {
        let Spot::Table(x, y) = o.at else { continue };
        let at = to_world(table, Vec2::new(x, y));
        let color = o.held_by.map_or(Color::srgb(0.8, 0.8, 0.8), |s| {
            scene.colors[usize::from(s.min(1))]
        });
        commands.spawn((
            BaseSprite { id: u32::MAX },
            Sprite::from_color(Color::BLACK, Vec2::splat(22.0)),
            Transform::from_translation(at.extend(0.5))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
        commands.spawn((
            BaseSprite { id: u32::MAX },
            Sprite::from_color(color, Vec2::splat(16.0)),
            Transform::from_translation(at.extend(0.6))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
    }
}

/// One unit's sprites: its shadow when airborne, its base with the facing
/// notch, the side's cue and the figures, and the markers (its model
/// count and badges are placed with the other words, [`place_labels`]).
fn spawn_base(commands: &mut Commands, table: &Table, scene: &TableScene, u: &TableUnitView) {
    let ground = to_world(table, u.base.center);
    let lift = if u.airborne { LIFT } else { 0.0 };
    let rot = Quat::from_rotation_z(-u.base.facing.to_radians());
    let size = Vec2::new(u.base.frontage, u.base.depth) * PX_PER_INCH;
    let side_color = scene.colors[u.side.min(1) as usize];
    if u.airborne {
        commands.spawn((
            BaseSprite { id: u.id },
            Sprite::from_color(Color::srgba(0.0, 0.0, 0.0, 0.35), size),
            Transform::from_translation(ground.extend(1.0)).with_rotation(rot),
        ));
    }
    let top = ground + Vec2::new(0.0, lift);
    commands
        .spawn((
            BaseSprite { id: u.id },
            Sprite::from_color(side_color, size),
            Transform::from_translation(top.extend(2.0 + lift * 0.01)).with_rotation(rot),
        ))
        .with_children(|p| {
            // Facing notch: a light bar along the front edge.
            p.spawn((
                Sprite::from_color(Color::srgba(1.0, 1.0, 1.0, 0.85), Vec2::new(size.x, 3.0)),
                Transform::from_xyz(0.0, size.y / 2.0 - 1.5, 0.1),
            ));
            // The side's cue that is not colour, as on the hex
            // counters: side 0 a dark band along the rear edge, side 1
            // a dark frame inside the edge.
            let cue = Color::srgba(0.0, 0.0, 0.0, 0.75);
            if u.side == 0 {
                p.spawn((
                    Sprite::from_color(cue, Vec2::new(size.x, 4.0)),
                    Transform::from_xyz(0.0, -size.y / 2.0 + 2.0, 0.1),
                ));
            } else {
                let (w, h) = (size.x - 6.0, size.y - 9.0);
                for (len, at) in [
                    (Vec2::new(w, 2.0), Vec2::new(0.0, h / 2.0 - 1.5)),
                    (Vec2::new(w, 2.0), Vec2::new(0.0, -h / 2.0 - 1.5)),
                    (Vec2::new(2.0, h), Vec2::new(-w / 2.0, -1.5)),
                    (Vec2::new(2.0, h), Vec2::new(w / 2.0, -1.5)),
                ] {
                    p.spawn((
                        Sprite::from_color(cue, len.max(Vec2::ONE)),
                        Transform::from_translation(at.extend(0.1)),
                    ));
                }
            }
            // The models left, as figures on their own small bases in
            // ranks behind the front edge.
            let (rim, body) = figure_colors(side_color);
            for (at, d) in figure_ranks(u.models, size) {
                p.spawn((
                    Sprite::from_color(rim, Vec2::splat(d)),
                    Transform::from_translation(at.extend(0.05)),
                ));
                p.spawn((
                    Sprite::from_color(body, Vec2::splat(d * 0.62)),
                    Transform::from_translation(at.extend(0.06)),
                ));
            }
        });
    spawn_markers(commands, u, top, size);
}

/// Markers beside the base's right side: a token with a number (a hit-die
/// showing its face) or `count` tokens in the marker's colour (nerve
/// markers), one row per marker.
fn spawn_markers(commands: &mut Commands, u: &TableUnitView, top: Vec2, size: Vec2) {
    let side_anchor = top + Vec2::new(size.length() / 2.0 + 10.0, 6.0);
    let mut faces = 0.0;
    let mut row = 0.0;
    for m in &u.markers {
        let color = Color::srgb(m.color[0], m.color[1], m.color[2]);
        if let Some(face) = m.face {
            let at = side_anchor + Vec2::new(faces * 28.0, 0.0);
            faces += 1.0;
            commands.spawn((
                BaseSprite { id: u.id },
                Sprite::from_color(color, Vec2::splat(24.0)),
                Transform::from_translation(at.extend(5.0)),
            ));
            commands.spawn((
                BaseSprite { id: u.id },
                Text2d::new(face.to_string()),
                TextFont::from_font_size(15.0),
                TextColor(Color::BLACK),
                Transform::from_translation(at.extend(6.0)),
            ));
        } else {
            row += 1.0;
            for i in 0..m.count {
                let at = side_anchor + Vec2::new(i as f32 * 15.0, -20.0 * row);
                commands.spawn((
                    BaseSprite { id: u.id },
                    Sprite::from_color(color, Vec2::splat(12.0)),
                    Transform::from_translation(at.extend(5.0))
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                ));
            }
        }
    }
}

/// The outline of a base grown by `r` inches (a rounded rectangle), in world
/// coordinates, for range rings.
pub(crate) fn grown_outline(table: &Table, b: &Base, r: f32) -> Vec<Vec2> {
    let mut pts = Vec::new();
    let corners = b.corners();
    // Corner order: front-left, front-right, rear-right, rear-left; the
    // outward directions at each corner sweep through 90°.
    let starts = [b.facing - 90.0, b.facing, b.facing + 90.0, b.facing + 180.0];
    for (c, s) in corners.iter().zip(starts) {
        for k in 0..=8 {
            let a = s + 90.0 * k as f32 / 8.0;
            pts.push(to_world(table, *c + bearing_vector(a) * r));
        }
    }
    pts.push(pts[0]);
    pts
}

/// Gizmo overlays: selection, range rings, forward arc, drag ghost, ruler.
pub fn draw_table_overlays(
    scene: Res<TableScene>,
    input: Res<TableInput>,
    gui: Res<Selection>,
    mut gizmos: Gizmos,
) {
    let Some(table) = &scene.table else { return };
    let rect = |g: &mut Gizmos, b: &Base, lift: f32, color: Color| {
        let c = b.corners();
        let mut pts: Vec<Vec2> = c
            .iter()
            .map(|p| to_world(table, *p) + Vec2::new(0.0, lift))
            .collect();
        pts.push(pts[0]);
        g.linestrip_2d(pts, color);
    };
    gizmos.rect_2d(
        Isometry2d::IDENTITY,
        Vec2::new(table.width, table.depth) * PX_PER_INCH,
        Color::srgb(0.2, 0.16, 0.1),
    );
    // Who may act: a thin ring; the hovered side choice's units, gold.
    for (ids, color, grow) in [
        (&scene.may_act.0, MAY_ACT_COLOR, 0.25),
        (&scene.may_act.1, HOVER_COLOR, 0.45),
    ] {
        for u in ids.iter().filter_map(|id| scene.unit(*id)) {
            let lift = if u.airborne { LIFT } else { 0.0 };
            let ring: Vec<Vec2> = grown_outline(table, &u.base, grow)
                .into_iter()
                .map(|p| p + Vec2::new(0.0, lift))
                .collect();
            gizmos.linestrip_2d(ring, color);
        }
    }
    if let Some(u) = gui.selected.and_then(|id| scene.unit(id)) {
        let lift = if u.airborne { LIFT } else { 0.0 };
        rect(&mut gizmos, &u.base, lift, Color::srgb(1.0, 0.9, 0.2));
        for (i, r) in u.ranges.iter().enumerate() {
            let color = if i == 0 {
                Color::srgba(1.0, 0.9, 0.3, 0.7)
            } else {
                Color::srgba(1.0, 0.6, 0.2, 0.5)
            };
            gizmos.linestrip_2d(grown_outline(table, &u.base, *r), color);
        }
        if let Some(reach) = u.ranges.iter().copied().reduce(f32::max) {
            let [fl, fr, ..] = u.base.corners();
            let len = reach + u.base.frontage;
            for (corner, turn) in [(fl, -45.0), (fr, 45.0)] {
                let end = corner + bearing_vector(u.base.facing + turn) * len;
                gizmos.line_2d(
                    to_world(table, corner),
                    to_world(table, end),
                    Color::srgba(0.9, 0.9, 1.0, 0.6),
                );
            }
        }
        if let Some((_, a)) = scene.move_ring.filter(|(id, _)| *id == u.id) {
            gizmos.linestrip_2d(
                grown_outline(table, &u.base, a),
                Color::srgba(0.4, 0.9, 1.0, 0.5),
            );
        }
    }
    if let Some(d) = &input.drag
        && let Some(u) = scene.unit(d.unit)
    {
        let drawn = u.base.at(d.to, d.facing);
        match &input.verdict {
            // The ghost stands where `apply` puts the base; where that is
            // short of the cursor (a take-off going exactly half), a dim
            // line goes on to the cursor.
            Some(DragVerdict::Legal { end, airborne, .. }) => {
                let green = Color::srgb(0.3, 1.0, 0.4);
                let ghost = end.unwrap_or(drawn);
                let lift = if *airborne { LIFT } else { 0.0 };
                rect(&mut gizmos, &ghost, lift, green);
                gizmos.line_2d(
                    to_world(table, u.base.center),
                    to_world(table, ghost.center),
                    green,
                );
                if ghost.center.distance(d.to) > GHOST_SHORT {
                    gizmos.line_2d(
                        to_world(table, ghost.center),
                        to_world(table, d.to),
                        Color::srgba(0.3, 1.0, 0.4, 0.3),
                    );
                }
            }
            _ => {
                let red = Color::srgb(1.0, 0.25, 0.2);
                rect(&mut gizmos, &drawn, 0.0, red);
                gizmos.line_2d(to_world(table, u.base.center), to_world(table, d.to), red);
            }
        }
    }
    if let Some((a, b)) = input.ruler {
        gizmos.line_2d(
            to_world(table, a),
            to_world(table, b),
            Color::srgb(1.0, 1.0, 1.0),
        );
        gizmos.circle_2d(
            Isometry2d::from_translation(to_world(table, a)),
            3.0,
            Color::WHITE,
        );
        gizmos.circle_2d(
            Isometry2d::from_translation(to_world(table, b)),
            3.0,
            Color::WHITE,
        );
    }
}

/// The table point under the mouse, in inches.
pub(crate) fn cursor_on_table(
    window: &Window,
    camera: &Camera,
    cam_tf: &GlobalTransform,
    table: &Table,
) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    let world = camera.viewport_to_world_2d(cam_tf, cursor).ok()?;
    Some(to_table(table, world))
}

/// Which unit's base (drawn lifted if airborne) is under `p`, inches.
pub(crate) fn unit_at(scene: &TableScene, p: Vec2) -> Option<u32> {
    scene
        .units
        .iter()
        .rev()
        .find(|u| {
            let lift = if u.airborne { LIFT / PX_PER_INCH } else { 0.0 };
            let q = p - Vec2::new(0.0, lift) - u.base.center;
            let f = u.base.forward();
            let r = u.base.right();
            q.dot(f).abs() <= u.base.depth / 2.0 + 0.2
                && q.dot(r).abs() <= u.base.frontage / 2.0 + 0.2
        })
        .map(|u| u.id)
}

/// Left button: click selects a unit, drag moves one of the mover's units (or
/// measures, in ruler mode or on empty table). The glue turns drops into
/// commands.
#[allow(clippy::too_many_arguments)] // a Bevy system: one parameter per resource
pub fn table_pointer(
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    cams: Query<(&Camera, &GlobalTransform)>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    scene: Res<TableScene>,
    mut input: ResMut<TableInput>,
    (mut gui, cover, shield): (ResMut<Selection>, Res<PassCover>, Res<BoardShield>),
) {
    let Some(table) = &scene.table else { return };
    if cover.side.is_some() || shield.0 {
        return;
    }
    if keys.just_pressed(KeyCode::KeyR)
        && egui_wants
            .as_ref()
            .is_none_or(|w| !w.wants_any_keyboard_input())
    {
        input.toggle_ruler();
    }
    let (Ok(window), Ok((camera, cam_tf))) = (windows.single(), cams.single()) else {
        return;
    };
    let Some(p) = cursor_on_table(window, camera, cam_tf, table) else {
        return;
    };
    let pointer_free = egui_wants
        .as_ref()
        .is_none_or(|w| !w.wants_any_pointer_input());
    if buttons.just_pressed(MouseButton::Left) && pointer_free {
        let unit = unit_at(&scene, p);
        input.press = Some(Press { at: p, unit });
        if let Some(id) = unit {
            let picking = gui.armed.as_ref().is_some_and(|c| c.needs == Needs::Target);
            if picking {
                if gui.selected != Some(id) {
                    gui.pick.target = Some(id);
                }
            } else if !input.ruler_mode && gui.selected != Some(id) {
                gui.selected = Some(id);
                gui.armed = None;
                gui.pick = Pick::default();
            }
        }
    }
    if buttons.pressed(MouseButton::Left)
        && let Some(press) = input.press
    {
        let moved = press.at.distance(p) > 0.3;
        let movable = press
            .unit
            .and_then(|id| scene.unit(id))
            .filter(|u| Some(u.side) == scene.mover && u.allowance.is_some());
        if moved && !input.ruler_mode && movable.is_some() {
            if let Some(u) = movable {
                // An airborne unit is picked up where it is drawn, lifted.
                let lift = if u.airborne { LIFT / PX_PER_INCH } else { 0.0 };
                let to = p - Vec2::new(0.0, lift);
                // Shift keeps the unit's facing; otherwise it faces along the move.
                let keep = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
                let facing = if keep {
                    u.base.facing
                } else {
                    bearing_of(to - u.base.center)
                };
                input.drag = Some(Drag {
                    unit: u.id,
                    to,
                    facing,
                });
            }
        } else if moved && (input.ruler_mode || press.unit.is_none()) {
            input.ruler = Some((press.at, p));
        }
    }
    if buttons.just_released(MouseButton::Left) {
        input.press = None;
        // Outside ruler mode a measure lasts while the button is held.
        if !input.ruler_mode {
            input.ruler = None;
        }
        if let Some(d) = input.drag.take() {
            input.dropped = Some(d);
        }
    }
}

/// Judges the current drag on the open table with a dry run of its command
/// on copies (the game does not change), and turns a legal drop into a
/// [`UiAction::Choose`]. The drag uses the armed move choice, or else the
/// unit's first move choice.
pub fn judge_drag<R: Module>(
    game: Res<ActiveGame<R>>,
    table: Option<Res<Table>>,
    mut input: ResMut<TableInput>,
    (mut gui, mut notes): (ResMut<Selection>, ResMut<Notes>),
    mut actions: MessageWriter<UiAction>,
) {
    if table.is_none() {
        return;
    }
    if input.drag.is_none() && input.dropped.is_none() {
        if input.verdict.is_some() || input.judged.is_some() {
            input.verdict = None;
            input.judged = None;
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
    let judge = |d: &Drag| -> (Option<(String, Pick)>, DragVerdict) {
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
        match foresee::<R>(&g.ctx, &g.state, &cmd, &g.dice, side) {
            Ok(f) => {
                let after = R::scene(&g.ctx, &f.after, Some(side));
                let moved = after.units.iter().find(|u| u.id == d.unit);
                let end = moved.and_then(|u| match u.place {
                    Place::Table(b) if u.models > 0 => Some(b),
                    _ => None,
                });
                let verdict = DragVerdict::Legal {
                    end,
                    airborne: moved.is_some_and(|u| u.airborne),
                    lines: f.lines,
                    rolls: f.rolls,
                };
                (Some((key, pick)), verdict)
            }
            Err(r) => (Some((key, pick)), DragVerdict::Illegal(r.to_string())),
        }
    };
    if input.drag != input.judged {
        input.verdict = input.drag.clone().map(|d| judge(&d).1);
        input.judged = input.drag.clone();
    }
    if let Some(d) = input.dropped.take() {
        match judge(&d) {
            (Some((key, pick)), DragVerdict::Legal { .. }) => {
                actions.write(UiAction::Choose { key, pick });
                gui.selected = Some(d.unit);
            }
            (_, DragVerdict::Illegal(why)) => notes.status = t!("play-move-was", why = why),
            (None, _) => {}
        }
    }
}

/// A new table is drawn afresh (the scene's generation keeps counting),
/// and no gesture of the last game lingers.
fn fresh_table(
    _: On<GameInstalled>,
    table: Option<Res<Table>>,
    mut scene: ResMut<TableScene>,
    mut input: ResMut<TableInput>,
) {
    if table.is_some() {
        scene.table = None;
        scene.units.clear();
        *input = TableInput::default();
    }
}

/// The entities drawing the table, its terrain and its units.
type TableDrawing = Or<(With<TableTile>, With<BaseSprite>)>;

/// The table's drawing and gestures go with their game.
fn forget_the_table(
    _: On<GameCleared>,
    mut commands: Commands,
    mut input: ResMut<TableInput>,
    drawn: Query<Entity, TableDrawing>,
) {
    *input = TableInput::default();
    for e in &drawn {
        commands.entity(e).despawn();
    }
}

/// The open table: its drawing from the view model, the pointer's
/// gestures (off while the editor has the board) and each module's drops
/// judged.
pub struct TableViewPlugin;

impl Plugin for TableViewPlugin {
    fn build(&self, app: &mut App) {
        let on_table = resource_exists::<Table>;
        app.init_resource::<TableScene>()
            .init_resource::<TableInput>()
            .add_observer(fresh_table)
            .add_observer(forget_the_table)
            .add_systems(
                Update,
                (
                    table_pointer
                        .in_set(AppSystems::Input)
                        .run_if(game_screen)
                        .run_if(on_table),
                    (
                        table_scene,
                        spawn_table,
                        sync_bases,
                        scale_board_text,
                        draw_table_overlays,
                    )
                        .chain()
                        .in_set(AppSystems::Draw),
                ),
            );
        struct AddModules<'a>(&'a mut App);
        impl ModuleVisitor for AddModules<'_> {
            fn visit<R: Module>(&mut self) {
                self.0.add_systems(
                    Update,
                    judge_drag::<R>
                        .in_set(AppSystems::Input)
                        .run_if(people_play)
                        .after(table_pointer)
                        .run_if(resource_exists::<ActiveGame<R>>),
                );
            }
        }
        visit_all(&mut AddModules(app));
    }
}

/// The ruler's reading: centre-to-point distance, or edge to edge when both
/// ends are on units.
pub fn ruler_reading(scene: &TableScene, a: Vec2, b: Vec2) -> String {
    let ua = unit_at(scene, a).and_then(|id| scene.unit(id));
    let ub = unit_at(scene, b).and_then(|id| scene.unit(id));
    match (ua, ub) {
        (Some(x), Some(y)) if x.id != y.id => t!(
            "panels-ruler-edge-to-edge",
            from = &x.name,
            to = &y.name,
            inches = format!("{:.1}", x.base.distance_to(&y.base))
        ),
        _ => format!("{:.1}\"", a.distance(b)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turning_the_ruler_off_clears_its_line() {
        let mut input = TableInput::default();
        input.toggle_ruler();
        input.ruler = Some((Vec2::ZERO, Vec2::ONE));
        input.toggle_ruler();
        assert!(!input.ruler_mode);
        assert_eq!(input.ruler, None);
    }
}
