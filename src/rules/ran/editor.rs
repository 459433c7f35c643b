//! The scenario editor's palette and new-scenario template for RAN.

use crate::engine::editing::{EditorFlag, EditorPalette, FacingKind, FlagKind};

use super::state::RanCtx;

/// The battle's terrain and hexsides (`terrain.ron`, RAN-TER-1), the unit
/// types of `units.ron` (RAN-GLO-1), and a unit's own TQ (RAN-GLO-3).
pub fn palette(ctx: &RanCtx) -> EditorPalette {
    let table = &ctx.board.table;
    EditorPalette {
        unit_types: ctx
            .tables
            .units
            .types
            .iter()
            .map(|u| (u.key.clone(), format!("{} ({})", u.name, u.spanish)))
            .collect(),
        flags: vec![EditorFlag {
            field: "tq".into(),
            kind: FlagKind::Count { min: 1, max: 9 },
            rule: Some("RAN-GLO-3".into()),
        }],
        facing: FacingKind::Hexside,
        ..EditorPalette::of_board(table, 2)
    }
}

/// `rules/ran/new_scenario.ron`, from the assets folder or built in.
pub fn template() -> Option<(String, String)> {
    crate::engine::assets::file_and_text(
        "rules/ran/new_scenario.ron",
        include_str!("../../../assets/rules/ran/new_scenario.ron"),
    )
}
