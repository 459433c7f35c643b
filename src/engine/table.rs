//! The open table: miniatures play measured in inches.
//!
//! Coordinates: `x` runs from the table's left edge, `y` from the bottom edge
//! (side 0's edge), both in inches. A facing is a compass bearing in degrees:
//! 0 = towards the far edge (+y), 90 = towards the right edge (+x).
//!
//! A unit stands on a rectangular [`Base`]: its centre, its facing and a
//! footprint of frontage × depth (inches). All measurement is edge to edge
//! between bases, done with `parry2d` (distance, overlap, shape casts along a
//! move, ray casts for line of sight). Terrain areas are convex polygons with
//! [`AreaEffect`]s; scenarios build non-convex features from several areas.
//!
//! Conventions shared by the modules (the seeds assume them from their base
//! rules; the values here are the engine's and are documented where used):
//! - [`CONTACT`]: bases within 0.05″ are in base-to-base contact.
//! - Arcs: front ±45° of the facing, rear ±45° of the back, flank the rest,
//!   measured from the base's centre ([`Base::arc_of`]).
//! - The forward arc for ranged attacks is 90°, spreading from the front
//!   corners ([`Base::in_forward_arc`]).

use bevy::prelude::{Component, Resource, Vec2};
use parry2d::math::{Pose, Vector};
use parry2d::query::{self, Ray, RayCast, ShapeCastOptions};
use parry2d::shape::{ConvexPolygon, Cuboid, Shape};
use serde::{Deserialize, Serialize};

/// Bases closer than this many inches are in base-to-base contact.
pub const CONTACT: f32 = 0.05;

/// Height in inches of a grounded unit's models, for line of sight.
pub const MODEL_HEIGHT: f32 = 1.0;

/// A quarter turn in degrees: compass arithmetic (the bearing of the right
/// edge, a right angle), not a rule value.
pub const QUARTER_TURN: f32 = 90.0;

/// A whole turn in degrees: compass arithmetic (bearings wrap at it), not a
/// rule value.
pub const FULL_TURN: f32 = 360.0;

/// Float rounding, inches, of a path's length or cost set against an
/// allowance or a distance drawn: not a rule value.
pub const LENGTH_TOLERANCE: f32 = 1e-3;

/// Float rounding, degrees, of an angle measured between two bases or
/// bearings set against a limit: not a rule value.
pub const ANGLE_TOLERANCE: f32 = 1e-3;

/// Float rounding, inches, of a distance measured edge to edge against a
/// range, and the least step that counts as a leg of a path: not a rule
/// value.
pub const MEASURE_TOLERANCE: f32 = 1e-4;

/// A path leg shorter than this many inches has no direction and is
/// skipped (float rounding), not a rule value.
pub const ZERO_LENGTH: f32 = 1e-6;

/// A hundredth of an inch: below anything a player measures. Two distances
/// this close are a tie, a move this short is a turn on the spot, and an
/// allowance this much over the move drawn only absorbs rounding. Not a
/// rule value.
pub const NEGLIGIBLE: f32 = 0.01;

/// Work units ([`super::work`]) one exact geometry query (a distance, an
/// intersection test, a shape or ray cast, a point test) is charged.
const QUERY_WORK: u64 = 4;

/// Charges one exact geometry query to the opponent's work counter.
#[inline]
fn charge_query() {
    super::work::charge(QUERY_WORK);
}

/// The distance in inches from one end of `length` to its middle (half of
/// it): from a base's edge to its centre, or to a template's front-centre
/// mark. Geometry, not a rule value.
pub fn centre_offset(length: f32) -> f32 {
    length / 2.0
}

/// The compass bearing in degrees from the table towards `edge`: the
/// bottom edge (row 0, South) 180, the far edge (North) 0, the left edge
/// (West) 270, the right edge (East) 90.
pub fn bearing_toward(edge: super::board::BoardEdge) -> f32 {
    use super::board::BoardEdge;
    match edge {
        BoardEdge::South => 180.0,
        BoardEdge::North => 0.0,
        BoardEdge::West => 270.0,
        BoardEdge::East => 90.0,
    }
}

