//! The engine's open-table helpers, a library the open-table modules call
//! from their own [`Rules`](super::core::Rules) implementations: the game
//! context ([`TableCtx`]), scenario parsing and description, the candidate
//! moves and the legal commands built from a module's choices, the table
//! invariants, a score from models left, the editor palette, and the parts
//! of a unit's counter and card that every table module shows. None of it
//! knows a module's vocabulary: a module passes its units as
//! [`TablePiece`]s and its choices as a [`Menu`].

use crate::t;

use bevy::math::Vec2;

use super::briefing::Briefing;
use super::core::{Focus, Outcome, ScenarioInfo};
use super::editing::{EditorFlag, EditorPalette, FacingKind, FlagKind};
use super::scenario::LoadError;
use super::table::{Base, Table, bearing_of};
use super::table_scenario::{TableCatalog, TableScenario};
use super::view::{
    CardLine, Choice, Needs, Objective, Odds, OddsLines, Pick, Place, Spot, Tone, UnitSymbol,
    UnitView,
};

/// Scenario, table and tables of an open-table game: the `Ctx` of a table
/// module, with setup block `S` and module tables `T`.
pub struct TableCtx<S, T> {
    /// The scenario.
    pub scenario: TableScenario<S>,
    /// The table built from it.
    pub table: Table,
    /// The module tables.
    pub tables: T,
    /// The two side names (empty when the scenario names fewer).
    pub side_names: [String; 2],
}

impl<S: Clone, T> TableCtx<S, T> {
    /// The context of `scenario` with the module's `tables`.
    pub fn new(scenario: &TableScenario<S>, tables: T) -> Self {
        Self {
            tables,
            table: scenario.build_table(),
            side_names: [0, 1].map(|i| {
                scenario
                    .sides
                    .get(i)
                    .map(|x| x.name.clone())
                    .unwrap_or_default()
            }),
            scenario: scenario.clone(),
        }
    }

    /// Side `side`'s name; empty for a side above 1.
    pub fn side_name(&self, side: u8) -> &str {
        self.side_names
            .get(usize::from(side))
            .map_or("", String::as_str)
    }
}

/// A unit as the table helpers see it: no module's terms.
#[derive(Clone, Debug, PartialEq)]
pub struct TablePiece {
    /// Unit id.
    pub id: u32,
    /// Side, 0 or 1.
    pub side: u8,
    /// Its base on the table (inches, compass degrees).
    pub base: Base,
    /// Models left (0 = destroyed).
    pub models: u32,
    /// Still hidden from the other side (Kassen's hidden deployment,
    /// [`HiddenDeployment`](super::table_scenario::HiddenDeployment)).
    pub hidden: bool,
}

impl TablePiece {
    /// Whether `viewer`'s side can see this piece: its own, or not hidden.
    pub fn seen_by(&self, viewer: u8) -> bool {
        self.side == viewer || !self.hidden
    }
}

/// Where a hidden unit may stand instead, for a module's `hidden_variant`:
/// its centre mirrored across the table's centre, or, on the centre itself,
/// the same place turned about. Returns `(x, y, facing)` (inches, degrees).
pub fn elsewhere(base: &Base, table: &Table) -> (f32, f32, f32) {
    let (x, y) = (table.width - base.center.x, table.depth - base.center.y);
    if (x, y) == (base.center.x, base.center.y) {
        (x, y, bearing_of(-base.forward()))
    } else {
        (x, y, base.facing)
    }
}

/// Why a hidden unit is revealed (Kassen's hidden deployment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reveal {
    /// It acted: moved, shot or fought.
    Acted,
    /// The living enemy unit with this id came within the scenario's
    /// `reveal_within` inches of it.
    Spotted(u32),
}

/// The hidden units to reveal now, in the order of `pieces`: each living
/// hidden piece that is `actor`, or that has a living enemy piece within
/// `reveal_within` inches, base to base (the nearest one named).
pub fn to_reveal(
    pieces: &[TablePiece],
    reveal_within: f32,
    actor: Option<u32>,
) -> Vec<(u32, Reveal)> {
    pieces
        .iter()
        .filter(|p| p.hidden && p.models > 0)
        .filter_map(|p| {
            if actor == Some(p.id) {
                return Some((p.id, Reveal::Acted));
            }
            pieces
                .iter()
                .filter(|e| e.side != p.side && e.models > 0)
                .map(|e| (e.id, e.base.distance_to(&p.base)))
                .filter(|(_, d)| *d <= reveal_within)
                .min_by(|a, b| a.1.total_cmp(&b.1))
                .map(|(e, _)| (p.id, Reveal::Spotted(e)))
        })
        .collect()
}

