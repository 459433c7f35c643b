//! The module's tables read from the assets folder at run time: an edited
//! unit card changes the next game without a rebuild, and a broken edit is
//! refused with its file, line and column (`kassen check` and a new game
//! alike).

#![cfg(test)]

use std::path::{Path, PathBuf};

use crate::engine::assets::with_asset_root;
use crate::engine::core::Rules;

use super::game::Genpei;
use super::game_tests::{battle_step, game, scenario};
use super::state::{Attack, AttackTarget};

const UNITS: &str = include_str!("../../../assets/rules/genpei/units.ron");

/// An assets folder of its own under the temp directory, holding only
/// `rules/genpei/units.ron` with `text` (every other table falls back to
/// the built-in copy).
fn assets_with_units(tag: &str, text: &str) -> (PathBuf, PathBuf) {
    let root = std::env::temp_dir().join(format!("kassen-{tag}-{}", std::process::id()));
    let dir = root.join("rules/genpei");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("units.ron");
    std::fs::write(&file, text).expect("write the table");
    (root, file)
}

/// `units.ron` with the Mounted Samurai's close-combat dice set to `dice`.
fn cavalry_close(dice: &str) -> String {
    let at = UNITS.find("key: \"samurai_cavalry\"").expect("the card");
    let close = at + UNITS[at..].find("close: 4,").expect("its close dice");
    format!(
        "{}close: {dice},{}",
        &UNITS[..close],
        &UNITS[close + "close: 4,".len()..]
    )
}

/// The dice of a Mounted Samurai's close combat in a small battle, read
/// with the tables of `root` (or the usual search when `None`).
fn cavalry_dice(root: Option<&Path>) -> i32 {
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_cavalry", name: "Riders", at: (2, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Spears", at: (2, 5))"#,
        "",
    );
    let (ctx, mut s) = match root {
        Some(r) => with_asset_root(r, || game(&text)),
        None => game(&text),
    };
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let a = Attack {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
        bonus: false,
        reaction_dice: 0,
        counter_inspire: 0,
    };
    super::battle_plan::plan(&ctx, &s, &a)
        .map(|p| p.dice.total())
        .unwrap_or_else(|r| panic!("{r}"))
}

#[test]
fn an_edited_unit_card_on_disk_changes_the_next_game_without_a_rebuild() {
    let (root, file) = assets_with_units("edited", &cavalry_close("6"));
    let built_in = cavalry_dice(None);
    let edited = cavalry_dice(Some(&root));
    assert_eq!(edited, built_in + 2, "4 close dice edited to 6");
    // `kassen check` on the edited file reads it and passes.
    let line = crate::session::check_table_file(&file)
        .expect("a table file")
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(line.contains(": ok"), "{line}");
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn a_broken_unit_card_is_refused_with_its_file_line_and_column() {
    let (root, file) = assets_with_units("broken", &cavalry_close("four"));
    let line = 1
        + UNITS[..UNITS.find("key: \"samurai_cavalry\"").expect("card")]
            .matches('\n')
            .count()
        + 1;
    let want = format!("{}:{line}:", file.display());
    let e = crate::session::check_table_file(&file)
        .expect("a table file")
        .expect_err("a broken table");
    assert!(e.starts_with(&want), "{e} (wanted {want}…)");
    // A new game refuses it the same way, instead of playing on the
    // built-in copy.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_cavalry", name: "Riders", at: (2, 4))"#,
        "",
    );
    let s = Genpei::parse_scenario("test.ron", &text).expect("the scenario");
    match with_asset_root(&root, || Genpei::context(&s)) {
        Ok(_) => panic!("a new game played on a broken table"),
        Err(e) => assert!(e.to_string().starts_with(&want), "{e}"),
    }
    std::fs::remove_dir_all(&root).ok();
}

#[test]
fn the_board_draws_each_terrain_and_hexside_by_the_look_its_table_names() {
    use crate::engine::board::{HexsideLook, TerrainLook};
    let t = super::data::GenTables::load().unwrap_or_else(|e| panic!("{e}"));
    let shown = super::scenario::display_table(&t);
    let look = |name: &str| shown.terrain(name).map(|x| x.look);
    assert_eq!(look("Ocean"), Some(TerrainLook::Ocean));
    assert_eq!(look("Marsh"), Some(TerrainLook::Marsh));
    assert_eq!(look("Stockade"), Some(TerrainLook::Fort));
    assert_eq!(
        shown.hexside("Palisade").map(|x| x.look),
        Some(HexsideLook::Palisade)
    );
}