/// Where a unit stands: centre in inches and facing in degrees (compass).
#[derive(Component, Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablePos {
    /// Inches from the left edge.
    pub x: f32,
    /// Inches from the bottom edge.
    pub y: f32,
    /// Compass bearing in degrees, 0 = towards the far edge, 90 = right.
    pub facing: f32,
}

/// The size of a unit's base in inches: frontage (across the facing) × depth.
#[derive(Component, Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Footprint {
    /// Width of the front edge, inches.
    pub frontage: f32,
    /// Front to back, inches.
    pub depth: f32,
}

impl Footprint {
    /// The footprint of `models` standing `per_rank` wide, each model taking
    /// `model_width` × `model_depth` inches. An incomplete last rank still
    /// counts as a rank. At least one model's size.
    pub fn from_models(models: u32, per_rank: u32, model_width: f32, model_depth: f32) -> Self {
        let per_rank = per_rank.max(1);
        let models = models.max(1);
        let files = models.min(per_rank);
        let ranks = models.div_ceil(per_rank);
        Footprint {
            frontage: files as f32 * model_width,
            depth: ranks as f32 * model_depth,
        }
    }
}

/// Which part of a base a point lies towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Arc {
    /// Within 45° of the facing.
    Front,
    /// Neither front nor rear.
    Flank,
    /// Within 45° of the back.
    Rear,
}

/// The unit vector of a compass bearing in degrees.
pub fn bearing_vector(degrees: f32) -> Vec2 {
    let r = degrees.to_radians();
    Vec2::new(r.sin(), r.cos())
}

/// The compass bearing in degrees (0..360) of a direction.
pub fn bearing_of(v: Vec2) -> f32 {
    let d = v.x.atan2(v.y).to_degrees();
    if d < 0.0 { d + 360.0 } else { d }
}

/// The smallest angle in degrees (0..=180) between two bearings.
pub fn angle_between(a: f32, b: f32) -> f32 {
    let d = (a - b).rem_euclid(360.0);
    if d > 180.0 { 360.0 - d } else { d }
}

fn v(p: Vec2) -> Vector {
    Vector::new(p.x, p.y)
}

/// A unit's base on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Base {
    /// Centre, inches.
    pub center: Vec2,
    /// Compass bearing in degrees.
    pub facing: f32,
    /// Front edge width, inches.
    pub frontage: f32,
    /// Depth, inches.
    pub depth: f32,
}

impl Base {
    /// The base of a unit at `pos` with `footprint`.
    pub fn new(pos: TablePos, footprint: Footprint) -> Self {
        Base {
            center: Vec2::new(pos.x, pos.y),
            facing: pos.facing,
            frontage: footprint.frontage,
            depth: footprint.depth,
        }
    }

    /// The same base moved to `center`, facing `facing`.
    pub fn at(self, center: Vec2, facing: f32) -> Self {
        Base {
            center,
            facing,
            ..self
        }
    }

    /// Unit vector of the facing.
    pub fn forward(&self) -> Vec2 {
        bearing_vector(self.facing)
    }

    /// Unit vector to the base's right.
    pub fn right(&self) -> Vec2 {
        bearing_vector(self.facing + 90.0)
    }

    /// Corners: front-left, front-right, rear-right, rear-left.
    pub fn corners(&self) -> [Vec2; 4] {
        let f = self.forward() * self.depth / 2.0;
        let r = self.right() * self.frontage / 2.0;
        let c = self.center;
        [c + f - r, c + f + r, c - f + r, c - f - r]
    }

    /// The middle of the front edge.
    pub fn front_center(&self) -> Vec2 {
        self.center + self.forward() * self.depth / 2.0
    }

    fn pose(&self) -> Pose {
        // Local x = right, local y = forward: rotate by −bearing.
        Pose::new(v(self.center), -self.facing.to_radians())
    }

