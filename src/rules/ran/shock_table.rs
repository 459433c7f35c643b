//! The shock tables as pure functions (RAN-WPN, RAN-SADJ, RAN-CRT): the
//! weapons-matrix column, the column shifts, the modified roll, the cell and
//! the hit doubling, and the exact distribution of hits over the ten rolls.

use crate::engine::log::Modifier;

use super::data::{ShockCrt, ShockValues, UnitType, WeaponsMatrix};
use super::dice::DIE;

/// The weapons-matrix attacker column of a unit type: KB-H reads as KB
/// (RAN-WPN-2), a charging Kibamusha as the Norikuzushi column (RAN-WPN-3);
/// `None` for AS-T and AS-B, which have no attacker column (RAN-WPN-4).
pub fn attacker_column(t: &UnitType, norikuzushi: bool) -> Option<String> {
    let base = t.shock_column.clone()?;
    if norikuzushi && base == "KB" {
        return Some("KB_NORIKUZUSHI".to_string());
    }
    Some(base)
}

/// Whether `t` may charge (Norikuzushi): plain Kibamusha only (RAN-WPN-3).
pub fn may_charge(t: &UnitType) -> bool {
    t.shock_column.as_deref() == Some("KB")
}

/// The starting CRT column, 1..=13, for an attacker column against a defender
/// row (RAN-WPN-1); `None` for a key the table does not have.
pub fn weapons_column(w: &WeaponsMatrix, attacker: &str, defender: &str) -> Option<i32> {
    let a = w.attacker_types.iter().position(|k| k == attacker)?;
    let row = w.rows.iter().find(|r| r.defender == defender)?;
    row.columns.get(a).copied()
}

/// What decides the column shifts of one shock (RAN-SADJ-2..4).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ShiftInputs {
    /// Any attacking unit is Disordered.
    pub attacker_disordered: bool,
    /// Any attacking unit is in Open Order.
    pub attacker_open_order: bool,
    /// Attacking units.
    pub attackers: u32,
    /// Defending units.
    pub defenders: u32,
    /// The terrain shifts of the position best for the defender: (name, columns, rule).
    pub terrain: Vec<(String, i32, String)>,
    /// A Disordered Committed unit shocks after passing its check (RAN-TQ-3).
    pub disordered_committed: bool,
}

/// The column shifts, itemized with their rules; all cumulative (RAN-SADJ-1).
/// A Disordered or Open-Order defender gives none (RAN-SADJ-2).
pub fn column_shifts(v: &ShockValues, i: &ShiftInputs) -> Vec<Modifier> {
    let mut out = Vec::new();
    if i.attacker_disordered {
        out.push(Modifier::new(
            say!("ran-shift-attacker-disordered"),
            v.disordered_attacker,
            "RAN-SADJ-2",
        ));
    }
    if i.attacker_open_order {
        out.push(Modifier::new(
            say!("ran-shift-attacker-open-order"),
            v.open_order_attacker,
            "RAN-SADJ-2",
        ));
    }
    let diff = i.attackers as i32 - i.defenders as i32;
    if diff != 0 {
        let name = if diff > 0 {
            say!("ran-shift-more-attackers", n = diff)
        } else {
            say!("ran-shift-more-defenders", n = -diff)
        };
        out.push(Modifier::new(
            name,
            diff * v.per_unit_superiority,
            "RAN-SADJ-3",
        ));
    }
    for (name, shift, rule) in &i.terrain {
        if *shift != 0 {
            out.push(Modifier::new(name.clone(), *shift, rule.clone()));
        }
    }
    if i.disordered_committed {
        out.push(disordered_committed_shift(v));
    }
    out
}

/// The column shift of a Disordered Committed unit that passed its check
/// and shocks (RAN-TQ-3): `disordered_committed_shock` columns (2 left).
pub fn disordered_committed_shift(v: &ShockValues) -> Modifier {
    Modifier::new(
        say!("ran-shift-disordered-committed"),
        v.disordered_committed_shock,
        "RAN-TQ-3",
    )
}

/// The final column: the weapons-matrix column plus every shift, clamped to
/// the table (RAN-SADJ-7 [SIM], RAN-SADJ-8).
pub fn final_column(v: &ShockValues, base: i32, shifts: &[Modifier]) -> i32 {
    let sum: i32 = shifts.iter().map(|m| m.value).sum();
    (base + sum).clamp(v.min_column, v.max_column)
}

/// The roll modifiers: +1 with a Busho stacked with an attacker, −1 with one
/// stacked with the defender; both apply (RAN-SADJ-5).
pub fn roll_modifiers(
    v: &ShockValues,
    busho_attacker: bool,
    busho_defender: bool,
) -> Vec<Modifier> {
    let mut out = Vec::new();
    if busho_attacker {
        out.push(Modifier::new(
            say!("ran-mod-busho-with-attacker"),
            v.busho_with_attacker,
            "RAN-SADJ-5",
        ));
    }
    if busho_defender {
        out.push(Modifier::new(
            say!("ran-mod-busho-with-defender"),
            v.busho_with_defender,
            "RAN-SADJ-5",
        ));
    }
    out
}

