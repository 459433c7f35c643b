//! The hex board and counters, for any hex module: terrain tiles as hex
//! meshes, unit counters in the side's colour with type, models, facing and
//! the module's markers (red Morale Markers, the Honor Marker…), gizmo
//! overlays (hexsides, elevation, range, melee links, the viewer's planned
//! orders), camera pan and zoom, and click to select or to pick.

use std::collections::HashMap;
use std::f32::consts::PI;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use hexx::{Hex, HexLayout};

use crate::engine::board::{Facing, HexBoard, TerrainTile};
use crate::engine::table::Table;
use crate::engine::units::{Side, UnitId};
use crate::engine::view::{Needs, Pick, Place, Spot};

pub use super::camera::HEX_SIZE;
use super::camera::PX_PER_INCH;
use super::play::{CounterLabel, UnitMarkers, UnitPlace, ViewModel};
use super::sets::{AppSystems, game_screen};
use super::settings::Settings;
use super::state::{BoardArea, BoardShield, GameCleared, HexCursor, PassCover, Selection};
use super::{counter_art, motion, terrain_art};

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
    /// A marker dot (rebuilt when the markers change).
    Dot,
    /// The facing notch.
    Notch,
    /// The unit symbol and the side's cue.
    Face,
}

/// The hex board's layout: flat-topped hexes of [`HEX_SIZE`], the board's
/// middle at the origin.
pub(crate) fn layout_for(board: &HexBoard) -> HexLayout {
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

/// The meshes and inks of the terrain art, made once and shared.
#[derive(Default)]
pub struct ArtCache {
    meshes: HashMap<(u8, i32, i32), Handle<Mesh>>,
    inks: HashMap<terrain_art::Ink, Handle<ColorMaterial>>,
}

/// Builds hex meshes for new terrain tiles (and the layout when a board arrives).
pub fn spawn_tiles(
    mut commands: Commands,
    board: Option<Res<HexBoard>>,
    tiles: Query<(Entity, &TerrainTile), Added<TerrainTile>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut art: Local<ArtCache>,
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
        // The terrain's art over its colour, turned back from the tile's
        // own turn.
        let look = board
            .table
            .terrain(&t.terrain)
            .map(|ty| ty.look)
            .unwrap_or_default();
        let (c, r) = HexBoard::to_offset(t.hex);
        let back = Quat::from_rotation_z(-PI / 6.0);
        for s in terrain_art::tile_art(look, t.elevation, (c, r)) {
            let m = art
                .meshes
                .entry(terrain_art::shape_key(s.shape))
                .or_insert_with(|| meshes.add(terrain_art::mesh_of(s.shape)))
                .clone();
            let ink = art
                .inks
                .entry(s.color)
                .or_insert_with(|| materials.add(ColorMaterial::from_color(s.color.color())))
                .clone();
            let at = back * s.at.extend(0.1 + 0.01 * f32::from(s.layer));
            commands.entity(e).with_child((
                Mesh2d(m),
                MeshMaterial2d(ink),
                Transform::from_translation(at)
                    .with_rotation(Quat::from_rotation_z(s.angle - PI / 6.0)),
            ));
        }
    }
    commands.insert_resource(BoardLayout(layout));
}

