//! The hex board: terrain per hex, elevation levels and hexside features.
//!
//! Coordinates: scenarios name hexes by `(column, row)` offset coordinates on a
//! flat-topped grid (odd columns shoved up by half a hex), column 0 at the left,
//! row 0 at the bottom. Inside the engine a hex is a [`hexx::Hex`] in axial
//! coordinates; [`HexBoard::to_hex`] and [`HexBoard::to_offset`] convert.
//! Distances are in hexes.
//!
//! Terrain types and hexside features are module data (each rule module has its
//! own `terrain.ron` under `assets/rules/<module>/`) read into a [`TerrainTable`].

use crate::t;
use std::collections::{BTreeMap, HashSet, VecDeque};

// Bevy's map hashes with foldhash, a fixed (deterministic) hasher several
// times faster than SipHash on the small keys a board looks up per step.
use bevy::platform::collections::HashMap;

use bevy::prelude::{Component, Resource};
use hexx::{EdgeDirection, Hex, HexLayout, HexOrientation, OffsetHexMode};
use serde::{Deserialize, Serialize};

/// The sides of a hex: directions are numbered `0..HEX_DIRECTIONS`, 0 north
/// (or north-east) and on clockwise. Geometry, not a rule value.
pub const HEX_DIRECTIONS: u8 = 6;

/// A board position in scenario coordinates: `(column, row)`.
pub type Offset = (i32, i32);

/// One terrain type and its effects. Loaded from a module's `terrain.ron`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainType {
    /// Name used by scenarios ("forest").
    pub name: String,
    /// The name in Spanish, for the legend and the tooltips (`None`: the
    /// `name` in both languages).
    #[serde(default)]
    pub spanish: Option<String>,
    /// Movement points to enter (1 = open ground).
    pub move_cost: u32,
    /// No unit may enter.
    #[serde(default)]
    pub impassable: bool,
    /// Cavalry may not enter.
    #[serde(default)]
    pub no_cavalry: bool,
    /// Blocks line of sight through the hex (not into it).
    #[serde(default)]
    pub blocks_los: bool,
    /// Added to the Defense of a unit standing here.
    #[serde(default)]
    pub defense: i32,
    /// Display colour, linear RGB 0..1.
    pub color: (f32, f32, f32),
    /// How the board draws it (no rule reads this).
    #[serde(default)]
    pub look: TerrainLook,
    /// Rule ID or stand-in note for these effects.
    pub rule: String,
    /// True where the value is a Kassen stand-in, not published rules.
    #[serde(default)]
    pub stand_in: bool,
}

/// How a terrain is drawn on the hex board, over its colour: the art only,
/// never read by a rule. Each module names the look of its terrains (in its
/// table, or where it builds its display table).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum TerrainLook {
    /// Open ground: a few grass tufts.
    #[default]
    Open,
    /// Woods: tree canopies.
    Forest,
    /// Scattered woods: fewer, smaller canopies.
    Scattered,
    /// A village or town: roofs.
    Village,
    /// Rice paddies: flooded rows.
    Paddy,
    /// Still or running water on land (lake, river, ford): ripples.
    Water,
    /// The open sea: waves.
    Ocean,
    /// Marsh: reeds and pools.
    Marsh,
    /// A road or track through the hex.
    Road,
    /// A fortification (stockade, castle): a wall of stakes around the hex.
    Fort,
    /// Broken ground (rocks, slopes): stones.
    Rough,
}

/// How a hexside feature is drawn along its side: the art only, never read
/// by a rule.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum HexsideLook {
    /// A plain line in the feature's colour.
    #[default]
    Line,
    /// A stream or river: water between two banks.
    Water,
    /// A fence: a rail with posts.
    Fence,
    /// A palisade: a row of pointed stakes.
    Palisade,
    /// A stone wall: a thick double line.
    Wall,
    /// A steep slope or escarpment: hachures pointing downhill.
    Slope,
    /// A bridge over water: two rails with planks across.
    Bridge,
}