    fn cuboid(&self) -> Cuboid {
        Cuboid::new(Vector::new(
            (self.frontage / 2.0).max(0.01),
            (self.depth / 2.0).max(0.01),
        ))
    }

    /// Half the diagonal, inches: no point of the base is farther from its centre.
    fn radius(&self) -> f32 {
        0.5 * (self.frontage * self.frontage + self.depth * self.depth).sqrt()
    }

    /// A lower bound of [`Base::distance_to`] from the bounding circles, so
    /// that far-apart bases skip the exact query (inches; may be negative).
    fn distance_lower_bound(&self, other: &Base) -> f32 {
        self.center.distance(other.center) - self.radius() - other.radius() - 1e-3
    }

    /// Edge-to-edge distance in inches; 0 when touching or overlapping.
    pub fn distance_to(&self, other: &Base) -> f32 {
        charge_query();
        query::distance(&self.pose(), &self.cuboid(), &other.pose(), &other.cuboid())
            .map(|d| d.distance)
            .unwrap_or_else(|_| self.center.distance(other.center))
    }

    /// Whether the two bases overlap by more than touching.
    pub fn overlaps(&self, other: &Base) -> bool {
        if self.distance_lower_bound(other) > 0.0 {
            return false;
        }
        charge_query();
        let shrink = |b: &Base| {
            Cuboid::new(Vector::new(
                (b.frontage / 2.0 - 0.01).max(0.005),
                (b.depth / 2.0 - 0.01).max(0.005),
            ))
        };
        query::intersection_test(&self.pose(), &shrink(self), &other.pose(), &shrink(other))
            .map(|i| i.intersecting)
            .unwrap_or(false)
    }

    /// Whether the bases are in base-to-base contact (within [`CONTACT`]).
    pub fn in_contact(&self, other: &Base) -> bool {
        self.distance_lower_bound(other) <= CONTACT && self.distance_to(other) <= CONTACT
    }

    /// Whether any part of `other` is within `inches` of this base, edge to edge.
    pub fn within(&self, other: &Base, inches: f32) -> bool {
        self.distance_lower_bound(other) <= inches + 1e-4
            && self.distance_to(other) <= inches + 1e-4
    }

    /// Which arc of this base `point` lies in (front, flank, rear; 90° each
    /// for front and rear), measured from the base's centre.
    pub fn arc_of(&self, point: Vec2) -> Arc {
        let d = point - self.center;
        if d.length_squared() < 1e-9 {
            return Arc::Front;
        }
        let a = angle_between(bearing_of(d), self.facing);
        if a <= 45.0 {
            Arc::Front
        } else if a >= 135.0 {
            Arc::Rear
        } else {
            Arc::Flank
        }
    }

    /// Whether any part of `other` lies inside this base's 90° forward arc: the
    /// area ahead of the front edge bounded by lines leaving the front corners
    /// at 45° outwards.
    pub fn in_forward_arc(&self, other: &Base) -> bool {
        let [fl, fr, ..] = self.corners();
        let fwd = self.forward();
        let right = self.right();
        let inside = |p: Vec2| {
            let ahead_l = (p - fl).dot(fwd);
            let ahead_r = (p - fr).dot(fwd);
            let left_ok = ahead_l >= -(p - fl).dot(right) - 1e-4 || (p - fl).dot(right) >= 0.0;
            let right_ok = ahead_r >= (p - fr).dot(right) - 1e-4 || (p - fr).dot(right) <= 0.0;
            (p - fl).dot(fwd) >= -1e-4 && left_ok && right_ok
        };
        if other.corners().iter().any(|c| inside(*c)) || inside(other.center) {
            return true;
        }
        // An enemy wider than the arc's mouth: test the arc's own edges against
        // the base with ray casts.
        let rays = [
            (fl, (fwd - right).normalize()),
            (fr, (fwd + right).normalize()),
            (self.front_center(), fwd),
        ];
        rays.iter().any(|(o, d)| {
            other
                .cuboid()
                .intersects_ray(&other.pose(), &Ray::new(v(*o), v(*d)), 1.0e4)
        })
    }

