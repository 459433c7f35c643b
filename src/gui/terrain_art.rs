//! The art drawn over a hex's colour so that its terrain reads at a
//! glance: tree canopies, roofs, flooded rows, ripples, waves, reeds, a
//! track, a ring of stakes, stones, and contour rings for elevation. Pure
//! shapes from the terrain's [`TerrainLook`], jittered by the hex so that
//! neighbours differ, in one palette; the hex board makes them meshes
//! (spawned once per tile, so an idle board costs nothing).

use std::f32::consts::PI;

use bevy::prelude::*;

use crate::engine::board::{HexsideLook, TerrainLook};

/// One shape of a tile's art, in pixels from the hex centre (the hex is
/// 44 px, the board's hex size, from centre to corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    /// The shape.
    pub shape: Shape,
    /// Its centre, px from the hex centre (x right, y up).
    pub at: Vec2,
    /// Its turn, radians anticlockwise.
    pub angle: f32,
    /// Its colour.
    pub color: Ink,
    /// Drawn above lower layers (0 first).
    pub layer: u8,
}

/// A shape of [`Stroke`], sizes in px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// A disc of this radius.
    Disc(f32),
    /// A rectangle, width × height.
    Rect(f32, f32),
    /// An ellipse, half-width × half-height.
    Oval(f32, f32),
    /// A triangle pointing up, base × height.
    Peak(f32, f32),
    /// A ring, inner and outer radius.
    Ring(f32, f32),
}

/// The palette of the board's art: one set of inks for every module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ink {
    /// Deep foliage (canopy shadow).
    Foliage,
    /// Lit foliage (canopy top).
    Leaf,
    /// Grass tufts on open ground.
    Grass,
    /// Roof tiles.
    Roof,
    /// Plastered walls.
    Wall,
    /// Water in a paddy or a pool.
    Flood,
    /// Ripples and wave crests.
    Foam,
    /// Reeds and rice shoots.
    Reed,
    /// A beaten track.
    Track,
    /// Wooden stakes.
    Timber,
    /// Stones.
    Stone,
    /// Contour rings of high ground.
    Contour,
}

impl Ink {
    /// The ink's colour (sRGB, with its alpha).
    pub fn color(self) -> Color {
        match self {
            Ink::Foliage => Color::srgb(0.10, 0.26, 0.12),
            Ink::Leaf => Color::srgb(0.20, 0.42, 0.18),
            Ink::Grass => Color::srgba(0.28, 0.42, 0.16, 0.8),
            Ink::Roof => Color::srgb(0.47, 0.20, 0.14),
            Ink::Wall => Color::srgb(0.93, 0.88, 0.76),
            Ink::Flood => Color::srgb(0.46, 0.66, 0.80),
            Ink::Foam => Color::srgba(0.90, 0.96, 1.0, 0.85),
            Ink::Reed => Color::srgb(0.26, 0.36, 0.14),
            Ink::Track => Color::srgb(0.60, 0.49, 0.32),
            Ink::Timber => Color::srgb(0.36, 0.24, 0.12),
            Ink::Stone => Color::srgb(0.56, 0.54, 0.50),
            Ink::Contour => Color::srgba(0.36, 0.26, 0.12, 0.55),
        }
    }
}

/// A small seeded generator for the jitter: the same hex always gets the
/// same art.
struct Jitter(u64);

