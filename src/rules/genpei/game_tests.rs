//! Tests of the Genpei module over its state and core: golden cases that
//! need a board (GC-GEN-07, GC-GEN-11, GC-GEN-16 whole), the turn, hidden
//! hands, Dragon cards, and random games of both scenarios.

#![cfg(test)]

use crate::engine::core::{RulesHints, RulesView};
use hexx::Hex;

use crate::engine::board::HexBoard;
use crate::engine::core::Rules;
use crate::engine::dice::Dice;
use crate::engine::log::{GameLog, LogEntry, NoLog};

use super::game::Genpei;
use super::state::{AttackTarget, GenCtx, GenState, Phase};
use super::turn::GenCommand;

/// Face numbers of the battle die (battle_die.ron): 1 circle, 2 triangle,
/// 3 square, 4 sword, 5 flag, 6 H&F.
const CIRCLE: u32 = 1;
const TRIANGLE: u32 = 2;
const SWORD: u32 = 4;
const FLAG: u32 = 5;

/// A small test board: 9 × 7, ocean on row 0, a stockade at (4, 3), a
/// palisade between (2, 3) and (3, 3), a marsh at (6, 4).
pub(super) fn scenario(units: &str, leaders: &str) -> String {
    format!(
        r#"(
    ruleset: "genpei",
    name: "Test",
    turn_limit: 3,
    board: (
        columns: 9, rows: 7, default_terrain: "Clear",
        terrain: [
            (terrain: "Ocean", hexes: [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0), (8, 0)]),
            (terrain: "Stockade", hexes: [(4, 3)]),
            (terrain: "Marsh", hexes: [(6, 4)]),
        ],
        hexsides: [(feature: "Palisade", between: ((2, 3), (3, 3)))],
    ),
    sections: (left_until: 3, right_from: 5),
    wind: [0],
    sides: [
        (name: "Minamoto", edge: North, color: (0.9, 0.9, 0.9)),
        (name: "Taira", edge: South, color: (0.8, 0.1, 0.1)),
    ],
    armies: [
        (hf: 5, command_cards: 4, dragon_cards: 0, banners: 4),
        (hf: 5, command_cards: 4, dragon_cards: 0, banners: 4),
    ],
    leaders: [{leaders}],
    units: [{units}],
)"#
    )
}

pub(super) fn game(text: &str) -> (GenCtx, GenState) {
    let s = Genpei::parse_scenario("test.ron", text).unwrap_or_else(|e| panic!("{e}"));
    let ctx = Genpei::context(&s).expect("context");
    let st = Genpei::new_state(&ctx, &Dice::new(1), &mut NoLog);
    (ctx, st)
}

pub(super) fn hex(c: i32, r: i32) -> Hex {
    HexBoard::to_hex((c, r))
}

/// Puts `side` in its Battle step with `card` in play and `ids` ordered.
pub(super) fn battle_step(s: &mut GenState, side: u8, card: &str, ids: &[u32]) {
    super::turn::begin_turn(s, side);
    s.card = Some(card.into());
    if let Some(i) = s.hands[side as usize].iter().position(|c| c == card) {
        s.hands[side as usize].remove(i);
    } else if let Some(i) = s.deck.draw.iter().position(|c| c == card) {
        s.deck.draw.remove(i);
    }
    for id in ids {
        if let Some(u) = s.unit_mut(*id) {
            u.ordered = true;
        }
    }
    s.phase = Phase::Battle;
}

pub(super) fn apply(
    ctx: &GenCtx,
    s: &mut GenState,
    cmd: &GenCommand,
    faces: &[u32],
) -> Vec<LogEntry> {
    let mut d = Dice::new(7);
    d.load(faces.iter().copied());
    let mut log = GameLog::default();
    Genpei::apply(ctx, s, cmd, &mut d, &mut log).unwrap_or_else(|r| panic!("{r}"));
    let log = log.entries;
    assert_eq!(
        d.loaded_remaining(),
        0,
        "every loaded die is used: {log:#?}"
    );
    log
}

fn battle(unit: u32, target: u32) -> GenCommand {
    GenCommand::Battle {
        unit,
        target: AttackTarget::Unit(target),
        grapple: false,
        inspire: 0,
    }
}