/// One hexside feature (a stream, a wall) and its effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideType {
    /// Name used by scenarios ("stream").
    pub name: String,
    /// The name in Spanish (`None`: the `name` in both languages).
    #[serde(default)]
    pub spanish: Option<String>,
    /// Extra movement points to cross.
    pub extra_cost: u32,
    /// No unit may cross.
    #[serde(default)]
    pub impassable: bool,
    /// Cavalry may not cross.
    #[serde(default)]
    pub no_cavalry: bool,
    /// Added to the Defense of a unit attacked across it.
    #[serde(default)]
    pub defense: i32,
    /// Display colour, linear RGB 0..1.
    pub color: (f32, f32, f32),
    /// How the board draws it along the hexside (no rule reads this).
    #[serde(default)]
    pub look: HexsideLook,
    /// Rule ID or stand-in note.
    pub rule: String,
    /// True where the value is a Kassen stand-in.
    #[serde(default)]
    pub stand_in: bool,
}

impl TerrainType {
    /// The name in the UI's language (see [`TerrainType::spanish`]).
    pub fn shown_name(&self) -> &str {
        crate::i18n::in_language(&self.name, self.spanish.as_deref())
    }
}

impl HexsideType {
    /// The name in the UI's language (see [`HexsideType::spanish`]).
    pub fn shown_name(&self) -> &str {
        crate::i18n::in_language(&self.name, self.spanish.as_deref())
    }
}

/// Effects of elevation differences between neighbouring hexes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlopeRules {
    /// A climb of this many levels or more may not be crossed by cavalry.
    pub no_cavalry_from: i32,
    /// A climb of this many levels or more may not be crossed at all.
    pub impassable_from: i32,
    /// Extra movement points per level climbed.
    pub extra_cost_per_level: u32,
    /// Rule ID or stand-in note.
    pub rule: String,
}

/// A module's terrain data: hex types, hexside types and slope rules.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, Resource)]
#[serde(deny_unknown_fields)]
pub struct TerrainTable {
    /// Hex terrain types.
    pub terrain: Vec<TerrainType>,
    /// Hexside features.
    pub hexsides: Vec<HexsideType>,
    /// Elevation effects.
    pub slopes: SlopeRules,
}

impl TerrainTable {
    /// The terrain type called `name`.
    pub fn terrain(&self, name: &str) -> Option<&TerrainType> {
        self.terrain.iter().find(|t| t.name == name)
    }

    /// The hexside type called `name`.
    pub fn hexside(&self, name: &str) -> Option<&HexsideType> {
        self.hexsides.iter().find(|t| t.name == name)
    }
}

/// A board edge, used as a side's home edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum BoardEdge {
    /// Row 0.
    South,
    /// The last row.
    North,
    /// Column 0.
    West,
    /// The last column.
    East,
}

/// The six directions a unit on a flat-topped grid can face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Component)]
#[serde(deny_unknown_fields)]
pub enum Facing {
    /// Up the screen (towards higher rows).
    North,
    /// Up and right.
    NorthEast,
    /// Down and right.
    SouthEast,
    /// Down the screen.
    South,
    /// Down and left.
    SouthWest,
    /// Up and left.
    NorthWest,
}

impl Facing {
    /// All six, clockwise from North.
    pub const ALL: [Facing; 6] = [
        Facing::North,
        Facing::NorthEast,
        Facing::SouthEast,
        Facing::South,
        Facing::SouthWest,
        Facing::NorthWest,
    ];

    /// Clockwise index, North = 0.
    pub fn index(self) -> usize {
        Facing::ALL.iter().position(|f| *f == self).unwrap_or(0)
    }

    /// Angle in degrees, counter-clockwise from +x (world space, y up).
    pub fn angle_degrees(self) -> f32 {
        90.0 - 60.0 * self.index() as f32
    }

    /// The facing pointing the other way.
    pub fn opposite(self) -> Facing {
        Facing::ALL[(self.index() + 3) % 6]
    }

    /// Hex steps between two facings: 0 (same) to 3 (opposite).
    pub fn steps_to(self, other: Facing) -> usize {
        let d = (self.index() + 6 - other.index()) % 6;
        d.min(6 - d)
    }

