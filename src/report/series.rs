//! The report's plots as lines, for any drawing: the page's SVG
//! ([`super::html`]) and the app's report window draw the same lines.

use super::{Point, Report};
use crate::t;

/// One line of a plot: its name, colour and (x, y) points.
pub struct Line {
    /// Its name in the legend.
    pub name: String,
    /// Its colour (sRGB bytes).
    pub color: [u8; 3],
    /// (point index, value), in order.
    pub points: Vec<(f64, f64)>,
}

/// Each side's strength at every point.
pub fn strength_lines(r: &Report) -> Vec<Line> {
    (0..2)
        .map(|s| Line {
            name: r.sides[s].clone(),
            color: side_color(r, s),
            points: xs(&r.points, |p| Some(p.strength[s])),
        })
        .collect()
}

/// The victory measures: the scene's tracks ([`track_lines`]), or where a
/// module shows none, side 0's lead by the rules' score.
pub fn victory_lines(r: &Report) -> Vec<Line> {
    let tracks = track_lines(r);
    if !tracks.is_empty() {
        return tracks;
    }
    vec![Line {
        name: t!("report-score", side = r.sides[0].clone()),
        color: side_color(r, 0),
        points: xs(&r.points, |p| Some(p.score)),
    }]
}

/// Every track of the scene (victory points, honor) at every point, each
/// in its side's colour.
fn track_lines(r: &Report) -> Vec<Line> {
    let mut names: Vec<(u8, String)> = Vec::new();
    for p in &r.points {
        for (side, name, _) in &p.tracks {
            if !names.iter().any(|(s, n)| s == side && n == name) {
                names.push((*side, name.clone()));
            }
        }
    }
    names
        .into_iter()
        .map(|(side, name)| Line {
            name: format!("{} · {name}", r.sides[usize::from(side.min(1))]),
            color: side_color(r, usize::from(side.min(1))),
            points: xs(&r.points, |p| {
                p.tracks
                    .iter()
                    .find(|(s, n, _)| *s == side && *n == name)
                    .map(|t| f64::from(t.2))
            }),
        })
        .collect()
}

/// Each side's chance to win, in percent, where evaluated.
pub fn eval_lines(r: &Report) -> Vec<Line> {
    (0..2)
        .map(|s| Line {
            name: r.sides[s].clone(),
            color: side_color(r, s),
            points: r
                .eval
                .iter()
                .enumerate()
                .filter_map(|(i, e)| {
                    let p = e.map(|v| if s == 0 { v } else { 1.0 - v })?;
                    Some((i as f64, 100.0 * p))
                })
                .collect(),
        })
        .collect()
}

/// `(point index, y)` for the points where `y` has a value.
fn xs(points: &[Point], y: impl Fn(&Point) -> Option<f64>) -> Vec<(f64, f64)> {
    points
        .iter()
        .enumerate()
        .filter_map(|(i, p)| Some((i as f64, y(p)?)))
        .collect()
}

/// Side `s`'s colour in the report.
fn side_color(r: &Report, s: usize) -> [u8; 3] {
    r.colors[s.min(1)]
}
