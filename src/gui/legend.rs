//! What the board means, on request: the *Legend* (a page of the dock,
//! `dock.rs`) lists every
//! terrain and hexside feature of the scenario with its effects and rule,
//! from the module's own table, and hovering a hex shows its terrain, its
//! effects and the unit on it (with its markers).

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use hexx::Hex;

use crate::engine::board::{HexBoard, HexsideType, TerrainType};
use crate::engine::table::{AreaEffect, AreaSpec, Table};
use crate::engine::view::{Place, UnitView};
use crate::t;

use super::board_view::BoardLayout;
use super::play::ViewModel;
use super::reach_view::pointer_hex;
use super::sets::{AppSystems, game_screen};
use super::state::{AppMode, BoardArea, PassCover};
use super::widgets::shown;

/// Whether the Legend is open (a page of the dock).
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct LegendOpen(pub bool);

/// A terrain's effects in words, with its rule: `"moves 2 · Defense +1 ·
/// blocks sight · SBA-BASE (stand-in)"`.
pub fn terrain_effects(t: &TerrainType) -> String {
    let mut v = Vec::new();
    if t.impassable {
        v.push(t!("title-legend-impassable"));
    } else {
        v.push(t!("title-legend-move-cost", cost = t.move_cost));
    }
    if t.no_cavalry {
        v.push(t!("title-legend-no-cavalry"));
    }
    if t.defense != 0 {
        v.push(t!(
            "title-legend-defense",
            value = format!("{:+}", t.defense)
        ));
    }
    if t.blocks_los {
        v.push(t!("title-legend-blocks-sight"));
    }
    v.push(rule_words(&t.rule, t.stand_in));
    v.join(" · ")
}

/// A hexside feature's effects in words, with its rule.
pub fn hexside_effects(t: &HexsideType) -> String {
    let mut v = Vec::new();
    if t.impassable {
        v.push(t!("title-legend-cannot-cross"));
    } else if t.extra_cost > 0 {
        v.push(t!("title-legend-cross-cost", cost = t.extra_cost));
    }
    if t.no_cavalry {
        v.push(t!("title-legend-no-cavalry-across"));
    }
    if t.defense != 0 {
        v.push(t!(
            "title-legend-defense-across",
            value = format!("{:+}", t.defense)
        ));
    }
    v.push(rule_words(&t.rule, t.stand_in));
    v.join(" · ")
}

fn rule_words(rule: &str, stand_in: bool) -> String {
    if stand_in {
        t!("title-legend-stand-in", rule = rule)
    } else {
        rule.to_string()
    }
}

/// Legend lines: `(name, effects)`.
pub type LegendRows = Vec<(String, String)>;

/// The terrains and hexside features that appear on `board`, each once, in
/// table order.
pub fn legend_rows(board: &HexBoard) -> (LegendRows, LegendRows) {
    let hexes = board.hexes();
    let terrain = board
        .table
        .terrain
        .iter()
        .filter(|t| {
            hexes
                .iter()
                .any(|h| board.terrain(*h).is_some_and(|x| x.name == t.name))
        })
        .map(|t| (t.shown_name().to_string(), terrain_effects(t)))
        .collect();
    let sides = board.hexside_list();
    let hexsides = board
        .table
        .hexsides
        .iter()
        .filter(|t| sides.iter().any(|(_, _, n)| *n == t.name))
        .map(|t| (t.shown_name().to_string(), hexside_effects(t)))
        .collect();
    (terrain, hexsides)
}

/// An open-table terrain area's effects in words: `"moves cost double ·
/// blocks sight below 3\""`; "open ground" for none.
pub fn area_effects(a: &AreaSpec) -> String {
    let mut v: Vec<String> = a
        .effects
        .iter()
        .map(|e| match e {
            AreaEffect::Difficult => t!("title-legend-area-difficult"),
            AreaEffect::BlocksLos => t!("title-legend-area-blocks-sight", height = a.height),
            AreaEffect::Impassable => t!("title-legend-area-impassable"),
            AreaEffect::HighReaching => t!("title-legend-area-high-reaching"),
        })
        .collect();
    if v.is_empty() {
        v.push(t!("title-legend-open-ground"));
    }
    v.join(" · ")
}

