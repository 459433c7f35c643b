//! The open table's units as the view draws them, and the one conversion
//! between table inches and world coordinates.

use bevy::math::Vec2;

use crate::engine::table::{AreaEffect, Base, Table, TerrainArea};
use crate::engine::view::{Place, Scene, UnitView};

use super::camera::PX_PER_INCH;

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

/// Converts table inches to world coordinates (table centred on the origin).
pub fn to_world(table: &Table, p: Vec2) -> Vec2 {
    (p - Vec2::new(table.width, table.depth) / 2.0) * PX_PER_INCH
}

/// Converts world coordinates to table inches.
pub fn to_table(table: &Table, w: Vec2) -> Vec2 {
    w / PX_PER_INCH + Vec2::new(table.width, table.depth) / 2.0
}

impl TableUnitView {
    /// The units of `scene` on the open table with models left, in the
    /// scene's order.
    pub fn all_of(scene: &Scene) -> Vec<TableUnitView> {
        scene
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
            .collect()
    }
}

/// An area's outline in world coordinates, in its own order.
pub fn area_outline(table: &Table, area: &TerrainArea) -> Vec<Vec2> {
    area.spec
        .points
        .iter()
        .map(|(x, y)| to_world(table, Vec2::new(*x, *y)))
        .collect()
}

/// An open-table area's ground colour (sRGB, `0.0..=1.0`) by what it does:
/// high ground grey-brown, impassable water blue, sight-blocking woods dark
/// green, other areas olive. The table view and the title's pictures share
/// it.
pub fn area_color(area: &TerrainArea) -> [f32; 3] {
    if area.has(AreaEffect::HighReaching) {
        [0.45, 0.40, 0.36]
    } else if area.has(AreaEffect::Impassable) {
        [0.25, 0.38, 0.55]
    } else if area.has(AreaEffect::BlocksLos) {
        [0.17, 0.32, 0.17]
    } else {
        [0.48, 0.47, 0.30]
    }
}

/// How far up an airborne unit is drawn, world units.
pub const LIFT: f32 = 14.0;
