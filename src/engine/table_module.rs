//! Every [`TableRules`] module on the game core: [`TableModule<R>`]
//! implements [`Rules`] once for all open-table modules, with a generic
//! candidate set for continuous moves, a score from models left, and the
//! table invariants.

use crate::t;
use std::marker::PhantomData;

use bevy::math::Vec2;

use super::command::Refusal;
use super::core::{BoardKind, Outcome, Rules, ScenarioInfo, ToAct, dry_run};
use super::dice::{Dice, Die};
use super::log::LogSink;
use super::scenario::LoadError;
use super::table::{Table, bearing_of};
use super::table_game::{Needs, Pick, Spot, TableRules, UnitSummary};
use super::table_scenario::{TableCatalog, TableScenario};
use super::view::{CardLine, Choice, Marker, Odds, Place, Scene, Tone, Track, UnitView};

/// The core's view of table module `R`.
pub struct TableModule<R>(PhantomData<R>);

/// Scenario, table and tables of a table game.
pub struct TableCtx<R: TableRules> {
    /// The scenario.
    pub scenario: TableScenario<R::Setup>,
    /// The table built from it.
    pub table: Table,
    /// The module tables.
    pub tables: R::Tables,
    /// The two side names.
    pub side_names: [String; 2],
}

/// Fractions of a unit's allowance tried by the move candidates.
pub const MOVE_FRACTIONS: [f32; 3] = [0.25, 0.5, 1.0];

fn side_names<X>(s: &TableScenario<X>) -> [String; 2] {
    [0, 1].map(|i| s.sides.get(i).map(|x| x.name.clone()).unwrap_or_default())
}