    /// The axial neighbour offset for this facing.
    pub fn edge_direction(self) -> EdgeDirection {
        // Worked out once by angle; asked for every neighbour of every hex.
        static TABLE: std::sync::OnceLock<[EdgeDirection; 6]> = std::sync::OnceLock::new();
        TABLE.get_or_init(|| Facing::ALL.map(Facing::edge_direction_by_angle))[self.index()]
    }

    fn edge_direction_by_angle(self) -> EdgeDirection {
        let want = self.angle_degrees().to_radians();
        let layout = HexLayout::flat();
        let mut best = EdgeDirection::ALL_DIRECTIONS[0];
        let mut best_d = f32::MAX;
        for d in EdgeDirection::ALL_DIRECTIONS {
            let v = layout.hex_to_world_pos(Hex::ZERO.neighbor(d));
            let diff = (v.y.atan2(v.x) - want).sin().abs() + (1.0 - (v.y.atan2(v.x) - want).cos());
            if diff < best_d {
                best_d = diff;
                best = d;
            }
        }
        best
    }

    /// The facing that points from `from` to its neighbour `to`, if adjacent.
    pub fn towards_neighbor(from: Hex, to: Hex) -> Option<Facing> {
        Facing::ALL
            .into_iter()
            .find(|f| from.neighbor(f.edge_direction()) == to)
    }

    /// The facing closest to the direction from `from` to `to` (any distance).
    pub fn towards(from: Hex, to: Hex) -> Facing {
        let layout = HexLayout::flat();
        let v = layout.hex_to_world_pos(to) - layout.hex_to_world_pos(from);
        let ang = v.y.atan2(v.x).to_degrees();
        let mut best = Facing::North;
        let mut best_d = f32::MAX;
        for f in Facing::ALL {
            let mut d = (f.angle_degrees() - ang).rem_euclid(360.0);
            if d > 180.0 {
                d = 360.0 - d;
            }
            if d < best_d {
                best_d = d;
                best = f;
            }
        }
        best
    }
}

/// One hex of the board as the rules see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    /// Terrain type name.
    pub terrain: String,
    /// Elevation level, 0 = plain.
    pub elevation: i32,
}

/// A terrain tile entity, spawned once per hex for the views.
#[derive(Component, Clone, Debug)]
pub struct TerrainTile {
    /// Where it is.
    pub hex: Hex,
    /// Terrain type name.
    pub terrain: String,
    /// Elevation level.
    pub elevation: i32,
}

/// The board as a resource: dimensions, tiles, hexside features and terrain data.
#[derive(Resource, Clone, Debug)]
pub struct HexBoard {
    /// Columns (x), at least 1.
    pub columns: i32,
    /// Rows (y), at least 1.
    pub rows: i32,
    tiles: HashMap<Hex, Tile>,
    hexsides: HashMap<(Hex, Hex), String>,
    /// Road links between the centres of neighbouring hexes, in the
    /// scenario's order (for drawing; what a road does is the module's).
    roads: Vec<(Hex, Hex)>,
    /// The module's terrain data.
    pub table: TerrainTable,
}

/// Why a step between two neighbouring hexes is not allowed.
#[derive(Clone, Debug, PartialEq)]
pub struct Blocked {
    /// Rule that forbids it.
    pub rule: String,
    /// A sentence for the player.
    pub reason: String,
}

fn side_key(a: Hex, b: Hex) -> (Hex, Hex) {
    if (a.x, a.y) <= (b.x, b.y) {
        (a, b)
    } else {
        (b, a)
    }
}

impl HexBoard {
    /// An all-`default_terrain` board of `columns × rows`.
    pub fn new(columns: i32, rows: i32, default_terrain: &str, table: TerrainTable) -> Self {
        let mut tiles = HashMap::new();
        for c in 0..columns {
            for r in 0..rows {
                tiles.insert(
                    Self::to_hex((c, r)),
                    Tile {
                        terrain: default_terrain.to_string(),
                        elevation: 0,
                    },
                );
            }
        }
        Self {
            columns,
            rows,
            tiles,
            hexsides: HashMap::new(),
            roads: Vec::new(),
            table,
        }
    }

    /// Adds a road link from the centre of `a` to the centre of `b` (a
    /// neighbour), drawn as a track on the board.
    pub fn add_road(&mut self, a: Hex, b: Hex) {
        self.roads.push((a, b));
    }