/// The open table's terrain areas, each name once, in the scenario's
/// order.
pub fn area_rows(table: &Table) -> LegendRows {
    let mut out: LegendRows = Vec::new();
    for a in &table.areas {
        if out.iter().all(|(n, _)| *n != a.spec.name) {
            out.push((a.spec.name.clone(), area_effects(&a.spec)));
        }
    }
    out
}

/// What the app draws on a hex board besides terrain and counters, each
/// with its meaning: the order tick, markers, facing, the reach, the path,
/// refused hexes, targets, objectives, arrows and the keyboard's cursor.
pub fn board_marks() -> LegendRows {
    [
        "tick",
        "dots",
        "facing",
        "reach",
        "path",
        "cross",
        "target",
        "objective",
        "arrow",
        "cursor",
    ]
    .iter()
    .map(|k| {
        (
            crate::i18n::tr(&format!("title-legend-mark-{k}")),
            crate::i18n::tr(&format!("title-legend-mark-{k}-means")),
        )
    })
    .collect()
}

/// The Legend's sections, `(heading, rows)`, and its footer: the hex
/// board's terrain and hexside features, else the open table's areas.
pub(crate) fn legend_sections(
    board: Option<&HexBoard>,
    table: Option<&Table>,
) -> (Vec<(String, LegendRows)>, String) {
    match (board, table) {
        (Some(board), _) => {
            let (terrain, sides) = legend_rows(board);
            (
                vec![
                    (t!("title-legend-terrain"), terrain),
                    (t!("title-legend-hexsides"), sides),
                    (t!("title-legend-marks"), board_marks()),
                ],
                t!("title-legend-hex-footer"),
            )
        }
        (None, Some(table)) => (
            vec![(t!("title-legend-terrain-areas"), area_rows(table))],
            t!("title-legend-areas-footer"),
        ),
        (None, None) => (Vec::new(), String::new()),
    }
}

/// What hovering `hex` shows: its terrain and effects, its elevation, the
/// hexside features on its sides, and the unit on it with its state and
/// markers.
pub fn hex_tooltip(board: &HexBoard, hex: Hex, unit: Option<&UnitView>) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(u) = unit {
        out.push(t!(
            "title-legend-unit",
            name = u.name,
            kind = u.kind,
            models = u.models,
            max = u.models_max
        ));
        if !u.badges.is_empty() {
            out.push(u.badges.join(", "));
        }
        for m in &u.markers {
            let n = m.face.unwrap_or(m.count);
            out.push(match &m.rule {
                Some(rule) => t!(
                    "title-legend-marker-rule",
                    label = m.label,
                    count = n,
                    rule = rule
                ),
                None => t!("title-legend-marker", label = m.label, count = n),
            });
        }
    }
    if let Some(t) = board.terrain(hex) {
        out.push(format!("{}: {}", t.shown_name(), terrain_effects(t)));
    }
    let e = board.elevation(hex);
    if e != 0 {
        out.push(t!(
            "title-legend-elevation",
            elevation = e,
            rule = board.table.slopes.rule
        ));
    }
    let mut seen = Vec::new();
    for (a, b, name) in board.hexside_list() {
        if (a == hex || b == hex) && !seen.contains(&name) {
            if let Some(t) = board.table.hexside(&name) {
                out.push(t!(
                    "title-legend-on-a-side",
                    name = t.shown_name(),
                    effects = hexside_effects(t)
                ));
            }
            seen.push(name);
        }
    }
    out
}