/// Move candidates for `unit` with allowance `inches`: toward each enemy
/// (stopping short of its centre), toward each objective (inches from the
/// table's corner) and straight ahead, each at [`MOVE_FRACTIONS`] of the
/// allowance, facing the way it went.
fn move_picks(
    unit: &UnitSummary,
    all: &[UnitSummary],
    objectives: &[Vec2],
    inches: f32,
) -> Vec<Pick> {
    let from = unit.base.center;
    let mut heads: Vec<Vec2> = all
        .iter()
        .filter(|e| e.side != unit.side && e.models > 0)
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

impl<R: TableRules> Rules for TableModule<R> {
    const RULESET: &'static str = R::RULESET;
    const TITLE: &'static str = R::TITLE;
    const BOARD: BoardKind = BoardKind::Table;
    type Scenario = TableScenario<R::Setup>;
    type Ctx = TableCtx<R>;
    type State = R::Battle;
    type Command = R::Command;
    type Orders = ();

    fn check_tables() -> Result<(), LoadError> {
        R::tables().map(|_| ())
    }

    fn parse_scenario(file: &str, text: &str) -> Result<Self::Scenario, LoadError> {
        let tables = R::tables()?;
        let scenario = TableScenario::<R::Setup>::from_str(file, text, &tables)?;
        R::check_scenario(&scenario, &tables).map_err(|(msg, anchors)| {
            let refs: Vec<&str> = anchors.iter().map(String::as_str).collect();
            LoadError::at(file, text, &refs, msg)
        })?;
        Ok(scenario)
    }

    fn check_saved_scenario(
        file: &str,
        text: &str,
        scenario: &Self::Scenario,
    ) -> Result<(), LoadError> {
        scenario.validate(file, text, &R::tables()?)
    }

    fn context(scenario: &Self::Scenario) -> Result<TableCtx<R>, LoadError> {
        Ok(TableCtx {
            tables: R::tables()?,
            table: scenario.build_table(),
            side_names: side_names(scenario),
            scenario: scenario.clone(),
        })
    }

    fn die(ctx: &TableCtx<R>) -> Die {
        R::die(&ctx.tables)
    }

    fn scenario(ctx: &TableCtx<R>) -> &Self::Scenario {
        &ctx.scenario
    }

    fn scenario_seed(scenario: &Self::Scenario) -> Option<u64> {
        scenario.seed
    }

    fn describe(s: &Self::Scenario) -> ScenarioInfo {
        ScenarioInfo {
            name: s.name.clone(),
            sides: s.sides.iter().map(|x| x.name.clone()).collect(),
            units: s.units.len(),
            turn_limit: s.turn_limit,
            briefing: format!("{}\n\n{}", s.description, s.victory.description)
                .trim()
                .to_string(),
        }
    }

    fn new_state(ctx: &TableCtx<R>, _dice: &Dice, _log: &mut dyn LogSink) -> R::Battle {
        R::new_battle(&ctx.scenario, &ctx.tables)
    }

    fn to_act(_ctx: &TableCtx<R>, state: &R::Battle) -> ToAct {
        R::awaiting(state).map_or(ToAct::Over, ToAct::Side)
    }

    fn turn(state: &R::Battle) -> u32 {
        R::turn(state)
    }

    fn phase_name(ctx: &TableCtx<R>, state: &R::Battle) -> String {
        R::phase_name(state, &ctx.side_names)
    }

    /// For each own unit, each of its choices: as is, against every other
    /// unit, or along the move candidates of [`move_picks`]; each kept only
    /// if `apply` accepts it. Then the end of the side's phase.
    fn legal_commands(ctx: &TableCtx<R>, state: &R::Battle, side: u8) -> Vec<R::Command> {
        if R::awaiting(state) != Some(side) {
            return Vec::new();
        }
        let units = R::units(state, &ctx.tables);
        let objectives: Vec<Vec2> = R::objectives(state)
            .into_iter()
            .filter_map(|o| match o.at {
                Spot::Table(x, y) => Some(Vec2::new(x, y)),
                Spot::Hex(_) => None,
            })
            .collect();
        // Accepted on a copy with any dice: listing rolls nothing for real.
        let dice = Dice::new(0);
        let mut out = Vec::new();
        for u in units.iter().filter(|u| u.side == side && u.models > 0) {
            for choice in R::choices(state, u.id, &ctx.tables) {
                let picks = match choice.needs {
                    Needs::Nothing => vec![Pick {
                        unit: u.id,
                        target: None,
                        path: Vec::new(),
                        facing: u.base.facing,
                        hex: None,
                    }],
                    Needs::Target => units
                        .iter()
                        .filter(|t| t.id != u.id && t.models > 0)
                        .map(|t| Pick {
                            unit: u.id,
                            target: Some(t.id),
                            path: Vec::new(),
                            facing: u.base.facing,
                            hex: None,
                        })
                        .collect(),
                    // Table modules place by dragging, not by hex.
                    Needs::Hex => Vec::new(),
                    Needs::Path => {
                        let inches = R::choice_allowance(state, u.id, &choice.key, &ctx.tables)
                            .unwrap_or(0.0);
                        move_picks(u, &units, &objectives, inches)
                    }
                };
                for pick in picks {
                    let Some(cmd) = R::choose(state, &choice.key, &pick, &ctx.tables) else {
                        continue;
                    };
                    if !out.contains(&cmd) && dry_run::<Self>(ctx, state, &cmd, &dice).is_ok() {
                        out.push(cmd);
                    }
                }
            }
        }
        out.push(R::end_phase(side));
        out
    }

    fn pass_command(_ctx: &TableCtx<R>, state: &R::Battle, side: u8) -> Option<R::Command> {
        (R::awaiting(state) == Some(side)).then(|| R::end_phase(side))
    }

    fn step_command(_ctx: &TableCtx<R>, _state: &R::Battle) -> Option<R::Command> {
        None
    }

    fn default_commands(ctx: &TableCtx<R>, state: &R::Battle, side: u8) -> Vec<R::Command> {
        R::default_commands(state, side, &ctx.tables, &ctx.table)
    }

    fn apply(
        ctx: &TableCtx<R>,
        state: &mut R::Battle,
        cmd: &R::Command,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        R::apply(state, cmd, &ctx.tables, &ctx.table, dice, log)
    }

    /// Nothing on the open table is hidden from the other side.
    fn observation(_ctx: &TableCtx<R>, state: &R::Battle, _side: u8) -> R::Battle {
        state.clone()
    }

    fn outcome(ctx: &TableCtx<R>, state: &R::Battle) -> Option<Outcome> {
        R::result(state, &ctx.side_names).map(|(winner, text)| Outcome { winner, text })
    }

    /// Models left ahead of the enemy.
    fn score(ctx: &TableCtx<R>, state: &R::Battle, side: u8) -> f64 {
        R::units(state, &ctx.tables)
            .iter()
            .map(|u| {
                let m = f64::from(u.models);
                if u.side == side { m } else { -m }
            })
            .sum()
    }

    fn check_invariants(ctx: &TableCtx<R>, state: &R::Battle) -> Result<(), String> {
        let units = R::units(state, &ctx.tables);
        let t = &ctx.table;
        for (i, u) in units.iter().enumerate() {
            if units[..i].iter().any(|o| o.id == u.id) {
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

    fn report(ctx: &TableCtx<R>, state: &R::Battle) -> String {
        match R::result(state, &ctx.side_names) {
            Some((_, text)) => text,
            None => format!("stopped at {}", R::phase_name(state, &ctx.side_names)),
        }
    }

    /// Wrong side (the other side ends the phase), an unknown unit, a move
    /// off the table and a target that is not there, built from the
    /// module's own choices.
    fn illegal_examples(ctx: &TableCtx<R>, state: &R::Battle) -> Vec<(String, R::Command)> {
        let mut out = Vec::new();
        let Some(side) = R::awaiting(state) else {
            out.push(("game over".to_string(), R::end_phase(0)));
            return out;
        };
        out.push(("wrong side".to_string(), R::end_phase(1 - side)));
        let units = R::units(state, &ctx.tables);
        for u in units.iter().filter(|u| u.side == side) {
            // Off the table: every path choice, with its destination drawn
            // off the table (a clipped move is refused too).
            for choice in R::choices(state, u.id, &ctx.tables) {
                let mut pick = Pick {
                    unit: u32::MAX,
                    target: None,
                    path: vec![(u.base.center.x, u.base.center.y)],
                    facing: u.base.facing,
                    hex: None,
                };
                if let Some(c) = R::choose(state, &choice.key, &pick, &ctx.tables) {
                    out.push((format!("unknown unit ({})", choice.label), c));
                }
                pick.unit = u.id;
                match choice.needs {
                    Needs::Path => {
                        pick.path = vec![(-1000.0, -1000.0)];
                        if let Some(c) = R::choose(state, &choice.key, &pick, &ctx.tables) {
                            out.push((format!("off the table ({})", choice.label), c));
                        }
                    }
                    Needs::Target => {
                        pick.target = Some(u32::MAX);
                        if let Some(c) = R::choose(state, &choice.key, &pick, &ctx.tables) {
                            out.push((format!("no such target ({})", choice.label), c));
                        }
                    }
                    Needs::Nothing | Needs::Hex => {}
                }
            }
        }
        out
    }

    fn table(ctx: &TableCtx<R>) -> Option<&Table> {
        Some(&ctx.table)
    }

    fn side_colors(ctx: &TableCtx<R>) -> [[f32; 3]; 2] {
        [0, 1].map(|i| {
            ctx.scenario
                .sides
                .get(i)
                .map_or([0.5; 3], |s| [s.color.0, s.color.1, s.color.2])
        })
    }

    /// Every living unit as [`TableRules::units`] describes it; hit-dice and
    /// nerve markers as markers. The open table hides nothing.
    fn scene(ctx: &TableCtx<R>, obs: &R::Battle, _viewer: Option<u8>) -> Scene {
        let units = R::units(obs, &ctx.tables)
            .into_iter()
            .filter(|u| u.models > 0)
            .map(|u| {
                let mut markers = Vec::new();
                if u.nerve_markers > 0 {
                    markers.push(Marker {
                        label: t!("engine-table-nerve-marker"),
                        color: [0.85, 0.1, 0.1],
                        count: u.nerve_markers,
                        face: None,
                        rule: R::marker_rules().0.map(str::to_string),
                    });
                }
                for f in &u.hit_dice {
                    markers.push(Marker {
                        label: t!("engine-table-hit-die", face = f),
                        color: [1.0, 1.0, 1.0],
                        count: 1,
                        face: Some(*f),
                        rule: R::marker_rules().1.map(str::to_string),
                    });
                }
                let max = ctx
                    .scenario
                    .units
                    .iter()
                    .find(|s| s.id == u.id)
                    .map_or(u.models, |s| s.models.unwrap_or(u.models).max(u.models));
                let allowance = R::allowance(obs, u.id, &ctx.tables);
                UnitView {
                    allowance,
                    id: u.id,
                    side: u.side,
                    kind: u.name.clone(),
                    symbol: crate::engine::view::UnitSymbol::default(),
                    name: u.name,
                    place: Place::Table(u.base),
                    models: u.models,
                    models_max: max,
                    airborne: u.airborne,
                    markers,
                    badges: u.badges,
                    order: None,
                    ranges: u.ranges,
                    concealed: false,
                }
            })
            .collect();
        let tracks = R::honor(obs, &ctx.tables)
            .map(|bars| {
                bars.into_iter()
                    .enumerate()
                    .map(|(i, b)| Track {
                        side: i as u8,
                        name: t!("engine-table-honor"),
                        value: b.honor,
                        marks: b.marks,
                        rule: String::new(),
                    })
                    .collect()
            })
            .unwrap_or_default();
        Scene {
            units,
            arrows: Vec::new(),
            links: Vec::new(),
            tracks,
            objectives: R::objectives(obs),
            // The phase line already says where the battle stands.
            score: String::new(),
            tables: Vec::new(),
            ..Scene::default()
        }
    }

    fn unit_card(
        ctx: &TableCtx<R>,
        obs: &R::Battle,
        unit: u32,
        _viewer: Option<u8>,
    ) -> Vec<CardLine> {
        let Some(u) = R::units(obs, &ctx.tables)
            .into_iter()
            .find(|u| u.id == unit)
        else {
            return Vec::new();
        };
        let side = ctx.side_names.get(usize::from(u.side)).cloned();
        let mut card = vec![
            CardLine::text(&u.name).tone(Tone::Strong),
            CardLine::text(t!(
                "engine-table-card-side-models",
                side = side.unwrap_or_default(),
                models = u.models
            )),
        ];
        card.extend(u.card.iter().map(CardLine::text));
        if u.airborne {
            card.push(CardLine::text(t!("engine-table-card-airborne")).tone(Tone::Good));
        }
        for b in &u.badges {
            card.push(CardLine::text(b).tone(Tone::Bad));
        }
        if u.nerve_markers > 0 {
            card.push(CardLine::text(t!(
                "engine-table-card-nerve-markers",
                count = u.nerve_markers
            )));
        }
        for f in &u.hit_dice {
            card.push(CardLine::text(t!("engine-table-card-hit-die", face = f)));
        }
        if let Some(a) = R::allowance(obs, u.id, &ctx.tables) {
            card.push(CardLine::text(t!(
                "engine-table-card-may-move",
                inches = format!("{a:.1}")
            )));
        }
        card
    }

    fn choices(ctx: &TableCtx<R>, state: &R::Battle, side: u8, unit: u32) -> Vec<Choice> {
        if R::awaiting(state) != Some(side) {
            return Vec::new();
        }
        R::choices(state, unit, &ctx.tables)
    }

    fn choose(
        ctx: &TableCtx<R>,
        state: &R::Battle,
        _side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<R::Command> {
        R::choose(state, key, pick, &ctx.tables)
    }

    fn move_allowance(
        ctx: &TableCtx<R>,
        state: &R::Battle,
        unit: u32,
        key: Option<&str>,
    ) -> Option<f32> {
        match key {
            Some(k) => R::choice_allowance(state, unit, k, &ctx.tables),
            None => R::allowance(state, unit, &ctx.tables),
        }
    }

    /// Unit types from the module's catalog, every unit's `models`
    /// (fewer than its card) and facing in degrees.
    fn editor_palette(ctx: &TableCtx<R>) -> Option<super::editing::EditorPalette> {
        use super::editing::{EditorFlag, EditorPalette, FacingKind, FlagKind};
        let unit_types = ctx.tables.unit_types();
        let most = unit_types
            .iter()
            .filter_map(|(k, _)| ctx.tables.unit_type_models(k))
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

    fn editor_template() -> Option<(String, String)> {
        R::editor_template()
    }

    fn rules_text(ctx: &TableCtx<R>) -> Vec<crate::engine::view::RuleText> {
        R::rules_text(&ctx.tables)
    }

    fn odds(ctx: &TableCtx<R>, state: &R::Battle, cmd: &R::Command) -> Option<Odds> {
        let lines = R::odds(state, cmd, &ctx.tables, &ctx.table);
        (!lines.is_empty()).then(|| Odds {
            title: t!("engine-table-exact-odds"),
            lines: lines.chances,
            expected: lines.expected,
            distributions: Vec::new(),
            tables: Vec::new(),
        })
    }
}