    /// The angle of approach in degrees (0..=180) of a unit on `self` moving to
    /// `target`: the angle between this base's facing and the direction
    /// straight into the target's edge that faces it. Engagement rules (a 30°
    /// limit) compare it with their limit.
    pub fn approach_angle(&self, target: &Base) -> f32 {
        // The target edge facing the attacker is the one whose outward normal
        // points most towards the attacker's centre.
        let to_attacker = self.center - target.center;
        let normals = [
            target.forward(),
            target.right(),
            -target.forward(),
            -target.right(),
        ];
        let normal = normals
            .iter()
            .copied()
            .max_by(|a, b| a.dot(to_attacker).total_cmp(&b.dot(to_attacker)))
            .unwrap_or(target.forward());
        angle_between(self.facing, bearing_of(-normal))
    }

    /// How far this base can travel along `direction` (unit vector) before it
    /// touches `other`, up to `max` inches; `None` if it never does.
    pub fn travel_until_contact(&self, direction: Vec2, max: f32, other: &Base) -> Option<f32> {
        // Broad phase: the swept bounding circle never reaches the other's.
        let rel = other.center - self.center;
        let along = rel.dot(direction).clamp(0.0, max.max(0.0));
        let gap = (rel - direction * along).length() - self.radius() - other.radius();
        if gap > 1e-3 {
            return None;
        }
        charge_query();
        let options = ShapeCastOptions::with_max_time_of_impact(max);
        query::cast_shapes(
            &self.pose(),
            v(direction),
            &self.cuboid(),
            &other.pose(),
            Vector::ZERO,
            &other.cuboid(),
            options,
        )
        .ok()
        .flatten()
        .map(|hit| hit.time_of_impact)
    }
}

/// What a terrain area does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum AreaEffect {
    /// Costs double movement to grounded units crossing it.
    Difficult,
    /// Blocks line of sight below its height.
    BlocksLos,
    /// No grounded unit may enter.
    Impassable,
    /// Tall enough to stop flying units too (canyon walls, mountains).
    HighReaching,
}

/// A terrain area in a scenario: a convex polygon with effects.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaSpec {
    /// Display name ("Pine wood").
    pub name: String,
    /// What it does.
    pub effects: Vec<AreaEffect>,
    /// Height in inches for line of sight (an airborne unit sees over what is
    /// lower than its line); 0 = flat.
    #[serde(default)]
    pub height: f32,
    /// Corners in inches `(x, y)`, in order around the area; must be convex.
    pub points: Vec<(f32, f32)>,
    /// How the area is drawn (the art only, never read by a rule); left
    /// out, it follows the effects ([`AreaSpec::shown_look`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub look: Option<super::board::TerrainLook>,
}

impl AreaSpec {
    /// The look the area is drawn with: its own, else one that says what it
    /// does (tall and impassable: rough rock; impassable: water; blocking
    /// sight: woods; difficult: scattered woods; else open ground).
    pub fn shown_look(&self) -> super::board::TerrainLook {
        use super::board::TerrainLook;
        self.look.unwrap_or_else(|| {
            let has = |e: AreaEffect| self.effects.contains(&e);
            if has(AreaEffect::HighReaching) {
                TerrainLook::Rough
            } else if has(AreaEffect::Impassable) {
                TerrainLook::Water
            } else if has(AreaEffect::BlocksLos) {
                TerrainLook::Forest
            } else if has(AreaEffect::Difficult) {
                TerrainLook::Scattered
            } else {
                TerrainLook::Open
            }
        })
    }
}

/// A terrain area ready for measurement.
#[derive(Clone, Debug)]
pub struct TerrainArea {
    /// The scenario's description.
    pub spec: AreaSpec,
    shape: ConvexPolygon,
}

