//! A battle's terrain table (RAN-TER) read as values: MP costs by order
//! (Closed, or Open/missile/leaders), the fire modifier and the shock shift,
//! each with its row's rule ID (`RAN-TER-MIMI-2`).

use super::data::{BattleTerrain, TerrainRow};

/// An MP cell (RAN-TER-1, RAN-TER-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mp {
    /// Costs this many MP to enter.
    Cost(u32),
    /// Adds this many MP ("+1").
    Extra(u32),
    /// OT: use the other terrain in the hex or hexside.
    Other,
    /// NP: not permitted.
    NotPermitted,
}

/// A shock cell (RAN-TER-2 [b], [g]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shift {
    /// Columns, negative = left.
    Columns(i32),
    /// The paddy rule [g].
    Paddy,
    /// NP: no shock across it.
    NotPermitted,
}

/// Reads an MP cell. Text the card gives in words ("cannot be crossed",
/// "crossable only at a bridge") reads as NP; "–" and garbled cells as OT.
pub fn parse_mp(cell: &str) -> Mp {
    let c = cell.trim();
    let first = c.split_whitespace().next().unwrap_or("");
    if first.starts_with("NP")
        || c.contains("cannot")
        || c.contains("only")
        || c.contains("may not")
    {
        return Mp::NotPermitted;
    }
    if first == "OT" || first.starts_with('–') || first.starts_with('-') {
        return Mp::Other;
    }
    if let Some(rest) = first.strip_prefix('+') {
        return rest.parse().map_or(Mp::Other, Mp::Extra);
    }
    first.parse().map_or(Mp::Other, Mp::Cost)
}

/// Reads a fire cell ("–", "–1", "+1", "–2 [k]") as a roll modifier; text
/// ("see special rules") reads as 0.
pub fn parse_fire(cell: &str) -> i32 {
    let first = cell.split_whitespace().next().unwrap_or("");
    let norm = first.replace('–', "-");
    norm.parse().unwrap_or(0)
}

/// Reads a shock cell ("–", "2L", "1R", "NP", "1L/1R [g]").
pub fn parse_shock(cell: &str) -> Shift {
    let c = cell.trim();
    if c.contains("[g]") {
        return Shift::Paddy;
    }
    if c.starts_with("NP") {
        return Shift::NotPermitted;
    }
    let first = c.split_whitespace().next().unwrap_or("");
    let Some(dir) = first.chars().last() else {
        return Shift::Columns(0);
    };
    let num = &first[..first.len() - dir.len_utf8()];
    match (num.parse::<i32>(), dir) {
        (Ok(n), 'L') => Shift::Columns(-n),
        (Ok(n), 'R') => Shift::Columns(n),
        _ => Shift::Columns(0),
    }
}

/// The plain name of a row: the English name without key letters and
/// parenthesised notes ("Road [c]" → "Road").
pub fn plain_name(row: &TerrainRow) -> String {
    let s = row.terrain.split(" [").next().unwrap_or(&row.terrain);
    s.split(" (").next().unwrap_or(s).trim().to_string()
}

/// A row of one battle, found by plain name, with its rule ID.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    /// The row.
    pub row: &'a TerrainRow,
    /// Its number, from 1.
    pub number: usize,
    /// The battle code.
    pub code: &'a str,
}

impl Row<'_> {
    /// `RAN-TER-<code>-<n>`.
    pub fn rule(&self) -> String {
        format!("RAN-TER-{}-{}", self.code, self.number)
    }
    /// The MP cell for a unit in Closed Order (`false`) or in Open Order, a
    /// missile unit or a leader (`true`).
    pub fn mp(&self, open: bool) -> Mp {
        parse_mp(if open {
            &self.row.open_all_missile_leaders
        } else {
            &self.row.closed
        })
    }
    /// The fire modifier.
    pub fn fire(&self) -> i32 {
        parse_fire(&self.row.fire)
    }
    /// The shock shift.
    pub fn shock(&self) -> Shift {
        parse_shock(&self.row.shock)
    }
    /// "Rice paddy (Arrozal)".
    pub fn label(&self) -> String {
        format!("{} ({})", plain_name(self.row), self.row.spanish)
    }
}

/// The row of `battle` called `name` (plain name, case-insensitive).
pub fn row<'a>(battle: &'a BattleTerrain, name: &str) -> Option<Row<'a>> {
    battle
        .rows
        .iter()
        .enumerate()
        .find(|(_, r)| plain_name(r).eq_ignore_ascii_case(name))
        .map(|(i, r)| Row {
            row: r,
            number: i + 1,
            code: &battle.code,
        })
}

/// The names a scenario may use for hex terrain and hexside features: every
/// row that is not an elevation change, a facing change, a fire cost or a
/// moving-through row.
pub fn placeable(battle: &BattleTerrain) -> Vec<String> {
    battle
        .rows
        .iter()
        .map(plain_name)
        .filter(|n| {
            is_slope(n)
                || !(n.starts_with("Up ")
                    || n.starts_with("Down ")
                    || n.starts_with("Change facing")
                    || n.contains(" fire")
                    || n.starts_with("Move through"))
        })
        .collect()
}