/// What a module offers a unit on the table, as three functions of the
/// game now: the choices of a unit (empty when its side does not act), the
/// inches a move choice allows, and the command a choice and a pick make
/// (which `apply` may still refuse).
pub struct Menu<'a, C> {
    /// The choices of unit `id` now.
    pub choices: &'a dyn Fn(u32) -> Vec<Choice>,
    /// Inches unit `id` may move with choice `key`.
    pub allowance: &'a dyn Fn(u32, &str) -> Option<f32>,
    /// The command of choice `key` with `pick`.
    pub choose: &'a dyn Fn(&str, &Pick) -> Option<C>,
}

/// Parses a table scenario, checks it against the module's catalog, then
/// runs the module's own checks (`check`: a sentence and the anchors to
/// point at in the text).
///
/// # Errors
/// The first problem, with file, line and column where the text has one.
pub fn parse_scenario<S, T: TableCatalog>(
    file: &str,
    text: &str,
    tables: &T,
    check: impl FnOnce(&TableScenario<S>) -> Result<(), (String, Vec<String>)>,
) -> Result<TableScenario<S>, LoadError>
where
    S: serde::de::DeserializeOwned + Default,
{
    let scenario = TableScenario::<S>::from_str(file, text, tables)?;
    check(&scenario).map_err(|(msg, anchors)| {
        let refs: Vec<&str> = anchors.iter().map(String::as_str).collect();
        LoadError::at(file, text, &refs, msg)
    })?;
    Ok(scenario)
}

/// The title screen's lines of a table scenario.
pub fn describe<S>(s: &TableScenario<S>) -> ScenarioInfo {
    ScenarioInfo {
        name: s.name.clone(),
        sides: s.sides.iter().map(|x| x.name.clone()).collect(),
        units: s.units.len(),
        turn_limit: s.turn_limit,
        briefing: Briefing::or_english(s.briefing.as_ref(), &s.description, &s.victory.description),
    }
}

/// Each side's counter colour from the scenario (sRGB, `0.0..=1.0`; grey
/// for a side it does not name).
pub fn side_colors<S>(s: &TableScenario<S>) -> [[f32; 3]; 2] {
    [0, 1].map(|i| {
        s.sides
            .get(i)
            .map_or([0.5; 3], |s| [s.color.0, s.color.1, s.color.2])
    })
}

/// Fractions of a unit's allowance tried by the move candidates.
pub const MOVE_FRACTIONS: [f32; 3] = [0.25, 0.5, 1.0];

/// Move candidates for `unit` with allowance `inches`: toward each enemy
/// (stopping short of its centre), toward each objective (inches from the
/// table's corner) and straight ahead, each at [`MOVE_FRACTIONS`] of the
/// allowance, facing the way it went.
pub fn move_picks(
    unit: &TablePiece,
    all: &[TablePiece],
    objectives: &[Vec2],
    inches: f32,
) -> Vec<Pick> {
    let from = unit.base.center;
    let mut heads: Vec<Vec2> = all
        .iter()
        .filter(|e| e.side != unit.side && e.models > 0 && e.seen_by(unit.side))
        .map(|e| e.base.center)
        .chain(objectives.iter().copied())
        .map(|p| p - from)
        .filter(|v| v.length() > 0.01)
        .collect();
    heads.push(unit.base.forward());
    let mut out = Vec::new();
    for head in heads {
        let room = head.length();
        let dir = head.normalize_or_zero();
        if dir == Vec2::ZERO {
            continue;
        }
        for f in MOVE_FRACTIONS {
            let d = (inches * f).min(room);
            if d < 0.05 {
                continue;
            }
            let to = from + dir * d;
            out.push(Pick {
                unit: unit.id,
                target: None,
                path: vec![(to.x, to.y)],
                facing: bearing_of(dir),
                hex: None,
            });
        }
    }
    out
}

/// A pick of `unit` alone, or against `target`, facing as it stands.
fn plain_pick(unit: &TablePiece, target: Option<u32>) -> Pick {
    Pick {
        unit: unit.id,
        target,
        path: Vec::new(),
        facing: unit.base.facing,
        hex: None,
    }
}