#[test]
fn gc_gen_07_the_stockade_defender_battles_first_and_ignores_a_sword_and_a_flag() {
    // GEN-STK-5: a unit in a stockade attacked in close combat from outside
    // battles first; GEN-STK-3: it ignores 1 sword and 1 flag. Attacker:
    // Samurai Infantry (4 dice) at (4, 4); defender: Ashigaru Spearmen in
    // the stockade at (4, 3), 3 dice first strike.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    // First strike: the spearmen roll 2 dice out of the stockade (3,
    // capped at 2, GEN-STK-4): circles, no effect on a square. Then the
    // attack: 2 dice into the stockade (4, capped at 2) showing 2 swords.
    let log = apply(&ctx, &mut s, &battle(1, 2), &[CIRCLE, CIRCLE, SWORD, SWORD]);
    let text: Vec<&str> = log.iter().map(|e| e.what.as_str()).collect();
    let first = text
        .iter()
        .position(|t| t.contains("battles first"))
        .expect("first strike logged");
    let roll = text
        .iter()
        .position(|t| t.starts_with("Att rolls"))
        .expect("attack rolled");
    assert!(first < roll, "the defender battles first: {text:#?}");
    assert!(log.iter().any(|e| e.rule == "GEN-STK-5"));
    // 2 swords, 1 ignored by the stockade: 1 hit (no rank resistance of a
    // triangle against a square).
    assert_eq!(s.unit(2).map(|u| u.figures), Some(3), "{text:#?}");
    // With a flag: 1 sword and 1 flag, the flag ignored (GEN-STK-3).
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    apply(&ctx, &mut s, &battle(1, 2), &[CIRCLE, CIRCLE, SWORD, FLAG]);
    let d = s.unit(2).expect("defender");
    assert_eq!(d.hex, hex(4, 3), "the flag is ignored: no retreat");
    assert_eq!(d.figures, 4, "the one sword is ignored too");
}

#[test]
fn gc_gen_11_a_palisade_ignores_a_sword_and_a_flag_and_falls_to_one_sword() {
    // A: a unit behind the palisade hexside (2,3)|(3,3) attacked across it
    // rolls 2 swords and 1 flag: 1 sword and the flag ignored (GEN-PAL-3).
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (2, 3)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (3, 3))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    // 4 dice: sword, sword, flag, circle; then battle back 3 circles.
    apply(
        &ctx,
        &mut s,
        &battle(1, 2),
        &[SWORD, SWORD, FLAG, CIRCLE, CIRCLE, CIRCLE, CIRCLE],
    );
    let d = s.unit(2).expect("defender");
    assert_eq!(d.figures, 3, "2 swords, 1 ignored by the palisade");
    assert_eq!(d.hex, hex(3, 3), "the flag ignored across the palisade");
    // B: the ordered unit attacks the palisade itself with 3 dice (Ashigaru
    // spearmen), rolling 1 sword: it falls and nobody battles back.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Att", at: (2, 3)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (3, 3))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let log = apply(
        &ctx,
        &mut s,
        &GenCommand::Battle {
            unit: 1,
            target: AttackTarget::Work(hex(3, 3)),
            grapple: false,
            inspire: 0,
        },
        &[SWORD, CIRCLE, CIRCLE],
    );
    assert!(!s.palisade(&ctx, hex(2, 3), hex(3, 3)), "{log:#?}");
    assert!(log.iter().any(|e| e.rule == "GEN-PAL-4"));
    assert_eq!(s.unit(1).map(|u| u.figures), Some(4), "no battle back");
}

#[test]
fn gc_gen_16_an_armoured_unit_that_embarks_lies_flat_and_loses_its_resistance() {
    // GEN-AMP-1: a unit next to the ocean at its turn's start embarks 1 hex
    // and may not battle; GEN-AMP-2: armoured figures lie flat until the
    // owner's next turn, with no rank resistance to swords.
    let units = r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Boarders", at: (3, 1)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_bow", name: "Bows", at: (4, 1))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    super::turn::begin_turn(&mut s, 1);
    s.card = Some(smol_str::SmolStr::new_static("order_two_left"));
    s.hands[1].retain(|c| c != "order_two_left");
    s.deck.draw.retain(|c| c != "order_two_left");
    s.phase = Phase::Order;
    apply(&ctx, &mut s, &GenCommand::Order { id: 1 }, &[]);
    apply(&ctx, &mut s, &GenCommand::OrdersDone, &[]);
    // Two hexes is refused (GEN-AMP-1).
    let mut t = s.clone();
    let r = Genpei::apply(
        &ctx,
        &mut t,
        &GenCommand::Move {
            id: 1,
            to: hex(2, 0),
        },
        &mut Dice::new(0),
        &mut NoLog,
    );
    assert!(r.is_err() && t == s);
    apply(
        &ctx,
        &mut s,
        &GenCommand::Move {
            id: 1,
            to: hex(3, 0),
        },
        &[],
    );
    let u = s.unit(1).expect("unit");
    assert!(u.flat && u.embarked && ctx.ocean(u.hex));
    apply(&ctx, &mut s, &GenCommand::MovesDone, &[]);
    // It may not battle this turn.
    assert_eq!(
        Genpei::apply(
            &ctx,
            &mut s.clone(),
            &battle(1, 2),
            &mut Dice::new(0),
            &mut NoLog
        )
        .map_err(|r| r.rule),
        Err("GEN-AMP-1".to_string())
    );
    // The enemy's turn: the bows on the shore close in with 1 die (2, less
    // 1 against a boat, GEN-NCB-2) and roll a sword; a square ignores 2
    // swords from a circle, but flat figures do not. The boat battles
    // back with 3 dice (4, less 1 at sea). The sword rolled against a
    // boat may grapple: the bows elect to hit with it (GEN-GRP-1).
    battle_step(&mut s, 0, "order_two_left", &[2]);
    apply(&ctx, &mut s, &battle(2, 1), &[SWORD]);
    assert!(matches!(s.phase, Phase::Grapple { .. }), "{:?}", s.phase);
    let log = apply(
        &ctx,
        &mut s,
        &GenCommand::Grapple { grapple: false },
        &[CIRCLE, CIRCLE, CIRCLE],
    );
    assert_eq!(s.unit(1).map(|u| u.figures), Some(2), "{log:#?}");
    assert!(log.iter().any(|e| e.what.contains("GEN-AMP-2")), "{log:#?}");
    // Its owner's next turn stands it up.
    super::turn::begin_turn(&mut s, 1);
    assert!(!s.unit(1).is_some_and(|u| u.flat));
}

