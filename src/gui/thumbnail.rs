//! A small picture of a scenario's board for the title screen: each hex
//! (or open-table area) in its terrain's colour and each unit as a dot of
//! its side's colour, drawn from the module's own board, table and opening
//! scene. Units hidden from either side are left out. The picked
//! scenario's picture is a [`Film`]: a battle playing quietly in it.

use bevy::math::Vec2;
use bevy_egui::egui;

use std::sync::Arc;

use crate::engine::core::{Module, ToAct};
use crate::engine::dice::Dice;
use crate::engine::game::Game;
use crate::engine::log::NoLog;
use crate::engine::view::Place;
use crate::opponent::Player;
use crate::opponent::driver::{Seat, play_decision};

use super::board_view::layout_for;
use super::table_units::{area_color, area_outline, to_world};

/// A scenario's board in world units (y up): filled shapes with their
/// colours (sRGB, `0.0..=1.0`), units as points with their side's colour,
/// and the extent.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Thumb {
    /// Hexes or areas, each a convex polygon.
    pub shapes: Vec<(Vec<Vec2>, [f32; 3])>,
    /// Units: position and colour.
    pub units: Vec<(Vec2, [f32; 3])>,
    /// The ground under the areas (an open table's rectangle), if any.
    pub ground: Option<[f32; 3]>,
    /// Lower-left corner of the extent.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

/// The picture of `scenario` at its start, or `None` when its context does
/// not build (the title screen lists it without one).
pub fn thumb_of<R: Module>(scenario: &R::Scenario) -> Option<Thumb> {
    let ctx = R::context(scenario).ok()?;
    let seed = R::scenario_seed(scenario).unwrap_or(0);
    let state = R::new_state(&ctx, &Dice::new(seed), &mut NoLog);
    picture::<R>(&ctx, &state)
}

/// The picture of a game in `state`: the board, and the units both sides
/// see (no ambusher is given away). `None` without a board or table.
fn picture<R: Module>(ctx: &R::Ctx, state: &R::State) -> Option<Thumb> {
    let colors = R::side_colors(ctx);
    // What both sides see: no ambusher is given away.
    let seen = |side: u8| R::scene(ctx, &R::observation(ctx, state, side), Some(side));
    let (a, b) = (seen(0), seen(1));
    let shown = a
        .units
        .iter()
        .filter(|u| b.units.iter().any(|v| v.id == u.id));
    let mut t = Thumb::default();
    if let Some(board) = R::hex_board(ctx) {
        let layout = layout_for(board);
        for h in board.hexes() {
            let c = board.terrain(h).map_or((0.5, 0.5, 0.4), |t| t.color);
            t.shapes
                .push((layout.hex_corners(h).to_vec(), [c.0, c.1, c.2]));
        }
        for u in shown {
            if let Place::Hex { hex, .. } = u.place {
                let c = colors[usize::from(u.side.min(1))];
                t.units.push((layout.hex_to_world_pos(hex), c));
            }
        }
    } else if let Some(table) = R::table(ctx) {
        t.ground = Some([0.36, 0.45, 0.28]);
        let half = to_world(table, Vec2::new(table.width, table.depth));
        t.shapes.push((
            vec![
                -half,
                Vec2::new(half.x, -half.y),
                half,
                Vec2::new(-half.x, half.y),
            ],
            [0.36, 0.45, 0.28],
        ));
        for area in &table.areas {
            let c = area_color(area);
            t.shapes.push((area_outline(table, area), c));
        }
        for u in shown {
            if let Place::Table(base) = u.place {
                let c = colors[usize::from(u.side.min(1))];
                t.units.push((to_world(table, base.center), c));
            }
        }
    } else {
        return None;
    }
    let pts = t.shapes.iter().flat_map(|(p, _)| p.iter().copied());
    let (min, max) = pts.fold(
        (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN)),
        |(lo, hi), p| (lo.min(p), hi.max(p)),
    );
    (min.x < max.x && min.y < max.y).then_some(Thumb { min, max, ..t })
}

/// The most decisions a film plays before it starts its battle again.
const FILM_DECISIONS: u32 = 300;

/// A battle playing quietly in a scenario's picture on the title screen:
/// both sides by the module's scripted default play, a side's decision at
/// each step, drawn as both sides see it. When the battle ends (or after
/// [`FILM_DECISIONS`]) it starts again with the next dice seed.
pub struct Film {
    next: Box<dyn FnMut() -> Option<Thumb> + Send + Sync>,
    /// The picture now; the first is the battle's start.
    pub frame: Option<Thumb>,
}

impl Film {
    /// Plays the next decision and takes its picture.
    pub fn step(&mut self) {
        if let Some(t) = (self.next)() {
            self.frame = Some(t);
        }
    }
}