impl Jitter {
    fn new(col: i32, row: i32) -> Self {
        let mut s = (col as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ (row as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
            ^ 0x1656_67B1_9E37_79F9;
        s ^= s >> 29;
        Self(s | 1)
    }
    /// A value in `-1.0..1.0`.
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        ((self.0 >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    }
}

fn stroke(shape: Shape, at: Vec2, angle: f32, color: Ink, layer: u8) -> Stroke {
    Stroke {
        shape,
        at,
        angle,
        color,
        layer,
    }
}

/// The art of one hex: its terrain's look at `elevation` levels, jittered
/// by the hex's `(column, row)`. Every shape lies within the hex (within
/// 36 px of the centre for a 44 px hex).
pub fn tile_art(look: TerrainLook, elevation: i32, hex: (i32, i32)) -> Vec<Stroke> {
    let mut j = Jitter::new(hex.0, hex.1);
    let mut out = Vec::new();
    for level in 0..elevation.clamp(0, 3) {
        let r = 34.0 - 8.0 * level as f32;
        out.push(stroke(
            Shape::Ring(r - 1.6, r),
            Vec2::ZERO,
            0.0,
            Ink::Contour,
            0,
        ));
    }
    match look {
        TerrainLook::Paddy | TerrainLook::Water | TerrainLook::Ocean | TerrainLook::Marsh => {
            water_art(look, &mut j, &mut out)
        }
        _ => land_art(look, &mut j, &mut out),
    }
    out
}

/// Points jittered by up to `spread` px around each of `base`.
fn spots(j: &mut Jitter, base: &[(f32, f32)], spread: f32) -> Vec<Vec2> {
    base.iter()
        .map(|(x, y)| Vec2::new(x + spread * j.next(), y + spread * j.next()))
        .collect()
}

/// The art of dry ground: grass, trees, houses, a track, stakes, stones.
fn land_art(look: TerrainLook, j: &mut Jitter, out: &mut Vec<Stroke>) {
    match look {
        TerrainLook::Open => {
            for p in spots(j, &[(-14.0, 10.0), (12.0, -12.0), (16.0, 14.0)], 5.0) {
                for a in [-0.45f32, 0.0, 0.45] {
                    let tip = p + Vec2::new(-a.sin(), a.cos()) * 3.0;
                    out.push(stroke(Shape::Rect(1.4, 6.0), tip, a, Ink::Grass, 1));
                }
            }
        }
        TerrainLook::Forest | TerrainLook::Scattered => {
            let (base, r): (&[(f32, f32)], f32) = if look == TerrainLook::Forest {
                (
                    &[
                        (-14.0, 12.0),
                        (8.0, 16.0),
                        (-18.0, -8.0),
                        (16.0, -4.0),
                        (-2.0, -16.0),
                        (0.0, 2.0),
                    ],
                    10.0,
                )
            } else {
                (&[(-12.0, 8.0), (12.0, -6.0), (2.0, 16.0)], 8.0)
            };
            for p in spots(j, base, 3.0) {
                let r = r * (1.0 + 0.12 * j.next());
                out.push(stroke(
                    Shape::Disc(r),
                    p + Vec2::new(1.5, -2.0),
                    0.0,
                    Ink::Foliage,
                    1,
                ));
                out.push(stroke(
                    Shape::Disc(r * 0.78),
                    p + Vec2::new(-1.0, 1.0),
                    0.0,
                    Ink::Leaf,
                    2,
                ));
            }
        }
        TerrainLook::Village => {
            for p in spots(j, &[(-12.0, 8.0), (12.0, 10.0), (0.0, -12.0)], 3.0) {
                let a = 0.25 * j.next();
                out.push(stroke(Shape::Rect(14.0, 9.0), p, a, Ink::Wall, 1));
                let up = Vec2::new(-a.sin(), a.cos());
                out.push(stroke(
                    Shape::Peak(18.0, 9.0),
                    p + up * 8.0,
                    a,
                    Ink::Roof,
                    2,
                ));
            }
        }
        TerrainLook::Road => {
            let a = 0.2 * j.next();
            out.push(stroke(Shape::Rect(76.0, 8.0), Vec2::ZERO, a, Ink::Track, 1));
        }
        TerrainLook::Fort => {
            for i in 0..18 {
                let t = i as f32 / 18.0 * 2.0 * PI;
                let p = Vec2::new(t.cos(), t.sin()) * 30.0;
                out.push(stroke(
                    Shape::Peak(5.0, 8.0),
                    p,
                    t - PI / 2.0,
                    Ink::Timber,
                    1,
                ));
            }
        }
        TerrainLook::Rough => {
            for p in spots(
                j,
                &[(-12.0, 8.0), (10.0, 12.0), (4.0, -12.0), (-14.0, -10.0)],
                4.0,
            ) {
                out.push(stroke(
                    Shape::Oval(5.0, 3.5),
                    p,
                    0.6 * j.next(),
                    Ink::Stone,
                    1,
                ));
            }
        }

        TerrainLook::Paddy | TerrainLook::Water | TerrainLook::Ocean | TerrainLook::Marsh => {}
    }
}

/// The art of wet ground: flooded rows, ripples, waves, reeds.
fn water_art(look: TerrainLook, j: &mut Jitter, out: &mut Vec<Stroke>) {
    match look {
        TerrainLook::Paddy => {
            for (k, y) in [-18.0f32, -6.0, 6.0, 18.0].into_iter().enumerate() {
                let w = 58.0 - 10.0 * (y.abs() / 18.0);
                out.push(stroke(
                    Shape::Rect(w, 4.0),
                    Vec2::new(0.0, y),
                    0.0,
                    Ink::Flood,
                    1,
                ));
                for i in 0..5 {
                    let x = -w / 2.0 + 6.0 + (w - 12.0) * i as f32 / 4.0 + 2.0 * (k % 2) as f32;
                    out.push(stroke(
                        Shape::Rect(1.4, 5.0),
                        Vec2::new(x, y + 4.0),
                        0.0,
                        Ink::Reed,
                        2,
                    ));
                }
            }
        }
        TerrainLook::Water => {
            for p in spots(j, &[(-8.0, 12.0), (10.0, 0.0), (-6.0, -14.0)], 3.0) {
                out.push(stroke(Shape::Oval(12.0, 1.6), p, 0.0, Ink::Foam, 1));
                out.push(stroke(
                    Shape::Oval(7.0, 1.4),
                    p + Vec2::new(4.0, -4.0),
                    0.0,
                    Ink::Foam,
                    1,
                ));
            }
        }
        TerrainLook::Ocean => {
            for p in spots(
                j,
                &[
                    (-16.0, 12.0),
                    (10.0, 16.0),
                    (-4.0, -2.0),
                    (16.0, -12.0),
                    (-16.0, -18.0),
                ],
                3.0,
            ) {
                // A wave crest: two strokes meeting in a peak.
                out.push(stroke(
                    Shape::Rect(8.0, 1.8),
                    p + Vec2::new(-3.5, 0.0),
                    0.45,
                    Ink::Foam,
                    1,
                ));
                out.push(stroke(
                    Shape::Rect(8.0, 1.8),
                    p + Vec2::new(3.5, 0.0),
                    -0.45,
                    Ink::Foam,
                    1,
                ));
            }
        }
        TerrainLook::Marsh => {
            for p in spots(j, &[(-10.0, -8.0), (12.0, 10.0)], 3.0) {
                out.push(stroke(Shape::Oval(11.0, 5.0), p, 0.0, Ink::Flood, 1));
            }
            for p in spots(
                j,
                &[(-14.0, 10.0), (10.0, -12.0), (2.0, 2.0), (18.0, -2.0)],
                3.0,
            ) {
                for a in [-0.35f32, 0.0, 0.35] {
                    let tip = p + Vec2::new(-a.sin(), a.cos()) * 5.0;
                    out.push(stroke(Shape::Rect(1.4, 10.0), tip, a, Ink::Reed, 2));
                }
            }
        }
        _ => {}
    }
}

/// The mesh of a shape.
pub fn mesh_of(shape: Shape) -> Mesh {
    match shape {
        Shape::Disc(r) => Circle::new(r).into(),
        Shape::Rect(w, h) => Rectangle::new(w, h).into(),
        Shape::Oval(a, b) => Ellipse::new(a, b).into(),
        Shape::Peak(w, h) => Triangle2d::new(
            Vec2::new(0.0, h / 2.0),
            Vec2::new(-w / 2.0, -h / 2.0),
            Vec2::new(w / 2.0, -h / 2.0),
        )
        .into(),
        Shape::Ring(i, o) => Annulus::new(i, o).into(),
    }
}

/// A key for caching a shape's mesh (sizes to 0.1 px).
pub fn shape_key(shape: Shape) -> (u8, i32, i32) {
    let q = |x: f32| (x * 10.0).round() as i32;
    match shape {
        Shape::Disc(r) => (0, q(r), 0),
        Shape::Rect(w, h) => (1, q(w), q(h)),
        Shape::Oval(a, b) => (2, q(a), q(b)),
        Shape::Peak(w, h) => (3, q(w), q(h)),
        Shape::Ring(i, o) => (4, q(i), q(o)),
    }
}

/// Draws one hexside feature along the side from `p` to `q` by its look:
/// water between banks, a railed fence with posts, a row of pointed
/// stakes, a double wall, hachures pointing `down` (a unit vector towards
/// the lower hex), a bridge's planks, or a plain triple line.
pub(crate) fn draw_hexside(
    gizmos: &mut Gizmos,
    (p, q): (Vec2, Vec2),
    look: HexsideLook,
    c: Color,
    down: Vec2,
) {
    let along = (q - p).normalize_or_zero();
    let n = along.perp();
    let len = p.distance(q);
    let lines = |g: &mut Gizmos, offsets: &[f32], c: Color| {
        for d in offsets {
            g.line_2d(p + n * *d, q + n * *d, c);
        }
    };
    let ticks = |every: f32| {
        let k = (len / every).floor().max(1.0) as usize;
        (0..=k).map(move |i| i as f32 * len / k as f32)
    };
    match look {
        HexsideLook::Line => lines(gizmos, &[-1.5, 0.0, 1.5], c),
        HexsideLook::Water => {
            lines(gizmos, &[-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0], c);
            lines(gizmos, &[-4.5, 4.5], Color::srgb(0.30, 0.27, 0.14));
        }
        HexsideLook::Fence => {
            lines(gizmos, &[-1.0, 1.0], c);
            for t in ticks(9.0) {
                let m = p + along * t;
                gizmos.line_2d(m - n * 4.0, m + n * 4.0, c);
            }
        }
        HexsideLook::Palisade => {
            lines(gizmos, &[-0.75, 0.75], c);
            for t in ticks(6.0) {
                let m = p + along * t;
                gizmos.line_2d(m - n * 2.0, m + n * 6.0, c);
                gizmos.line_2d(m + n * 6.0 - along * 1.5, m + n * 8.0, c);
                gizmos.line_2d(m + n * 6.0 + along * 1.5, m + n * 8.0, c);
            }
        }
        HexsideLook::Slope => {
            lines(gizmos, &[-0.75, 0.75], c);
            // Hachures from the crest down the slope, long and short.
            for (i, t) in ticks(4.0).enumerate() {
                let m = p + along * t;
                let reach = if i % 2 == 0 { 7.0 } else { 4.0 };
                gizmos.line_2d(m, m + down * reach, c);
            }
        }
        HexsideLook::Bridge => {
            // The water it spans, then two rails across it with planks.
            lines(gizmos, &[-2.0, 0.0, 2.0], BRIDGE_WATER);
            let mid = (p + q) / 2.0;
            for s in [-3.0, 3.0] {
                let r = mid + along * s;
                gizmos.line_2d(r - n * 7.0, r + n * 7.0, c);
            }
            for k in -3..=3 {
                let m = mid + n * (k as f32 * 2.2);
                gizmos.line_2d(m - along * 3.0, m + along * 3.0, c);
            }
        }
        HexsideLook::Wall => {
            let stone = Color::srgb(0.45, 0.44, 0.42);
            lines(gizmos, &[-3.0, -2.0, 2.0, 3.0], stone);
            for t in ticks(7.0) {
                let m = p + along * t;
                gizmos.line_2d(m - n * 3.0, m + n * 3.0, stone);
            }
        }
    }
}

/// The water under a bridge hexside.
const BRIDGE_WATER: Color = Color::srgb(0.30, 0.50, 0.78);

#[cfg(test)]
mod tests {
    use super::*;

    const LOOKS: [TerrainLook; 11] = [
        TerrainLook::Open,
        TerrainLook::Forest,
        TerrainLook::Scattered,
        TerrainLook::Village,
        TerrainLook::Paddy,
        TerrainLook::Water,
        TerrainLook::Ocean,
        TerrainLook::Marsh,
        TerrainLook::Road,
        TerrainLook::Fort,
        TerrainLook::Rough,
    ];

    /// How far from the hex centre a stroke reaches: its farthest corner
    /// (rectangles, peaks) or rim (discs, ovals, rings).
    fn reach(s: &Stroke) -> f32 {
        let corners = |w: f32, h: f32| {
            let rot = Vec2::from_angle(s.angle);
            [(-1.0, -1.0), (-1.0, 1.0), (1.0, -1.0), (1.0, 1.0)]
                .map(|(x, y)| (s.at + rot.rotate(Vec2::new(x * w / 2.0, y * h / 2.0))).length())
                .into_iter()
                .fold(0.0f32, f32::max)
        };
        match s.shape {
            Shape::Disc(r) => s.at.length() + r,
            Shape::Rect(w, h) | Shape::Peak(w, h) => corners(w, h),
            Shape::Oval(a, b) => s.at.length() + a.max(b),
            Shape::Ring(_, o) => s.at.length() + o,
        }
    }

    #[test]
    fn every_look_draws_inside_its_hex_and_the_same_hex_draws_the_same() {
        for look in LOOKS {
            for (c, r) in [(0, 0), (3, 7), (-2, 11), (12, 8)] {
                let a = tile_art(look, 1, (c, r));
                assert!(!a.is_empty(), "{look:?}");
                assert_eq!(a, tile_art(look, 1, (c, r)));
                for s in &a {
                    // The road crosses the hex from side to side (38 px).
                    assert!(reach(s) <= 40.0, "{look:?} {s:?} reaches {}", reach(s));
                }
            }
        }
    }

    #[test]
    fn looks_differ_from_each_other_and_neighbours_differ_in_their_jitter() {
        let arts: Vec<Vec<Stroke>> = LOOKS.iter().map(|l| tile_art(*l, 0, (4, 4))).collect();
        for i in 0..arts.len() {
            for k in i + 1..arts.len() {
                assert_ne!(arts[i], arts[k], "{:?} and {:?}", LOOKS[i], LOOKS[k]);
            }
        }
        assert_ne!(
            tile_art(TerrainLook::Forest, 0, (4, 4)),
            tile_art(TerrainLook::Forest, 0, (4, 5))
        );
    }

    #[test]
    fn high_ground_gets_one_contour_ring_per_level() {
        let rings = |e| {
            tile_art(TerrainLook::Open, e, (1, 1))
                .iter()
                .filter(|s| matches!(s.shape, Shape::Ring(..)))
                .count()
        };
        assert_eq!(rings(0), 0);
        assert_eq!(rings(1), 1);
        assert_eq!(rings(2), 2);
    }
}
