//! The scenario editor's palette and new-scenario template for Genpei.

use crate::engine::editing::{EditorPalette, FacingKind};

use super::state::GenCtx;

/// The hex terrain and hexsides of `terrain.ron` (GEN-OCN-1, GEN-PAL-1,
/// GEN-STK-1, GEN-MSH-1) and the unit types of `units.ron`; units have no
/// facing and no flags.
pub fn palette(ctx: &GenCtx) -> EditorPalette {
    EditorPalette {
        terrain: ctx
            .tables
            .terrain
            .hexes
            .iter()
            .map(|t| t.name.clone())
            .collect(),
        hexsides: ctx
            .tables
            .terrain
            .hexsides
            .iter()
            .map(|h| h.name.clone())
            .collect(),
        max_elevation: 0,
        unit_types: ctx
            .tables
            .units
            .units
            .iter()
            .map(|u| (u.key.clone(), u.name.clone()))
            .collect(),
        flags: Vec::new(),
        facing: FacingKind::None,
    }
}

/// `rules/genpei/new_scenario.ron`, from the assets folder or built in.
pub fn template() -> Option<(String, String)> {
    crate::engine::assets::file_and_text(
        "rules/genpei/new_scenario.ron",
        include_str!("../../../assets/rules/genpei/new_scenario.ron"),
    )
}
