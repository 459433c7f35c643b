//! The editor's commands on every module's template: each change lands
//! where it should, refusals change nothing, and what the editor writes
//! passes the module's own check.

use super::module::{check, palette, templates};
use super::*;

fn template(ruleset: &str) -> (String, String) {
    let t = templates()
        .into_iter()
        .find(|t| t.ruleset == ruleset)
        .unwrap_or_else(|| panic!("no template for {ruleset}"));
    (t.file, t.text)
}

fn open(ruleset: &str) -> (ScenarioDoc, EditorPalette) {
    let (file, text) = template(ruleset);
    let doc = ScenarioDoc::parse(&text).expect("the template reads");
    let pal = palette(&file, &text).expect("the template has a palette");
    (doc, pal)
}

fn checked(doc: &ScenarioDoc) -> String {
    let text = doc.text();
    check("edited.ron", &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn every_module_has_a_template_that_passes_its_check() {
    let t = templates();
    let keys: Vec<&str> = t.iter().map(|t| t.ruleset).collect();
    for k in crate::rules::rulesets() {
        assert!(keys.contains(&k), "{k} missing from {keys:?}");
    }
    for t in &t {
        let line = check(&t.file, &t.text).unwrap_or_else(|e| panic!("{e}"));
        assert!(line.contains(": ok"), "{line}");
        // Read and written back, the template still checks.
        let doc = ScenarioDoc::parse(&t.text).expect("reads");
        checked(&doc);
        let text = doc.text();
        assert_eq!(ScenarioDoc::parse(&text).expect("rereads").text(), text);
    }
}

#[test]
fn painting_a_hex_board_lands_in_the_patches_and_the_check_still_passes() {
    let (mut doc, pal) = open("samurai_battles");
    let forest = pal
        .terrain
        .iter()
        .find(|t| *t == "forest")
        .expect("forest")
        .clone();
    let stream = pal.hexsides.first().expect("a hexside").clone();
    for cmd in [
        EditCommand::PaintTerrain {
            hex: (3, 4),
            terrain: forest.clone(),
        },
        EditCommand::PaintTerrain {
            hex: (4, 4),
            terrain: forest.clone(),
        },
        EditCommand::SetElevation {
            hex: (8, 4),
            level: 1,
        },
        EditCommand::PaintHexside {
            a: (5, 4),
            b: (5, 5),
            feature: Some(stream.clone()),
        },
    ] {
        doc.apply(&pal, &cmd)
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    }
    let b = doc.board().expect("board");
    assert_eq!(b.terrain.len(), 1);
    assert_eq!(b.terrain[0].hexes, vec![(3, 4), (4, 4)]);
    assert_eq!(b.elevation[0].hexes, vec![(8, 4)]);
    assert_eq!(b.hexsides[0].between, ((5, 4), (5, 5)));
    // Painting the default terrain back clears the hex from its patch.
    doc.apply(
        &pal,
        &EditCommand::PaintTerrain {
            hex: (3, 4),
            terrain: b.default_terrain.clone(),
        },
    )
    .expect("paints");
    assert_eq!(doc.board().expect("board").terrain[0].hexes, vec![(4, 4)]);
    doc.apply(
        &pal,
        &EditCommand::PaintHexside {
            a: (5, 5),
            b: (5, 4),
            feature: None,
        },
    )
    .expect("clears");
    assert!(doc.board().expect("board").hexsides.is_empty());
    checked(&doc);
}

#[test]
fn a_refused_command_says_why_and_changes_nothing() {
    let (mut doc, pal) = open("samurai_battles");
    let before = doc.clone();
    let refused = [
        EditCommand::PaintTerrain {
            hex: (40, 1),
            terrain: "open".into(),
        },
        EditCommand::PaintTerrain {
            hex: (1, 1),
            terrain: "lava".into(),
        },
        EditCommand::PaintHexside {
            a: (1, 1),
            b: (4, 4),
            feature: Some("stream".into()),
        },
        EditCommand::SetElevation {
            hex: (1, 1),
            level: 9,
        },
        EditCommand::PlaceUnit {
            side: 0,
            unit_type: "general_staff".into(),
            at: At::Hex((6, 0)),
        },
        EditCommand::PlaceUnit {
            side: 0,
            unit_type: "dragon".into(),
            at: At::Hex((1, 1)),
        },
        EditCommand::SetFlag {
            id: 2,
            field: "models".into(),
            value: Some("40".into()),
        },
        EditCommand::Face {
            id: 2,
            facing: "Up".into(),
        },
        EditCommand::Resize {
            columns: 100,
            rows: 9,
        },
        EditCommand::RemovePiece(77),
        EditCommand::SetSideName(1, "Takeda".into()),
        EditCommand::SetTurnLimit(0),
    ];
    for cmd in &refused {
        let e = doc.apply(&pal, cmd).expect_err("refused");
        assert!(!e.is_empty(), "{cmd:?}");
        assert_eq!(doc, before, "{cmd:?} changed the scenario");
    }
    assert!(
        doc.apply(
            &pal,
            &EditCommand::SetFlag {
                id: 2,
                field: "models".into(),
                value: Some("40".into()),
            },
        )
        .expect_err("too many")
        .contains("must be 1 to")
    );
}

#[test]
fn units_are_placed_moved_turned_flagged_and_follow_a_renamed_side() {
    let (mut doc, pal) = open("samurai_battles");
    let archers = pal
        .unit_types
        .iter()
        .find(|(k, _)| k == "ashigaru_archers")
        .expect("archers")
        .0
        .clone();
    doc.apply(
        &pal,
        &EditCommand::PlaceUnit {
            side: 1,
            unit_type: archers,
            at: At::Hex((3, 6)),
        },
    )
    .expect("placed");
    let new = doc
        .pieces()
        .expect("pieces")
        .into_iter()
        .max_by_key(|p| p.id)
        .expect("one");
    assert_eq!(new.id, 13);
    assert_eq!(new.side, "Uesugi");
    // It faces as its side's other units do.
    assert_eq!(field(&new.fields, "facing"), Some("South"));
    for cmd in [
        EditCommand::MovePiece {
            id: 13,
            at: At::Hex((2, 6)),
        },
        EditCommand::Face {
            id: 13,
            facing: "SouthEast".into(),
        },
        EditCommand::SetFlag {
            id: 13,
            field: "hidden".into(),
            value: Some("true".into()),
        },
        EditCommand::SetFlag {
            id: 13,
            field: "models".into(),
            value: Some("3".into()),
        },
        EditCommand::RenamePiece {
            id: 13,
            name: "Kakizaki Yumi".into(),
        },
        EditCommand::SetSideName(1, "Hojo".into()),
        EditCommand::SetName("Kawanakajima".into()),
        EditCommand::SetBriefing("Mist on the river.".into()),
        EditCommand::SetTurnLimit(9),
        EditCommand::SetVictory("Hold the ford.".into()),
    ] {
        doc.apply(&pal, &cmd)
            .unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    }
    let p = doc.piece_at((2, 6)).expect("moved");
    assert_eq!(p.name.as_deref(), Some("Kakizaki Yumi"));
    assert_eq!(field(&p.fields, "hidden"), Some("true"));
    assert_eq!(field(&p.fields, "models"), Some("3"));
    assert_eq!(field(&p.fields, "facing"), Some("SouthEast"));
    assert!(
        doc.pieces()
            .expect("pieces")
            .iter()
            .filter(|p| p.side == "Hojo")
            .count()
            == 3
    );
    assert_eq!(doc.string("name"), "Kawanakajima");
    assert_eq!(doc.turn_limit(), Some(9));
    assert_eq!(doc.victory().as_deref(), Some("Hold the ford."));
    let line = checked(&doc);
    assert!(
        line.contains("Kawanakajima") && line.contains("5 units"),
        "{line}"
    );
    // The problem list can click through: the unit's line is found again.
    let l = doc.line_of_piece(13).expect("written");
    assert_eq!(doc.piece_on_line(l), Some(13));
    // Clearing a flag removes the field.
    doc.apply(
        &pal,
        &EditCommand::SetFlag {
            id: 13,
            field: "hidden".into(),
            value: None,
        },
    )
    .expect("cleared");
    assert_eq!(
        field(&doc.piece_at((2, 6)).expect("there").fields, "hidden"),
        None
    );
}

#[test]
fn a_shrunk_board_drops_what_falls_off_and_keeps_pieces_on_it() {
    let (mut doc, pal) = open("samurai_battles");
    doc.apply(
        &pal,
        &EditCommand::PaintTerrain {
            hex: (10, 8),
            terrain: "forest".into(),
        },
    )
    .expect("paints");
    doc.apply(
        &pal,
        &EditCommand::Resize {
            columns: 8,
            rows: 6,
        },
    )
    .expect("resized");
    let b = doc.board().expect("board");
    assert_eq!((b.columns, b.rows), (8, 6));
    assert!(b.terrain.is_empty());
    for p in doc.pieces().expect("pieces") {
        let Some(At::Hex((c, r))) = p.at else {
            panic!("{p:?}")
        };
        assert!(c < 8 && r < 6, "{p:?}");
    }
    checked(&doc);
}

#[test]
fn ran_and_genpei_keep_their_own_fields_and_a_new_unit_joins_a_contingent() {
    let (mut doc, pal) = open("ran");
    let (key, _) = pal.unit_types.first().expect("types").clone();
    doc.apply(
        &pal,
        &EditCommand::PlaceUnit {
            side: 0,
            unit_type: key,
            at: At::Hex((7, 1)),
        },
    )
    .expect("placed");
    let p = doc.piece_at((7, 1)).expect("there");
    assert_eq!(field(&p.fields, "contingent"), Some("101"));
    doc.apply(&pal, &EditCommand::SetSideName(0, "Ryuzoji".into()))
        .expect("renamed");
    let text = doc.text();
    assert!(text.contains("battle: \"Mimigawa\""), "{text}");
    assert!(text.contains("honjin:"), "{text}");
    checked(&doc);

    let (mut doc, pal) = open("genpei");
    let ocean = pal
        .terrain
        .iter()
        .find(|t| *t == "Ocean")
        .expect("ocean")
        .clone();
    doc.apply(
        &pal,
        &EditCommand::PaintTerrain {
            hex: (0, 4),
            terrain: ocean,
        },
    )
    .expect("paints");
    assert!(
        doc.apply(
            &pal,
            &EditCommand::Face {
                id: 1,
                facing: "North".into()
            }
        )
        .is_err(),
        "Genpei units have no facing"
    );
    assert!(
        doc.apply(&pal, &EditCommand::SetVictory("x".into()))
            .is_err()
    );
    doc.apply(&pal, &EditCommand::SetSideName(1, "Heike".into()))
        .expect("renamed");
    assert!(doc.text().contains("sections:"));
    checked(&doc);
}

#[test]
fn the_open_table_takes_areas_and_units_in_inches() {
    for ruleset in ["warstrike", "clan_war"] {
        let (mut doc, pal) = open(ruleset);
        assert_eq!(pal.facing, FacingKind::Degrees);
        let (key, _) = pal.unit_types.last().expect("types").clone();
        for cmd in [
            EditCommand::ResizeTable {
                width: 60.0,
                depth: 40.0,
            },
            EditCommand::AddArea {
                name: "Pine wood".into(),
                effects: vec![AreaEffect::Difficult, AreaEffect::BlocksLos],
                height: 4.0,
                center: (10.0, 20.0),
                radius: 4.0,
            },
            EditCommand::MoveArea {
                index: 0,
                center: (12.0, 20.0),
            },
            EditCommand::MovePiece {
                id: 2,
                at: At::Table(30.0, 8.0),
            },
            EditCommand::Face {
                id: 2,
                facing: "-90".into(),
            },
        ] {
            doc.apply(&pal, &cmd)
                .unwrap_or_else(|e| panic!("{ruleset} {cmd:?}: {e}"));
        }
        let t = doc.table().expect("table");
        assert_eq!((t.width, t.depth, t.areas.len()), (60.0, 40.0, 1));
        let cx = t.areas[0].points.iter().map(|p| p.0).sum::<f32>() / 6.0;
        assert!((cx - 12.0).abs() < 0.1, "{cx}");
        let p = doc.pieces().expect("pieces");
        let moved = p.iter().find(|p| p.id == 2).expect("unit 2");
        assert_eq!(moved.at, Some(At::Table(30.0, 8.0)));
        assert_eq!(field(&moved.fields, "facing"), Some("270.0"));
        assert!(
            doc.apply(
                &pal,
                &EditCommand::MovePiece {
                    id: 2,
                    at: At::Table(70.0, 8.0),
                },
            )
            .is_err()
        );
        let _ = key;
        checked(&doc);
    }
}

#[test]
fn leaders_stand_with_units_and_a_resize_moves_only_what_fell_off() {
    let (mut doc, pal) = open("genpei");
    let before = doc.pieces().expect("pieces");
    // Within the board nothing moves.
    doc.apply(
        &pal,
        &EditCommand::Resize {
            columns: 12,
            rows: 8,
        },
    )
    .expect("resized");
    assert_eq!(doc.pieces().expect("pieces"), before);
    // A leader joins a unit; a unit may not join another unit.
    doc.apply(
        &pal,
        &EditCommand::MovePiece {
            id: 201,
            at: At::Hex((5, 1)),
        },
    )
    .expect("a leader with a unit");
    assert!(
        doc.apply(
            &pal,
            &EditCommand::MovePiece {
                id: 2,
                at: At::Hex((6, 1)),
            },
        )
        .is_err()
    );
    // Shrunk under the Taira line: their pieces come onto the edge, each
    // unit on a hex of its own.
    doc.apply(
        &pal,
        &EditCommand::Resize {
            columns: 12,
            rows: 6,
        },
    )
    .expect("resized");
    let units: Vec<_> = doc
        .pieces()
        .expect("pieces")
        .into_iter()
        .filter(|p| p.list == "units")
        .filter_map(|p| p.at)
        .collect();
    for (i, a) in units.iter().enumerate() {
        assert!(!units[i + 1..].contains(a), "two units on {a:?}");
    }
    let moved = doc.pieces().expect("pieces");
    let minamoto: Vec<_> = before
        .iter()
        .filter(|p| p.side == "Minamoto" && p.id != 201)
        .collect();
    for p in minamoto {
        assert_eq!(
            moved.iter().find(|q| q.id == p.id).map(|q| q.at),
            Some(p.at)
        );
    }
    checked(&doc);
}

#[test]
fn a_hand_written_scenario_keeps_its_comments_and_strings_when_written_again() {
    let (file, text) = template("samurai_battles");
    let text = text.replacen(
        "(name: \"Takeda\", edge: South,",
        "(\n            name: \"Takeda ( south )\", // the attackers\n            edge: South,",
        1,
    );
    let text = text.replace("side: \"Takeda\"", "side: \"Takeda ( south )\"");
    let mut doc = ScenarioDoc::parse(&text).expect("reads");
    let pal = palette(&file, &text).expect("palette");
    let written = doc.text();
    assert!(written.contains("// the attackers"), "{written}");
    check("edited.ron", &written).unwrap_or_else(|e| panic!("{e}\n{written}"));
    doc.apply(&pal, &EditCommand::SetSideName(1, "Hojo ( north )".into()))
        .expect("renamed");
    let written = doc.text();
    assert!(written.contains("\"Hojo ( north )\""), "{written}");
    assert!(written.contains("\"Takeda ( south )\""), "{written}");
    check("edited.ron", &written).unwrap_or_else(|e| panic!("{e}\n{written}"));
}