#[test]
fn the_other_sides_hand_and_the_deck_order_are_hidden_from_its_observation() {
    let (ctx, s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "A", at: (4, 5)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (4, 1))"#,
        "",
    ));
    let v = Genpei::hidden_variant(&ctx, &s, 1).expect("a variant");
    assert_ne!(v.hands[1], s.hands[1]);
    assert_eq!(
        Genpei::observation(&ctx, &v, 0),
        Genpei::observation(&ctx, &s, 0)
    );
    // Side 1 sees its own hand as it is.
    assert_eq!(Genpei::observation(&ctx, &s, 1).hands[1], s.hands[1]);
    // The scene shows the viewer's hand only.
    let scene = Genpei::scene(&ctx, &Genpei::observation(&ctx, &s, 0), Some(0));
    assert_eq!(scene.hand.len(), s.hands[0].len() + s.dragon_hands[0].len());
    let names: Vec<&str> = scene.hand.iter().map(|c| c.name.as_str()).collect();
    for k in &s.hands[0] {
        let n = ctx.cards.card(k).map(|c| c.name.as_str()).expect("card");
        assert!(names.contains(&n));
    }
    assert!(Genpei::scene(&ctx, &s, None).hand.is_empty());
}

#[test]
fn a_playout_deal_reorders_only_the_cards_the_side_has_not_seen() {
    let (ctx, s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "A", at: (4, 5)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (4, 1))"#,
        "",
    ));
    let obs = Genpei::observation(&ctx, &s, 0);
    let unseen = |x: &GenState| {
        let mut v: Vec<_> = x.hands[1]
            .iter()
            .chain(x.deck.draw.iter())
            .cloned()
            .collect();
        v.sort();
        v
    };
    let deals: Vec<GenState> = (0..8)
        .map(|k| Genpei::opponent_deal(&ctx, &obs, 0, k))
        .collect();
    for d in &deals {
        // The viewer's own hand, the counts and the pool of unseen cards
        // stay; the same seed gives the same deal.
        assert_eq!(d.hands[0], obs.hands[0]);
        assert_eq!(d.hands[1].len(), obs.hands[1].len());
        assert_eq!(d.deck.draw.len(), obs.deck.draw.len());
        assert_eq!(unseen(d), unseen(&obs));
        assert_eq!(d.deck.discard, obs.deck.discard);
    }
    assert_eq!(deals[3], Genpei::opponent_deal(&ctx, &obs, 0, 3));
    assert!(
        deals.iter().any(|d| d.deck.draw != obs.deck.draw),
        "some deal differs from the sorted one"
    );
    // The deal starts from the observation, so it cannot tell two states
    // apart that differ only in what side 0 cannot see.
    let v = Genpei::hidden_variant(&ctx, &s, 1).expect("a variant");
    assert_eq!(
        Genpei::opponent_deal(&ctx, &Genpei::observation(&ctx, &v, 0), 0, 5),
        deals[5]
    );
}

#[test]
fn an_ordered_unit_may_hold_its_ground_and_then_moves_no_more() {
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "A", at: (4, 5)),
           (id: 3, side: "Minamoto", unit_type: "ashigaru_yari", name: "C", at: (1, 5)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (4, 1))"#,
        "",
    ));
    super::turn::begin_turn(&mut s, 0);
    s.card = Some(smol_str::SmolStr::new_static("order_two_centre"));
    s.phase = Phase::Order;
    apply(&ctx, &mut s, &GenCommand::Order { id: 1 }, &[]);
    apply(&ctx, &mut s, &GenCommand::OrdersDone, &[]);
    // A unit not ordered may not hold: refused with its rule, nothing changed.
    let before = s.clone();
    let r = Genpei::apply(
        &ctx,
        &mut s,
        &GenCommand::Hold { id: 3 },
        &mut Dice::new(1),
        &mut NoLog,
    )
    .expect_err("not ordered");
    assert_eq!(r.rule, "GEN-BASE");
    assert_eq!(s, before);
    assert!(Genpei::legal_commands(&ctx, &s, 0).contains(&GenCommand::Hold { id: 1 }));
    let log = apply(&ctx, &mut s, &GenCommand::Hold { id: 1 }, &[]);
    assert!(
        log.iter()
            .any(|e| e.rule == "GEN-BASE" && e.what.contains("holds")),
        "{log:#?}"
    );
    let u = s.unit(1).expect("A");
    assert_eq!((u.hex, u.moved), (hex(4, 5), 0));
    assert!(super::movement::reachable(&ctx, &s, u).is_empty());
    let legal = Genpei::legal_commands(&ctx, &s, 0);
    assert!(!legal.iter().any(|c| matches!(
        c,
        GenCommand::Move { id: 1, .. } | GenCommand::Hold { id: 1 }
    )));
    let r = Genpei::apply(
        &ctx,
        &mut s,
        &GenCommand::Move {
            id: 1,
            to: hex(4, 4),
        },
        &mut Dice::new(1),
        &mut NoLog,
    )
    .expect_err("it holds");
    assert!(r.rule.starts_with("GEN-"), "{r}");
    // The next turn it may move again.
    super::turn::begin_turn(&mut s, 0);
    assert!(!s.unit(1).expect("A").held);
}

