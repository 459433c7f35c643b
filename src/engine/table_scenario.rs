//! Scenarios on the open table: table size and terrain areas in inches, two
//! sides, units with a position, a facing and a formation, and a block of
//! module-specific setup (`X`, e.g. objectives or a hostage) that the engine parses but does not read.

use std::collections::BTreeSet;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use super::scenario::{CommonChecks, LoadError, SideSpec, VictorySpec, parse_ron};
use super::table::{Base, Footprint, Table, TablePos, TableSpec};

/// One unit as placed on the table by the scenario.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableUnitSpec {
    /// Unique id, the unit's `UnitId`.
    pub id: u32,
    /// Side name from `sides`.
    pub side: String,
    /// Unit type key from the module's unit table.
    pub unit_type: String,
    /// Display name; defaults to the type's name.
    #[serde(default)]
    pub name: Option<String>,
    /// Centre of the base `(x, y)` in inches.
    pub at: (f32, f32),
    /// Facing, compass degrees (0 = towards the far edge).
    pub facing: f32,
    /// Models at start; defaults to the type's full strength.
    #[serde(default)]
    pub models: Option<u32>,
    /// Models per rank (the formation's frontage); defaults to the type's.
    #[serde(default)]
    pub per_rank: Option<u32>,
    /// Deployed hidden: the other side does not see the unit until it is
    /// revealed ([`HiddenDeployment`]). A Kassen scenario rule; needs the
    /// scenario's `hidden_deployment` block.
    #[serde(default, skip_serializing_if = "is_false")]
    pub hidden: bool,
}

/// Whether `b` is false: serde's test to leave a `false` flag out of a
/// file, so files and saves without hidden units keep their bytes.
pub fn is_false(b: &bool) -> bool {
    !*b
}

/// Kassen's hidden deployment, a scenario rule of the open table (neither
/// WarStrike's nor Clan War's source hides units): a unit placed with
/// `hidden: true` is left out of the other side's view, cannot be targeted
/// or moved toward, and is revealed for good when it acts, or when a living
/// enemy unit's base comes within [`HiddenDeployment::reveal_within`] of
/// its base. Each module cites the rule under its own ID.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenDeployment {
    /// Base-to-base distance at which an enemy unit reveals a hidden one,
    /// inches (0 to 120).
    pub reveal_within: f32,
}

/// What the engine needs from a module to validate a table scenario.
pub trait TableCatalog {
    /// The module key scenarios name in `ruleset`.
    fn ruleset(&self) -> &str;
    /// Full-strength models of a unit type, or `None` if the type is unknown.
    fn unit_type_models(&self, unit_type: &str) -> Option<u32>;
    /// The base of a unit of `unit_type` with `models` standing `per_rank`
    /// wide (`None` = the type's usual formation).
    fn footprint(&self, unit_type: &str, models: u32, per_rank: Option<u32>) -> Footprint;
    /// Every unit type: its key and name, for the scenario editor (empty:
    /// the module offers no editor).
    fn unit_types(&self) -> Vec<(String, String)> {
        Vec::new()
    }
}

/// A whole open-table scenario file with module setup `X`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableScenario<X> {
    /// Rule module key, as registered in `src/rules/`.
    pub ruleset: String,
    /// Title.
    pub name: String,
    /// Briefing text.
    #[serde(default)]
    pub description: String,
    /// The briefing in English and Spanish (history, sources, victory,
    /// stand-ins); without it the app shows `description`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub briefing: Option<crate::engine::briefing::Briefing>,
    /// Dice seed; the CLI's `--seed` overrides it.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Last turn; the game ends after it.
    #[serde(default)]
    pub turn_limit: Option<u32>,
    /// Table size and terrain.
    pub table: TableSpec,
    /// Exactly two sides.
    pub sides: Vec<SideSpec>,
    /// The units.
    pub units: Vec<TableUnitSpec>,
    /// Kassen's hidden deployment, when some units start hidden.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden_deployment: Option<HiddenDeployment>,
    /// How the battle is won.
    #[serde(default)]
    pub victory: VictorySpec,
    /// Module-specific setup.
    #[serde(default)]
    pub setup: X,
}

impl<X: DeserializeOwned + Default> TableScenario<X> {
    /// Parses and validates a table scenario. `file` is used in messages.
    ///
    /// # Errors
    /// The first problem found, with its position where the text has one.
    pub fn from_str(file: &str, text: &str, catalog: &dyn TableCatalog) -> Result<Self, LoadError> {
        let s: Self = parse_ron(file, text)?;
        s.validate(file, text, catalog)?;
        Ok(s)
    }
}

impl<X> TableScenario<X> {
    /// The base of unit `u` as the scenario places it.
    pub fn base_of(&self, u: &TableUnitSpec, catalog: &dyn TableCatalog) -> Base {
        let models = u
            .models
            .or_else(|| catalog.unit_type_models(&u.unit_type))
            .unwrap_or(1);
        Base::new(
            TablePos {
                x: u.at.0,
                y: u.at.1,
                facing: u.facing,
            },
            catalog.footprint(&u.unit_type, models, u.per_rank),
        )
    }

