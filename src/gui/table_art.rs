//! The open table's art as pure geometry: where an area's terrain art is
//! stamped, and where a base's figures stand in their ranks, in what
//! colours. The table view makes them sprites and meshes.

use bevy::prelude::*;

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
pub(crate) fn figure_colors(side: Color) -> (Color, Color) {
    let c = side.to_srgba();
    let light = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.5;
    if light {
        (Color::srgb(0.12, 0.12, 0.12), Color::srgb(0.35, 0.33, 0.30))
    } else {
        (Color::srgb(0.95, 0.93, 0.85), Color::srgb(0.75, 0.72, 0.65))
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
