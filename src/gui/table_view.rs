//! The open-table view shared by the table modules: the table and its
//! terrain areas, units drawn as bases (side colour, model count, facing,
//! airborne units lifted with a shadow and a badge, hit-dice and nerve
//! markers), range and arc overlays for the selected unit, drag-to-move with
//! a legal or illegal ghost, and a ruler.
//!
//! The view reads a [`TableScene`] snapshot rebuilt from the
//! [`ViewModel`], and writes the player's gestures into [`TableInput`] and
//! [`GuiState`]; it knows no rule module.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::engine::table::{AreaEffect, Base, Table, bearing_of, bearing_vector};
use crate::engine::view::{Needs, Objective, Pick, Place, Spot, UnitView};
use crate::t;

use super::GuiState;
use super::play::ViewModel;

/// World units (pixels at zoom 1) per inch.
pub const PX_PER_INCH: f32 = 16.0;

/// How far up an airborne unit is drawn, world units.
const LIFT: f32 = 14.0;

/// A unit as the table view draws it: what the module shows of it and its
/// base on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct TableUnitView {
    /// What the module shows of the unit (through the core's `scene`).
    pub view: UnitView,
    /// Its base: centre and size in inches, facing in compass degrees.
    pub base: Base,
}

impl std::ops::Deref for TableUnitView {
    type Target = UnitView;
    fn deref(&self) -> &UnitView {
        &self.view
    }
}

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
    let units = view
        .scene
        .units
        .iter()
        .filter(|u| u.models > 0)
        .filter_map(|u| match u.place {
            Place::Table(base) => Some(TableUnitView {
                view: u.clone(),
                base,
            }),
            Place::Hex { .. } => None,
        })
        .collect();
    *scene = TableScene {
        table: Some(table.clone()),
        generation: scene.generation + u32::from(new_table),
        units,
        colors: view.colors.map(|c| Color::srgb(c[0], c[1], c[2])),
        mover: view.actor,
        objectives: view.scene.objectives.clone(),
        sides: view.sides.clone(),
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

/// The verdict on the current drag, from a dry run of the command.
#[derive(Clone, Debug, PartialEq)]
pub enum DragVerdict {
    /// Legal: inches used and inches left.
    Legal(f32, f32),
    /// Illegal, with the reason and rule.
    Illegal(String),
}

/// The player's gestures on the table (GUI state; not saved). The
/// selection and the target pick live in [`GuiState`], shared with the
/// panels.
#[derive(Resource, Default)]
pub struct TableInput {
    /// A unit being dragged.
    pub drag: Option<Drag>,
    /// Set for the current drag by a dry run of its command.
    pub verdict: Option<DragVerdict>,
    /// A finished drag, to be turned into a command.
    pub dropped: Option<Drag>,
    /// The ruler tool is on: left-drag measures instead of moving.
    pub ruler_mode: bool,
    /// The ruler's ends, inches.
    pub ruler: Option<(Vec2, Vec2)>,
    /// Whether the left button went down on a unit (drag) or on the table.
    press: Option<Press>,
}

#[derive(Clone, Copy, Debug)]
struct Press {
    at: Vec2,
    unit: Option<u32>,
}

/// Converts table inches to world coordinates (table centred on the origin).
pub fn to_world(table: &Table, p: Vec2) -> Vec2 {
    (p - Vec2::new(table.width, table.depth) / 2.0) * PX_PER_INCH
}

/// Converts world coordinates to table inches.
pub fn to_table(table: &Table, w: Vec2) -> Vec2 {
    w / PX_PER_INCH + Vec2::new(table.width, table.depth) / 2.0
}

/// Spacing of an area's art stamps, world px (one hex's art per stamp).
const ART_STEP: f32 = 30.0;
/// The art's size on the table against a hex's.
const ART_SCALE: f32 = 0.6;

/// Where an area's art is stamped: the points of a grid of `step` px
/// (alternate rows shifted half a step) whose stamp lies wholly inside the
/// convex polygon `pts` (world px), each with the grid cell that seeds its
/// jitter.
pub fn area_stamps(pts: &[Vec2], step: f32) -> Vec<(Vec2, (i32, i32))> {
    if pts.len() < 3 || step <= 0.0 {
        return Vec::new();
    }
    let (min, max) = pts
        .iter()
        .fold((pts[0], pts[0]), |(lo, hi), p| (lo.min(*p), hi.max(*p)));
    // The polygon's winding, so that "inside" is on the same side of
    // every edge.
    let area2: f32 = (0..pts.len())
        .map(|i| pts[i].perp_dot(pts[(i + 1) % pts.len()]))
        .sum();
    let margin = step * 0.45;
    let inside = |p: Vec2| {
        (0..pts.len()).all(|i| {
            let a = pts[i];
            let b = pts[(i + 1) % pts.len()];
            let edge = b - a;
            let len = edge.length().max(1e-3);
            area2.signum() * edge.perp_dot(p - a) / len >= margin
        })
    };
    let mut out = Vec::new();
    let rows = ((max.y - min.y) / step).ceil() as i32;
    let cols = ((max.x - min.x) / step).ceil() as i32;
    for r in 0..=rows {
        for c in 0..=cols {
            let shift = if r % 2 == 0 { 0.0 } else { step / 2.0 };
            let p = Vec2::new(min.x + c as f32 * step + shift, min.y + r as f32 * step);
            if inside(p) {
                out.push((p, (c, r)));
            }
        }
    }
    out
}

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
        let pts: Vec<Vec2> = area
            .spec
            .points
            .iter()
            .map(|(x, y)| to_world(table, Vec2::new(*x, *y)))
            .collect();
        let color = if area.has(AreaEffect::HighReaching) {
            Color::srgb(0.45, 0.40, 0.36)
        } else if area.has(AreaEffect::Impassable) {
            Color::srgb(0.25, 0.38, 0.55)
        } else if area.has(AreaEffect::BlocksLos) {
            Color::srgb(0.17, 0.32, 0.17)
        } else {
            Color::srgb(0.48, 0.47, 0.30)
        };
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
        let center = pts.iter().copied().sum::<Vec2>() / pts.len().max(1) as f32;
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
            for s in super::terrain_art::tile_art(look, 0, key) {
                let m = art_meshes
                    .entry(super::terrain_art::shape_key(s.shape))
                    .or_insert_with(|| meshes.add(super::terrain_art::mesh_of(s.shape)))
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
        commands.spawn((
            TableTile,
            Text2d::new(area.spec.name.clone()),
            TextFont::from_font_size(16.0),
            TextColor(Color::srgba(1.0, 1.0, 1.0, 0.6)),
            Transform::from_xyz(center.x, center.y, -8.0),
        ));
    }
}