/// The board's hover tooltip.
#[allow(clippy::too_many_arguments)]
pub fn legend_ui(
    mut contexts: EguiContexts,
    board: Option<Res<HexBoard>>,
    layout: Option<Res<BoardLayout>>,
    view: Res<ViewModel>,
    (cover, mode, area): (Res<PassCover>, Res<AppMode>, Res<BoardArea>),
    window: Query<&Window, With<PrimaryWindow>>,
    cam: Query<(&Camera, &GlobalTransform), With<Camera2d>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(board) = board else {
        return Ok(());
    };
    // The hover tooltip: only over the board, never over a panel or the
    // hot-seat cover.
    if cover.side.is_some() || mode.screenshot {
        return Ok(());
    }
    let (Some(layout), Ok(window), Ok((camera, ctf))) = (layout, window.single(), cam.single())
    else {
        return Ok(());
    };
    let (Some(cursor), Some(hex)) = (
        window.cursor_position(),
        pointer_hex(ctx, window, (camera, ctf), &layout, (&board, &area)),
    ) else {
        return Ok(());
    };
    let unit = view
        .scene
        .units
        .iter()
        .find(|u| matches!(u.place, Place::Hex { hex: h, .. } if h == hex));
    // What the selected unit's reach says of this hex comes first.
    let mut lines = super::reach_view::reach_lines(&view, hex, unit.map(|u| u.id));
    lines.extend(hex_tooltip(&board, hex, unit));
    if super::board_view::wind_marks(&board, &view.scene.wind)
        .iter()
        .any(|(h, _)| *h == hex)
        && !view.scene.wind_note.is_empty()
    {
        lines.insert(0, shown(&view.scene.wind_note));
    }
    super::widgets::pointer_tooltip(ctx, cursor, &lines);
    Ok(())
}

/// The Legend's toggle and the board's hover tooltip (off while the editor
/// has the board).
pub struct LegendPlugin;

impl Plugin for LegendPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<LegendOpen>().add_systems(
            EguiPrimaryContextPass,
            legend_ui
                .in_set(AppSystems::Draw)
                .run_if(game_screen)
                .run_if(|view: Res<ViewModel>| view.loaded),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::board::TerrainLook;

    fn forest() -> TerrainType {
        TerrainType {
            name: "forest".into(),
            spanish: None,
            move_cost: 2,
            impassable: false,
            no_cavalry: true,
            blocks_los: true,
            defense: 1,
            color: (0.1, 0.4, 0.1),
            look: TerrainLook::Forest,
            rule: "SBA-BASE".into(),
            stand_in: true,
        }
    }

    #[test]
    fn an_areas_effects_read_in_words() {
        let a = AreaSpec {
            look: None,
            name: "Pine wood".into(),
            effects: vec![AreaEffect::Difficult, AreaEffect::BlocksLos],
            height: 3.0,
            points: vec![(0.0, 0.0), (1.0, 0.0), (0.0, 1.0)],
        };
        assert_eq!(
            area_effects(&a),
            "moves cost double for grounded units · blocks sight below 3\""
        );
        let field = AreaSpec {
            look: None,
            effects: Vec::new(),
            ..a.clone()
        };
        assert_eq!(area_effects(&field), "open ground");
        // Two areas of one name are listed once.
        let area =
            |s: &AreaSpec| crate::engine::table::TerrainArea::new(s.clone()).expect("convex");
        let table = Table {
            width: 10.0,
            depth: 10.0,
            areas: vec![area(&a), area(&a), area(&field)],
        };
        let rows = area_rows(&table);
        assert_eq!(rows.len(), 1, "{rows:?}");
        assert_eq!(rows[0].0, "Pine wood");
    }

    #[test]
    fn a_terrains_effects_read_in_words_with_its_rule() {
        assert_eq!(
            terrain_effects(&forest()),
            "costs 2 to enter · no cavalry · Defense +1 · blocks sight · SBA-BASE (stand-in)"
        );
        let lake = TerrainType {
            impassable: true,
            no_cavalry: false,
            blocks_los: false,
            defense: 0,
            stand_in: false,
            rule: "X-1".into(),
            ..forest()
        };
        assert_eq!(terrain_effects(&lake), "impassable · X-1");
    }

    /// Every mark the board draws is explained, in both languages.
    #[test]
    fn every_board_mark_is_explained_in_both_languages() {
        use crate::i18n::{Lang, with_lang};
        let en = with_lang(Lang::English, board_marks);
        let es = with_lang(Lang::Spanish, board_marks);
        assert_eq!(en.len(), 10);
        for ((n, m), (sn, sm)) in en.iter().zip(&es) {
            assert!(!n.starts_with("title-") && !m.is_empty(), "{n}: {m}");
            assert!(n != sn && m != sm, "{n} is not in Spanish");
        }
    }
}
