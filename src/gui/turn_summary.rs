//! The turn summary: when a turn ends, a short list of what happened in
//! it as the viewer saw it, taken from the view model's scene at the
//! turn's start and now: each side's models lost, the units gone from the
//! board, the objectives that changed hands and the tracks (honor, banners,
//! rout points) that moved. A click on a line shows its place on the
//! board. It sits at the top of the decisions panel, never over the board.

use bevy::prelude::*;

use crate::engine::view::{Place, Scene, Spot};
use crate::t;

use super::board_view::BoardLayout;
use super::play::ViewModel;
use super::sets::AppSystems;
use super::state::GameInstalled;
use super::table_view::{TableScene, to_world};

/// One line of the summary: its words and the place it points at.
#[derive(Clone, Debug, PartialEq)]
pub struct SummaryLine {
    /// What happened, in the game's words.
    pub text: String,
    /// Where on the board: a unit's place or an objective's spot.
    pub place: Option<Spot>,
}

/// The summary of the last ended turn, and the scene it counts from.
#[derive(Resource, Clone, Debug, Default)]
pub struct TurnSummary {
    /// For each viewer seen (a side, or nobody while the rules step), the
    /// turn number and scene it first saw in that turn: in hot-seat the
    /// viewer changes with the player at the screen, and each player's
    /// summary counts from what that player saw.
    starts: Vec<(Option<u8>, u32, Scene)>,
    /// The last ended turn and its lines; `None` once dismissed.
    pub shown: Option<(u32, Vec<SummaryLine>)>,
    /// A line's place to show on the board (set by a click).
    pub focus: Option<Spot>,
}

/// Where a unit is, as a spot.
fn spot_of(place: &Place) -> Spot {
    match place {
        Place::Hex { hex, .. } => Spot::Hex(*hex),
        Place::Table(b) => Spot::Table(b.center.x, b.center.y),
    }
}

/// What happened between `before` and `after` (the same viewer's scenes),
/// for sides named `sides`: models lost per side, each unit gone, each
/// objective that changed hands, each track that moved.
pub fn summarize(before: &Scene, after: &Scene, sides: &[String; 2]) -> Vec<SummaryLine> {
    let mut out = Vec::new();
    let mut lost = [0u32; 2];
    let mut gone = Vec::new();
    for u in &before.units {
        let now = after.units.iter().find(|a| a.id == u.id);
        let left = now.map_or(0, |a| a.models);
        lost[usize::from(u.side.min(1))] += u.models.saturating_sub(left);
        if u.models > 0 && left == 0 {
            gone.push(u);
        }
    }
    for (i, n) in lost.iter().enumerate() {
        if *n > 0 {
            out.push(SummaryLine {
                text: t!("summary-lost", side = sides[i].as_str(), count = *n),
                place: None,
            });
        }
    }
    for u in gone {
        out.push(SummaryLine {
            text: t!(
                "summary-gone",
                unit = u.name.as_str(),
                side = sides[usize::from(u.side.min(1))].as_str()
            ),
            place: Some(spot_of(&u.place)),
        });
    }
    for o in &after.objectives {
        let was = before.objectives.iter().find(|b| b.name == o.name);
        if was.is_some_and(|w| w.held_by != o.held_by) {
            let text = match o.held_by {
                Some(s) => t!(
                    "summary-objective-taken",
                    name = o.name.as_str(),
                    side = sides[usize::from(s.min(1))].as_str()
                ),
                None => t!("summary-objective-lost", name = o.name.as_str()),
            };
            out.push(SummaryLine {
                text,
                place: Some(o.at),
            });
        }
    }
    for t in &after.tracks {
        let was = before
            .tracks
            .iter()
            .find(|b| b.side == t.side && b.name == t.name);
        if let Some(w) = was.filter(|w| w.value != t.value) {
            out.push(SummaryLine {
                text: t!(
                    "summary-track",
                    side = sides[usize::from(t.side.min(1))].as_str(),
                    track = t.name.as_str(),
                    from = w.value,
                    to = t.value
                ),
                place: None,
            });
        }
    }
    if out.is_empty() {
        out.push(SummaryLine {
            text: t!("summary-quiet"),
            place: None,
        });
    }
    out
}

/// When the view's turn moves on for a viewer, the summary of the turn
/// that ended as that viewer saw it; the new turn's scene is kept to count
/// from.
fn follow_turns(view: Res<ViewModel>, mut summary: ResMut<TurnSummary>) {
    if !view.is_changed() || !view.loaded {
        return;
    }
    let now = (view.viewer, view.turn, view.scene.clone());
    match summary.starts.iter().position(|(v, ..)| *v == view.viewer) {
        Some(i) => {
            let (_, turn, scene) = &summary.starts[i];
            if view.turn > *turn {
                let lines = summarize(scene, &view.scene, &view.sides);
                summary.shown = Some((*turn, lines));
                summary.starts[i] = now;
            }
        }
        None => summary.starts.push(now),
    }
}