/// The legal commands of `side` now, built from the module's [`Menu`]: for
/// each own living unit, each of its choices as is, against every other
/// living unit the side can see ([`TablePiece::seen_by`]), or along the move candidates of [`move_picks`] (toward the
/// `objectives` too); each kept once, and only if `accepted` (the module's
/// `apply` on a copy) takes it. Then `pass`, the end of the side's phase.
pub fn legal_commands<C: PartialEq>(
    pieces: &[TablePiece],
    objectives: &[Objective],
    side: u8,
    menu: &Menu<'_, C>,
    accepted: impl Fn(&C) -> bool,
    pass: C,
) -> Vec<C> {
    legal_commands_of(pieces, objectives, side, None, menu, accepted, pass)
}

/// Targets a unit weighs in the computer opponent's focus on a large
/// battle ([`opponent_focus`]): the nearest this many, edge to edge.
pub const FOCUS_TARGETS: usize = 12;

/// The most units (both sides) a table scenario may hold for the computer
/// opponent to search every unit's commands at once; above it, it searches
/// one unit at a time ([`opponent_focus`]). Listing every unit's commands
/// against every target, each checked on a copy of the battle, costs the
/// cube of the units. The largest shipped table scenario has 17.
pub const WHOLE_LISTING_UNITS: usize = 64;

/// The computer opponent's focus on a large table battle (more than
/// [`WHOLE_LISTING_UNITS`] units): the scripted play's next command
/// (`baseline`) as the baseline, and as candidates the legal commands of
/// the unit it acts with (`unit_of`) against (and moving toward) its
/// [`FOCUS_TARGETS`] nearest units, with the end of the phase and the
/// baseline itself; or only the
/// baseline when it acts with no unit. `None` on smaller battles (every
/// unit's commands are searched) or when the scripted play has nothing.
#[allow(clippy::too_many_arguments)]
pub fn opponent_focus<C: PartialEq + Clone>(
    pieces: &[TablePiece],
    objectives: &[Objective],
    side: u8,
    baseline: Option<C>,
    unit_of: impl Fn(&C) -> Option<u32>,
    menu: &Menu<'_, C>,
    accepted: impl Fn(&C) -> bool,
    pass: C,
) -> Option<Focus<C>> {
    if pieces.len() <= WHOLE_LISTING_UNITS {
        return None;
    }
    let baseline = baseline?;
    let candidates = match unit_of(&baseline) {
        Some(unit) => {
            let only = Some((unit, FOCUS_TARGETS));
            let mut c = legal_commands_of(pieces, objectives, side, only, menu, accepted, pass);
            if !c.contains(&baseline) {
                c.push(baseline.clone());
            }
            c
        }
        None => vec![baseline.clone()],
    };
    Some(Focus {
        candidates,
        baseline,
    })
}

/// [`legal_commands`] of every unit (`only` is `None`), or of one unit
/// against its nearest so many targets (`Some((unit, targets))`).
fn legal_commands_of<C: PartialEq>(
    pieces: &[TablePiece],
    objectives: &[Objective],
    side: u8,
    only: Option<(u32, usize)>,
    menu: &Menu<'_, C>,
    accepted: impl Fn(&C) -> bool,
    pass: C,
) -> Vec<C> {
    let objectives: Vec<Vec2> = objectives
        .iter()
        .filter_map(|o| match o.at {
            Spot::Table(x, y) => Some(Vec2::new(x, y)),
            Spot::Hex(_) => None,
        })
        .collect();
    let mut out = Vec::new();
    let listed =
        |u: &&TablePiece| u.side == side && u.models > 0 && only.is_none_or(|o| o.0 == u.id);
    for u in pieces.iter().filter(listed) {
        for choice in (menu.choices)(u.id) {
            let picks = match choice.needs {
                Needs::Nothing => vec![plain_pick(u, None)],
                Needs::Target => {
                    let mut targets: Vec<&TablePiece> = pieces
                        .iter()
                        .filter(|t| t.id != u.id && t.models > 0 && t.seen_by(side))
                        .collect();
                    if let Some((_, nearest)) = only {
                        // The nearest (then the lower id), in their listed
                        // order; the rest left out.
                        let d = |t: &TablePiece| u.base.center.distance(t.base.center);
                        let mut by_distance = targets.clone();
                        by_distance.sort_by(|a, b| d(a).total_cmp(&d(b)).then(a.id.cmp(&b.id)));
                        let kept: Vec<u32> =
                            by_distance.iter().take(nearest).map(|t| t.id).collect();
                        targets.retain(|t| kept.contains(&t.id));
                    }
                    targets.iter().map(|t| plain_pick(u, Some(t.id))).collect()
                }
                // Table modules place by dragging, not by hex.
                Needs::Hex => Vec::new(),
                Needs::Path => {
                    let inches = (menu.allowance)(u.id, &choice.key).unwrap_or(0.0);
                    match only {
                        // Toward the nearest enemies only.
                        Some((_, nearest)) => {
                            let d = |t: &TablePiece| u.base.center.distance(t.base.center);
                            let mut near: Vec<TablePiece> = pieces
                                .iter()
                                .filter(|e| e.side != side && e.models > 0 && e.seen_by(side))
                                .cloned()
                                .collect();
                            near.sort_by(|a, b| d(a).total_cmp(&d(b)).then(a.id.cmp(&b.id)));
                            near.truncate(nearest);
                            move_picks(u, &near, &objectives, inches)
                        }
                        None => move_picks(u, pieces, &objectives, inches),
                    }
                }
            };
            for pick in picks {
                let Some(cmd) = (menu.choose)(&choice.key, &pick) else {
                    continue;
                };
                if !out.contains(&cmd) && accepted(&cmd) {
                    out.push(cmd);
                }
            }
        }
    }
    out.push(pass);
    out
}

