//! Genpei on the game core: [`Rules`] for [`Genpei`], with the hidden
//! hands and deck order kept out of each side's observation.

use hexx::Hex;
use smol_str::SmolStr;

use crate::engine::board::HexBoard;
use crate::engine::briefing::Briefing;
use crate::engine::command::Refusal;
use crate::engine::core::{
    BoardKind, Focus, Outcome, Rules, RulesHints, RulesView, ScenarioInfo, ToAct,
    reveals_by_variant,
};
use crate::engine::dice::{Dice, Die};
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::scenario::LoadError;
use crate::engine::view::units_of;
use crate::engine::view::{CardLine, Choice, DieFaces, MovePath, Odds, Pick, RuleText, Scene};

use super::cards::{CommandCards, Deck};
use super::data::GenTables;
use super::dragon::DragonCards;
use super::scenario::{self, GenScenario};
use super::state::{
    AttackTarget, CommandTileState, GenCtx, GenLeader, GenState, GenUnit, Phase, side_to_act,
};
use super::turn::{self, GenCommand};
use super::{default_play, view};

/// The salt that gives the opening deal its own dice stream apart from
/// the game's: the letters "genpeide". A seed salt, not a rule value.
const DEAL_SEED_SALT: u64 = 0x6765_6e70_6569_6465;

/// The weights of the banner share, the units' strength and the H&F lead
/// in the computer opponent's score: a heuristic of its play, not a rule.
const SCORE_BANNERS_WEIGHT: f64 = 5.0;
/// See [`SCORE_BANNERS_WEIGHT`].
const SCORE_STRENGTH_WEIGHT: f64 = 0.3;
/// See [`SCORE_BANNERS_WEIGHT`].
const SCORE_HF_WEIGHT: f64 = 0.05;

/// A unit id no scenario gives, for the illegal examples (a sentinel).
const UNKNOWN_ID: u32 = 9999;

/// A second unit id no scenario gives, for the illegal examples.
const OTHER_UNKNOWN_ID: u32 = 9998;

/// A hex coordinate far off any board, for the illegal examples.
const OFF_BOARD: i32 = 999;

/// A side's colour when the scenario has none for it (display only).
const FALLBACK_SIDE_COLOR: [f32; 3] = [0.5; 3];

/// The module's marker type.
#[derive(Clone, Copy, Debug, Default)]
pub struct Genpei;

/// The seed of the opening deal, from the game's seed: `new_state` may not
/// roll the game's dice, so the deal has its own stream (GEN-BASE).
fn deal_dice(dice: &Dice) -> Dice {
    Dice::new(dice.seed() ^ DEAL_SEED_SALT)
}

/// What side `viewer` may know of hidden cards: the other side's hands
/// and both decks' draw piles are one pool of unseen cards, dealt back in
/// sorted order. Two states that differ only there look the same.
pub fn conceal(s: &GenState, viewer: u8) -> GenState {
    deal_unseen(s, viewer, |pool| pool.sort())
}

/// One deal of the cards `viewer` has not seen, for the computer
/// opponent's playouts: the pool of [`conceal`] shuffled by the
/// opponent's own generator (seeded with `seed`, never the game's dice)
/// and dealt back in the same numbers, so every playout draws cards the
/// side could meet instead of the sorted deal's.
pub fn deal_for_playout(obs: &GenState, viewer: u8, seed: u64) -> GenState {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    deal_unseen(obs, viewer, |pool| {
        pool.sort();
        pool.shuffle(&mut rng);
    })
}

/// The other side's hands (and its Order One draw) and the draw piles as
/// one pool each for Command and Dragon cards, put in order by `order`
/// and dealt back in the same numbers.
fn deal_unseen(s: &GenState, viewer: u8, mut order: impl FnMut(&mut Vec<SmolStr>)) -> GenState {
    let mut o = s.clone();
    let other = (1 - viewer) as usize;
    let mut keep_other = Vec::new();
    if let Phase::Keep { cards } = &s.phase
        && s.active as usize == other
    {
        keep_other = cards.clone();
    }
    let mut pool: Vec<SmolStr> = s.hands[other]
        .iter()
        .chain(keep_other.iter())
        .chain(s.deck.draw.iter())
        .cloned()
        .collect();
    order(&mut pool);
    let h = s.hands[other].len();
    let k = keep_other.len();
    o.hands[other] = pool[..h].to_vec();
    o.hands[other].sort();
    if k > 0 {
        o.phase = Phase::Keep {
            cards: pool[h..h + k].to_vec(),
        };
    }
    o.deck.draw = pool[h + k..].to_vec();
    let mut dpool: Vec<SmolStr> = s.dragon_hands[other]
        .iter()
        .chain(s.dragon_deck.draw.iter())
        .cloned()
        .collect();
    order(&mut dpool);
    let d = s.dragon_hands[other].len();
    o.dragon_hands[other] = dpool[..d].to_vec();
    o.dragon_hands[other].sort();
    o.dragon_deck.draw = dpool[d..].to_vec();
    o
}