#[test]
fn naval_moves_follow_the_wind_and_a_card_overrides_it() {
    // GC-GEN-01 over the board: wind 0 (north). Two hexes north-east then
    // north: with. Two hexes south: against, refused (GEN-NAV-4).
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Ship", at: (4, 0)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Far", at: (0, 6))"#,
        "",
    )
    .replace(
        r#"(terrain: "Stockade", hexes: [(4, 3)]),"#,
        r#"(terrain: "Ocean", hexes: [(3, 1), (4, 1), (5, 1), (3, 2), (4, 2), (5, 2)]),"#,
    );
    let (ctx, mut s) = game(&text);
    super::turn::begin_turn(&mut s, 1);
    s.card = Some(smol_str::SmolStr::new_static("order_two_centre"));
    s.hands[1].retain(|c| c != "order_two_centre");
    s.deck.draw.retain(|c| c != "order_two_centre");
    s.phase = Phase::Order;
    apply(&ctx, &mut s, &GenCommand::Order { id: 1 }, &[]);
    apply(&ctx, &mut s, &GenCommand::OrdersDone, &[]);
    let reach = super::movement::reachable(&ctx, &s, s.unit(1).expect("ship"));
    let to = hex(4, 2);
    assert!(reach.contains_key(&(to.x, to.y)), "2 north with the wind");
    // Serpent Command: 1 hex only, whatever the wind (GEN-CRD-4).
    s.card = Some(smol_str::SmolStr::new_static("serpent_command"));
    let reach = super::movement::reachable(&ctx, &s, s.unit(1).expect("ship"));
    assert!(!reach.contains_key(&(to.x, to.y)));
    assert!(reach.values().all(|p| p.len() == 1));
}