/// The film of `scenario`, or `None` when its context does not build.
pub fn film_of<R: Module>(scenario: &R::Scenario) -> Option<Film> {
    let ctx = Arc::new(R::context(scenario).ok()?);
    let seed = R::scenario_seed(scenario).unwrap_or(0);
    let fresh = move |ctx: &Arc<R::Ctx>, round: u64| {
        Game::<R>::with_ctx(ctx.clone(), seed.wrapping_add(round), Vec::new())
    };
    let mut game = fresh(&ctx, 0);
    let frame = picture::<R>(&game.ctx, &game.state);
    let (mut round, mut decisions) = (0u64, 0u32);
    let mut seats = [0u8, 1].map(|_| Seat::new(Player::Default, 0));
    let next = move || {
        game.advance();
        let played = match game.to_act() {
            ToAct::Side(side) if decisions < FILM_DECISIONS => {
                decisions += 1;
                play_decision(&mut game, side, &mut seats[usize::from(side.min(1))]).commands > 0
            }
            _ => false,
        };
        if !played {
            round += 1;
            decisions = 0;
            game = fresh(&ctx, round);
        }
        game.advance();
        picture::<R>(&game.ctx, &game.state)
    };
    Some(Film {
        next: Box::new(next),
        frame,
    })
}

/// Builds a scenario's [`Film`] for its module (through
/// [`crate::session::with_module`]).
pub struct Filming {
    /// The file's name, for errors.
    pub file: String,
    /// The scenario's text.
    pub text: String,
}

impl crate::session::WithModule for Filming {
    type Out = Option<Film>;
    fn run<R: Module>(self) -> Self::Out {
        let s = R::parse_scenario(&self.file, &self.text).ok()?;
        film_of::<R>(&s)
    }
}

fn ink(c: [f32; 3]) -> egui::Color32 {
    egui::Color32::from_rgb(
        (c[0] * 255.0) as u8,
        (c[1] * 255.0) as u8,
        (c[2] * 255.0) as u8,
    )
}

/// Draws `thumb` fitted into a `size` (points) space of `ui`, its aspect
/// kept, on a dark ground.
pub fn draw_thumb(ui: &mut egui::Ui, thumb: &Thumb, size: egui::Vec2) -> egui::Response {
    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::hover());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 3.0, egui::Color32::from_rgb(24, 26, 30));
    let extent = thumb.max - thumb.min;
    let k = ((size.x - 4.0) / extent.x).min((size.y - 4.0) / extent.y);
    let centre = (thumb.min + thumb.max) / 2.0;
    let at = |w: Vec2| {
        let d = (w - centre) * k;
        rect.center() + egui::vec2(d.x, -d.y)
    };
    for (poly, c) in &thumb.shapes {
        let pts: Vec<egui::Pos2> = poly.iter().map(|w| at(*w)).collect();
        p.add(egui::Shape::convex_polygon(
            pts,
            ink(*c),
            egui::Stroke::new(0.5, egui::Color32::from_black_alpha(60)),
        ));
    }
    let r = (size.x / 60.0).clamp(1.5, 4.0);
    for (w, c) in &thumb.units {
        p.circle(
            at(*w),
            r,
            ink(*c),
            egui::Stroke::new(0.6, egui::Color32::BLACK),
        );
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{ModuleVisitor, visit_all};

    /// Every shipped scenario of every module has a picture with its board
    /// and its units, every unit inside the board's extent.
    #[test]
    fn every_shipped_scenario_has_a_picture_of_its_board_and_units() {
        struct V(usize);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                for (file, text) in crate::session::scenarios_of::<R>() {
                    let s = R::parse_scenario(&file, &text).expect("parses");
                    let t = thumb_of::<R>(&s).expect("a picture");
                    assert!(t.shapes.len() > 1 && !t.units.is_empty(), "{file}");
                    for (u, _) in &t.units {
                        assert!(
                            u.cmpge(t.min).all() && u.cmple(t.max).all(),
                            "{file}: a unit at {u} outside {:?}..{:?}",
                            t.min,
                            t.max
                        );
                    }
                    self.0 += 1;
                }
            }
        }
        let mut v = V(0);
        visit_all(&mut v);
        assert!(v.0 >= 9, "{} scenarios", v.0);
    }

    /// The title screen's film of every shipped scenario moves: within
    /// forty decisions its picture differs from the battle's start (a unit
    /// moved, fell or came into sight), every picture with its board.
    #[test]
    fn every_scenarios_film_moves() {
        struct V(usize);
        impl ModuleVisitor for V {
            fn visit<R: Module>(&mut self) {
                for (file, text) in crate::session::scenarios_of::<R>() {
                    let s = R::parse_scenario(&file, &text).expect("parses");
                    let mut film = film_of::<R>(&s).expect("a film");
                    let start = film.frame.clone().expect("a first picture");
                    assert_eq!(Some(&start), thumb_of::<R>(&s).as_ref(), "{file}");
                    let mut moved = false;
                    for _ in 0..40 {
                        film.step();
                        let now = film.frame.as_ref().expect("a picture");
                        assert!(now.shapes.len() > 1, "{file}");
                        moved |= now.units != start.units;
                    }
                    assert!(moved, "{file}: the film stood still");
                    self.0 += 1;
                }
            }
        }
        let mut v = V(0);
        visit_all(&mut v);
        assert!(v.0 >= 9, "{} scenarios", v.0);
    }
}
