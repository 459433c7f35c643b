//! What the scenario editor may paint and place in a module's scenarios
//! (issue 12 §5). A module gives its palette through
//! [`RulesView::editor_palette`](super::core::RulesView::editor_palette) and the
//! scenario a new one starts from through
//! [`RulesView::editor_template`](super::core::RulesView::editor_template).

use serde::{Deserialize, Serialize};

use super::board::TerrainTable;

/// How a module's units face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FacingKind {
    /// They have no facing (the field is left out).
    #[default]
    None,
    /// Towards one of the six hexsides (`North`, `NorthEast`, …).
    Hexside,
    /// A bearing in degrees on the open table (0 = up the table).
    Degrees,
}

/// What a unit flag holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum FlagKind {
    /// `true` or `false` (left out when `false`).
    Bool,
    /// A whole number in `min..=max` (left out for the unit type's own).
    Count {
        /// Smallest value.
        min: u32,
        /// Largest value.
        max: u32,
    },
}

/// A field a placed unit may carry besides its type, side, place and facing
/// ("commander", "hidden", "models", "tq").
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditorFlag {
    /// The field's name in the scenario file.
    pub field: String,
    /// What it holds.
    pub kind: FlagKind,
    /// The rule it follows ("SBA-ORD-10"); `None` for a scenario's own
    /// choice that no rule governs (a unit's starting models).
    pub rule: Option<String>,
}

/// A module's editor palette.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EditorPalette {
    /// Hex terrain names as scenarios write them; empty on the open table.
    pub terrain: Vec<String>,
    /// Hexside feature names as scenarios write them.
    pub hexsides: Vec<String>,
    /// Highest elevation level, in hill levels (0: the module has none).
    pub max_elevation: i32,
    /// Unit types: the key scenarios write in `unit_type`, and its name.
    pub unit_types: Vec<(String, String)>,
    /// Flags a unit may carry.
    pub flags: Vec<EditorFlag>,
    /// How units face.
    pub facing: FacingKind,
}

impl EditorPalette {
    /// A hex module's palette: the terrain and hexside names of its board's
    /// `table`, with no units, flags or facing yet.
    pub fn of_board(table: &TerrainTable, max_elevation: i32) -> Self {
        Self {
            terrain: table.terrain.iter().map(|t| t.name.clone()).collect(),
            hexsides: table.hexsides.iter().map(|h| h.name.clone()).collect(),
            max_elevation,
            ..Self::default()
        }
    }
}