/// Commands an illegal-command test should see refused now, built from the
/// module's [`Menu`]: the other side's pass (`pass` of the side that does
/// not act; side 0's when the game is over), and for each unit of the side
/// that acts, each choice made for an unknown unit, moved off the table,
/// aimed at a target that is not there, or aimed at an enemy unit the side
/// cannot see (still hidden).
pub fn illegal_examples<C>(
    pieces: &[TablePiece],
    awaiting: Option<u8>,
    menu: &Menu<'_, C>,
    pass: impl Fn(u8) -> C,
) -> Vec<(String, C)> {
    let mut out = Vec::new();
    let Some(side) = awaiting else {
        out.push(("game over".to_string(), pass(0)));
        return out;
    };
    out.push(("wrong side".to_string(), pass(1 - side)));
    for u in pieces.iter().filter(|u| u.side == side) {
        // Off the table: every path choice, with its destination drawn off
        // the table (a clipped move is refused too).
        for choice in (menu.choices)(u.id) {
            let mut pick = Pick {
                unit: u32::MAX,
                target: None,
                path: vec![(u.base.center.x, u.base.center.y)],
                facing: u.base.facing,
                hex: None,
            };
            if let Some(c) = (menu.choose)(&choice.key, &pick) {
                out.push((format!("unknown unit ({})", choice.label), c));
            }
            pick.unit = u.id;
            match choice.needs {
                Needs::Path => {
                    pick.path = vec![(-1000.0, -1000.0)];
                    if let Some(c) = (menu.choose)(&choice.key, &pick) {
                        out.push((format!("off the table ({})", choice.label), c));
                    }
                }
                Needs::Target => {
                    pick.target = Some(u32::MAX);
                    if let Some(c) = (menu.choose)(&choice.key, &pick) {
                        out.push((format!("no such target ({})", choice.label), c));
                    }
                    if let Some(h) = pieces.iter().find(|p| !p.seen_by(side) && p.models > 0) {
                        pick.target = Some(h.id);
                        if let Some(c) = (menu.choose)(&choice.key, &pick) {
                            out.push((format!("unseen target ({})", choice.label), c));
                        }
                    }
                }
                Needs::Nothing | Needs::Hex => {}
            }
        }
    }
    out
}

/// The table invariants: each unit once, on side 0 or 1, its centre on the
/// table.
///
/// # Errors
/// The first broken invariant, in words.
pub fn check_invariants(pieces: &[TablePiece], t: &Table) -> Result<(), String> {
    for (i, u) in pieces.iter().enumerate() {
        if pieces[..i].iter().any(|o| o.id == u.id) {
            return Err(format!("unit {} appears twice", u.id));
        }
        if u.side > 1 {
            return Err(format!("unit {} is on no side", u.id));
        }
        let c = u.base.center;
        if !(c.x.is_finite() && c.y.is_finite())
            || c.x < 0.0
            || c.y < 0.0
            || c.x > t.width
            || c.y > t.depth
        {
            return Err(format!(
                "unit {} stands off the table at ({}, {})",
                u.id, c.x, c.y
            ));
        }
    }
    Ok(())
}