impl Rules for Genpei {
    const RULESET: &'static str = scenario::RULESET;
    const TITLE: &'static str = "Commands & Colors: Samurai Battles — the Genpei War";
    const BOARD: BoardKind = BoardKind::Hex;
    type Scenario = GenScenario;
    type Ctx = GenCtx;
    type State = GenState;
    type Command = GenCommand;
    type Orders = ();

    fn check_tables() -> Result<(), LoadError> {
        GenTables::load()?;
        CommandCards::load()?;
        DragonCards::load().map(|_| ())
    }

    fn parse_scenario(file: &str, text: &str) -> Result<GenScenario, LoadError> {
        let t = GenTables::load()?;
        scenario::parse(file, text, &t)
    }

    fn check_saved_scenario(file: &str, text: &str, s: &GenScenario) -> Result<(), LoadError> {
        let t = GenTables::load()?;
        scenario::check(file, text, s, &t)
    }

    fn context(s: &GenScenario) -> Result<GenCtx, LoadError> {
        let tables = GenTables::load()?;
        let board = s.board.build(scenario::display_table(&tables));
        Ok(GenCtx::new(
            s.clone(),
            board,
            tables,
            CommandCards::load()?,
            DragonCards::load()?,
        ))
    }

    fn die(_ctx: &GenCtx) -> Die {
        Die::D6
    }

    fn scenario(ctx: &GenCtx) -> &GenScenario {
        &ctx.scenario
    }

    fn scenario_seed(s: &GenScenario) -> Option<u64> {
        s.seed
    }

    fn describe(s: &GenScenario) -> ScenarioInfo {
        ScenarioInfo {
            name: s.name.clone(),
            sides: s.sides.iter().map(|x| x.name.clone()).collect(),
            units: s.units.len(),
            turn_limit: Some(s.turn_limit),
            briefing: Briefing::or_english(s.briefing.as_ref(), &s.description, ""),
        }
    }