/// Keeps one set of sprites per living unit: shadow, base, model count,
/// badges, hit-dice.
pub fn sync_bases(
    mut commands: Commands,
    scene: Res<TableScene>,
    existing: Query<(Entity, &BaseSprite)>,
) {
    let Some(table) = &scene.table else { return };
    // Simple and robust: redraw the unit sprites whenever the scene changes.
    if !scene.is_changed() {
        return;
    }
    for (e, _) in &existing {
        commands.entity(e).despawn();
    }
    // Objectives: a diamond in the holder's colour (grey when nobody holds
    // it) with its name.
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
        let label = o.held_by.map_or(o.name.clone(), |s| {
            t!(
                "panels-objective-held",
                name = &o.name,
                side = &scene.sides[usize::from(s.min(1))]
            )
        });
        commands.spawn((
            BaseSprite { id: u32::MAX },
            Text2d::new(label),
            TextFont::from_font_size(15.0),
            TextColor(Color::srgb(1.0, 1.0, 0.85)),
            Transform::from_translation((at + Vec2::new(0.0, -22.0)).extend(0.7)),
        ));
    }
    for u in &scene.units {
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
        commands.spawn((
            BaseSprite { id: u.id },
            Text2d::new(u.models.to_string()),
            TextFont::from_font_size(17.0),
            TextColor(Color::srgb(1.0, 0.95, 0.8)),
            Transform::from_translation(top.extend(3.0)),
        ));
        let mut badges = u.badges.clone();
        if u.airborne {
            badges.insert(0, t!("panels-badge-airborne"));
        }
        if !badges.is_empty() {
            let below = top - Vec2::new(0.0, size.length() / 2.0 + 8.0);
            commands.spawn((
                BaseSprite { id: u.id },
                Text2d::new(super::panels::shown(&badges.join(", "))),
                TextFont::from_font_size(16.0),
                TextColor(if u.airborne {
                    Color::srgb(0.7, 0.9, 1.0)
                } else {
                    Color::srgb(1.0, 0.85, 0.5)
                }),
                Transform::from_translation(below.extend(4.0)),
            ));
        }
        // Markers beside the base's right side: a token with a number (a
        // hit-die showing its face) or `count` tokens in the marker's colour
        // (nerve markers), one row per marker.
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
}

/// The outline of a base grown by `r` inches (a rounded rectangle), in world
/// coordinates, for range rings.
/// Where the figures of `models` models stand on a base of `size` px
/// (frontage × depth), from its centre in the base's own frame (the front
/// edge up): ranks filled from the front, as many files as keep the
/// figures square, each figure's side in px. At most 40 figures are drawn.
pub fn figure_ranks(models: u32, size: Vec2) -> Vec<(Vec2, f32)> {
    let n = models.min(40) as usize;
    if n == 0 || size.x <= 0.0 || size.y <= 0.0 {
        return Vec::new();
    }
    let files = ((n as f32 * size.x / size.y).sqrt().ceil() as usize).clamp(1, n);
    let ranks = n.div_ceil(files);
    let (fw, rd) = (
        size.x / files as f32,
        (size.y - 4.0).max(1.0) / ranks as f32,
    );
    let d = (fw.min(rd) * 0.8).clamp(2.0, 14.0);
    (0..n)
        .map(|i| {
            let (rank, file) = (i / files, i % files);
            let x = -size.x / 2.0 + fw * (file as f32 + 0.5);
            let y = size.y / 2.0 - 4.0 - rd * (rank as f32 + 0.5);
            (Vec2::new(x, y), d)
        })
        .collect()
}