/// Fits a newly laid-out board (or open table) into the free area between
/// the panels, over the first frames while the panels settle, and again
/// when the UI scale or the window's size changes; the player's own zoom
/// and pan are left alone otherwise.
#[allow(clippy::too_many_arguments)]
pub fn fit_camera(
    layout: Option<Res<BoardLayout>>,
    (area, settings): (Res<BoardArea>, Option<Res<Settings>>),
    window: Query<&Window, With<PrimaryWindow>>,
    mut cam: Query<(&mut Projection, &mut Transform), With<Camera2d>>,
    board: Option<Res<HexBoard>>,
    table: Option<Res<Table>>,
    mut pending: Local<(u32, Option<[f32; 4]>)>,
    mut seen: Local<(f32, f32, f32)>,
) {
    // The board's extent in world units: every hex with a hex's margin, or
    // the table's rectangle about the origin.
    let (min, max, fresh) = match (&layout, &board, &table) {
        (Some(layout), Some(board), _) => {
            let (mut min, mut max) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
            for h in board.hexes() {
                let p = layout.0.hex_to_world_pos(h);
                min = min.min(p);
                max = max.max(p);
            }
            let m = Vec2::splat(HEX_SIZE);
            (min - m, max + m, layout.is_changed())
        }
        (_, _, Some(t)) => {
            let half = Vec2::new(t.width, t.depth) * PX_PER_INCH / 2.0;
            (-half, half, t.is_changed())
        }
        _ => return,
    };
    let now = (
        settings.as_ref().map_or(1.0, |s| s.ui_scale),
        window.single().map_or(0.0, |w| w.width()),
        window.single().map_or(0.0, |w| w.height()),
    );
    // The panels settle over the first frames: refit while they do.
    if fresh || now != *seen {
        *pending = (90, None);
        *seen = now;
    }
    if pending.0 == 0 {
        return;
    }
    pending.0 -= 1;
    let Some(area) = area.0.filter(|a| Some(*a) != pending.1) else {
        return;
    };
    let [x0, y0, x1, y1] = area;
    let (Ok(window), Ok((mut proj, mut tf))) = (window.single(), cam.single_mut()) else {
        return;
    };
    let size = max - min;
    let (aw, ah) = ((x1 - x0).max(100.0), (y1 - y0).max(100.0));
    let scale = (size.x / aw).max(size.y / ah) * 1.04;
    let centre = (min + max) / 2.0;
    let (dx, dy) = (
        (x0 + x1) / 2.0 - window.width() / 2.0,
        (y0 + y1) / 2.0 - window.height() / 2.0,
    );
    if let Projection::Orthographic(o) = proj.as_mut() {
        o.scale = scale.clamp(0.3, 4.0);
        tf.translation.x = centre.x - dx * o.scale;
        tf.translation.y = centre.y + dy * o.scale;
    }
    pending.1 = Some(area);
}