/// Models left ahead of the enemy, for `side`.
pub fn score_by_models(pieces: &[TablePiece], side: u8) -> f64 {
    pieces
        .iter()
        .map(|u| {
            let m = f64::from(u.models);
            if u.side == side { m } else { -m }
        })
        .sum()
}

/// What `kassen sim` prints when it stops: the result, or where it stopped.
pub fn report(outcome: Option<Outcome>, phase: impl FnOnce() -> String) -> String {
    match outcome {
        Some(o) => o.text,
        None => format!("stopped at {}", phase()),
    }
}

/// The editor's palette for a table module: unit types from its catalog,
/// every unit's `models` (fewer than its card) and facing in degrees.
/// `None` when the catalog has no unit types.
pub fn editor_palette<T: TableCatalog>(tables: &T) -> Option<EditorPalette> {
    let unit_types = tables.unit_types();
    let most = unit_types
        .iter()
        .filter_map(|(k, _)| tables.unit_type_models(k))
        .max()?;
    Some(EditorPalette {
        unit_types,
        flags: vec![EditorFlag {
            field: "models".into(),
            kind: FlagKind::Count { min: 1, max: most },
            rule: None,
        }],
        facing: FacingKind::Degrees,
        ..EditorPalette::default()
    })
}

/// A table module's labelled odds as the app shows them; `None` when there
/// are none.
pub fn odds_of(lines: OddsLines) -> Option<Odds> {
    (!lines.is_empty()).then(|| Odds {
        title: t!("engine-table-exact-odds"),
        lines: lines.chances,
        expected: lines.expected,
        distributions: Vec::new(),
        tables: Vec::new(),
    })
}

/// The counter of `piece` named `name`, with no markers, badges or rings
/// yet: its models against the most the scenario gave it (or it has now),
/// and the inches it may still move.
pub fn unit_view<S>(
    scenario: &TableScenario<S>,
    piece: &TablePiece,
    name: &str,
    allowance: Option<f32>,
) -> UnitView {
    let max = scenario
        .units
        .iter()
        .find(|s| s.id == piece.id)
        .map_or(piece.models, |s| {
            s.models.unwrap_or(piece.models).max(piece.models)
        });
    UnitView {
        allowance,
        id: piece.id,
        side: piece.side,
        kind: name.to_string(),
        symbol: UnitSymbol::default(),
        name: name.to_string(),
        place: Place::Table(piece.base),
        models: piece.models,
        models_max: max,
        airborne: false,
        markers: Vec::new(),
        badges: Vec::new(),
        order: None,
        ranges: Vec::new(),
        concealed: piece.hidden,
    }
}

/// The first lines of a table unit's card: its name, then its side and
/// models.
pub fn card_head(name: &str, side_name: &str, models: u32) -> Vec<CardLine> {
    vec![
        CardLine::text(name).tone(Tone::Strong),
        CardLine::text(t!(
            "engine-table-card-side-models",
            side = side_name,
            models = models
        )),
    ]
}

/// The last line of a table unit's card: each of its move choices
/// (`Needs::Path`) with the inches `allowance` gives it, the same limit
/// the move is checked against. `None` when it has no move now.
pub fn card_allowances(
    choices: &[Choice],
    allowance: impl Fn(&str) -> Option<f32>,
) -> Option<CardLine> {
    let moves: Vec<String> = choices
        .iter()
        .filter(|c| c.needs == Needs::Path)
        .filter_map(|c| {
            let inches = allowance(&c.key)?;
            Some(t!(
                "engine-table-card-move-inches",
                choice = c.label.as_str(),
                inches = format!("{inches:.1}")
            ))
        })
        .collect();
    (!moves.is_empty())
        .then(|| CardLine::text(t!("engine-table-card-may-move", moves = moves.join(", "))))
}