    /// The road links, in the order added.
    pub fn roads(&self) -> &[(Hex, Hex)] {
        &self.roads
    }

    /// Offset `(column, row)` to axial.
    pub fn to_hex((c, r): Offset) -> Hex {
        Hex::from_offset_coordinates([c, r], OffsetHexMode::Odd, HexOrientation::Flat)
    }

    /// Axial to offset `(column, row)`.
    pub fn to_offset(h: Hex) -> Offset {
        let [c, r] = h.to_offset_coordinates(OffsetHexMode::Odd, HexOrientation::Flat);
        (c, r)
    }

    /// Whether `(column, row)` lies on the board.
    pub fn contains_offset(&self, (c, r): Offset) -> bool {
        c >= 0 && r >= 0 && c < self.columns && r < self.rows
    }

    /// Whether a hex lies on the board.
    pub fn contains(&self, h: Hex) -> bool {
        self.tiles.contains_key(&h)
    }

    /// All hexes in column-then-row order (stable).
    pub fn hexes(&self) -> Vec<Hex> {
        let mut v = Vec::with_capacity(self.tiles.len());
        for c in 0..self.columns {
            for r in 0..self.rows {
                v.push(Self::to_hex((c, r)));
            }
        }
        v
    }

    /// The tile at a hex.
    pub fn tile(&self, h: Hex) -> Option<&Tile> {
        self.tiles.get(&h)
    }

    /// The terrain type at a hex.
    pub fn terrain(&self, h: Hex) -> Option<&TerrainType> {
        self.tiles
            .get(&h)
            .and_then(|t| self.table.terrain(&t.terrain))
    }

    /// Sets a hex's terrain (no check against the table).
    pub fn set_terrain(&mut self, h: Hex, terrain: &str) {
        if let Some(t) = self.tiles.get_mut(&h) {
            t.terrain = terrain.to_string();
        }
    }

    /// Sets a hex's elevation level.
    pub fn set_elevation(&mut self, h: Hex, level: i32) {
        if let Some(t) = self.tiles.get_mut(&h) {
            t.elevation = level;
        }
    }

    /// Elevation at a hex (0 off the board).
    pub fn elevation(&self, h: Hex) -> i32 {
        self.tiles.get(&h).map_or(0, |t| t.elevation)
    }

    /// Puts a feature on the hexside between two neighbours.
    pub fn set_hexside(&mut self, a: Hex, b: Hex, feature: &str) {
        self.hexsides.insert(side_key(a, b), feature.to_string());
    }

    /// Takes away the feature on the hexside between two neighbours, if any.
    pub fn remove_hexside(&mut self, a: Hex, b: Hex) {
        self.hexsides.remove(&side_key(a, b));
    }

    /// The feature on the hexside between two neighbours.
    pub fn hexside(&self, a: Hex, b: Hex) -> Option<&HexsideType> {
        self.hexsides
            .get(&side_key(a, b))
            .and_then(|n| self.table.hexside(n))
    }

    /// All hexside features, sorted by position, for drawing.
    pub fn hexside_list(&self) -> Vec<(Hex, Hex, String)> {
        let mut v: Vec<_> = self
            .hexsides
            .iter()
            .map(|((a, b), n)| (*a, *b, n.clone()))
            .collect();
        v.sort_by_key(|(a, b, _)| (a.x, a.y, b.x, b.y));
        v
    }

    /// Whether the hex is on the outer ring of the board.
    pub fn is_edge(&self, h: Hex) -> bool {
        let (c, r) = Self::to_offset(h);
        self.contains(h) && (c == 0 || r == 0 || c == self.columns - 1 || r == self.rows - 1)
    }

    /// Whether the hex is on a particular edge.
    pub fn on_edge(&self, h: Hex, edge: BoardEdge) -> bool {
        let (c, r) = Self::to_offset(h);
        self.contains(h)
            && match edge {
                BoardEdge::South => r == 0,
                BoardEdge::North => r == self.rows - 1,
                BoardEdge::West => c == 0,
                BoardEdge::East => c == self.columns - 1,
            }
    }