/// Builds the counter parts of new units.
pub fn spawn_counters(
    mut commands: Commands,
    units: Query<(Entity, &Side, &UnitId), Added<UnitId>>,
    view: Res<ViewModel>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut art: Local<ArtCache>,
) {
    for (e, side, id) in &units {
        let [r, g, b] = view.colors[side.0.min(1) as usize];
        let base = materials.add(ColorMaterial::from_color(Color::srgb(r, g, b)));
        let dark = materials.add(ColorMaterial::from_color(Color::srgb(0.05, 0.05, 0.05)));
        // Dark ink on a light side colour, white on a dark one: whichever
        // has the more contrast (WCAG, at least 4.5:1).
        let [ir, ig, ib] = counter_art::ink_for([r, g, b]);
        let ink = Color::srgb(ir, ig, ib);
        let part = |kind| CounterPart { unit: e, kind };
        let ink_mat = materials.add(ColorMaterial::from_color(ink));
        let shade = materials.add(ColorMaterial::from_color(Color::srgb(
            r * 0.55,
            g * 0.55,
            b * 0.55,
        )));
        let symbol = view.unit(id.0).map(|u| u.symbol).unwrap_or_default();
        let face: Vec<_> = counter_art::side_cue(side.0)
            .into_iter()
            .chain(counter_art::symbol_art(symbol))
            .collect();
        for (k, p) in face.into_iter().enumerate() {
            let m = art
                .meshes
                .entry(terrain_art::shape_key(p.shape))
                .or_insert_with(|| meshes.add(terrain_art::mesh_of(p.shape)))
                .clone();
            let mat = match p.paint {
                counter_art::Paint::Ink => ink_mat.clone(),
                counter_art::Paint::Base => base.clone(),
                counter_art::Paint::Shade => shade.clone(),
            };
            commands.entity(e).with_child((
                part(PartKind::Face),
                Mesh2d(m),
                MeshMaterial2d(mat),
                Transform::from_translation(p.at.extend(1.1 + 0.01 * k as f32))
                    .with_rotation(Quat::from_rotation_z(p.angle)),
            ));
        }
        commands
            .entity(e)
            .insert((Transform::default(), Visibility::default()))
            .with_children(|c| {
                // A dark rim, so that a counter stands out of any terrain
                // in any palette (and in greyscale).
                c.spawn((
                    part(PartKind::Base),
                    Mesh2d(meshes.add(Rectangle::new(
                        counter_art::COUNTER.x + 3.0,
                        counter_art::COUNTER.y + 3.0,
                    ))),
                    MeshMaterial2d(dark.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.95),
                ));
                c.spawn((
                    part(PartKind::Base),
                    Mesh2d(meshes.add(Rectangle::new(
                        counter_art::COUNTER.x,
                        counter_art::COUNTER.y,
                    ))),
                    MeshMaterial2d(base.clone()),
                    Transform::from_xyz(0.0, 0.0, 1.0),
                ));
                c.spawn((
                    part(PartKind::Label),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(counter_art::LABEL_PX),
                        ..default()
                    },
                    TextColor(ink),
                    Transform::from_xyz(0.0, LABEL_Y, 2.0),
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

/// Rebuilds the marker dots of counters whose markers changed: each marker
/// as `count` dots of its colour on a white ring, along the counter's top.
pub fn update_marker_dots(
    mut commands: Commands,
    units: Query<(Entity, &UnitMarkers), Changed<UnitMarkers>>,
    parts: Query<(Entity, &CounterPart)>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut cache: Local<HashMap<[u32; 3], Handle<ColorMaterial>>>,
    mut shapes: Local<Option<(Handle<Mesh>, Handle<Mesh>)>>,
) {
    if units.is_empty() {
        return;
    }
    let (ring, dot) = shapes
        .get_or_insert_with(|| (meshes.add(Circle::new(6.0)), meshes.add(Circle::new(4.5))))
        .clone();
    let mut material = |c: [f32; 3]| {
        let key = c.map(|x| (x * 1000.0) as u32);
        cache
            .entry(key)
            .or_insert_with(|| {
                materials.add(ColorMaterial::from_color(Color::srgb(c[0], c[1], c[2])))
            })
            .clone()
    };
    let white = material([0.97, 0.97, 0.97]);
    for (e, markers) in &units {
        for (pe, p) in &parts {
            if p.unit == e && p.kind == PartKind::Dot {
                commands.entity(pe).despawn();
            }
        }
        let mut i = 0;
        for m in &markers.0 {
            let fill = material(m.color);
            for _ in 0..m.count.min(5) {
                let x = -18.0 + 10.0 * i as f32;
                i += 1;
                commands.entity(e).with_child((
                    CounterPart {
                        unit: e,
                        kind: PartKind::Dot,
                    },
                    Mesh2d(ring.clone()),
                    MeshMaterial2d(white.clone()),
                    Transform::from_xyz(x, counter_art::COUNTER.y / 2.0, 3.0 + 0.01 * i as f32),
                    children![(
                        Mesh2d(dot.clone()),
                        MeshMaterial2d(fill.clone()),
                        Transform::from_xyz(0.0, 0.0, 0.005),
                    )],
                ));
            }
        }
    }
}

/// Moves counters to their hexes, turns the facing notch and writes the label.
#[allow(clippy::type_complexity)]
pub fn update_counters(
    mut commands: Commands,
    settings: Option<Res<Settings>>,
    layout: Option<Res<BoardLayout>>,
    units: Query<
        (Entity, &UnitPlace, &CounterLabel),
        (
            Without<CounterPart>,
            Or<(Changed<UnitPlace>, Changed<CounterLabel>)>,
        ),
    >,
    mut tfs: Query<&mut Transform>,
    mut parts: Query<(
        Entity,
        &CounterPart,
        Option<&mut Text2d>,
        Option<&mut TextFont>,
    )>,
) {
    let Some(layout) = layout else {
        return;
    };
    let mut changed: HashMap<Entity, (f32, String)> = HashMap::new();
    for (e, place, label) in &units {
        let Place::Hex { hex, facing } = place.0 else {
            continue;
        };
        let p = layout.0.hex_to_world_pos(hex);
        if let Ok(mut tf) = tfs.get_mut(e) {
            let to = Vec3::new(p.x, p.y, 5.0);
            // A counter already on the board glides there; a new one is
            // placed (it was built at z 0).
            let motion = settings.as_ref().map(|s| s.motion).unwrap_or_default();
            let seconds =
                motion::glide_seconds(motion, tf.translation.truncate().distance(to.truncate()));
            if tf.translation.z == 5.0 && seconds > 0.0 {
                commands.entity(e).insert(motion::Glide {
                    from: tf.translation,
                    to,
                    elapsed: 0.0,
                    seconds,
                });
            } else {
                tf.translation = to;
                commands.entity(e).remove::<motion::Glide>();
            }
        }
        changed.insert(e, (facing.angle_degrees().to_radians(), label.0.clone()));
    }
    if changed.is_empty() {
        return;
    }
    let mut notches = Vec::new();
    for (pe, part, text, font) in &mut parts {
        let Some((angle, label)) = changed.get(&part.unit) else {
            continue;
        };
        match part.kind {
            PartKind::Label => {
                if let Some(mut t) = text
                    && t.0 != *label
                {
                    t.0 = label.clone();
                }
                if let Some(mut f) = font {
                    let px = label_px(label);
                    if !matches!(f.font_size, FontSize::Px(now) if now == px) {
                        f.font_size = FontSize::Px(px);
                    }
                }
            }
            PartKind::Notch => notches.push((pe, *angle)),
            PartKind::Base | PartKind::Dot | PartKind::Face => {}
        }
    }
    for (pe, a) in notches {
        if let Ok(mut tf) = tfs.get_mut(pe) {
            let (nx, ny) = (
                counter_art::COUNTER.x / 2.0 + 2.0,
                counter_art::COUNTER.y / 2.0 + 3.0,
            );
            tf.translation = Vec3::new(a.cos() * nx, a.sin() * ny, 3.0);
            tf.rotation = Quat::from_rotation_z(a - PI / 2.0);
        }
    }
}

/// The label's font size in pixels, under the symbol: 13 up to four
/// characters, smaller for longer labels ("AS-T 4") so they stay inside the
/// 50-pixel counter.
/// Board text follows the UI scale (`Settings::ui_scale`, 0.75–2.0): every
/// `Text2d` on either board (counter labels, area names, objectives, model
/// counts, badges, marker faces) is drawn `ui_scale` times its size, a
/// counter's label only as far as the counter's width allows
/// ([`label_room`]). Runs when the scale or a text changes.
pub fn scale_board_text(
    settings: Option<Res<Settings>>,
    mut texts: Query<(Ref<Text2d>, &mut Transform, Option<&CounterPart>)>,
) {
    let scale = settings.as_ref().map_or(1.0, |s| s.ui_scale);
    let all = settings.is_some_and(|s| s.is_changed());
    for (text, mut tf, part) in &mut texts {
        if !(all || text.is_added() || text.is_changed()) {
            continue;
        }
        let k = match part {
            Some(p) if p.kind == PartKind::Label => scale.min(label_room(&text.0)),
            _ => scale,
        };
        if tf.scale.x != k {
            tf.scale = Vec3::splat(k);
        }
    }
}

/// How many times its size a counter label may grow and still fit the
/// counter's width (2 px margin each side; a glyph taken as 0.55 em).
fn label_room(label: &str) -> f32 {
    let n = label.chars().count().max(1) as f32;
    ((counter_art::COUNTER.x - 4.0) / (0.55 * n * label_px(label))).max(1.0)
}

/// The label's font size, px at zoom 1: [`counter_art::LABEL_PX`], or
/// smaller for a label too long for the counter at that size (not one of
/// the shipped scenarios', which the layout test holds to full size).
pub(crate) fn label_px(label: &str) -> f32 {
    let n = label.chars().count().max(1) as f32;
    let fits = (counter_art::COUNTER.x - 4.0) / (0.55 * n);
    counter_art::LABEL_PX.min(fits).max(MIN_LABEL_PX)
}

/// The smallest font a long label is shrunk to, px at zoom 1.
const MIN_LABEL_PX: f32 = 8.5;

/// Where the label's centre sits on the counter, px from its centre.
const LABEL_Y: f32 = -13.0;

/// The side hexes `a` and `b` share, as its two corners (world units);
/// `None` for hexes that are not neighbours.
pub(crate) fn shared_edge(layout: &HexLayout, a: Hex, b: Hex) -> Option<(Vec2, Vec2)> {
    let ca = layout.hex_corners(a);
    let cb = layout.hex_corners(b);
    let common: Vec<Vec2> = ca
        .iter()
        .filter(|p| cb.iter().any(|q| p.distance(*q) < 0.5))
        .copied()
        .collect();
    (common.len() == 2).then(|| (common[0], common[1]))
}

/// Every hexside feature of the board, by its look; a slope's hachures
/// point towards the lower of its two hexes (towards the second on level
/// ground).
fn draw_hexsides(gizmos: &mut Gizmos, l: &HexLayout, board: &HexBoard) {
    for (a, b, name) in board.hexside_list() {
        if let (Some((p, q)), Some(t)) = (shared_edge(l, a, b), board.table.hexside(&name)) {
            let c = Color::srgb(t.color.0, t.color.1, t.color.2);
            let level = |h| board.tile(h).map_or(0, |t| t.elevation);
            let (ca, cb) = (l.hex_to_world_pos(a), l.hex_to_world_pos(b));
            let down = if level(a) < level(b) {
                ca - cb
            } else {
                cb - ca
            };
            terrain_art::draw_hexside(gizmos, (p, q), t.look, c, down.normalize_or_zero());
        }
    }
}

/// The roads: a track of two dashed ruts from hex centre to hex centre.
fn draw_roads(gizmos: &mut Gizmos, l: &HexLayout, board: &HexBoard) {
    let rut = Color::srgb(0.50, 0.37, 0.22);
    for &(a, b) in board.roads() {
        let (p, q) = (l.hex_to_world_pos(a), l.hex_to_world_pos(b));
        let along = q - p;
        let side = along.perp().normalize_or_zero() * HEX_SIZE * 0.07;
        // Dashes of a fifth of the link, with gaps between.
        for i in 0..5 {
            let (s, e) = (i as f32 / 5.0, (i as f32 + 0.7) / 5.0);
            for o in [side, -side] {
                gizmos.line_2d(p + along * s + o, p + along * e + o, rut);
            }
        }
    }
}

/// Hexside features, elevation, the selection and its range, concealed own
/// units, melee links and the viewer's planned orders.
pub fn draw_overlays(
    mut gizmos: Gizmos,
    cursor: Option<Res<HexCursor>>,
    layout: Option<Res<BoardLayout>>,
    board: Option<Res<HexBoard>>,
    view: Res<ViewModel>,
    (gui, cover): (Res<Selection>, Res<PassCover>),
) {
    let (Some(layout), Some(board)) = (layout, board) else {
        return;
    };
    let l = &layout.0;
    draw_roads(&mut gizmos, l, &board);
    draw_hexsides(&mut gizmos, l, &board);
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
    if cover.side.is_some() {
        return;
    }
    let pos = |id: u32| match view.unit(id).map(|u| u.place) {
        Some(Place::Hex { hex, .. }) => Some(l.hex_to_world_pos(hex)),
        _ => None,
    };
    // Section lines: dotted through the centres of the dividing columns (a
    // hex on the line belongs to both sections).
    for c in &view.scene.sections {
        let pts: Vec<Vec2> = (0..board.rows)
            .map(|r| l.hex_to_world_pos(HexBoard::to_hex((*c, r))))
            .collect();
        for w in pts.windows(2) {
            for k in 0..4 {
                let a = w[0].lerp(w[1], k as f32 / 4.0);
                let b = w[0].lerp(w[1], (k as f32 + 0.5) / 4.0);
                gizmos.line_2d(a, b, Color::srgba(1.0, 1.0, 1.0, 0.55));
            }
        }
    }
    // The wind/tide: an arrow per direction in a ring over the board's
    // top-left hexes, pointing the way the water runs.
    for (o, d) in wind_marks(&board, &view.scene.wind) {
        let Some(f) = Facing::ALL.get(d as usize) else {
            continue;
        };
        let centre = l.hex_to_world_pos(o);
        let dir = (l.hex_to_world_pos(o.neighbor(f.edge_direction())) - centre).normalize_or_zero();
        let c = Color::srgb(1.0, 1.0, 0.55);
        gizmos.circle_2d(centre, HEX_SIZE * 0.85, c);
        gizmos.circle_2d(centre, HEX_SIZE * 0.8, c);
        for k in [-1.5f32, 0.0, 1.5] {
            let n = dir.perp() * k;
            gizmos.arrow_2d(
                centre - dir * HEX_SIZE * 0.7 + n,
                centre + dir * HEX_SIZE * 0.7 + n,
                c,
            );
        }
    }
    // Objectives and fixed features (an arrow tower, a Command Tent): a
    // double ring in the holder's colour, gold when nobody holds it.
    for o in &view.scene.objectives {
        if let Spot::Hex(h) = o.at {
            let c = match o.held_by {
                Some(side) => {
                    let c = view.colors[usize::from(side.min(1))];
                    Color::srgb(c[0], c[1], c[2])
                }
                None => Color::srgb(0.95, 0.8, 0.3),
            };
            let p = l.hex_to_world_pos(h);
            gizmos.circle_2d(p, HEX_SIZE * 0.9, c);
            gizmos.circle_2d(p, HEX_SIZE * 0.86, Color::srgb(0.95, 0.8, 0.3));
        }
    }
    // A selected boat: the hexes it may enter with the wind/tide.
    if let Some(id) = gui.selected
        && let Some((_, hexes)) = view.scene.with_wind.iter().find(|(u, _)| *u == id)
    {
        for h in hexes {
            let mut pts: Vec<Vec2> = l
                .hex_corners(*h)
                .iter()
                .map(|p| *p * 0.85 + l.hex_to_world_pos(*h) * 0.15)
                .collect();
            pts.push(pts[0]);
            gizmos.linestrip_2d(pts, Color::srgb(0.45, 0.8, 1.0));
        }
    }
    for (a, b) in &view.scene.links {
        if let (Some(a), Some(b)) = (pos(*a), pos(*b)) {
            gizmos.line_2d(a, b, Color::srgb(1.0, 0.2, 0.1));
        }
    }
    // Own concealed units, seen only by their side: a green ring.
    for u in view.scene.units.iter().filter(|u| u.concealed) {
        if let Some(p) = pos(u.id) {
            gizmos.circle_2d(p, HEX_SIZE * 0.7, Color::srgb(0.6, 1.0, 0.6));
        }
    }
    // The keyboard's hex cursor: a white hexagon inside the hex.
    if let Some(h) = cursor.and_then(|c| c.0) {
        let c = l.hex_to_world_pos(h);
        let mut pts: Vec<Vec2> = l
            .hex_corners(h)
            .iter()
            .map(|p| c + (*p - c) * 0.86)
            .collect();
        pts.push(pts[0]);
        gizmos.linestrip_2d(pts, Color::WHITE);
    }
    if let Some(id) = gui.selected
        && let Some(sel) = pos(id)
    {
        gizmos.circle_2d(sel, HEX_SIZE * 0.8, Color::srgb(1.0, 0.95, 0.2));
        if let Some(r) = view.unit(id).and_then(|u| u.ranges.first()) {
            let step = HEX_SIZE * 3f32.sqrt();
            gizmos.circle_2d(sel, step * (*r + 0.5), Color::srgba(1.0, 0.95, 0.2, 0.35));
        }
    }
    for a in &view.scene.arrows {
        if let Some(from) = pos(a.unit) {
            let to = l.hex_to_world_pos(a.to);
            super::widgets::draw_arrow(&mut gizmos, from, to, a, HEX_SIZE);
        }
    }
    // The armed choice's pick, before it is written.
    if let (Some(h), Some(_)) = (gui.pick.hex, &gui.armed)
        && let Some(from) = pos(gui.pick.unit)
    {
        gizmos.arrow_2d(from, l.hex_to_world_pos(h), Color::srgb(1.0, 0.95, 0.2));
    }
}

/// The hexes the wind/tide's arrows are drawn on, with their direction:
/// down the board's first column from its top-left corner, every other
/// hex.
pub fn wind_marks(board: &HexBoard, wind: &[u8]) -> Vec<(Hex, u8)> {
    wind.iter()
        .enumerate()
        .map(|(i, d)| (HexBoard::to_hex((0, board.rows - 1 - 2 * i as i32)), *d))
        .collect()
}

/// Left click: pick a target unit or a hex for the armed choice, or select
/// the unit on the clicked hex.
#[allow(clippy::too_many_arguments)]
pub fn click_board(
    buttons: Res<ButtonInput<MouseButton>>,
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    layout: Option<Res<BoardLayout>>,
    board: Option<Res<HexBoard>>,
    view: Res<ViewModel>,
    egui_pointer: Option<Res<bevy_egui::input::EguiWantsInput>>,
    (mut gui, cover, area): (ResMut<Selection>, Res<PassCover>, Res<BoardArea>),
    shield: Res<BoardShield>,
) {
    if !buttons.just_pressed(MouseButton::Left)
        || shield.0
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
    let Some(world) = cursor_on_board(window, camera, ctf, &area) else {
        return;
    };
    let hex = layout.0.world_pos_to_hex(world);
    if !board.contains(hex) || cover.side.is_some() {
        return;
    }
    pick_hex(&view, &mut gui, hex);
}

/// The world point under the mouse, when it is over the board (a click on
/// a panel never reaches the board drawn under it).
pub fn cursor_on_board(
    window: &Window,
    camera: &Camera,
    ctf: &GlobalTransform,
    area: &BoardArea,
) -> Option<Vec2> {
    let cursor = window.cursor_position()?;
    if let Some([x0, y0, x1, y1]) = area.0
        && !(cursor.x >= x0 && cursor.x <= x1 && cursor.y >= y0 && cursor.y <= y1)
    {
        return None;
    }
    camera.viewport_to_world_2d(ctf, cursor).ok()
}

/// What a click on `hex` does (the mouse, or Enter on the keyboard's hex
/// cursor): the target or hex of the armed choice; an empty hex the
/// selected unit's move reaches arms that move with it; else the unit
/// there is selected (none on an empty hex).
pub fn pick_hex(view: &ViewModel, gui: &mut Selection, hex: Hex) {
    let unit = view
        .scene
        .units
        .iter()
        .find(|u| matches!(u.place, Place::Hex { hex: h, .. } if h == hex))
        .map(|u| u.id);
    if let Some(armed) = gui.armed.clone()
        && matches!(armed.needs, Needs::Target | Needs::Hex)
    {
        // The acting unit is never its own target: its hex is picked.
        gui.pick.target = unit.filter(|u| armed.needs == Needs::Target && *u != gui.pick.unit);
        gui.pick.hex = Some(hex);
        return;
    }
    // A shaded hex of the selected unit's move arms the move with it: one
    // click to aim, Confirm (or Enter) to give it. A hex with a unit on it
    // selects that unit instead (its card), as a click on it always does:
    // a move there is aimed by arming the move first.
    if let Some((u, key)) = &view.reach_for
        && gui.selected == Some(*u)
        && unit.is_none()
        && view.reach.iter().any(|(h, v)| *h == hex && v.accepted())
        && let Some(c) = view.choices.iter().find(|c| &c.key == key)
    {
        gui.armed = Some(c.clone());
        gui.pick = Pick {
            unit: *u,
            hex: Some(hex),
            ..Pick::default()
        };
        return;
    }
    gui.selected = unit;
    gui.armed = None;
}

/// The board's layout goes with its game.
fn forget_the_layout(_: On<GameCleared>, mut commands: Commands) {
    commands.remove_resource::<BoardLayout>();
}

/// The hex board: clicks (off while the editor has the board), tiles,
/// counters, glides, overlays and the board's text at the UI scale.
pub struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        let on_hexes =
            |view: Res<ViewModel>, boards: Option<Res<HexBoard>>| view.loaded && boards.is_some();
        app.add_observer(forget_the_layout).add_systems(
            Update,
            (
                click_board
                    .in_set(AppSystems::Input)
                    .run_if(game_screen)
                    .run_if(on_hexes),
                fit_camera
                    .in_set(AppSystems::Draw)
                    .after(spawn_tiles)
                    .run_if(|view: Res<ViewModel>, t: Option<Res<Table>>| {
                        view.loaded && t.is_some()
                    }),
                (
                    spawn_tiles,
                    fit_camera,
                    spawn_counters,
                    update_marker_dots,
                    update_counters,
                    motion::glide,
                    draw_overlays,
                )
                    .chain()
                    .in_set(AppSystems::Draw)
                    .run_if(on_hexes),
                scale_board_text
                    .in_set(AppSystems::Draw)
                    .after(update_counters),
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_text_follows_the_ui_scale_and_counter_labels_stay_inside() {
        // A label too long for the counter even at its own size never grows.
        assert_eq!(label_room("a very long label"), 1.0);
        for (label, least) in [("KB 7", 1.2), ("AS-T 4", 1.0)] {
            let room = label_room(label);
            assert!(room >= least, "{label}: {room}");
            let width = 0.55 * label.chars().count() as f32 * label_px(label) * room;
            assert!(
                width <= counter_art::COUNTER.x - 4.0 + 1e-3,
                "{label}: {width}"
            );
        }
        let mut app = App::new();
        app.insert_resource(super::super::settings::Settings {
            ui_scale: 1.5,
            ..Default::default()
        })
        .add_systems(Update, scale_board_text);
        let area = app
            .world_mut()
            .spawn((Text2d::new("Paddy"), Transform::default()))
            .id();
        let unit = app.world_mut().spawn_empty().id();
        let label = app
            .world_mut()
            .spawn((
                Text2d::new("a very long label"),
                Transform::default(),
                CounterPart {
                    unit,
                    kind: PartKind::Label,
                },
            ))
            .id();
        app.update();
        let scale = |app: &App, e| app.world().get::<Transform>(e).map(|t| t.scale.x);
        assert_eq!(scale(&app, area), Some(1.5));
        let l = scale(&app, label).unwrap_or_default();
        assert!((1.0..1.5).contains(&l), "{l}");
        app.world_mut()
            .resource_mut::<super::super::settings::Settings>()
            .ui_scale = 0.75;
        app.update();
        assert_eq!(scale(&app, area), Some(0.75));
        assert_eq!(scale(&app, label), Some(0.75));
    }

    #[test]
    fn long_counter_labels_get_a_smaller_font() {
        assert_eq!(label_px("KB 7"), counter_art::LABEL_PX);
        assert_eq!(label_px("AS-T 4"), counter_art::LABEL_PX);
        assert_eq!(label_px("a very long label"), MIN_LABEL_PX);
        let n = "Ash Spe 4".chars().count() as f32;
        assert!(label_px("Ash Spe 4") * n * 0.55 <= counter_art::COUNTER.x - 4.0 + 1e-3);
    }

    /// Every counter of every shipped hex scenario, in every palette: its
    /// label is drawn at full size, at least 11 px on screen at the board's
    /// starting zoom and 100% UI scale, inside the counter; and the ink has
    /// at least 4.5:1 contrast against both sides' counters (WCAG AA).
    #[test]
    fn counter_text_is_readable_on_every_counter() {
        use super::super::settings::Palette;
        use crate::engine::core::{BoardKind, Module};
        use crate::rules::{ModuleVisitor, visit_all};
        struct V(usize);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                if R::BOARD != BoardKind::Hex {
                    return;
                }
                for (file, text) in crate::session::scenarios_of::<R>() {
                    let g = crate::session::open_text::<R>(&file, &text, false, Some(1), &[])
                        .expect("opens");
                    let scene = R::scene(&g.ctx, &g.state, None);
                    for u in &scene.units {
                        // The label as the board writes it (`CounterLabel`).
                        let label = format!("{} {}", u.kind, u.models);
                        let on_screen = label_px(&label) / super::super::camera::HEX_ZOOM;
                        assert!(
                            on_screen >= counter_art::MIN_LABEL_SCREEN_PX,
                            "{file}: \"{label}\" is {on_screen:.1} px on screen"
                        );
                        self.0 += 1;
                    }
                    for palette in Palette::ALL {
                        for c in palette.colors(R::side_colors(&g.ctx)) {
                            let ratio = counter_art::contrast_ratio(counter_art::ink_for(c), c);
                            assert!(
                                ratio >= counter_art::MIN_CONTRAST,
                                "{file}, {palette:?}: {c:?} gives {ratio:.2}:1"
                            );
                        }
                    }
                }
            }
        }
        let mut v = V(0);
        visit_all(&mut v);
        assert!(v.0 > 50, "only {} counters", v.0);
    }

    /// The worst side colour for ink, a mid grey, still gets 4.5:1.
    #[test]
    fn any_side_colour_gets_ink_of_enough_contrast() {
        for i in 0..=100u8 {
            let v = f32::from(i) / 100.0;
            for c in [
                [v, v, v],
                [v, 0.0, 0.0],
                [0.0, v, 0.0],
                [0.0, 0.0, v],
                [v, v, 0.0],
            ] {
                let r = counter_art::contrast_ratio(counter_art::ink_for(c), c);
                assert!(r >= counter_art::MIN_CONTRAST, "{c:?}: {r}");
            }
        }
    }
}