/// Plays `side`'s default commands `defaults` on `battle` with `apply`,
/// stopping when the side no longer decides (`awaiting`); if one was
/// refused and the side still decides, plays `pass` to make progress.
/// Returns the refusals (there should be none: they are reported, not
/// hidden).
pub fn play_defaults<B, C: std::fmt::Debug>(
    battle: &mut B,
    side: u8,
    awaiting: fn(&B) -> Option<u8>,
    defaults: Vec<C>,
    mut apply: impl FnMut(&mut B, &C) -> Result<(), super::command::Refusal>,
    pass: C,
) -> Vec<String> {
    let mut refused = Vec::new();
    for cmd in defaults {
        // The battle may end, or the phase pass, part-way through the list.
        if awaiting(battle) != Some(side) {
            break;
        }
        if let Err(r) = apply(battle, &cmd) {
            refused.push(format!("{cmd:?}: {r}"));
        }
    }
    if awaiting(battle) == Some(side) && !refused.is_empty() {
        // Make progress even if a default command was refused.
        let _ = apply(battle, &pass);
    }
    refused
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(id: u32, side: u8, x: f32, hidden: bool) -> TablePiece {
        TablePiece {
            id,
            side,
            base: Base {
                center: Vec2::new(x, 10.0),
                facing: 0.0,
                frontage: 2.0,
                depth: 1.0,
            },
            models: 5,
            hidden,
        }
    }

    #[test]
    fn a_hidden_unit_is_revealed_by_acting_or_by_an_enemy_within_range() {
        // Bases 2" wide: centres 10" apart are 8" apart edge to edge.
        let mut p = vec![piece(1, 0, 0.0, true), piece(2, 1, 10.0, false)];
        assert!(to_reveal(&p, 6.0, None).is_empty());
        assert_eq!(to_reveal(&p, 8.0, None), [(1, Reveal::Spotted(2))]);
        assert_eq!(to_reveal(&p, 6.0, Some(1)), [(1, Reveal::Acted)]);
        // A destroyed enemy spots nothing; a destroyed hidden unit stays.
        p[1].models = 0;
        assert!(to_reveal(&p, 8.0, None).is_empty());
        p[1].models = 5;
        p[0].models = 0;
        assert!(to_reveal(&p, 8.0, Some(1)).is_empty());
        // A friend does not reveal it, and its own side always sees it.
        let friends = [piece(1, 0, 0.0, true), piece(3, 0, 3.0, false)];
        assert!(to_reveal(&friends, 8.0, None).is_empty());
        assert!(friends[0].seen_by(0) && !friends[0].seen_by(1));
    }

    #[test]
    fn an_unseen_enemy_is_no_target_and_no_heading_but_an_illegal_example() {
        let p = [
            piece(1, 0, 0.0, false),
            piece(2, 1, 10.0, true),
            piece(3, 1, 20.0, false),
        ];
        let choices = |_: u32| {
            vec![
                Choice {
                    label: "Shoot".into(),
                    key: "shoot".into(),
                    needs: Needs::Target,
                    hover: String::new(),
                    refused: None,
                },
                Choice {
                    label: "Move".into(),
                    key: "move".into(),
                    needs: Needs::Path,
                    hover: String::new(),
                    refused: None,
                },
            ]
        };
        let allowance = |_: u32, _: &str| Some(30.0);
        let choose =
            |key: &str, pick: &Pick| Some((key.to_string(), pick.target, pick.path.clone()));
        let menu = Menu {
            choices: &choices,
            allowance: &allowance,
            choose: &choose,
        };
        let cmds = legal_commands(
            &p,
            &[],
            0,
            &menu,
            |_| true,
            ("pass".to_string(), None, Vec::new()),
        );
        let targets: Vec<Option<u32>> = cmds
            .iter()
            .filter(|c| c.0 == "shoot")
            .map(|c| c.1)
            .collect();
        assert_eq!(targets, [Some(3)]);
        // No move heads for the hidden unit's centre (10, 10): every move
        // pick runs along x toward the seen enemy at 20, or straight ahead.
        let ends: Vec<(f32, f32)> = cmds
            .iter()
            .filter(|c| c.0 == "move")
            .filter_map(|c| c.2.first().copied())
            .collect();
        assert!(ends.iter().any(|e| (e.0 - 7.5).abs() < 1e-3), "{ends:?}");
        assert!(!ends.iter().any(|e| (e.0 - 10.0).abs() < 1e-3), "{ends:?}");
        let bad = illegal_examples(&p, Some(0), &menu, |s| {
            (format!("pass {s}"), None, Vec::new())
        });
        assert!(
            bad.iter()
                .any(|(why, c)| why.starts_with("unseen target") && c.1 == Some(2))
        );
        // The hidden unit's own side may target the enemy as usual.
        let own = legal_commands(
            &p,
            &[],
            1,
            &menu,
            |_| true,
            ("pass".to_string(), None, Vec::new()),
        );
        assert!(own.iter().any(|c| c.0 == "shoot" && c.1 == Some(1)));
    }
}