impl TerrainArea {
    /// Builds the area; `None` if the points do not make a convex polygon.
    pub fn new(spec: AreaSpec) -> Option<Self> {
        let pts: Vec<Vector> = spec
            .points
            .iter()
            .map(|(x, y)| Vector::new(*x, *y))
            .collect();
        if pts.len() < 3 {
            return None;
        }
        let hull = ConvexPolygon::from_convex_hull(&pts)?;
        // Every given point must be a corner of its own hull: a concave shape
        // loses points to the hull.
        if hull.points().len() != pts.len() {
            return None;
        }
        Some(TerrainArea { spec, shape: hull })
    }

    /// Whether the area has `effect`.
    pub fn has(&self, effect: AreaEffect) -> bool {
        self.spec.effects.contains(&effect)
    }

    /// Whether the area stops a unit: grounded units may not enter
    /// impassable or high-reaching areas, airborne units only high-reaching
    /// ones.
    pub fn stops(&self, airborne: bool) -> bool {
        self.has(AreaEffect::HighReaching) || (!airborne && self.has(AreaEffect::Impassable))
    }

    /// Whether `point` is inside the area.
    pub fn contains(&self, point: Vec2) -> bool {
        charge_query();
        parry2d::query::PointQuery::contains_point(&self.shape, &Pose::IDENTITY, v(point))
    }

    /// Whether a base overlaps the area.
    pub fn overlaps(&self, base: &Base) -> bool {
        charge_query();
        query::intersection_test(&Pose::IDENTITY, &self.shape, &base.pose(), &base.cuboid())
            .map(|i| i.intersecting)
            .unwrap_or(false)
    }

    /// The part of the segment `a → b` inside the area, as fractions
    /// `(t0, t1)` of its length (0..=1), or `None` if it misses.
    pub fn clip(&self, a: Vec2, b: Vec2) -> Option<(f32, f32)> {
        let len = a.distance(b);
        if len < 1e-6 {
            return self.contains(a).then_some((0.0, 1.0));
        }
        let dir = (b - a) / len;
        // Two ray casts beside the two point tests.
        charge_query();
        charge_query();
        let t0 = if self.contains(a) {
            0.0
        } else {
            self.shape
                .cast_ray(&Pose::IDENTITY, &Ray::new(v(a), v(dir)), len, true)?
                / len
        };
        let t1 = if self.contains(b) {
            1.0
        } else {
            1.0 - self
                .shape
                .cast_ray(&Pose::IDENTITY, &Ray::new(v(b), v(-dir)), len, true)?
                / len
        };
        (t1 >= t0).then_some((t0, t1))
    }

    /// The area's shape as a parry2d shape (for drawing and tests).
    pub fn shape(&self) -> &dyn Shape {
        &self.shape
    }
}

/// A table size and its terrain, as a scenario gives it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableSpec {
    /// Width in inches (left to right), 12..=120.
    pub width: f32,
    /// Depth in inches (bottom to top), 12..=120.
    pub depth: f32,
    /// Terrain areas.
    #[serde(default)]
    pub areas: Vec<AreaSpec>,
}

/// One end of a line of sight: a point on the table and its height in inches.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eye {
    /// Where, inches.
    pub at: Vec2,
    /// Height above the table, inches.
    pub height: f32,
}

/// A unit that may stand in the way of a line of sight.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Obstacle {
    /// Its base.
    pub base: Base,
    /// The height of its top, inches.
    pub height: f32,
}

/// What blocks a line of sight.
#[derive(Clone, Debug, PartialEq)]
pub enum Blocked {
    /// A terrain area, by name.
    Terrain(String),
    /// A unit's base, by index in the obstacle list given.
    Unit(usize),
}

/// Why a move is refused.
#[derive(Clone, Debug, PartialEq)]
pub enum MoveError {
    /// The path costs more than the allowance (inches wanted, inches allowed).
    TooFar(f32, f32),
    /// The base would leave the table.
    OffTable,
    /// The base would enter an impassable area (its name).
    Impassable(String),
    /// The base would touch or cross another unit's base (its index), after
    /// travelling this many inches.
    Unit(usize, f32),
}