/// The modified roll, clamped to the die's faces (0..=9) for the CRT
/// (RAN-DICE-3 [SIM]).
pub fn modified_roll(raw: u32, mods: &[Modifier]) -> i32 {
    (raw as i32 + mods.iter().map(|m| m.value).sum::<i32>())
        .clamp(DIE.min() as i32, DIE.max() as i32)
}

/// The cell (attacker hits, defender hits) at `column` and roll `dr`
/// (RAN-CRT-1, RAN-CRT-2); both clamped into the table.
pub fn crt_cell(crt: &ShockCrt, column: i32, dr: i32) -> (u32, u32) {
    let c = column.clamp(1, crt.columns.len() as i32) as usize - 1;
    let col = &crt.columns[c];
    col.dr_0_to_9[dr.clamp(DIE.min() as i32, DIE.max() as i32) as usize]
}

/// Hits after doubling: Positional Superiority doubles the defender's hits,
/// a castle the attacker's (RAN-SADJ-6).
pub fn doubled(
    v: &ShockValues,
    cell: (u32, u32),
    positional_superiority: bool,
    castle: bool,
) -> (u32, u32) {
    let a = if castle {
        cell.0 * v.castle_multiplier
    } else {
        cell.0
    };
    let d = if positional_superiority {
        cell.1 * v.positional_superiority_multiplier
    } else {
        cell.1
    };
    (a, d)
}