    /// The scenario as side `side` may know it before the game: the other
    /// side's hidden units left out (what a remote guest is sent).
    pub fn known_to(&self, side: u8) -> Self
    where
        X: Clone,
    {
        let mut s = self.clone();
        s.units
            .retain(|u| !u.hidden || self.side_index(&u.side) == Some(side));
        s
    }

    /// Index of the side called `name`.
    pub fn side_index(&self, name: &str) -> Option<u8> {
        self.sides
            .iter()
            .position(|s| s.name == name)
            .map(|i| i as u8)
    }

    /// Checks what a parse cannot: ruleset, table size, convex areas, sides,
    /// ids, unit types, models, units on the table, out of impassable ground
    /// and not overlapping.
    ///
    /// # Errors
    /// The first problem found.
    pub fn validate(
        &self,
        file: &str,
        text: &str,
        catalog: &dyn TableCatalog,
    ) -> Result<(), LoadError> {
        let err = |anchors: &[&str], msg: String| Err(LoadError::at(file, text, anchors, msg));
        let common = CommonChecks { file, text };
        common.ruleset(&self.ruleset, catalog.ruleset())?;
        let t = &self.table;
        if !(12.0..=120.0).contains(&t.width) || !(12.0..=120.0).contains(&t.depth) {
            return err(
                &["table", "width"],
                format!(
                    "the table must be 12 to 120 inches each way, not {} × {}",
                    t.width, t.depth
                ),
            );
        }
        for a in &t.areas {
            let anchor = format!("\"{}\"", a.name);
            if let Some(p) = a
                .points
                .iter()
                .find(|p| p.0 < 0.0 || p.1 < 0.0 || p.0 > t.width || p.1 > t.depth)
            {
                return err(
                    &["table", "areas", &anchor, "points"],
                    format!(
                        "area \"{}\" has the point ({}, {}) off the {} × {} table",
                        a.name, p.0, p.1, t.width, t.depth
                    ),
                );
            }
        }
        let table = match Table::new(t) {
            Ok(table) => table,
            Err(msg) => {
                let name = t
                    .areas
                    .iter()
                    .find(|a| msg.contains(&format!("\"{}\"", a.name)))
                    .map(|a| format!("\"{}\"", a.name))
                    .unwrap_or_default();
                return err(&["table", "areas", &name, "points"], msg);
            }
        };
        common.sides(&self.sides)?;
        let mut ids = BTreeSet::new();
        let mut placed: Vec<(u32, Base)> = Vec::new();
        for u in &self.units {
            let id_anchor = format!("id: {}", u.id);
            let at = |field: &str, msg: String| {
                Err(LoadError::at(
                    file,
                    text,
                    &["units", &id_anchor, field],
                    msg,
                ))
            };
            let full = common.unit_identity(
                &mut ids,
                &self.sides,
                (u.id, &u.side, &u.unit_type),
                catalog.unit_type_models(&u.unit_type),
            )?;
            common.models((u.id, &u.unit_type), u.models, full)?;
            if u.per_rank == Some(0) {
                return at(
                    "per_rank",
                    format!("unit {} needs at least 1 model per rank", u.id),
                );
            }
            if !u.facing.is_finite() || !u.at.0.is_finite() || !u.at.1.is_finite() {
                return at(
                    "at",
                    format!("unit {} has a position that is not a number", u.id),
                );
            }
            let base = self.base_of(u, catalog);
            if let Err(e) = table.check_standing(&base, false) {
                let why = match e {
                    super::table::MoveError::Impassable(name) => {
                        format!("stands in impassable \"{name}\"")
                    }
                    _ => format!("is not wholly on the {} × {} table", t.width, t.depth),
                };
                return at(
                    "at",
                    format!("unit {} at ({}, {}) {why}", u.id, u.at.0, u.at.1),
                );
            }
            if let Some((other, _)) = placed.iter().find(|(_, b)| b.overlaps(&base)) {
                return at("at", format!("units {} and {} overlap", other, u.id));
            }
            placed.push((u.id, base));
            if u.hidden && self.hidden_deployment.is_none() {
                return at(
                    "hidden",
                    format!(
                        "unit {} is hidden, but the scenario has no hidden_deployment: (reveal_within: …) block",
                        u.id
                    ),
                );
            }
        }
        if let Some(h) = self.hidden_deployment
            && !(0.0..=120.0).contains(&h.reveal_within)
        {
            return err(
                &["hidden_deployment", "reveal_within"],
                format!(
                    "reveal_within must be 0 to 120 inches, not {}",
                    h.reveal_within
                ),
            );
        }
        common.armies_and_turns(
            &self.sides,
            self.units.iter().map(|u| u.side.as_str()),
            self.turn_limit,
        )?;
        Ok(())
    }

    /// The table resource (assumes a validated scenario).
    pub fn build_table(&self) -> Table {
        Table::new(&self.table).unwrap_or(Table {
            width: self.table.width,
            depth: self.table.depth,
            areas: Vec::new(),
        })
    }
}