    fn new_state(ctx: &GenCtx, dice: &Dice, log: &mut dyn LogSink) -> GenState {
        let s = &ctx.scenario;
        let mut units: Vec<GenUnit> = s
            .units
            .iter()
            .map(|u| {
                let h = HexBoard::to_hex(u.at);
                GenUnit {
                    id: u.id,
                    side: s.side(&u.side),
                    name: u.name.as_str().into(),
                    kind: u.unit_type.as_str().into(),
                    hex: h,
                    figures: ctx.unit_type(&u.unit_type).map_or(1, |t| t.figures),
                    ordered: false,
                    moved: 0,
                    embarked: false,
                    battled: false,
                    took_ground: false,
                    start: h,
                    flat: false,
                    dragon_dice: 0,
                    entered_marsh: false,
                    held: false,
                }
            })
            .collect();
        units.sort_by_key(|u| u.id);
        let mut leaders: Vec<GenLeader> = s
            .leaders
            .iter()
            .map(|l| GenLeader {
                id: l.id,
                side: s.side(&l.side),
                name: l.name.as_str().into(),
                cavalry: l.cavalry,
                named: l.named,
                hex: HexBoard::to_hex(l.at),
                dead: false,
                ordered: false,
                moved: false,
            })
            .collect();
        leaders.sort_by_key(|l| l.id);
        let commands = s
            .commands
            .iter()
            .filter_map(|c| {
                let u = units.iter().find(|u| u.id == c.unit)?;
                Some(CommandTileState {
                    side: s.side(&c.side),
                    unit: c.unit,
                    hex: u.hex,
                    ship: ctx.ocean(u.hex),
                    captured: false,
                })
            })
            .collect();
        let mut d = deal_dice(dice);
        let mut deck = Deck::shuffled(ctx.cards.copies(), &mut d);
        let (dragon_cards, removed) = ctx.dragons.deck();
        let mut dragon_deck = Deck::shuffled(dragon_cards, &mut d);
        let mut hands: [Vec<SmolStr>; 2] = [Vec::new(), Vec::new()];
        let mut dragon_hands: [Vec<SmolStr>; 2] = [Vec::new(), Vec::new()];
        for side in 0..2 {
            let a = &s.armies[side];
            for _ in 0..a.command_cards {
                if let Some(c) = deck.draw(&mut d) {
                    hands[side].push(c);
                }
            }
            for _ in 0..a.dragon_cards {
                if let Some(c) = dragon_deck.draw(&mut d) {
                    dragon_hands[side].push(c);
                }
            }
            hands[side].sort();
            dragon_hands[side].sort();
        }
        let mut entries = vec![LogEntry::event(
            "GEN-BASE",
            vec![],
            say!(
                "gen-log-battle-begins",
                scenario = s.name,
                side = s
                    .sides
                    .get(s.first as usize)
                    .map_or("?", |x| x.name.as_str())
            ),
        )];
        for r in removed {
            entries.push(LogEntry::event(
                "GEN-SCN-2",
                vec![],
                say!("gen-log-dragon-blank-removed", card = r.shown_name()),
            ));
        }
        log.extend(1, &say!("gen-log-setup"), entries);
        let mut st = GenState {
            turn: 1,
            active: s.first,
            phase: Phase::Play,
            units,
            leaders,
            hands,
            dragon_hands,
            deck,
            dragon_deck,
            hf: [s.armies[0].hf, s.armies[1].hf],
            banners: [0, 0],
            card: None,
            dragon_played: [false, false],
            dragon_move: None,
            palisades_down: Vec::new(),
            stockades_down: Vec::new(),
            grapples: Vec::new(),
            commands,
            last_roll: None,
        };
        turn::begin_turn(&mut st, s.first);
        st
    }

    fn to_act(_ctx: &GenCtx, state: &GenState) -> ToAct {
        side_to_act(state).map_or(ToAct::Over, ToAct::Side)
    }

    fn turn(state: &GenState) -> u32 {
        state.turn
    }

    fn phase_name(ctx: &GenCtx, state: &GenState) -> String {
        format!(
            "{}: {}",
            super::losses::side_name(ctx, state.active),
            turn::phase_words(state)
        )
    }

    fn legal_commands(ctx: &GenCtx, state: &GenState, side: u8) -> Vec<GenCommand> {
        if side_to_act(state) != Some(side) {
            return Vec::new();
        }
        default_play::candidates(ctx, state, side)
    }

    fn pass_command(ctx: &GenCtx, state: &GenState, side: u8) -> Option<GenCommand> {
        if side_to_act(state) != Some(side) {
            return None;
        }
        let _ = ctx;
        match &state.phase {
            Phase::Order => Some(GenCommand::OrdersDone),
            Phase::Move => Some(GenCommand::MovesDone),
            Phase::Battle => Some(GenCommand::BattlesDone),
            Phase::Reaction { .. } | Phase::TakeGround { .. } | Phase::Bonus { .. } => {
                Some(GenCommand::Pass)
            }
            Phase::EndTurn => Some(GenCommand::EndTurn { dragon: false }),
            Phase::Grapple { .. } => Some(GenCommand::Grapple { grapple: false }),
            _ => None,
        }
    }

    fn step_command(_ctx: &GenCtx, _state: &GenState) -> Option<GenCommand> {
        None
    }

    /// A card drawn from the Command or Dragon pile shows its face (GEN-BASE:
    /// the draw at the end of a turn, a Dragon card's draw), besides what
    /// the other side's hand could change ([`reveals_by_variant`]).
    fn reveals(ctx: &GenCtx, before: &GenState, cmd: &GenCommand, dice: &Dice, side: u8) -> bool {
        let mut s = before.clone();
        let mut d = dice.clone();
        if turn::apply(ctx, &mut s, cmd, &mut d, &mut Vec::new()).is_err() {
            return true;
        }
        s.deck.draw.len() != before.deck.draw.len()
            || s.dragon_deck.draw.len() != before.dragon_deck.draw.len()
            || reveals_by_variant::<Self>(ctx, before, cmd, dice, side)
    }