/// The rim and body colours of a base's figures: dark on a light side
/// colour, light on a dark one.
fn figure_colors(side: Color) -> (Color, Color) {
    let c = side.to_srgba();
    let light = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.5;
    if light {
        (Color::srgb(0.12, 0.12, 0.12), Color::srgb(0.35, 0.33, 0.30))
    } else {
        (Color::srgb(0.95, 0.93, 0.85), Color::srgb(0.75, 0.72, 0.65))
    }
}

fn grown_outline(table: &Table, b: &Base, r: f32) -> Vec<Vec2> {
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
    gui: Res<GuiState>,
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
        if let Some(a) = u.allowance {
            gizmos.linestrip_2d(
                grown_outline(table, &u.base, a),
                Color::srgba(0.4, 0.9, 1.0, 0.5),
            );
        }
    }
    if let Some(d) = &input.drag
        && let Some(u) = scene.unit(d.unit)
    {
        let ghost = u.base.at(d.to, d.facing);
        let color = match input.verdict {
            Some(DragVerdict::Legal(..)) => Color::srgb(0.3, 1.0, 0.4),
            _ => Color::srgb(1.0, 0.25, 0.2),
        };
        rect(&mut gizmos, &ghost, 0.0, color);
        gizmos.line_2d(to_world(table, u.base.center), to_world(table, d.to), color);
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
fn cursor_on_table(
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
fn unit_at(scene: &TableScene, p: Vec2) -> Option<u32> {
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
    mut gui: ResMut<GuiState>,
) {
    let Some(table) = &scene.table else { return };
    if gui.pass_screen.is_some() {
        return;
    }
    if keys.just_pressed(KeyCode::KeyR)
        && egui_wants
            .as_ref()
            .is_none_or(|w| !w.wants_any_keyboard_input())
    {
        input.ruler_mode = !input.ruler_mode;
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
        if let Some(d) = input.drag.take() {
            input.dropped = Some(d);
        }
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
    fn figures_stand_in_ranks_inside_their_base_one_per_model() {
        let size = Vec2::new(80.0, 40.0);
        for models in [1, 5, 10, 12, 20] {
            let f = figure_ranks(models, size);
            assert_eq!(f.len(), models as usize);
            for (at, d) in &f {
                assert!(
                    at.x.abs() + d / 2.0 <= size.x / 2.0 + 0.01,
                    "{models}: {at}"
                );
                assert!(
                    at.y.abs() + d / 2.0 <= size.y / 2.0 + 0.01,
                    "{models}: {at}"
                );
            }
            // Ranks fill from the front: each holds no more than the one
            // before it.
            let mut ys: Vec<f32> = f.iter().map(|(p, _)| p.y).collect();
            ys.dedup_by(|a, b| (*a - *b).abs() < 0.01);
            let counts: Vec<usize> = ys
                .iter()
                .map(|y| f.iter().filter(|(p, _)| (p.y - y).abs() < 0.01).count())
                .collect();
            assert!(ys.windows(2).all(|w| w[0] > w[1]), "{models}: front first");
            assert!(
                counts.windows(2).all(|w| w[0] >= w[1]),
                "{models}: {counts:?}"
            );
        }
        assert!(figure_ranks(0, size).is_empty());
        assert_eq!(figure_ranks(100, size).len(), 40);
    }

    #[test]
    fn an_area_s_art_stamps_lie_inside_it_either_way_round() {
        let square = [
            Vec2::new(0.0, 0.0),
            Vec2::new(120.0, 0.0),
            Vec2::new(120.0, 90.0),
            Vec2::new(0.0, 90.0),
        ];
        let stamps = area_stamps(&square, 30.0);
        assert!(stamps.len() >= 4, "{stamps:?}");
        for (p, _) in &stamps {
            assert!(
                p.x >= 13.0 && p.x <= 107.0 && p.y >= 13.0 && p.y <= 77.0,
                "{p}"
            );
        }
        let mut clockwise = square;
        clockwise.reverse();
        assert_eq!(area_stamps(&clockwise, 30.0).len(), stamps.len());
        // A sliver too thin for a stamp gets none.
        let sliver = [Vec2::ZERO, Vec2::new(100.0, 0.0), Vec2::new(100.0, 5.0)];
        assert!(area_stamps(&sliver, 30.0).is_empty());
    }
}