#[test]
fn strike_fear_on_the_opponents_turn_takes_a_die_from_the_attack() {
    // GEN-BASE Dragon cards: one played in the opponent's turn, on the
    // attack about to be rolled.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (6, 5)),
           (id: 2, side: "Taira", unit_type: "samurai_infantry", name: "Def", at: (6, 6))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_right", &[1]);
    s.dragon_hands[1] = vec!["strike_fear".into()];
    apply(&ctx, &mut s, &battle(1, 2), &[]);
    assert!(matches!(s.phase, Phase::Reaction { .. }));
    // The defender's board shows the attack it answers.
    let arrows = Genpei::scene(&ctx, &s, Some(1)).arrows;
    let def = s.unit(2).map(|u| u.hex);
    assert_eq!(arrows.len(), 1, "{arrows:?}");
    assert!(arrows[0].unit == 1 && Some(arrows[0].to) == def && arrows[0].answer);
    let legal = Genpei::legal_commands(&ctx, &s, 1);
    let play = GenCommand::Dragon {
        card: "strike_fear".into(),
        target: None,
    };
    assert!(legal.contains(&play) && legal.contains(&GenCommand::Pass));
    // 4 dice - 1 = 3 dice; battle back 4 dice.
    let hf = s.hf[1];
    let log = apply(
        &ctx,
        &mut s,
        &play,
        &[CIRCLE, CIRCLE, CIRCLE, CIRCLE, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(
        log.iter()
            .any(|e| e.what.starts_with("Att rolls 3 battle dice")),
        "{log:#?}"
    );
    // The app draws the roll's symbols: the log names the die the module's
    // `die_faces` describes, and each face rolled is one of its faces.
    let faces = Genpei::die_faces(&ctx);
    let rolls: Vec<_> = log.iter().filter(|e| !e.dice.is_empty()).collect();
    assert!(!rolls.is_empty());
    for e in rolls {
        let f = faces.iter().find(|f| Some(&f.die) == e.die.as_ref());
        let f = f.expect("a die of symbols");
        assert_eq!(f.faces.len(), 6);
        assert!(e.dice.iter().all(|v| (1..=6).contains(v)), "{e:?}");
        assert_eq!(f.faces[0].2, "circle", "CIRCLE rolled shows the circle");
    }
    assert_eq!(s.hf[1], hf - 1);
    assert!(s.dragon_played[1]);
}

#[test]
fn a_sohei_unit_lost_costs_its_army_two_h_and_f() {
    // GC-GEN-14 over the state: 5 tokens, a Sohei unit eliminated → 3.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (6, 5)),
           (id: 2, side: "Taira", unit_type: "sohei_warriors", name: "Monks", at: (6, 6))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_right", &[1]);
    s.units[1].figures = 1;
    s.hf[1] = 5;
    let log = apply(
        &ctx,
        &mut s,
        &battle(1, 2),
        &[TRIANGLE, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(!s.unit(2).is_some_and(|u| u.alive()));
    assert_eq!(s.hf[1], 3, "{log:#?}");
    assert_eq!(s.banners[0], 1);
}

#[test]
fn both_scenarios_pass_random_games_with_saves_and_observations() {
    for (file, text) in crate::conformance::scenarios_of::<Genpei>() {
        let mut r = crate::conformance::Report::default();
        for seed in 0..12 {
            crate::conformance::random_game::<Genpei>(&file, &text, seed, seed % 3 == 0, &mut r);
        }
        assert_eq!(r.games, 12, "{file}");
        assert!(
            r.observations > 0 && r.illegal > 0 && r.round_trips > 0,
            "{file}: {r:?}"
        );
    }
}

#[test]
fn scenario_checks_one_unit_a_boat_no_arquebus_and_towers_on_works() {
    // GEN-NAV-1: one unit per hex (each naval unit in its own boat).
    let two = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "A", at: (2, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (2, 0))"#,
        "",
    );
    let e = Genpei::parse_scenario("two.ron", &two).expect_err("two on a hex");
    assert!(e.to_string().contains("GEN-NAV-1"), "{e}");
    // GEN-SCN-1: no arquebus.
    let arq = scenario(
        r#"(id: 1, side: "Taira", unit_type: "ashigaru_arquebus", name: "A", at: (2, 2))"#,
        "",
    );
    let e = Genpei::parse_scenario("arq.ron", &arq).expect_err("arquebus");
    assert!(e.to_string().contains("GEN-SCN-1"), "{e}");
    // GEN-TWR-1: a tower stands on a stockade or a palisade.
    let units = r#"(id: 1, side: "Taira", unit_type: "samurai_archers", name: "A", at: (4, 3))"#;
    let ok = scenario(units, "").replace(
        "    wind: [0],",
        "    wind: [0],\n    towers: [(4, 3), (3, 3)],",
    );
    assert!(Genpei::parse_scenario("ok.ron", &ok).is_ok());
    let bad =
        scenario(units, "").replace("    wind: [0],", "    wind: [0],\n    towers: [(7, 5)],");
    let e = Genpei::parse_scenario("bad.ron", &bad).expect_err("tower on clear ground");
    assert!(e.to_string().contains("GEN-TWR-1"), "{e}");
    // GEN-OCN-2, GEN-PAL-5, GEN-STK-7: the tiles that stand for the shore,
    // palisades and stockades change nothing: the board's terrain is by name.
    let (ctx, _) = game(&scenario(units, ""));
    assert!(ctx.ocean(hex(0, 0)) && ctx.shore(hex(0, 1)), "GEN-OCN-2");
    assert!(ctx.stockade(hex(4, 3)), "GEN-STK-7");
    assert!(
        ctx.board.hexside(hex(2, 3), hex(3, 3)).is_some(),
        "GEN-PAL-5"
    );
}

#[test]
fn the_tide_turns_in_the_scenario_round_it_names() {
    // GEN-NAV-2: the scenario sets the wind/tide axes, here changing in round 2.
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Ship", at: (4, 0))"#,
        "",
    )
    .replace(
        "    wind: [0],",
        "    wind: [0],\n    tide: [(from_turn: 2, wind: [3])],",
    );
    let (ctx, mut s) = game(&text);
    assert_eq!(ctx.wind(1), &[0]);
    assert_eq!(ctx.wind(2), &[3]);
    // Side 0 plays first: two end-of-turns make round 2.
    s.phase = Phase::EndTurn;
    apply(&ctx, &mut s, &GenCommand::EndTurn { dragon: false }, &[]);
    s.phase = Phase::EndTurn;
    let log = apply(&ctx, &mut s, &GenCommand::EndTurn { dragon: false }, &[]);
    assert_eq!(s.turn, 2);
    assert!(
        log.iter()
            .any(|e| e.rule == "GEN-NAV-2" && e.what.contains("tide turns")),
        "{log:#?}"
    );
    assert_eq!(Genpei::scene(&ctx, &s, Some(0)).wind, vec![3]);
}

#[test]
fn grapples_hold_boats_until_a_sword_severs_them() {
    // GEN-GRP-1: a sword against a naval unit becomes a grapple; GEN-GRP-3:
    // neither moves; GEN-GRP-4: in close combat between the two, a sword
    // severs it.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boarder", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "samurai_infantry", name: "Prize", at: (4, 0))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let grapple = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: true,
        inspire: 0,
    };
    // 3 dice at sea (4 - 1): sword, circle, circle; battle back 3 circles.
    apply(
        &ctx,
        &mut s,
        &grapple,
        &[SWORD, CIRCLE, CIRCLE, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(s.grappled_together(1, 2));
    assert_eq!(
        s.unit(2).map(|u| u.figures),
        Some(3),
        "the sword made a grapple, not a hit"
    );
    let scene = Genpei::scene(&ctx, &s, None);
    assert!(scene.links.contains(&(1, 2)));
    assert!(
        scene
            .units
            .iter()
            .any(|u| u.badges.iter().any(|b| b == "Grappled"))
    );
    // The Taira boat may not move away.
    super::turn::begin_turn(&mut s, 1);
    s.units[1].ordered = true;
    s.phase = Phase::Move;
    assert!(super::movement::reachable(&ctx, &s, s.unit(2).expect("prize")).is_empty());
    let r = Genpei::apply(
        &ctx,
        &mut s.clone(),
        &GenCommand::Move {
            id: 2,
            to: hex(5, 0),
        },
        &mut Dice::new(0),
        &mut NoLog,
    );
    assert_eq!(r.map_err(|r| r.rule), Err("GEN-GRP-3".to_string()));
    // Severing: the Taira boat attacks its grappler with the grapple option.
    s.phase = Phase::Battle;
    let sever = GenCommand::Battle {
        unit: 2,
        target: AttackTarget::Unit(1),
        grapple: true,
        inspire: 0,
    };
    let log = apply(
        &ctx,
        &mut s,
        &sever,
        &[SWORD, CIRCLE, CIRCLE, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(!s.grappled(1) && !s.grappled(2));
    assert!(log.iter().any(|e| e.rule == "GEN-GRP-4"), "{log:#?}");
}

#[test]
fn taking_ground_at_sea_ignores_the_wind_and_never_crosses_the_shore() {
    // GEN-NAV-6: taking ground through water in any direction; GEN-AMP-4 /
    // GEN-NCB-6: never between ocean and land.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Ship", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (4, 0)),
           (id: 3, side: "Taira", unit_type: "ashigaru_yari", name: "Shore", at: (3, 1))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_left", &[1]);
    s.units[1].figures = 1;
    // 3 dice: triangle hits, the boat is gone; the hex is open.
    let log = apply(&ctx, &mut s, &battle(1, 2), &[TRIANGLE, CIRCLE, CIRCLE]);
    assert!(matches!(s.phase, Phase::TakeGround { .. }), "{log:#?}");
    let log = apply(&ctx, &mut s, &GenCommand::TakeGround, &[]);
    assert_eq!(s.unit(1).map(|u| u.hex), Some(hex(4, 0)));
    assert!(log.iter().any(|e| e.rule == "GEN-NAV-6"));
    // From the boat against the shore unit: no taking ground onto land.
    assert!(super::battle::take_ground_allowed(&ctx, &s, 1, hex(4, 1)).is_err());
}

#[test]
fn a_unit_that_lands_is_an_ordinary_unit_again() {
    // GEN-AMP-3.
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_cavalry", name: "Riders", at: (3, 0)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    super::turn::begin_turn(&mut s, 1);
    s.card = Some(smol_str::SmolStr::new_static("order_two_left"));
    s.hands[1].retain(|c| c != "order_two_left");
    s.deck.draw.retain(|c| c != "order_two_left");
    s.phase = Phase::Order;
    apply(&ctx, &mut s, &GenCommand::Order { id: 1 }, &[]);
    apply(&ctx, &mut s, &GenCommand::OrdersDone, &[]);
    let log = apply(
        &ctx,
        &mut s,
        &GenCommand::Move {
            id: 1,
            to: hex(3, 1),
        },
        &[],
    );
    assert!(log.iter().any(|e| e.rule == "GEN-AMP-3"));
    let t = super::battle_plan::target_of(&ctx, &s, 1, hex(3, 2)).expect("target");
    assert!(
        t.mounted && !t.at_sea && t.flat,
        "cavalry again, flat until its next turn"
    );
}

#[test]
fn palisades_and_marshes_are_passable_and_do_not_block_sight() {
    // GEN-PAL-2, GEN-MSH-1: archers shoot across the palisade and over the
    // marsh; a unit walks through the palisade's hexside. GEN-PAL-1: a
    // palisade covers only its own hexside, so attacking another is refused.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_archers", name: "Bows", at: (1, 3)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Behind", at: (3, 3)),
           (id: 3, side: "Minamoto", unit_type: "samurai_archers", name: "Marsh bows", at: (6, 6)),
           (id: 4, side: "Taira", unit_type: "ashigaru_yari", name: "Beyond", at: (6, 3))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_left", &[1, 3]);
    let a = super::state::Attack {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
        bonus: false,
        reaction_dice: 0,
        counter_inspire: 0,
    };
    assert!(
        super::battle_plan::plan(&ctx, &s, &a).is_ok(),
        "GEN-PAL-2: sight across a palisade"
    );
    let b = super::state::Attack {
        unit: 3,
        target: AttackTarget::Unit(4),
        ..a.clone()
    };
    assert!(
        super::battle_plan::plan(&ctx, &s, &b).is_ok(),
        "GEN-MSH-1: sight over a marsh"
    );
    let w = super::state::Attack {
        unit: 1,
        target: AttackTarget::Work(hex(2, 3)),
        ..a
    };
    assert_eq!(
        super::battle_plan::plan(&ctx, &s, &w)
            .map(|_| ())
            .map_err(|r| r.rule),
        Err("GEN-PAL-1".to_string())
    );
    // Walking through the palisade's hexside (GEN-PAL-2).
    super::turn::begin_turn(&mut s, 1);
    s.units[1].ordered = true;
    s.units[1].hex = hex(3, 3);
    s.phase = Phase::Move;
    let reach = super::movement::reachable(&ctx, &s, s.unit(2).expect("unit"));
    let to = hex(2, 3);
    assert!(reach.contains_key(&(to.x, to.y)));
    // GEN-CRD-1: the base Command cards work as in the base game here.
    assert!(ctx.cards.card("order_two_left").is_some(), "GEN-CRD-1");
}

#[test]
fn the_command_ship_moves_with_its_guard_and_falls_with_it() {
    // GEN-CMD-1: the Command Tent afloat moves under the naval rules; its
    // guard lost, the enemy wins a banner (stand-in). GEN-CMD-2: landing
    // makes it a tent.
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Guard", at: (3, 0)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#,
        "",
    )
    .replace(
        "    leaders: [",
        "    commands: [(side: \"Taira\", unit: 1)],\n    leaders: [",
    );
    let (ctx, mut s) = game(&text);
    assert!(s.commands[0].ship);
    super::turn::begin_turn(&mut s, 1);
    s.units[0].ordered = true;
    s.phase = Phase::Move;
    let log = apply(
        &ctx,
        &mut s,
        &GenCommand::Move {
            id: 1,
            to: hex(4, 0),
        },
        &[],
    );
    assert_eq!(s.commands[0].hex, hex(4, 0), "{log:#?}");
    assert!(s.commands[0].ship);
    // Taking ground at sea takes the ship along too.
    s.phase = Phase::TakeGround {
        unit: 1,
        hex: hex(5, 0),
    };
    let log = apply(&ctx, &mut s, &GenCommand::TakeGround, &[]);
    assert_eq!(s.unit(1).map(|u| u.hex), Some(hex(5, 0)), "{log:#?}");
    assert_eq!(s.commands[0].hex, hex(5, 0), "{log:#?}");
    // The guard is lost: the ship falls, a banner each for the unit and the ship.
    let mut out = Vec::new();
    let mut d = Dice::new(0);
    super::losses::lose(&ctx, &mut s, 1, 9, 0, "GEN-DICE-1", &mut d, &mut out);
    assert!(s.commands[0].captured);
    assert_eq!(s.banners[0], 2);
    assert!(out.iter().any(|e| e.rule == "GEN-CMD-1"));
}

#[test]
fn gc_gen_08_an_attack_on_the_stockade_falls_on_two_swords_with_a_figure() {
    // GEN-STK-6: 4 dice, not capped; 2 swords: the stockade is removed, its
    // occupant loses 1 figure and does not battle back. 1 sword: it stands.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#;
    let work = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Work(hex(4, 3)),
        grapple: false,
        inspire: 0,
    };
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    let odds = Genpei::odds(&ctx, &s, &work).expect("odds");
    assert!(odds.title.contains("4 dice"), "{}", odds.title);
    let log = apply(&ctx, &mut s, &work, &[SWORD, SWORD, CIRCLE, CIRCLE]);
    assert!(!s.stockade(&ctx, hex(4, 3)), "{log:#?}");
    assert_eq!(s.unit(2).map(|u| u.figures), Some(3));
    assert_eq!(s.unit(1).map(|u| u.figures), Some(3), "no battle back");
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    apply(&ctx, &mut s, &work, &[SWORD, CIRCLE, CIRCLE, FLAG]);
    assert!(s.stockade(&ctx, hex(4, 3)));
    assert_eq!(s.unit(2).map(|u| u.figures), Some(4));
}

#[test]
fn gc_gen_04_flags_on_a_naval_unit_are_hits() {
    // GEN-NCB-6: 2 flags, none ignored (Ashigaru): no retreat, 2 hits.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (4, 0))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    // 3 dice at sea: flag, flag, circle; battle back 2 dice (3 - 1): circles.
    apply(
        &ctx,
        &mut s,
        &battle(1, 2),
        &[FLAG, FLAG, CIRCLE, CIRCLE, CIRCLE],
    );
    let d = s.unit(2).expect("boat");
    assert_eq!((d.hex, d.figures), (hex(4, 0), 2));
}

#[test]
fn gc_gen_17_a_naval_leader_retreats_deck_to_deck_or_commits_seppuku() {
    // GEN-NLD-4 over the state: A: friendly boats behind him (toward the
    // Taira's south edge... here the Minamoto's north edge): he retreats;
    // B: only open ocean: seppuku.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boat A", at: (4, 1)),
           (id: 2, side: "Minamoto", unit_type: "samurai_infantry", name: "Boat B", at: (4, 2)),
           (id: 3, side: "Taira", unit_type: "samurai_infantry", name: "Far", at: (8, 6))"#,
        r#"(id: 201, side: "Minamoto", name: "Yoshitsune", cavalry: true, named: true, at: (4, 0))"#,
    )
    .replace(
        r#"(terrain: "Stockade", hexes: [(4, 3)]),"#,
        r#"(terrain: "Ocean", hexes: [(4, 1), (4, 2), (3, 1), (5, 1)]),"#,
    );
    let (ctx, mut s) = game(&text);
    let mut out = Vec::new();
    let mut d = Dice::new(0);
    super::losses::lone_leader_escapes(&ctx, &mut s, 201, &mut d, &mut out);
    let l = s.leader(201).expect("leader");
    assert!(!l.dead);
    assert_eq!(l.hex, hex(4, 2), "two hexes, deck to deck: {out:#?}");
    assert!(out.iter().any(|e| e.rule == "GEN-NLD-4"));
    // B: no boat behind him.
    let (ctx, mut s) = game(&text);
    s.units[0].figures = 0;
    s.units[1].figures = 0;
    let hf = s.hf[0];
    let mut out = Vec::new();
    super::losses::lone_leader_escapes(&ctx, &mut s, 201, &mut d, &mut out);
    assert!(s.leader(201).is_some_and(|l| l.dead), "seppuku: {out:#?}");
    assert_eq!(s.hf[0], hf + ctx.tables.combat.seppuku_hf);
    assert_eq!(s.banners[1], 0, "no banner for a seppuku");
}

#[test]
fn a_leader_alone_falls_to_a_sword_or_must_leave() {
    // GEN-BASE: a lone leader attacked is hit by any sword.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (6, 5)),
           (id: 2, side: "Taira", unit_type: "samurai_infantry", name: "Friends", at: (5, 2))"#,
        r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: true, named: true, at: (5, 4))"#,
    );
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_right", &[1]);
    let cmd = battle(1, 251);
    assert!(Genpei::legal_commands(&ctx, &s, 0).contains(&cmd));
    let o = Genpei::odds(&ctx, &s, &cmd).expect("odds");
    let p = o
        .lines
        .iter()
        .find(|l| l.0.contains("falls"))
        .expect("line")
        .1;
    assert!((p - (1.0 - (5.0f64 / 6.0).powi(4))).abs() < 1e-9, "{p}");
    apply(&ctx, &mut s, &cmd, &[SWORD, CIRCLE, CIRCLE, CIRCLE]);
    assert!(s.leader(251).is_some_and(|l| l.dead));
    assert_eq!(s.banners[0], 1);
    // No sword: he goes to the friendly unit within 3 hexes for 3 H&F.
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_right", &[1]);
    let hf = s.hf[1];
    apply(&ctx, &mut s, &cmd, &[CIRCLE, CIRCLE, CIRCLE, CIRCLE]);
    let l = s.leader(251).expect("leader");
    assert!(!l.dead && l.hex == hex(5, 2));
    assert_eq!(s.hf[1], hf - 3);
    assert!(matches!(s.phase, Phase::TakeGround { .. }));
}

