//! Where the open table's words go: objective names, each unit's badges
//! and model count, and area names, placed so that no two overlap and
//! none covers a base or an objective's diamond. Each label tries its
//! places in order (an objective's name under its diamond, then above,
//! right, left; a unit's count beside its base; an area's name at its
//! middle, then above and below it) and takes the first that is free. A
//! label with no free place is left out: the unit card, the legend and
//! the hover tooltip carry the same words. An area's name that an
//! objective already shows ("Chapel Ruins", in any case) is not written
//! twice.

use bevy::math::Vec2;

use crate::engine::table::{Base, Table};
use crate::engine::view::{Objective, Spot};
use crate::t;

use super::table_units::{TableUnitView, area_outline, to_world};

/// A glyph's advance as a share of the font size (the board's font is
/// monospaced).
const GLYPH: f32 = 0.6;
/// A line's height as a share of the font size.
const LINE: f32 = 1.2;
/// An objective's diamond, world px across (its black rim).
pub const DIAMOND: f32 = 22.0;
/// Room kept between a label and what it avoids, world px.
const GAP: f32 = 2.0;

/// Font sizes of the table's words, px at zoom 1 and 100% UI scale.
pub const AREA_FONT: f32 = 16.0;
/// An objective's name.
pub const OBJECTIVE_FONT: f32 = 15.0;
/// A unit's model count.
pub const COUNT_FONT: f32 = 15.0;
/// A unit's badges.
pub const BADGE_FONT: f32 = 15.0;

/// What a label names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelKind {
    /// A terrain area's name.
    Area,
    /// An objective's name (and holder).
    Objective,
    /// A unit's models left.
    Count,
    /// A unit's state words.
    Badges,
}

/// A label with its place: centre and size in world px (at the UI scale
/// it was placed for).
#[derive(Clone, Debug, PartialEq)]
pub struct PlacedLabel {
    /// The words.
    pub text: String,
    /// What it names.
    pub kind: LabelKind,
    /// The unit it belongs to, if any.
    pub unit: Option<u32>,
    /// Its centre, world px.
    pub at: Vec2,
    /// Its width and height, world px.
    pub size: Vec2,
    /// Its font size before the UI scale, px.
    pub font: f32,
}

impl PlacedLabel {
    /// Whether it overlaps the box `(min, max)`.
    fn hits(&self, b: (Vec2, Vec2)) -> bool {
        let (min, max) = self.rect();
        min.x < b.1.x && b.0.x < max.x && min.y < b.1.y && b.0.y < max.y
    }

    /// Its box, world px: (min, max).
    pub fn rect(&self) -> (Vec2, Vec2) {
        (self.at - self.size / 2.0, self.at + self.size / 2.0)
    }
}

/// The box around a unit's base as drawn (lifted when airborne), world px.
fn base_box(table: &Table, b: &Base, lift: f32) -> (Vec2, Vec2) {
    let pts = b
        .corners()
        .map(|c| to_world(table, c) + Vec2::new(0.0, lift));
    let min = pts.iter().copied().reduce(Vec2::min).unwrap_or_default();
    let max = pts.iter().copied().reduce(Vec2::max).unwrap_or_default();
    (min, max)
}

/// The placer: what is taken so far.
struct Placer {
    /// Boxes no label may cover: bases and diamonds.
    blocked: Vec<(Vec2, Vec2)>,
    /// The labels placed.
    placed: Vec<PlacedLabel>,
    /// The UI scale the words are drawn at.
    scale: f32,
}

impl Placer {
    /// Places `text` at the first of `spots` (offsets from `anchor` by
    /// half the label's size along each unit vector, plus a fixed offset)
    /// where it is free; nothing when none is.
    fn place(
        &mut self,
        (text, kind, unit, font): (String, LabelKind, Option<u32>, f32),
        anchor: Vec2,
        spots: &[(Vec2, Vec2)],
    ) {
        if text.is_empty() {
            return;
        }
        let n = text.chars().count() as f32;
        let size = Vec2::new(GLYPH * n * font, LINE * font) * self.scale + Vec2::splat(GAP);
        for (fixed, half) in spots {
            let label = PlacedLabel {
                text: text.clone(),
                kind,
                unit,
                at: anchor + *fixed + *half * size / 2.0,
                size,
                font,
            };
            let free = !self.blocked.iter().any(|b| label.hits(*b))
                && !self.placed.iter().any(|p| label.hits(p.rect()));
            if free {
                self.placed.push(label);
                return;
            }
        }
    }
}

