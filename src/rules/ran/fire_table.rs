//! The Fire Table as pure functions (RAN-FIRE): the effect row of a firing
//! type at a range, the modifiers, and the result of a modified roll.

use crate::engine::log::Modifier;

use super::data::{FireTable, FireValues};

/// A Fire Table result (RAN-FIRE-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FireResult {
    /// Hits on the target.
    pub hits: u32,
    /// "D": a Disorder check (or +1 hit if already Disordered).
    pub disorder: bool,
}

impl FireResult {
    /// The result as printed ("–", "2", "3D").
    pub fn label(self) -> String {
        match (self.hits, self.disorder) {
            (0, _) => "–".to_string(),
            (h, true) => format!("{h}D"),
            (h, false) => h.to_string(),
        }
    }
}

/// The effect row for `firer` (a `units.ron` firing type) at `range` hexes,
/// and whether that range is "[Ext]" (only from higher elevation); candidate
/// A of the reconstruction (RAN-FIRE-4, RAN-FIRE-6). `None` out of range.
pub fn effect_row<'t>(t: &'t FireTable, firer: &str, range: u32) -> Option<(&'t str, bool)> {
    t.range_to_row_candidate_a.iter().find_map(|m| {
        let mut parts = m.range.split_whitespace();
        let r: u32 = parts.next()?.parse().ok()?;
        let ext = parts.next().is_some_and(|p| p.contains("Ext"));
        (m.firer == firer && r == range).then_some((m.row.as_str(), ext))
    })
}

/// The longest range of a firing type, extended ranges included.
pub fn max_range(t: &FireTable, firer: &str) -> u32 {
    t.range_to_row_candidate_a
        .iter()
        .filter(|m| m.firer == firer)
        .filter_map(|m| m.range.split_whitespace().next()?.parse::<u32>().ok())
        .max()
        .unwrap_or(0)
}

/// Whether `range` may be used: an "[Ext]" range only when firing from a
/// higher elevation (RAN-FIRE-2).
pub fn range_allowed(ext: bool, firer_higher: bool) -> bool {
    !ext || firer_higher
}

/// Parses a printed result ("2", "3D"); `None` is no effect.
pub fn parse_result(cell: Option<&str>) -> FireResult {
    let Some(c) = cell else {
        return FireResult::default();
    };
    let disorder = c.ends_with('D');
    let hits = c.trim_end_matches('D').trim().parse().unwrap_or(0);
    FireResult { hits, disorder }
}

/// The column index 0..=9 of a modified roll: "1 or less" … "10 or more"
/// (RAN-FIRE-1).
pub fn column_index(v: &FireValues, modified: i32) -> usize {
    (modified.clamp(v.lowest_column, v.highest_column) - v.lowest_column) as usize
}

/// The result on `row` for a modified roll (RAN-FIRE-3).
pub fn result(t: &FireTable, v: &FireValues, row: &str, modified: i32) -> FireResult {
    let i = column_index(v, modified);
    t.effect_rows
        .iter()
        .find(|r| r.row == row)
        .map_or_else(FireResult::default, |r| {
            parse_result(r.results[i].as_deref())
        })
}

/// What decides the fire modifiers (RAN-FIRE-7).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FireInputs {
    /// Firing through one of the firer's flank hexsides.
    pub through_flank: bool,
    /// The target hex's Fire-column value, with its rule (RAN-TER-2 [a]).
    pub terrain: Option<(String, i32, String)>,
    /// The firer moved this phase.
    pub moved: bool,
    /// A bow-armed (-B) firer against an armoured (KB or SI) target.
    pub bows_vs_armour: bool,
    /// Units taking part, the firer included (Volley Fire).
    pub volley_units: u32,
    /// AS-T firing at AS.
    pub teppo_vs_ashigaru: bool,
    /// The target is in Closed Order.
    pub target_closed: bool,
}

/// The fire modifiers, itemized and cumulative (RAN-FIRE-7).
pub fn modifiers(v: &FireValues, i: &FireInputs) -> Vec<Modifier> {
    let mut m = Vec::new();
    if i.through_flank {
        m.push(Modifier::new(
            say!("ran-mod-through-flank"),
            v.flank,
            "RAN-FIRE-7",
        ));
    }
    if let Some((name, value, rule)) = &i.terrain
        && *value != 0
    {
        m.push(Modifier::new(name.clone(), *value, rule.clone()));
    }
    if i.moved {
        m.push(Modifier::new(
            say!("ran-mod-firer-moved"),
            v.moved,
            "RAN-FIRE-7",
        ));
    }
    if i.bows_vs_armour {
        m.push(Modifier::new(
            say!("ran-mod-bows-vs-armour"),
            v.bows_vs_armour,
            "RAN-FIRE-7",
        ));
    }
    if i.volley_units > 1 {
        let extra = (i.volley_units as i32 - 1) * v.per_volley_unit;
        m.push(Modifier::new(
            say!("ran-mod-volley-fire", n = i.volley_units),
            extra.min(v.volley_max),
            "RAN-FIRE-7",
        ));
    }
    if i.teppo_vs_ashigaru {
        m.push(Modifier::new(
            say!("ran-mod-teppo-vs-ashigaru"),
            v.teppo_vs_ashigaru,
            "RAN-FIRE-7",
        ));
    }
    if i.target_closed {
        m.push(Modifier::new(
            say!("ran-mod-target-closed-order"),
            v.closed_order_target,
            "RAN-FIRE-7",
        ));
    }
    m
}