#[test]
fn the_scripted_moves_stop_at_a_move_into_marsh_since_its_roll_decides_what_follows() {
    // GEN-MSH-3: a unit that goes into a marsh rolls a die. The scripted
    // play works its moves out on a copy; past a marsh entry the copy's
    // roll is not the game's, so the sequence ends there and the rest is
    // decided again after the real roll.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Wader", at: (6, 5)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Walker", at: (2, 5)),
           (id: 3, side: "Taira", unit_type: "ashigaru_yari", name: "Foe", at: (6, 2))"#,
        "",
    ));
    super::turn::begin_turn(&mut s, 0);
    s.units[0].ordered = true;
    s.units[1].ordered = true;
    s.phase = Phase::Move;
    let seq = Genpei::default_commands(&ctx, &s, 0);
    let first = seq.first().expect("a move");
    assert_eq!(
        first,
        &GenCommand::Move {
            id: 1,
            to: hex(6, 4)
        },
        "{seq:?}"
    );
    assert_eq!(
        seq.len(),
        1,
        "the sequence ends at the marsh entry: {seq:?}"
    );
    // Played for real, the roll is made and logged with its rule, and the
    // scripted play then goes on from the state the roll left.
    let mut log = GameLog::default();
    Genpei::apply(&ctx, &mut s, first, &mut Dice::new(3), &mut log).expect("legal");
    assert!(
        log.entries.iter().any(|e| e.rule == "GEN-MSH-3"),
        "{:#?}",
        log.entries
    );
    let rest = Genpei::default_commands(&ctx, &s, 0);
    assert!(
        rest.iter()
            .any(|c| matches!(c, GenCommand::Move { id: 2, .. })),
        "{rest:?}"
    );
}
