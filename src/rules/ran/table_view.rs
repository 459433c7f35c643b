//! The shock-table overlay's data: the Shock Results Table with the final
//! column tinted and the rolled cell marked, the Shock Weapons Table with
//! its cell, and the Fire Table with its row, each with the steps that
//! chose them (rule IDs included).

use crate::engine::view::TableView;

use super::fire::FirePlan;
use super::shock_plan::Plan;
use super::state::{RanCtx, ShockRecord};
use crate::engine::log::Modifier;

fn shift(m: &Modifier) -> (String, String, String) {
    (m.name.clone(), format!("{:+}", m.value), m.rule.clone())
}

fn crt_rows(ctx: &RanCtx) -> Vec<(String, Vec<String>)> {
    ctx.tables
        .crt
        .columns
        .iter()
        .map(|c| {
            (
                c.column.to_string(),
                c.dr_0_to_9
                    .iter()
                    .map(|(a, d)| format!("{a}({d})"))
                    .collect(),
            )
        })
        .collect()
}

fn dr_headers() -> Vec<String> {
    (0..10).map(|d| format!("DR {d}")).collect()
}

/// The Shock Results Table for a planned shock: final column tinted, the
/// steps from the weapons-matrix column to it (RAN-CRT-2, RAN-SADJ-8).
pub fn crt_planned(ctx: &RanCtx, p: &Plan) -> TableView {
    let mut steps = vec![(
        say!(
            "ran-table-step-weapons",
            attacker = ctx.tables.weapons.attacker_name(&p.matrix.0),
            defender = p.matrix.1
        ),
        say!("ran-table-column", column = p.base),
        "RAN-WPN-1".to_string(),
    )];
    steps.extend(p.shifts.iter().map(shift));
    steps.push((
        say!("ran-table-step-final-clamped", rule = "RAN-SADJ-7"),
        say!("ran-table-final-column", column = p.column),
        "RAN-SADJ-8".into(),
    ));
    steps.extend(p.roll_mods.iter().map(|m| {
        (
            say!("ran-table-step-roll-mod", name = m.name),
            format!("{:+}", m.value),
            m.rule.clone(),
        )
    }));
    let mut notes = vec![say!("ran-table-note-cells")];
    if p.positional {
        notes.push(say!("ran-table-note-positional", rule = "RAN-SADJ-6"));
    }
    if p.castle {
        notes.push(say!("ran-table-note-castle", rule = "RAN-SADJ-6"));
    }
    let note = notes.join(" ");
    TableView {
        title: say!("ran-table-crt-title"),
        rule: "RAN-CRT-2".into(),
        corner: say!("ran-table-corner-column"),
        columns: dr_headers(),
        rows: crt_rows(ctx),
        row: Some((p.column - 1).max(0) as usize),
        column: None,
        cell: None,
        steps,
        note,
        folded: false,
    }
}

/// The Shock Results Table after a roll: the rolled cell marked.
pub fn crt_resolved(ctx: &RanCtx, r: &ShockRecord) -> TableView {
    let mut steps = vec![(
        say!(
            "ran-table-step-weapons",
            attacker = ctx.tables.weapons.attacker_name(&r.matrix.0),
            defender = r.matrix.1
        ),
        say!("ran-table-column", column = r.base),
        "RAN-WPN-1".to_string(),
    )];
    steps.extend(r.shifts.iter().map(shift));
    steps.push((
        say!("ran-table-step-final"),
        say!("ran-table-final-column", column = r.column),
        "RAN-SADJ-8".into(),
    ));
    steps.push((
        say!("ran-table-step-die-roll"),
        say!("ran-table-rolled", roll = r.roll),
        "RAN-DICE-1".into(),
    ));
    steps.extend(r.roll_mods.iter().map(|m| {
        (
            say!("ran-table-step-roll-mod", name = m.name),
            format!("{:+}", m.value),
            m.rule.clone(),
        )
    }));
    let row = (r.column - 1).max(0) as usize;
    TableView {
        title: say!("ran-table-crt-title-of", shock = r.title),
        rule: "RAN-CRT-2".into(),
        corner: say!("ran-table-corner-column"),
        columns: dr_headers(),
        rows: crt_rows(ctx),
        row: Some(row),
        column: Some(r.dr.clamp(0, 9) as usize),
        cell: Some((row, r.dr.clamp(0, 9) as usize)),
        steps,
        folded: true,
        note: {
            let cell = super::shock_table::crt_cell(&ctx.tables.crt, r.column, r.dr);
            let mut n = vec![say!(
                "ran-table-note-rolled",
                roll = r.roll,
                dr = r.dr,
                a_cell = cell.0,
                d_cell = cell.1,
                a_hits = r.hits.0,
                d_hits = r.hits.1
            )];
            if r.hits.1 != cell.1 {
                n.push(say!("ran-table-note-defender-doubled", rule = "RAN-SADJ-6"));
            }
            if r.hits.0 != cell.0 {
                n.push(say!("ran-table-note-attacker-doubled", rule = "RAN-SADJ-6"));
            }
            n.join(" ")
        },
    }
}

/// The Shock Weapons Table with the cell of a planned shock (RAN-WPN-1).
pub fn weapons(ctx: &RanCtx, attacker: &str, defender: &str) -> TableView {
    let w = &ctx.tables.weapons;
    let column = w.attacker_types.iter().position(|k| k == attacker);
    let row = w.rows.iter().position(|r| r.defender == defender);
    TableView {
        title: say!("ran-table-weapons-title"),
        rule: "RAN-WPN-1".into(),
        corner: say!("ran-table-weapons-corner"),
        columns: w
            .attacker_types
            .iter()
            .map(|k| w.attacker_name(k))
            .collect(),
        rows: w
            .rows
            .iter()
            .map(|r| {
                (
                    r.defender.clone(),
                    r.columns.iter().map(i32::to_string).collect(),
                )
            })
            .collect(),
        row,
        column,
        cell: row.zip(column),
        steps: Vec::new(),
        folded: false,
        note: say!("ran-table-weapons-note", rule = "RAN-WPN-2"),
    }
}

/// The Fire Table with the row of a planned fire (RAN-FIRE-3, RAN-FIRE-4).
pub fn fire(ctx: &RanCtx, p: &FirePlan) -> TableView {
    let t = &ctx.tables.fire;
    let row = t.effect_rows.iter().position(|r| r.row == p.row);
    TableView {
        title: say!("ran-table-fire-title"),
        rule: "RAN-FIRE-3".into(),
        corner: say!("ran-table-corner-row"),
        columns: t.dr_columns.clone(),
        rows: t
            .effect_rows
            .iter()
            .map(|r| {
                (
                    r.row.clone(),
                    r.results
                        .iter()
                        .map(|c| c.clone().unwrap_or_else(|| "–".into()))
                        .collect(),
                )
            })
            .collect(),
        row,
        column: None,
        cell: None,
        steps: std::iter::once((
            say!("ran-table-step-range", range = p.range),
            say!("ran-table-row", row = p.row),
            "RAN-FIRE-4".to_string(),
        ))
        .chain(p.mods.iter().map(|m| {
            (
                say!("ran-table-step-roll-mod", name = m.name),
                format!("{:+}", m.value),
                m.rule.clone(),
            )
        }))
        .collect(),
        folded: false,
        note: say!("ran-table-fire-note"),
    }
}
