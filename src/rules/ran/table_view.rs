//! The shock-table overlay's data: the Shock Results Table with the final
//! column tinted and the rolled cell marked, the Shock Weapons Table with
//! its cell, and the Fire Table with its row, each with the steps that
//! chose them (rule IDs included).

use crate::engine::view::TableView;

use super::fire::FirePlan;
use super::shock::Plan;
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
        format!(
            "weapons matrix, {} attacking {}",
            ctx.tables.weapons.attacker_name(&p.matrix.0),
            p.matrix.1
        ),
        format!("column {}", p.base),
        "RAN-WPN-1".to_string(),
    )];
    steps.extend(p.shifts.iter().map(shift));
    steps.push((
        "final column (clamped to 1-13, RAN-SADJ-7)".into(),
        format!("= column {}", p.column),
        "RAN-SADJ-8".into(),
    ));
    steps.extend(p.roll_mods.iter().map(|m| {
        (
            format!("to the die roll: {}", m.name),
            format!("{:+}", m.value),
            m.rule.clone(),
        )
    }));
    let mut note = "Cells: attacker hits (defender hits).".to_string();
    if p.positional {
        note.push_str(" Positional Superiority: defender hits doubled (RAN-SADJ-6).");
    }
    if p.castle {
        note.push_str(" Castle: attacker hits doubled (RAN-SADJ-6).");
    }
    TableView {
        title: "Shock Results Table (Tabla de Resultados del Choque)".into(),
        rule: "RAN-CRT-2".into(),
        corner: "Column".into(),
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
        format!(
            "weapons matrix, {} attacking {}",
            ctx.tables.weapons.attacker_name(&r.matrix.0),
            r.matrix.1
        ),
        format!("column {}", r.base),
        "RAN-WPN-1".to_string(),
    )];
    steps.extend(r.shifts.iter().map(shift));
    steps.push((
        "final column".into(),
        format!("= column {}", r.column),
        "RAN-SADJ-8".into(),
    ));
    steps.push((
        "die roll, one d10 read 0-9".into(),
        format!("rolled {}", r.roll),
        "RAN-DICE-1".into(),
    ));
    steps.extend(r.roll_mods.iter().map(|m| {
        (
            format!("to the die roll: {}", m.name),
            format!("{:+}", m.value),
            m.rule.clone(),
        )
    }));
    let row = (r.column - 1).max(0) as usize;
    TableView {
        title: format!(
            "Shock Results Table (Tabla de Resultados del Choque): {}",
            r.title
        ),
        rule: "RAN-CRT-2".into(),
        corner: "Column".into(),
        columns: dr_headers(),
        rows: crt_rows(ctx),
        row: Some(row),
        column: Some(r.dr.clamp(0, 9) as usize),
        cell: Some((row, r.dr.clamp(0, 9) as usize)),
        steps,
        folded: true,
        note: {
            let cell = super::shock_table::crt_cell(&ctx.tables.crt, r.column, r.dr);
            let mut n = format!(
                "Rolled {}, modified {}: cell {}({}); attacker {} hits, defender {} hits",
                r.roll, r.dr, cell.0, cell.1, r.hits.0, r.hits.1
            );
            if r.hits.1 != cell.1 {
                n.push_str(" (defender's doubled: Positional Superiority, RAN-SADJ-6)");
            }
            if r.hits.0 != cell.0 {
                n.push_str(" (attacker's doubled: castle, RAN-SADJ-6)");
            }
            n
        },
    }
}

/// The Shock Weapons Table with the cell of a planned shock (RAN-WPN-1).
pub fn weapons(ctx: &RanCtx, attacker: &str, defender: &str) -> TableView {
    let w = &ctx.tables.weapons;
    let column = w.attacker_types.iter().position(|k| k == attacker);
    let row = w.rows.iter().position(|r| r.defender == defender);
    TableView {
        title: "Shock Weapons Table (Tabla de Armas de Choque)".into(),
        rule: "RAN-WPN-1".into(),
        corner: "Defender \\ Attacker".into(),
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
        note:
            "The number is the starting Shock Results Table column; KB-H reads as KB (RAN-WPN-2)."
                .into(),
    }
}

/// The Fire Table with the row of a planned fire (RAN-FIRE-3, RAN-FIRE-4).
pub fn fire(ctx: &RanCtx, p: &FirePlan) -> TableView {
    let t = &ctx.tables.fire;
    let row = t.effect_rows.iter().position(|r| r.row == p.row);
    TableView {
        title: "Fire Table (Tabla de Disparo)".into(),
        rule: "RAN-FIRE-3".into(),
        corner: "Row".into(),
        columns: t.dr_columns.clone(),
        rows: t
            .effect_rows
            .iter()
            .map(|r| (r.row.clone(), r.results.iter().map(|c| c.clone().unwrap_or_else(|| "–".into())).collect()))
            .collect(),
        row,
        column: None,
        cell: None,
        steps: std::iter::once((format!("range {} hexes", p.range), format!("row {}", p.row), "RAN-FIRE-4".to_string()))
            .chain(p.mods.iter().map(|m| (format!("to the die roll: {}", m.name), format!("{:+}", m.value), m.rule.clone())))
            .collect(),
        folded: false,
        note: "D: Disorder check (or +1 hit if Disordered); an unmodified 9 checks for a Busho casualty (RAN-BB-1).".into(),
    }
}
