//! The armed choice's targets on the open table, as on the hex board: each
//! unit it may target ringed orange, each enemy it may not ringed thin and
//! red, and hovering one says its odds, or why not with the rule. The
//! verdicts are the view model's ([`ViewModel::targets`]: a dry run of
//! `apply` for each unit in sight, `engine::reach`), so the table shows no
//! rule of its own.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::engine::table::Table;

use super::play::ViewModel;
use super::reach_view::{REFUSED_COLOR, TARGET_COLOR, reach_lines, ringed};
use super::sets::{AppSystems, game_screen};
use super::state::{BoardArea, PassCover};
use super::table_units::LIFT;
use super::table_view::{TableScene, cursor_on_table, grown_outline, unit_at};
use super::widgets::pointer_tooltip;

/// How far (inches) a target's ring stands off its base.
const RING: f32 = 0.6;

/// Rings the armed choice's targets: orange those it may take, thin red
/// the enemies it may not (an own unit refused gets no ring).
pub fn draw_table_targets(
    view: Res<ViewModel>,
    scene: Res<TableScene>,
    cover: Res<PassCover>,
    mut gizmos: Gizmos,
) {
    let Some(table) = &scene.table else { return };
    if cover.side.is_some() {
        return;
    }
    for (id, verdict) in &view.targets {
        let Some(u) = scene.unit(*id) else { continue };
        let accepted = verdict.accepted();
        if !ringed(&view, u.side, accepted) {
            continue;
        }
        let lift = Vec2::new(0.0, if u.airborne { LIFT } else { 0.0 });
        let rings: &[f32] = if accepted {
            &[RING, RING + 0.15]
        } else {
            &[RING]
        };
        let color = if accepted {
            TARGET_COLOR
        } else {
            REFUSED_COLOR
        };
        for r in rings {
            let ring: Vec<Vec2> = grown_outline(table, &u.base, *r)
                .into_iter()
                .map(|p| p + lift)
                .collect();
            gizmos.linestrip_2d(ring, color);
        }
    }
}

/// Hovering a ringed unit: its odds, or why it may not be targeted.
pub fn table_target_tooltip(
    mut contexts: EguiContexts,
    view: Res<ViewModel>,
    scene: Res<TableScene>,
    (cover, area): (Res<PassCover>, Res<BoardArea>),
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
    table: Option<Res<Table>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if cover.side.is_some() || view.targets.is_empty() {
        return Ok(());
    }
    let (Some(table), Ok(window), Ok((camera, ctf))) = (table, window.single(), cam.single())
    else {
        return Ok(());
    };
    // Only over the board, never over a panel.
    let (Some(cursor), Some(p)) = (
        window.cursor_position(),
        cursor_on_table(window, camera, ctf, &table),
    ) else {
        return Ok(());
    };
    if let Some([x0, y0, x1, y1]) = area.0
        && !(cursor.x >= x0 && cursor.x <= x1 && cursor.y >= y0 && cursor.y <= y1)
    {
        return Ok(());
    }
    let Some(id) = unit_at(&scene, p) else {
        return Ok(());
    };
    let lines = reach_lines(&view, hexx::Hex::ZERO, Some(id));
    pointer_tooltip(ctx, cursor, &lines);
    Ok(())
}

/// The open table's targets and their tooltips.
pub struct TableTargetsPlugin;

impl Plugin for TableTargetsPlugin {
    fn build(&self, app: &mut App) {
        let on_table = resource_exists::<Table>;
        app.add_systems(
            Update,
            draw_table_targets
                .in_set(AppSystems::Draw)
                .run_if(game_screen)
                .run_if(on_table),
        )
        .add_systems(
            EguiPrimaryContextPass,
            table_target_tooltip
                .in_set(AppSystems::Draw)
                .run_if(game_screen)
                .run_if(on_table),
        );
    }
}