    /// Movement points to step from `from` into its neighbour `to`, or why not.
    /// Costs: terrain `move_cost` + hexside `extra_cost` + slope cost per level climbed.
    pub fn step_cost(&self, from: Hex, to: Hex, cavalry: bool) -> Result<u32, Blocked> {
        let blocked = |rule: &str, reason: String| Blocked {
            rule: rule.to_string(),
            reason,
        };
        let Some(t) = self.terrain(to) else {
            return Err(blocked("BOARD", t!("engine-move-off-board")));
        };
        if t.impassable {
            return Err(blocked(
                &t.rule,
                t!("engine-move-impassable", terrain = t.name),
            ));
        }
        if cavalry && t.no_cavalry {
            return Err(blocked(
                &t.rule,
                t!("engine-move-no-cavalry-terrain", terrain = t.name),
            ));
        }
        let mut cost = t.move_cost;
        if let Some(s) = self.hexside(from, to) {
            if s.impassable {
                return Err(blocked(
                    &s.rule,
                    t!("engine-move-hexside-impassable", hexside = s.name),
                ));
            }
            if cavalry && s.no_cavalry {
                return Err(blocked(
                    &s.rule,
                    t!("engine-move-no-cavalry-hexside", hexside = s.name),
                ));
            }
            cost += s.extra_cost;
        }
        let climb = self.elevation(to) - self.elevation(from);
        let sl = &self.table.slopes;
        if climb.abs() >= sl.impassable_from {
            return Err(blocked(
                &sl.rule,
                t!("engine-move-slope-too-steep", levels = climb.abs()),
            ));
        }
        if cavalry && climb.abs() >= sl.no_cavalry_from {
            return Err(blocked(
                &sl.rule,
                t!("engine-move-no-cavalry-slope", levels = climb.abs()),
            ));
        }
        if climb > 0 {
            cost += sl.extra_cost_per_level * climb as u32;
        }
        Ok(cost)
    }

    /// Cheapest path by movement points from `start` to `goal` (both included)
    /// through hexes for which `open` is true (the goal need not be open).
    /// Ties are broken in a fixed order, so the path is deterministic.
    pub fn cheapest_path(
        &self,
        start: Hex,
        goal: Hex,
        cavalry: bool,
        open: impl Fn(Hex) -> bool,
    ) -> Option<Vec<Hex>> {
        // Each step costed is a work unit for the opponent's budget
        // (`engine::work`).
        let steps = std::cell::Cell::new(0u64);
        let path = hexx::algorithms::a_star(start, goal, |a, b| {
            steps.set(steps.get() + 1);
            if a == b {
                return Some(0);
            }
            if b != goal && !open(b) {
                return None;
            }
            self.step_cost(a, b, cavalry).ok()
        });
        super::work::charge(steps.get());
        path
    }