/// Exact distribution of results over the ten rolls: (label, probability),
/// in the order of the table's results, plus the Busho-check chance (one
/// raw roll in ten, RAN-BB-1).
pub fn distribution(
    t: &FireTable,
    v: &FireValues,
    row: &str,
    mods: &[Modifier],
) -> Vec<(String, f64)> {
    let sum: i32 = mods.iter().map(|m| m.value).sum();
    let mut out: Vec<(String, f64)> = Vec::new();
    let p = super::dice::face_chance();
    for raw in super::dice::faces() {
        let l = result(t, v, row, raw as i32 + sum).label();
        match out.iter_mut().find(|(k, _)| *k == l) {
            Some(e) => e.1 += p,
            None => out.push((l, p)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    fn t() -> RanTables {
        RanTables::load().expect("tables")
    }

    fn fire(t: &RanTables, firer: &str, range: u32, raw: i32, mods: &[Modifier]) -> String {
        let (row, _) = effect_row(&t.fire, firer, range).expect("in range");
        let m = raw + mods.iter().map(|m| m.value).sum::<i32>();
        result(&t.fire, &t.values.fire, row, m).label()
    }

    #[test]
    fn gc_ran_25_fire_table_lookups() {
        // RAN-FIRE-3, RAN-FIRE-4 (candidate A), RAN-FIRE-7.
        let t = t();
        let v = &t.values.fire;
        let closed = modifiers(
            v,
            &FireInputs {
                target_closed: true,
                volley_units: 1,
                ..Default::default()
            },
        );
        assert_eq!(effect_row(&t.fire, "AS-T", 2).map(|r| r.0), Some("R5"));
        assert_eq!(fire(&t, "AS-T", 2, 5, &closed), "1");
        let armour = modifiers(
            v,
            &FireInputs {
                bows_vs_armour: true,
                volley_units: 1,
                ..Default::default()
            },
        );
        assert_eq!(fire(&t, "SI-B/AS-B", 3, 8, &armour), "1");
        assert_eq!(fire(&t, "AS-T", 1, 9, &closed), "3D");
        assert_eq!(fire(&t, "KB-B", 3, 6, &[]), "–");
        let volley = modifiers(
            v,
            &FireInputs {
                volley_units: 3,
                ..Default::default()
            },
        );
        let (row, ext) = effect_row(&t.fire, "SI-B/AS-B", 4).expect("Ext range");
        assert!(ext && row == "R1");
        assert!(range_allowed(ext, true));
        assert_eq!(fire(&t, "SI-B/AS-B", 4, 3, &volley), "–");
        assert!(
            !range_allowed(ext, false),
            "4 hexes only from higher elevation"
        );
        assert_eq!(effect_row(&t.fire, "AS-T", 4), None);
        assert_eq!(max_range(&t.fire, "SI-B/AS-B"), 4);
    }

    #[test]
    fn gc_ran_26_volley_and_other_modifiers() {
        // RAN-FIRE-7.
        let t = t();
        let v = &t.values.fire;
        let sum = |i: FireInputs| modifiers(v, &i).iter().map(|m| m.value).sum::<i32>();
        assert_eq!(
            sum(FireInputs {
                volley_units: 2,
                ..Default::default()
            }),
            1
        );
        assert_eq!(
            sum(FireInputs {
                volley_units: 3,
                ..Default::default()
            }),
            2
        );
        assert_eq!(
            sum(FireInputs {
                volley_units: 4,
                ..Default::default()
            }),
            2
        );
        let all = FireInputs {
            through_flank: true,
            moved: true,
            volley_units: 1,
            teppo_vs_ashigaru: true,
            target_closed: true,
            ..Default::default()
        };
        assert_eq!(sum(all), -1);
    }

    #[test]
    fn end_columns_are_open_ended() {
        // RAN-FIRE-1: "1 or less" and "10 or more".
        let t = t();
        let v = &t.values.fire;
        assert_eq!(column_index(v, -3), 0);
        assert_eq!(column_index(v, 14), 9);
        assert_eq!(result(&t.fire, v, "R6", 12).label(), "3D");
        let d = distribution(&t.fire, v, "R6", &[]);
        assert!((d.iter().map(|x| x.1).sum::<f64>() - 1.0).abs() < 1e-9);
    }
}