/// Exact distributions of (attacker hits, defender hits) over the ten equally
/// likely rolls: entry `k` of each is P(exactly k hits).
pub fn hits_distribution(
    crt: &ShockCrt,
    v: &ShockValues,
    column: i32,
    roll_mods: &[Modifier],
    positional_superiority: bool,
    castle: bool,
) -> (Vec<f64>, Vec<f64>) {
    let mut a = Vec::new();
    let mut d = Vec::new();
    let p = super::dice::face_chance();
    for raw in super::dice::faces() {
        let dr = modified_roll(raw, roll_mods);
        let (ha, hd) = doubled(v, crt_cell(crt, column, dr), positional_superiority, castle);
        for (dist, h) in [(&mut a, ha), (&mut d, hd)] {
            if dist.len() <= h as usize {
                dist.resize(h as usize + 1, 0.0);
            }
            dist[h as usize] += p;
        }
    }
    (a, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    fn t() -> RanTables {
        RanTables::load().expect("tables")
    }

    fn cell(t: &RanTables, col: i32, dr: i32) -> (u32, u32) {
        crt_cell(&t.crt, col, dr)
    }

    #[test]
    fn gc_ran_01_crt_rows_6_to_8_column_major() {
        // RAN-CRT-3: the column-major reading.
        let t = t();
        assert_eq!(cell(&t, 6, 3), (2, 2));
        assert_eq!(cell(&t, 6, 9), (2, 4));
        assert_eq!(cell(&t, 7, 2), (2, 2));
        assert_eq!(cell(&t, 7, 8), (2, 3));
        assert_eq!(cell(&t, 8, 5), (2, 3));
        assert_eq!(cell(&t, 8, 1), (3, 2));
    }

    #[test]
    fn gc_ran_02_crt_extremes_and_intact_rows() {
        // RAN-CRT-1 (attacker(defender)), RAN-CRT-2.
        let t = t();
        assert_eq!(cell(&t, 1, 0), (6, 1));
        assert_eq!(cell(&t, 5, 9), (2, 3));
        assert_eq!(cell(&t, 9, 4), (2, 3));
        assert_eq!(cell(&t, 13, 9), (1, 6));
        assert_eq!(cell(&t, 11, 9), (1, 4));
    }

    #[test]
    fn crt_is_monotone_everywhere() {
        // RAN-CRT-3: the check that chose the reading.
        let t = t();
        for c in 1..=13 {
            for dr in 0..9 {
                let (a0, d0) = cell(&t, c, dr);
                let (a1, d1) = cell(&t, c, dr + 1);
                assert!(a1 <= a0 && d1 >= d0, "column {c} roll {dr}");
            }
        }
        for dr in 0..10 {
            for c in 1..13 {
                let (a0, d0) = cell(&t, c, dr);
                let (a1, d1) = cell(&t, c + 1, dr);
                assert!(a1 <= a0 && d1 >= d0, "column {c} roll {dr}");
            }
        }
    }

    #[test]
    fn gc_ran_03_weapons_matrix_spot_checks() {
        // RAN-WPN-1, RAN-WPN-2 (KB-H as KB), RAN-WPN-3 (Norikuzushi).
        let t = t();
        let w = &t.weapons;
        let col = |a: &str, d: &str| weapons_column(w, a, d);
        for k in ["SI", "SI-B", "AS", "KB", "KB-B"] {
            assert_eq!(col(k, k), Some(7), "{k} vs {k}");
        }
        assert_eq!(col("SI", "SI-B"), Some(10));
        assert_eq!(col("SI", "AS"), Some(9));
        assert_eq!(col("SI", "AS-T"), Some(11));
        assert_eq!(col("SI", "KB"), Some(6));
        assert_eq!(col("SI-B", "KB"), Some(1));
        assert_eq!(col("AS", "KB"), Some(5));
        assert_eq!(col("KB", "AS"), Some(8));
        assert_eq!(col("KB_NORIKUZUSHI", "AS"), Some(11));
        assert_eq!(col("KB_NORIKUZUSHI", "AS-T"), Some(13));
        assert_eq!(col("KB-B", "KB"), Some(3));
        let kbh = t.unit_type("KB-H").expect("KB-H");
        let a = attacker_column(kbh, false).expect("column");
        assert_eq!(col(&a, "AS"), Some(8), "RAN-WPN-2");
        let kb = t.unit_type("KB").expect("KB");
        assert_eq!(attacker_column(kb, true).as_deref(), Some("KB_NORIKUZUSHI"));
    }

    #[test]
    fn missile_ashigaru_have_no_attacker_column() {
        // RAN-WPN-4.
        let t = t();
        for k in ["AS-T", "AS-B"] {
            assert_eq!(attacker_column(t.unit_type(k).expect("type"), false), None);
        }
        assert!(!may_charge(t.unit_type("KB-B").expect("type")));
    }

    #[test]
    fn gc_ran_04_shifts_are_cumulative() {
        // RAN-SADJ-1..3: Disordered and Open-Order attackers, one extra attacker,
        // terrain 1L: 7 − 2 − 2 + 2 − 1 = 4.
        let t = t();
        let v = &t.values.shock;
        let s = column_shifts(
            v,
            &ShiftInputs {
                attacker_disordered: true,
                attacker_open_order: true,
                attackers: 2,
                defenders: 1,
                terrain: vec![("woods".into(), -1, "RAN-TER-MIMI-3".into())],
                disordered_committed: false,
            },
        );
        assert_eq!(s.len(), 4);
        assert_eq!(final_column(v, 7, &s), 4);
        // A Disordered or Open-Order defender gives nothing: no input for it.
        let none = column_shifts(
            v,
            &ShiftInputs {
                attackers: 1,
                defenders: 1,
                ..Default::default()
            },
        );
        assert!(none.is_empty(), "RAN-SADJ-2");
        // Two more defenders: 4 columns left (RAN-SADJ-3).
        let two = column_shifts(
            v,
            &ShiftInputs {
                attackers: 1,
                defenders: 3,
                ..Default::default()
            },
        );
        assert_eq!(two[0].value, -4);
    }

    #[test]
    fn gc_ran_05_positional_superiority_and_castles() {
        // RAN-SADJ-6: 2(3) with Positional Superiority → 2 and 6; a castle's 3(2) → 6 and 2.
        let t = t();
        let v = &t.values.shock;
        assert_eq!(doubled(v, (2, 3), true, false), (2, 6));
        assert_eq!(doubled(v, (3, 2), false, true), (6, 2));
    }

    #[test]
    fn gc_ran_06_busho_roll_modifier() {
        // RAN-SADJ-5: AS attacks SI (column 5), Busho with the attacker, roll 7 → 8 → 2(2).
        let t = t();
        let v = &t.values.shock;
        let m = roll_modifiers(v, true, false);
        assert_eq!(modified_roll(7, &m), 8);
        assert_eq!(crt_cell(&t.crt, 5, modified_roll(7, &m)), (2, 2));
        let both = roll_modifiers(v, true, true);
        assert_eq!(modified_roll(7, &both), 7);
        assert_eq!(crt_cell(&t.crt, 5, 7), (2, 2));
    }

    #[test]
    fn gc_ran_07_column_and_roll_clamping() {
        // RAN-SADJ-7, RAN-SADJ-8, RAN-DICE-3.
        let t = t();
        let v = &t.values.shock;
        let up = column_shifts(
            v,
            &ShiftInputs {
                attackers: 2,
                defenders: 1,
                ..Default::default()
            },
        );
        let c = final_column(v, 13, &up);
        assert_eq!(c, 13);
        assert_eq!(crt_cell(&t.crt, c, 9), (1, 6));
        let down = column_shifts(
            v,
            &ShiftInputs {
                attacker_disordered: true,
                attackers: 1,
                defenders: 1,
                ..Default::default()
            },
        );
        let c = final_column(v, 1, &down);
        assert_eq!(c, 1);
        assert_eq!(crt_cell(&t.crt, c, 0), (6, 1));
        assert_eq!(modified_roll(9, &roll_modifiers(v, true, false)), 9);
        assert_eq!(modified_roll(0, &roll_modifiers(v, false, true)), 0);
    }

    #[test]
    fn distribution_sums_to_one_and_matches_cells() {
        let t = t();
        let v = &t.values.shock;
        let (a, d) = hits_distribution(&t.crt, v, 7, &[], true, false);
        assert!((a.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        // Column 7: defender hits 2,2,2,2,2,2,2,3,3,4 doubled → 4 ×7, 6 ×2, 8 ×1.
        assert!(
            (d[4] - 0.7).abs() < 1e-9 && (d[6] - 0.2).abs() < 1e-9 && (d[8] - 0.1).abs() < 1e-9
        );
    }
}