    /// Shortest path in hexes (ignoring movement costs, but not impassable
    /// terrain) from `start` to the nearest hex for which `is_goal` holds.
    /// Breadth-first in a fixed neighbour order, so the result is deterministic.
    pub fn shortest_path_to(
        &self,
        start: Hex,
        cavalry: bool,
        open: impl Fn(Hex) -> bool,
        is_goal: impl Fn(Hex) -> bool,
    ) -> Option<Vec<Hex>> {
        if is_goal(start) {
            return Some(vec![start]);
        }
        let mut prev: BTreeMap<(i32, i32), Hex> = BTreeMap::new();
        let mut seen: HashSet<Hex> = HashSet::from([start]);
        let mut queue = VecDeque::from([start]);
        while let Some(h) = queue.pop_front() {
            // Six neighbours looked at: six work units (`engine::work`).
            super::work::charge(super::work::PER_HEX);
            for f in Facing::ALL {
                let n = h.neighbor(f.edge_direction());
                if seen.contains(&n) || !self.contains(n) {
                    continue;
                }
                if self.step_cost(h, n, cavalry).is_err() {
                    continue;
                }
                seen.insert(n);
                prev.insert((n.x, n.y), h);
                if is_goal(n) {
                    let mut path = vec![n];
                    let mut cur = n;
                    while let Some(p) = prev.get(&(cur.x, cur.y)) {
                        path.push(*p);
                        cur = *p;
                    }
                    path.reverse();
                    return Some(path);
                }
                if open(n) {
                    queue.push_back(n);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    pub(crate) fn table() -> TerrainTable {
        TerrainTable {
            terrain: vec![
                TerrainType {
                    name: "open".into(),
                    spanish: None,
                    move_cost: 1,
                    impassable: false,
                    no_cavalry: false,
                    blocks_los: false,
                    defense: 0,
                    color: (0.5, 0.7, 0.3),
                    look: TerrainLook::Open,
                    rule: "T".into(),
                    stand_in: true,
                },
                TerrainType {
                    name: "lake".into(),
                    spanish: None,
                    move_cost: 1,
                    impassable: true,
                    no_cavalry: false,
                    blocks_los: false,
                    defense: 0,
                    color: (0.1, 0.2, 0.8),
                    look: TerrainLook::Water,
                    rule: "T".into(),
                    stand_in: true,
                },
            ],
            hexsides: vec![HexsideType {
                name: "stream".into(),
                spanish: None,
                extra_cost: 1,
                impassable: false,
                no_cavalry: false,
                defense: 1,
                color: (0.2, 0.4, 0.9),
                look: HexsideLook::Water,
                rule: "S".into(),
                stand_in: true,
            }],
            slopes: SlopeRules {
                no_cavalry_from: 2,
                impassable_from: 3,
                extra_cost_per_level: 1,
                rule: "SL".into(),
            },
        }
    }

    #[test]
    fn offset_round_trip_and_bounds() {
        let b = HexBoard::new(12, 9, "open", table());
        for h in b.hexes() {
            assert_eq!(HexBoard::to_hex(HexBoard::to_offset(h)), h);
        }
        assert_eq!(b.hexes().len(), 108);
        assert!(!b.contains(HexBoard::to_hex((12, 0))));
    }

    #[test]
    fn facings_point_where_named() {
        let north = Facing::North.edge_direction();
        let h = Hex::ZERO.neighbor(north);
        let p = HexLayout::flat().hex_to_world_pos(h);
        assert!(p.y > 0.0 && p.x.abs() < 1e-3);
        // Every facing maps to a distinct neighbour.
        let set: HashSet<Hex> = Facing::ALL
            .iter()
            .map(|f| Hex::ZERO.neighbor(f.edge_direction()))
            .collect();
        assert_eq!(set.len(), 6);
        assert_eq!(Facing::North.steps_to(Facing::South), 3);
        assert_eq!(Facing::North.steps_to(Facing::NorthWest), 1);
        // Row +1 in the same column is north.
        let a = HexBoard::to_hex((3, 3));
        let b = HexBoard::to_hex((3, 4));
        assert_eq!(Facing::towards_neighbor(a, b), Some(Facing::North));
    }

    #[test]
    fn step_costs_include_hexsides_and_slopes() {
        let mut b = HexBoard::new(6, 6, "open", table());
        let a = HexBoard::to_hex((2, 2));
        let n = HexBoard::to_hex((2, 3));
        assert_eq!(b.step_cost(a, n, false), Ok(1));
        b.set_hexside(a, n, "stream");
        assert_eq!(b.step_cost(n, a, false), Ok(2));
        b.set_elevation(n, 2);
        assert!(b.step_cost(a, n, true).is_err());
        assert_eq!(b.step_cost(a, n, false), Ok(4));
        b.set_terrain(n, "lake");
        assert!(b.step_cost(a, n, false).is_err());
    }

    #[test]
    fn paths_avoid_closed_hexes() {
        let b = HexBoard::new(8, 8, "open", table());
        let s = HexBoard::to_hex((0, 0));
        let g = HexBoard::to_hex((0, 4));
        let blocked = HexBoard::to_hex((0, 2));
        let p = b
            .cheapest_path(s, g, false, |h| h != blocked)
            .expect("path");
        assert!(!p.contains(&blocked));
        assert_eq!(p.first(), Some(&s));
        assert_eq!(p.last(), Some(&g));
        let edge = b
            .shortest_path_to(HexBoard::to_hex((3, 3)), false, |_| true, |h| b.is_edge(h))
            .expect("edge");
        assert_eq!(edge.len(), 4);
    }
}