/// A slope hexside: an "Up …" row other than "Up 1 level" (a steep level,
/// an escarpment). Placed on a hexside from its foot to its top, it has a
/// direction: crossing it upward uses its own row, downward the matching
/// "Down …" row (RAN-TER-2; Okitanawate, Nagakute, Nunobeyama).
pub fn is_slope(feature: &str) -> bool {
    feature.starts_with("Up ") && !feature.eq_ignore_ascii_case("Up 1 level")
}

/// The "Down …" row matching the slope row `up` ("Up a steep level" →
/// "Down a steep level").
pub fn down_of(up: &str) -> String {
    up.strip_prefix("Up ")
        .map_or_else(|| up.to_string(), |rest| format!("Down {rest}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ran::data::RanTables;

    #[test]
    fn cells_parse() {
        // RAN-TER-1, RAN-TER-2.
        assert_eq!(parse_mp("2"), Mp::Cost(2));
        assert_eq!(parse_mp("+3"), Mp::Extra(3));
        assert_eq!(parse_mp("+1 MP and 1 hit [d]"), Mp::Extra(1));
        assert_eq!(parse_mp("OT"), Mp::Other);
        assert_eq!(parse_mp("NP [j]"), Mp::NotPermitted);
        assert_eq!(parse_mp("cannot be crossed"), Mp::NotPermitted);
        assert_eq!(parse_mp("crossable only at a bridge"), Mp::NotPermitted);
        assert_eq!(parse_fire("–2 [k]"), -2);
        assert_eq!(parse_fire("+1"), 1);
        assert_eq!(parse_fire("see special rules"), 0);
        assert_eq!(parse_shock("3L"), Shift::Columns(-3));
        assert_eq!(parse_shock("1R"), Shift::Columns(1));
        assert_eq!(parse_shock("NP"), Shift::NotPermitted);
        assert_eq!(parse_shock("1L/1R [g]"), Shift::Paddy);
        assert_eq!(parse_shock("– (cell missing)"), Shift::Columns(0));
    }

    #[test]
    fn gc_ran_28_terrain_lookups() {
        // RAN-TER-2 [g], RAN-TER-MIMI-2, RAN-TER-OKIT-13, RAN-TER-TENN-7.
        let t = RanTables::load().expect("tables");
        let mimi = t.battle("Mimigawa").expect("Mimigawa");
        let paddy = row(mimi, "Rice paddy").expect("paddy");
        assert_eq!(paddy.rule(), "RAN-TER-MIMI-2");
        assert_eq!(
            (paddy.mp(false), paddy.mp(true)),
            (Mp::Cost(2), Mp::Cost(2))
        );
        assert_eq!(paddy.shock(), Shift::Paddy);
        let okit = t.battle("Okitanawate").expect("Okitanawate");
        let steep = row(okit, "Up a steep level").expect("steep");
        assert_eq!(steep.rule(), "RAN-TER-OKIT-13");
        assert_eq!(
            (steep.mp(false), steep.mp(true)),
            (Mp::Extra(3), Mp::Extra(2))
        );
        assert_eq!((steep.fire(), steep.shock()), (-2, Shift::Columns(-2)));
        assert!(steep.row.terrain.contains("[m]"), "KB/KB-H may not cross");
        let tenn = t.battle("Tennoji").expect("Tennoji");
        let bridge = row(tenn, "Bridge").expect("bridge");
        assert_eq!(bridge.rule(), "RAN-TER-TENN-7");
        assert_eq!(
            (bridge.mp(false), bridge.mp(true)),
            (Mp::NotPermitted, Mp::Extra(1))
        );
        assert_eq!(bridge.shock(), Shift::Columns(-3));
    }

    #[test]
    fn gc_ran_30_moving_through_costs() {
        // RAN-TER-2 [d], RAN-TER-MIMI-11: closed +1 MP (and a hit), open 0; +2 at
        // Okitanawate and Nagakute.
        let t = RanTables::load().expect("tables");
        let through = |b: &str| {
            let r = row(t.battle(b).expect("battle"), "Move through another unit").expect("row");
            (r.rule(), r.mp(false), r.mp(true))
        };
        assert_eq!(
            through("Mimigawa"),
            ("RAN-TER-MIMI-11".to_string(), Mp::Extra(1), Mp::Cost(0))
        );
        assert_eq!(through("Okitanawate").2, Mp::Extra(2));
        assert_eq!(through("Nagakute").2, Mp::Extra(2));
    }

    #[test]
    fn every_battle_has_clear_ground_and_placeable_rows() {
        // RAN-TER-3, RAN-TER-4: every battle's table is read.
        let t = RanTables::load().expect("tables");
        for b in &t.terrain.battles {
            assert!(row(b, "Clear").is_some(), "{}", b.battle);
            assert!(!placeable(b).is_empty());
        }
    }
}