/// The table's labels for `units` and `objectives` at UI scale `scale`,
/// in the order placed: objectives, then each unit's badges and count,
/// then the areas. `sides` names the holders.
pub fn place_labels(
    table: &Table,
    units: &[TableUnitView],
    objectives: &[Objective],
    sides: &[String; 2],
    (scale, lift): (f32, f32),
) -> Vec<PlacedLabel> {
    let diamonds: Vec<(Vec2, Vec2)> = objectives
        .iter()
        .filter_map(|o| match o.at {
            Spot::Table(x, y) => Some(to_world(table, Vec2::new(x, y))),
            Spot::Hex(_) => None,
        })
        .map(|c| {
            (
                c - Vec2::splat(DIAMOND / 2.0),
                c + Vec2::splat(DIAMOND / 2.0),
            )
        })
        .collect();
    let boxes: Vec<(u32, (Vec2, Vec2))> = units
        .iter()
        .map(|u| {
            let l = if u.airborne { lift } else { 0.0 };
            (u.id, base_box(table, &u.base, l))
        })
        .collect();
    let mut p = Placer {
        blocked: diamonds
            .iter()
            .copied()
            .chain(boxes.iter().map(|b| b.1))
            .collect(),
        placed: Vec::new(),
        scale,
    };
    let (down, up, right, left) = (Vec2::NEG_Y, Vec2::Y, Vec2::X, Vec2::NEG_X);
    let z = Vec2::ZERO;
    for (o, d) in objectives.iter().zip(&diamonds) {
        let label = o.held_by.map_or(o.name.clone(), |s| {
            t!(
                "panels-objective-held",
                name = &o.name,
                side = &sides[usize::from(s.min(1))]
            )
        });
        let c = (d.0 + d.1) / 2.0;
        let r = DIAMOND / 2.0 + GAP;
        p.place(
            (label, LabelKind::Objective, None, OBJECTIVE_FONT),
            c,
            &[
                (Vec2::new(0.0, -r), down),
                (Vec2::new(0.0, r), up),
                (Vec2::new(r, 0.0), right),
                (Vec2::new(-r, 0.0), left),
            ],
        );
    }
    for (u, (_, b)) in units.iter().zip(&boxes) {
        let c = (b.0 + b.1) / 2.0;
        let half = (b.1 - b.0) / 2.0 + Vec2::splat(GAP);
        let mut badges = u.badges.clone();
        if u.airborne {
            badges.insert(0, t!("panels-badge-airborne"));
        }
        let around = [
            (Vec2::new(0.0, -half.y), down),
            (Vec2::new(0.0, half.y), up),
            (
                Vec2::new(0.0, -half.y) + Vec2::new(0.0, -LINE * BADGE_FONT * scale),
                down,
            ),
            (Vec2::new(-half.x, 0.0), left),
        ];
        p.place(
            (badges.join(", "), LabelKind::Badges, Some(u.id), BADGE_FONT),
            c,
            &around,
        );
        p.place(
            (
                u.models.to_string(),
                LabelKind::Count,
                Some(u.id),
                COUNT_FONT,
            ),
            c,
            &[
                (Vec2::new(-half.x, 0.0), left),
                (Vec2::new(half.x, 0.0), right),
                (Vec2::new(0.0, half.y), up),
                (Vec2::new(0.0, -half.y), down),
            ],
        );
    }
    let shown_by_objective = |name: &str| {
        objectives
            .iter()
            .any(|o| o.name.to_lowercase() == name.to_lowercase())
    };
    for area in &table.areas {
        let name = area.spec.name.clone();
        if name.is_empty() || shown_by_objective(&name) {
            continue;
        }
        let pts = area_outline(table, area);
        let center = pts.iter().copied().sum::<Vec2>() / pts.len().max(1) as f32;
        let step = LINE * AREA_FONT * scale;
        p.place(
            (name, LabelKind::Area, None, AREA_FONT),
            center,
            &[
                (z, z),
                (Vec2::new(0.0, step), z),
                (Vec2::new(0.0, -step), z),
                (Vec2::new(0.0, 2.0 * step), z),
                (Vec2::new(0.0, -2.0 * step), z),
            ],
        );
    }
    p.placed
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::{BoardKind, Module, ToAct};
    use crate::engine::view::Place;
    use crate::rules::{ModuleVisitor, visit_all};
    use crate::session;

    /// The labels of `side`'s view of a game's state.
    fn labels_of<R: Module>(
        g: &crate::engine::game::Game<R>,
        table: &Table,
        scale: f32,
    ) -> Vec<PlacedLabel> {
        let scene = R::scene(&g.ctx, &g.state, None);
        let units = TableUnitView::all_of(&scene);
        let sides = [0, 1].map(|i| format!("Side {i}"));
        place_labels(
            table,
            &units,
            &scene.objectives,
            &sides,
            (scale, super::super::table_units::LIFT),
        )
    }

    /// Every shipped open-table scenario, at the start and after random
    /// legal commands, at 100% and 150% UI scale: no two labels overlap,
    /// and no label covers a base or an objective's diamond (the placer's
    /// own boxes, checked again here from the scene).
    #[test]
    fn no_two_table_labels_overlap() {
        struct V(Vec<String>);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                if R::BOARD != BoardKind::Table {
                    return;
                }
                let (mut states, mut labels) = (0usize, 0usize);
                for (file, text) in session::scenarios_of::<R>() {
                    let mut g =
                        session::open_text::<R>(&file, &text, false, Some(5), &[]).expect("opens");
                    let Some(table) = R::table(&g.ctx).cloned() else {
                        continue;
                    };
                    for i in 0..120usize {
                        g.advance();
                        if i % 10 == 0 {
                            for scale in [1.0, 1.5] {
                                let placed = labels_of(&g, &table, scale);
                                let scene = R::scene(&g.ctx, &g.state, None);
                                let mut blocked: Vec<(Vec2, Vec2)> = scene
                                    .objectives
                                    .iter()
                                    .filter_map(|o| match o.at {
                                        Spot::Table(x, y) => {
                                            let c = to_world(&table, Vec2::new(x, y));
                                            let h = Vec2::splat(DIAMOND / 2.0);
                                            Some((c - h, c + h))
                                        }
                                        Spot::Hex(_) => None,
                                    })
                                    .collect();
                                blocked.extend(
                                    scene.units.iter().filter(|u| u.models > 0).filter_map(|u| {
                                        match u.place {
                                            Place::Table(b) if !u.airborne => {
                                                Some(base_box(&table, &b, 0.0))
                                            }
                                            _ => None,
                                        }
                                    }),
                                );
                                for a in &placed {
                                    assert!(
                                        !blocked.iter().any(|b| a.hits(*b)),
                                        "{file}, command {i}: {a:?} covers a base or diamond"
                                    );
                                }
                                for (k, a) in placed.iter().enumerate() {
                                    for b in &placed[k + 1..] {
                                        assert!(
                                            !a.hits(b.rect()),
                                            "{file}, command {i}: {a:?} overlaps {b:?}"
                                        );
                                    }
                                }
                                labels += placed.len();
                                states += 1;
                            }
                        }
                        let ToAct::Side(side) = g.to_act() else {
                            break;
                        };
                        let legal = R::legal_commands(&g.ctx, &g.state, side);
                        let Some(cmd) = legal.get((i * 7919) % legal.len().max(1)).cloned() else {
                            break;
                        };
                        if g.apply(&cmd).is_err() {
                            break;
                        }
                    }
                }
                assert!(labels > 0, "{}: no label placed", R::RULESET);
                self.0
                    .push(format!("{}: {labels} labels in {states} views", R::RULESET));
            }
        }
        let mut v = V(Vec::new());
        visit_all(&mut v);
        eprintln!("{}", v.0.join("; "));
        assert!(!v.0.is_empty());
    }
}