    fn apply(
        ctx: &GenCtx,
        state: &mut GenState,
        cmd: &GenCommand,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        let mut s = state.clone();
        let mut d = dice.clone();
        let mut out = Vec::new();
        // The phase's name only for a log that keeps it (the search's
        // `NoLog` does not).
        let phase = if log.wants() {
            Self::phase_name(ctx, &s)
        } else {
            String::new()
        };
        let t = s.turn;
        // The luck figure's odds only for a log that keeps them.
        crate::engine::log::keeping(log.wants(), || {
            turn::apply(ctx, &mut s, cmd, &mut d, &mut out)
        })?;
        *state = s;
        *dice = d;
        log.extend(t, &phase, out);
        Ok(())
    }

    fn observation(_ctx: &GenCtx, state: &GenState, side: u8) -> GenState {
        conceal(state, side)
    }

    fn hidden_variant(_ctx: &GenCtx, state: &GenState, side: u8) -> Option<GenState> {
        // Swap a card of `side`'s hand with a different one of the draw pile.
        let sd = side as usize;
        let mut v = state.clone();
        for (i, c) in state.hands[sd].iter().enumerate() {
            if let Some(j) = state.deck.draw.iter().position(|x| x != c) {
                let other = v.deck.draw[j].clone();
                v.deck.draw[j] = c.clone();
                v.hands[sd][i] = other;
                v.hands[sd].sort();
                return Some(v);
            }
        }
        if matches!(state.deck.draw.as_slice(), [first, second, ..] if first != second) {
            v.deck.draw.swap(0, 1);
            return Some(v);
        }
        None
    }

    fn outcome(ctx: &GenCtx, state: &GenState) -> Option<Outcome> {
        match &state.phase {
            // The state keeps the result in English; another language
            // words it anew from the banners.
            Phase::Over { winner, text } => Some(Outcome {
                winner: *winner,
                text: if crate::i18n::lang() == crate::i18n::Lang::English {
                    text.clone()
                } else {
                    super::losses::result_words(
                        ctx,
                        *winner,
                        super::losses::ended_by_last_round(ctx, state, *winner),
                        state.banners,
                    )
                },
            }),
            _ => None,
        }
    }

    fn campaign_boons() -> Vec<(&'static str, &'static str)> {
        super::campaign::boons()
    }

    fn campaign_boon(
        scenario: &mut GenScenario,
        side: u8,
        key: &str,
        amount: u32,
    ) -> Result<(), String> {
        super::campaign::give(scenario, side, key, amount)
    }

    fn campaign_points(_ctx: &GenCtx, state: &GenState, side: u8) -> u32 {
        state.banners.get(usize::from(side)).copied().unwrap_or(0)
    }

    fn score(ctx: &GenCtx, state: &GenState, side: u8) -> f64 {
        let other = 1 - side;
        let need = |s: u8| f64::from(super::losses::banners_needed(ctx, s).max(1));
        let strength = |s: u8| -> f64 {
            state
                .units
                .iter()
                .filter(|u| u.side == s)
                .map(|u| {
                    let full = ctx.unit_type(&u.kind).map_or(1, |t| t.figures).max(1);
                    f64::from(u.figures) / f64::from(full)
                })
                .sum()
        };
        SCORE_BANNERS_WEIGHT
            * (f64::from(state.banners[side as usize]) / need(side)
                - f64::from(state.banners[other as usize]) / need(other))
            + SCORE_STRENGTH_WEIGHT * (strength(side) - strength(other))
            + SCORE_HF_WEIGHT
                * (f64::from(state.hf[side as usize]) - f64::from(state.hf[other as usize]))
    }

