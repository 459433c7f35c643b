//! The scenario editor's palette and new-scenario template for Samurai
//! Battles.

use crate::engine::editing::{EditorFlag, EditorPalette, FacingKind, FlagKind};

use super::state::SbaCtx;

/// Terrain and hexsides of `terrain.ron`, the unit cards of `units.ron`,
/// and the flags a unit may start with: a Commander (SBA-GS-2), hidden on
/// an Ambush order (SBA-ORD-10) and fewer models than its card (the
/// scenario's choice).
pub fn palette(ctx: &SbaCtx) -> EditorPalette {
    let table = &ctx.board.table;
    let most = ctx
        .tables
        .units
        .units
        .iter()
        .map(|u| u.models)
        .max()
        .unwrap_or(1);
    EditorPalette {
        unit_types: ctx
            .tables
            .units
            .units
            .iter()
            .map(|u| (u.key.clone(), u.name.clone()))
            .collect(),
        flags: vec![
            EditorFlag {
                field: "commander".into(),
                kind: FlagKind::Bool,
                rule: Some("SBA-GS-2".into()),
            },
            EditorFlag {
                field: "hidden".into(),
                kind: FlagKind::Bool,
                rule: Some("SBA-ORD-10".into()),
            },
            EditorFlag {
                field: "models".into(),
                kind: FlagKind::Count { min: 1, max: most },
                rule: None,
            },
        ],
        facing: FacingKind::Hexside,
        ..EditorPalette::of_board(table, 2)
    }
}

/// `rules/samurai_battles/new_scenario.ron`, from the assets folder or
/// built in.
pub fn template() -> Option<(String, String)> {
    crate::engine::assets::file_and_text(
        "rules/samurai_battles/new_scenario.ron",
        include_str!("../../../assets/rules/samurai_battles/new_scenario.ron"),
    )
}