/// The table resource: size and terrain.
#[derive(Resource, Clone, Debug)]
pub struct Table {
    /// Width in inches.
    pub width: f32,
    /// Depth in inches.
    pub depth: f32,
    /// Terrain areas.
    pub areas: Vec<TerrainArea>,
}

/// The measured cost of a move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveCost {
    /// Distance travelled along the path, inches.
    pub length: f32,
    /// Allowance used, inches (difficult ground counts double).
    pub cost: f32,
}

impl Table {
    /// Builds the table; the error names the first area that is not a
    /// convex polygon.
    pub fn new(spec: &TableSpec) -> Result<Self, String> {
        let mut areas = Vec::new();
        for a in &spec.areas {
            let area = TerrainArea::new(a.clone())
                .ok_or_else(|| format!("area \"{}\" is not a convex polygon", a.name))?;
            areas.push(area);
        }
        Ok(Table {
            width: spec.width,
            depth: spec.depth,
            areas,
        })
    }

    /// Whether the whole base is on the table.
    pub fn holds(&self, base: &Base) -> bool {
        base.corners().iter().all(|c| {
            c.x >= -1e-3 && c.y >= -1e-3 && c.x <= self.width + 1e-3 && c.y <= self.depth + 1e-3
        })
    }

    /// Line of sight between two eyes: blocked by an area with
    /// [`AreaEffect::BlocksLos`] that the sight line crosses below the area's
    /// height, and by a unit in `obstacles` whose base it crosses below the
    /// unit's height. An eye standing inside an area sees out of it and can be
    /// seen (the area does not block that line). Units whose base contains
    /// either eye are ignored.
    pub fn line_of_sight(&self, from: Eye, to: Eye, obstacles: &[Obstacle]) -> Result<(), Blocked> {
        let height_at = |t: f32| from.height + (to.height - from.height) * t;
        for area in self.areas.iter().filter(|a| a.has(AreaEffect::BlocksLos)) {
            if let Some((t0, t1)) = area.clip(from.at, to.at) {
                if t0 <= 1e-4 || t1 >= 1.0 - 1e-4 {
                    continue;
                }
                if height_at(t0).min(height_at(t1)) < area.spec.height {
                    return Err(Blocked::Terrain(area.spec.name.clone()));
                }
            }
        }
        let len = from.at.distance(to.at);
        if len < 1e-6 {
            return Ok(());
        }
        let dir = (to.at - from.at) / len;
        // A ray against a box: one work unit each.
        super::work::charge(obstacles.len() as u64);
        for (i, o) in obstacles.iter().enumerate() {
            let shape = o.base.cuboid();
            let pose = o.base.pose();
            let inside = |p: Vec2| parry2d::query::PointQuery::contains_point(&shape, &pose, v(p));
            if inside(from.at) || inside(to.at) {
                continue;
            }
            if let Some(t) = shape.cast_ray(&pose, &Ray::new(v(from.at), v(dir)), len, true) {
                let t_out = shape
                    .cast_ray(&pose, &Ray::new(v(to.at), v(-dir)), len, true)
                    .map_or(t, |u| len - u);
                let lowest = height_at(t / len).min(height_at(t_out / len));
                if lowest < o.height + 1e-3 {
                    return Err(Blocked::Unit(i));
                }
            }
        }
        Ok(())
    }

    /// The allowance a straight move `a → b` uses: its length, with the part
    /// inside difficult areas counting double for a grounded unit.
    pub fn segment_cost(&self, a: Vec2, b: Vec2, airborne: bool) -> MoveCost {
        let length = a.distance(b);
        let mut cost = length;
        if !airborne {
            for area in self.areas.iter().filter(|x| x.has(AreaEffect::Difficult)) {
                if let Some((t0, t1)) = area.clip(a, b) {
                    cost += (t1 - t0) * length;
                }
            }
        }
        MoveCost { length, cost }
    }