    fn report(ctx: &GenCtx, state: &GenState) -> String {
        let mut s = format!(
            "{} — round {}, {}\n",
            ctx.scenario.name,
            state.turn,
            Self::phase_name(ctx, state)
        );
        for side in 0..2u8 {
            s.push_str(&format!(
                "{}: {} of {} units fighting, {} of {} banners, {} H&F\n",
                super::losses::side_name(ctx, side),
                state
                    .units
                    .iter()
                    .filter(|u| u.side == side && u.alive())
                    .count(),
                state.units.iter().filter(|u| u.side == side).count(),
                state.banners[side as usize],
                super::losses::banners_needed(ctx, side),
                state.hf[side as usize]
            ));
        }
        for (a, b) in &state.grapples {
            let name = |id: u32| {
                state
                    .unit(id)
                    .map_or_else(|| id.to_string(), |u| u.name.to_string())
            };
            s.push_str(&format!(
                "grappled (GEN-GRP-1): {} and {}\n",
                name(*a),
                name(*b)
            ));
        }
        if let Phase::Over { text, .. } = &state.phase {
            s.push_str(text);
            s.push('\n');
        }
        s
    }

    fn log_visible(
        _ctx: &GenCtx,
        _state: &GenState,
        _viewer: Option<u8>,
        _entry: &LogEntry,
    ) -> bool {
        // Log lines never name a hidden card: draws say "a card is drawn".
        true
    }
}

impl RulesHints for Genpei {
    /// A Genpei command's default play clones the whole state (units,
    /// leaders, hands and decks) while it plans: measured at about eight
    /// work units' time per unit and leader (`kassen match` prints the
    /// rate).
    fn opponent_command_work(_ctx: &GenCtx, obs: &GenState) -> u64 {
        crate::engine::work::HEAVY_COMMAND_PER_UNIT
            * (obs.units.len() + obs.leaders.len() + 1) as u64
    }
    fn unit_count(ctx: &Self::Ctx, obs: &Self::State, side: u8) -> usize {
        units_of(&Self::scene(ctx, obs, Some(side)), side)
    }
    fn default_commands(ctx: &GenCtx, state: &GenState, side: u8) -> Vec<GenCommand> {
        default_play::default_sequence(ctx, state, side)
    }

    /// Side turns, one: a playout ends when the deciding side's next turn
    /// begins, after the other side's reply (GEN-BASE: the sides take
    /// turns; a numbered turn holds both).
    fn opponent_horizon(ctx: &GenCtx, state: &GenState) -> (u32, u32) {
        (turn::side_turns(ctx, state), 1)
    }

    fn opponent_deal(_ctx: &GenCtx, obs: &GenState, side: u8, seed: u64) -> GenState {
        deal_for_playout(obs, side, seed)
    }

    fn opponent_focus(ctx: &GenCtx, obs: &GenState, side: u8) -> Option<Focus<GenCommand>> {
        default_play::focus(ctx, obs, side)
    }

    fn check_invariants(ctx: &GenCtx, state: &GenState) -> Result<(), String> {
        for u in &state.units {
            let full = ctx.unit_type(&u.kind).map_or(0, |t| t.figures);
            if u.figures > full {
                return Err(format!("unit {} has {} figures of {full}", u.id, u.figures));
            }
            if u.alive() && !ctx.board.contains(u.hex) {
                return Err(format!("unit {} is off the board", u.id));
            }
            if u.alive()
                && state
                    .units
                    .iter()
                    .any(|o| o.id != u.id && o.alive() && o.hex == u.hex)
            {
                return Err(format!("unit {} shares its hex", u.id));
            }
            if u.alive()
                && state
                    .leaders
                    .iter()
                    .any(|l| !l.dead && l.hex == u.hex && l.side != u.side)
            {
                return Err(format!("unit {} shares its hex with an enemy leader", u.id));
            }
        }
        if state.units.windows(2).any(|w| w[0].id >= w[1].id) {
            return Err("units not sorted by id".into());
        }
        let cards = state.hands[0].len()
            + state.hands[1].len()
            + state.deck.draw.len()
            + state.deck.discard.len()
            + usize::from(state.card.is_some())
            + match &state.phase {
                Phase::Keep { cards } => cards.len(),
                _ => 0,
            };
        if cards != ctx.cards.copies().len() {
            return Err(format!(
                "{cards} Command cards in play, not {}",
                ctx.cards.copies().len()
            ));
        }
        for (a, b) in &state.grapples {
            if !state.unit(*a).is_some_and(|u| u.alive())
                || !state.unit(*b).is_some_and(|u| u.alive())
            {
                return Err(format!("grapple {a}–{b} on a unit no longer there"));
            }
        }
        Ok(())
    }