/// A new game starts a new count.
fn forget(_: On<GameInstalled>, mut summary: ResMut<TurnSummary>) {
    *summary = TurnSummary::default();
}

/// A clicked line's place is brought to the middle of the board view.
fn show_focus(
    mut summary: ResMut<TurnSummary>,
    layout: Option<Res<BoardLayout>>,
    table: Res<TableScene>,
    mut cameras: Query<&mut Transform, With<Camera2d>>,
) {
    let Some(spot) = summary.focus.take() else {
        return;
    };
    let at = match (spot, &layout, &table.table) {
        (Spot::Hex(h), Some(l), _) => l.0.hex_to_world_pos(h),
        (Spot::Table(x, y), _, Some(t)) => to_world(t, Vec2::new(x, y)),
        _ => return,
    };
    for mut tf in &mut cameras {
        tf.translation.x = at.x;
        tf.translation.y = at.y;
    }
}

/// The turn summary's resource and systems; the decisions panel draws it.
pub struct TurnSummaryPlugin;

impl Plugin for TurnSummaryPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<TurnSummary>()
            .add_observer(forget)
            .add_systems(
                Update,
                (follow_turns, show_focus).chain().in_set(AppSystems::Draw),
            );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::table::Base;
    use crate::engine::view::{Objective, Track, UnitView};

    fn unit(id: u32, side: u8, models: u32) -> UnitView {
        let base = Base {
            center: Vec2::new(id as f32, 2.0),
            facing: 0.0,
            frontage: 2.0,
            depth: 1.0,
        };
        UnitView {
            name: format!("Unit {id}"),
            models,
            place: Place::Table(base),
            ..UnitView::on_hex(id, side, hexx::Hex::ZERO)
        }
    }

    #[test]
    fn a_turn_summary_counts_losses_units_gone_objectives_and_tracks() {
        let sides = ["North".to_string(), "South".to_string()];
        let obj = |held_by| Objective {
            name: "Hill".into(),
            at: Spot::Table(5.0, 5.0),
            held_by,
        };
        let track = |value| Track {
            side: 1,
            name: "Honor".into(),
            value,
            marks: Vec::new(),
            rule: String::new(),
        };
        let before = Scene {
            units: vec![unit(1, 0, 6), unit(2, 1, 4), unit(3, 1, 2)],
            objectives: vec![obj(None)],
            tracks: vec![track(10)],
            ..Scene::default()
        };
        let after = Scene {
            units: vec![unit(1, 0, 5), unit(2, 1, 4)],
            objectives: vec![obj(Some(0))],
            tracks: vec![track(7)],
            ..Scene::default()
        };
        let lines = summarize(&before, &after, &sides);
        let text: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(lines.len(), 5, "{text:?}");
        assert!(
            text[0].contains("North") && text[0].contains('1'),
            "{text:?}"
        );
        assert!(
            text[1].contains("South") && text[1].contains('2'),
            "{text:?}"
        );
        assert!(text[2].contains("Unit 3"), "{text:?}");
        assert_eq!(lines[2].place, Some(Spot::Table(3.0, 2.0)));
        assert!(
            text[3].contains("Hill") && text[3].contains("North"),
            "{text:?}"
        );
        assert!(text[4].contains("10") && text[4].contains('7'), "{text:?}");
        let quiet = summarize(&before, &before, &sides);
        assert_eq!(quiet.len(), 1);
    }

    /// Hot-seat: the viewer changes with the player at the screen, and
    /// each player still gets the summary of the turn as they saw it.
    #[test]
    fn each_hot_seat_player_gets_the_summary_of_the_turn_they_saw() {
        use bevy::ecs::system::RunSystemOnce;
        let mut world = World::new();
        world.init_resource::<TurnSummary>();
        let scene = |models| Scene {
            units: vec![unit(1, 0, models), unit(2, 1, 4)],
            ..Scene::default()
        };
        let show = |world: &mut World, viewer: Option<u8>, turn: u32, models: u32| {
            world.insert_resource(ViewModel {
                loaded: true,
                viewer,
                turn,
                scene: scene(models),
                sides: ["North".to_string(), "South".to_string()],
                ..ViewModel::default()
            });
            if let Err(e) = world.run_system_once(follow_turns) {
                panic!("follow_turns did not run: {e}");
            }
            world.resource::<TurnSummary>().shown.clone()
        };
        // Turn 1: North plans, South plans, the rules resolve it.
        assert_eq!(show(&mut world, Some(0), 1, 6), None);
        assert_eq!(show(&mut world, Some(1), 1, 6), None);
        show(&mut world, None, 1, 6);
        // Turn 2: North at the screen, then South: each gets turn 1.
        for viewer in [Some(0), Some(1)] {
            world.resource_mut::<TurnSummary>().shown = None;
            let (turn, lines) =
                show(&mut world, viewer, 2, 5).unwrap_or_else(|| panic!("{viewer:?}: no summary"));
            assert_eq!(turn, 1);
            assert!(lines[0].text.contains("North"), "{viewer:?}: {lines:?}");
        }
    }
}
