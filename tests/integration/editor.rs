//! Issue 12 §5: a scenario built through the editor's commands saves,
//! passes `kassen check` and plays with `kassen sim`, for every module.

use kassen::editor::module::{palette, templates};
use kassen::editor::{At, EditCommand, ScenarioDoc};
use kassen::engine::table::AreaEffect;

use super::{kassen, p, text, tmp};

/// The commands a person would give: a title, a briefing, terrain, a new
/// unit for each side, a move, a renamed side.
fn commands(ruleset: &str, pal: &kassen::engine::editing::EditorPalette) -> Vec<EditCommand> {
    let unit = |i: usize| pal.unit_types[i % pal.unit_types.len()].0.clone();
    let mut c = vec![
        EditCommand::SetName(format!("Editor battle ({ruleset})")),
        EditCommand::SetBriefing("Made with the editor's commands.".into()),
        EditCommand::SetTurnLimit(3),
    ];
    if pal.terrain.is_empty() {
        c.extend([
            EditCommand::AddArea {
                name: "Pine wood".into(),
                effects: vec![AreaEffect::Difficult, AreaEffect::BlocksLos],
                height: 4.0,
                center: (10.0, 18.0),
                radius: 4.0,
            },
            EditCommand::PlaceUnit {
                side: 0,
                unit_type: unit(2),
                at: At::Table(38.0, 6.0),
            },
            EditCommand::PlaceUnit {
                side: 1,
                unit_type: unit(3),
                at: At::Table(38.0, 30.0),
            },
            EditCommand::MovePiece {
                id: 2,
                at: At::Table(14.0, 8.0),
            },
        ]);
    } else {
        let terrain = pal.terrain[1 % pal.terrain.len()].clone();
        c.extend([
            EditCommand::PaintTerrain {
                hex: (1, 4),
                terrain: terrain.clone(),
            },
            EditCommand::PaintTerrain {
                hex: (2, 4),
                terrain,
            },
            EditCommand::PlaceUnit {
                side: 0,
                unit_type: unit(0),
                at: At::Hex((2, 1)),
            },
            EditCommand::PlaceUnit {
                side: 1,
                unit_type: unit(0),
                at: At::Hex((2, 7)),
            },
            EditCommand::MovePiece {
                id: 2,
                at: At::Hex((4, 2)),
            },
        ]);
        if let Some(f) = pal.hexsides.first() {
            c.push(EditCommand::PaintHexside {
                a: (8, 4),
                b: (8, 5),
                feature: Some(f.clone()),
            });
        }
    }
    c.push(EditCommand::SetSideName(1, "The Other Side".into()));
    c
}

#[test]
fn a_scenario_made_with_the_editor_s_commands_saves_checks_and_plays() {
    let dir = tmp("editor");
    let all = templates();
    assert_eq!(all.len(), 5, "every module has an editor");
    for t in all {
        let pal = palette(&t.file, &t.text).expect("palette");
        let mut doc = ScenarioDoc::parse(&t.text).expect("template");
        for cmd in commands(t.ruleset, &pal) {
            doc.apply(&pal, &cmd)
                .unwrap_or_else(|e| panic!("{}: {cmd:?}: {e}", t.ruleset));
        }
        let file = dir.join(format!("{}.ron", t.ruleset));
        std::fs::write(&file, doc.text()).expect("saved");
        let o = kassen(&["check", p(&file)]);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{}: {out}{err}", t.ruleset);
        assert!(
            out.contains(&format!("Editor battle ({})", t.ruleset)),
            "{out}"
        );
        // Two turns played, saved, and the save's journal replayed and
        // verified by `kassen check`.
        let save = dir.join(format!("{}-save.ron", t.ruleset));
        let o = kassen(&["sim", p(&file), "--turns", "2", "--save", p(&save)]);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{}: {out}{err}", t.ruleset);
        let o = kassen(&["check", p(&save)]);
        let (out, err) = text(&o);
        assert!(o.status.success(), "{}: {out}{err}", t.ruleset);
        let name = format!("save of \"Editor battle ({})\"", t.ruleset);
        assert!(out.contains(&name), "{}: {out}", t.ruleset);
        let replayed: u32 = out
            .split(", ")
            .find_map(|part| part.strip_suffix(" commands replayed and verified)\n"))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0);
        assert!(replayed > 0, "{}: {out}", t.ruleset);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_unknown_language_is_refused_by_name() {
    let o = kassen(&["--lang", "fr", "check", super::DEFAULT]);
    let (_, err) = text(&o);
    assert!(!o.status.success());
    assert!(err.contains("no language `fr`: use `en` or `es`"), "{err}");
}