    fn illegal_examples(_ctx: &GenCtx, state: &GenState) -> Vec<(String, GenCommand)> {
        let mut v = vec![
            (
                "an unknown unit moves".to_string(),
                GenCommand::Move {
                    id: UNKNOWN_ID,
                    to: Hex::ZERO,
                },
            ),
            (
                "a card not in the hand".to_string(),
                GenCommand::PlayCard {
                    card: "no_such_card".into(),
                },
            ),
            (
                "an attack by an unknown unit".to_string(),
                GenCommand::Battle {
                    unit: UNKNOWN_ID,
                    target: AttackTarget::Unit(OTHER_UNKNOWN_ID),
                    grapple: false,
                    inspire: 0,
                },
            ),
            (
                "a Dragon card not in the hand".to_string(),
                GenCommand::Dragon {
                    card: "no_such_card".into(),
                    target: None,
                },
            ),
        ];
        if let Some(u) = state.units.iter().find(|u| u.alive()) {
            v.push((
                "a move off the board".to_string(),
                GenCommand::Move {
                    id: u.id,
                    to: Hex::new(OFF_BOARD, OFF_BOARD),
                },
            ));
        }
        v
    }
}

impl RulesView for Genpei {
    fn hex_board(ctx: &GenCtx) -> Option<&HexBoard> {
        Some(&ctx.board)
    }

    fn side_colors(ctx: &GenCtx) -> [[f32; 3]; 2] {
        let c = |i: usize| {
            ctx.scenario
                .sides
                .get(i)
                .map_or(FALLBACK_SIDE_COLOR, |s| [s.color.0, s.color.1, s.color.2])
        };
        [c(0), c(1)]
    }

    fn scene(ctx: &GenCtx, obs: &GenState, viewer: Option<u8>) -> Scene {
        view::scene(ctx, obs, viewer)
    }

    fn unit_card(ctx: &GenCtx, obs: &GenState, unit: u32, _viewer: Option<u8>) -> Vec<CardLine> {
        view::unit_card(ctx, obs, unit)
    }

    fn choices(ctx: &GenCtx, state: &GenState, side: u8, unit: u32) -> Vec<Choice> {
        view::choices(ctx, state, side, unit)
    }

    fn side_choices(ctx: &GenCtx, state: &GenState, side: u8) -> Vec<Choice> {
        view::side_choices(ctx, state, side)
    }

    fn choose(
        ctx: &GenCtx,
        state: &GenState,
        side: u8,
        key: &str,
        pick: &Pick,
    ) -> Option<GenCommand> {
        view::choose(ctx, state, side, key, pick)
    }

    fn pass_label(_ctx: &GenCtx, state: &GenState, _side: u8) -> String {
        match &state.phase {
            Phase::Order => say!("gen-pass-orders-done"),
            Phase::Move => say!("gen-pass-moves-done"),
            Phase::Battle => say!("gen-pass-battles-done"),
            Phase::Reaction { .. } => say!("gen-pass-no-reaction"),
            Phase::Grapple { .. } => say!("gen-pass-no-grapple"),
            Phase::TakeGround { .. } => say!("gen-pass-stay"),
            Phase::Bonus { .. } => say!("gen-pass-no-bonus"),
            Phase::EndTurn => say!("gen-pass-end-turn"),
            _ => say!("gen-pass-end-phase"),
        }
    }

    fn die_faces(ctx: &GenCtx) -> Vec<DieFaces> {
        vec![super::battle_dice::die_faces(&ctx.tables.die)]
    }

    fn move_path(ctx: &GenCtx, state: &GenState, cmd: &GenCommand) -> Option<MovePath> {
        view::move_path(ctx, state, cmd)
    }

    fn odds(ctx: &GenCtx, state: &GenState, cmd: &GenCommand) -> Option<Odds> {
        view::odds(ctx, state, cmd)
    }

    fn editor_palette(ctx: &GenCtx) -> Option<crate::engine::editing::EditorPalette> {
        Some(super::editor::palette(ctx))
    }

    fn editor_template() -> Option<(String, String)> {
        super::editor::template()
    }

    fn rules_text(ctx: &GenCtx) -> Vec<RuleText> {
        crate::engine::view::rules_reference(&ctx.tables.rules, &ctx.tables.rules_es)
    }
}