    /// Checks a move of `base` through `waypoints` (centres, inches), ending
    /// facing `final_facing`, against an allowance in inches. While it moves
    /// the base faces along each leg. Grounded units may not enter impassable
    /// areas; airborne units only high-reaching ones. No base in `others` may
    /// be touched or crossed, except those listed in `may_touch` (a charge
    /// target), which stop the move at contact.
    ///
    /// # Errors
    /// The first rule the move breaks.
    #[allow(clippy::too_many_arguments)]
    pub fn check_move(
        &self,
        base: &Base,
        waypoints: &[Vec2],
        final_facing: f32,
        allowance: f32,
        airborne: bool,
        others: &[Base],
        may_touch: &[usize],
    ) -> Result<MoveCost, MoveError> {
        let mut total = MoveCost {
            length: 0.0,
            cost: 0.0,
        };
        let mut here = *base;
        for &next in waypoints {
            let d = next - here.center;
            let len = d.length();
            if len < 1e-4 {
                continue;
            }
            let dir = d / len;
            let moving = here.at(here.center, bearing_of(dir));
            for (i, o) in others.iter().enumerate() {
                let touching = moving.in_contact(o);
                if touching && dir.dot(o.center - moving.center) <= 0.0 {
                    // Leaving a unit it already touches.
                    continue;
                }
                if let Some(t) = moving.travel_until_contact(dir, len, o) {
                    let ends_there = t + 0.01 >= len;
                    if !(may_touch.contains(&i) && ends_there) {
                        return Err(MoveError::Unit(i, total.length + t));
                    }
                }
            }
            // The base sweeps the whole leg: it may not cross ground it may
            // not stand on, even if both ends are clear.
            for area in self.areas.iter().filter(|a| a.stops(airborne)) {
                charge_query();
                let hit = query::cast_shapes(
                    &moving.pose(),
                    v(dir),
                    &moving.cuboid(),
                    &Pose::IDENTITY,
                    Vector::ZERO,
                    &area.shape,
                    ShapeCastOptions::with_max_time_of_impact(len),
                );
                if let Ok(Some(_)) = hit {
                    return Err(MoveError::Impassable(area.spec.name.clone()));
                }
            }
            let step = self.segment_cost(here.center, next, airborne);
            total.length += step.length;
            total.cost += step.cost;
            here = moving.at(next, moving.facing);
            self.check_standing(&here, airborne)?;
        }
        here = here.at(here.center, final_facing);
        self.check_standing(&here, airborne)?;
        for (i, o) in others.iter().enumerate() {
            if here.overlaps(o) || (!may_touch.contains(&i) && here.distance_to(o) <= 0.0) {
                return Err(MoveError::Unit(i, total.length));
            }
        }
        if total.cost > allowance + 1e-3 {
            return Err(MoveError::TooFar(total.cost, allowance));
        }
        Ok(total)
    }

    /// Whether a base may stand where it is: on the table and out of areas it
    /// may not enter.
    ///
    /// # Errors
    /// Off the table, or the impassable area's name.
    pub fn check_standing(&self, base: &Base, airborne: bool) -> Result<(), MoveError> {
        if !self.holds(base) {
            return Err(MoveError::OffTable);
        }
        for area in self.areas.iter().filter(|a| a.stops(airborne)) {
            if area.overlaps(base) {
                return Err(MoveError::Impassable(area.spec.name.clone()));
            }
        }
        Ok(())
    }

    /// The areas with `effect` that `base` overlaps.
    pub fn areas_under(&self, base: &Base, effect: AreaEffect) -> Vec<&TerrainArea> {
        self.areas
            .iter()
            .filter(|a| a.has(effect) && a.overlaps(base))
            .collect()
    }
}

#[cfg(test)]
#[path = "table_tests.rs"]
mod tests;
