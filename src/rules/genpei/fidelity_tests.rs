//! Tests of the Genpei readings mended by the line-by-line audit of the
//! seed (`docs/rules-audit/genpei.md`), each named after its rule ID: each
//! failed before its fix.

use crate::engine::core::Rules;
use crate::engine::core::RulesView;
use crate::engine::dice::Dice;
use crate::engine::log::NoLog;

use super::game::Genpei;
use super::game_tests::{apply, battle_step, game, hex, scenario};
use super::state::AttackTarget;
use super::turn::GenCommand;

const CIRCLE: u32 = 1;
const SWORD: u32 = 4;

fn work_attack(inspire: u32) -> GenCommand {
    GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Work(hex(4, 3)),
        grapple: false,
        inspire,
    }
}

#[test]
fn gen_stk_6_an_empty_stockade_may_be_attacked() {
    // GEN-STK-6 (L166): "An ordered unit adjacent to a Stockade hex may
    // attempt to destroy it": nobody holds the stockade at (4, 3).
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    let log = apply(
        &ctx,
        &mut s,
        &work_attack(0),
        &[SWORD, SWORD, CIRCLE, CIRCLE],
    );
    assert!(!s.stockade(&ctx, hex(4, 3)), "{log:#?}");
    assert!(log.iter().any(|e| e.rule == "GEN-STK-6"));
}

#[test]
fn gen_stk_6_a_friendly_held_stockade_may_be_attacked_and_its_occupant_loses_a_figure() {
    // GEN-STK-6: "Any unit on the Stockade hex at the time of its
    // destruction loses 1 figure", a friendly one too.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Held", at: (4, 3)),
           (id: 3, side: "Taira", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#;
    let (ctx, mut s) = game(&scenario(units, ""));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    let log = apply(
        &ctx,
        &mut s,
        &work_attack(0),
        &[SWORD, SWORD, CIRCLE, CIRCLE],
    );
    assert!(!s.stockade(&ctx, hex(4, 3)), "{log:#?}");
    assert_eq!(s.unit(2).map(|u| u.figures), Some(3));
}

#[test]
fn gen_pal_4_an_attack_on_a_work_may_be_increased_by_inspiration_and_dragon_dice() {
    // GEN-PAL-4 (L144), GEN-STK-6 (L166): the roll "may be increased by
    // Leader Inspiration and Command or Dragon Card effects". An attached
    // leader inspires 1 die and the unit's Dragon card adds 1: 4 + 1 + 1.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#;
    let leaders = r#"(id: 201, side: "Minamoto", name: "Noriyori", cavalry: false, named: false, at: (4, 4))"#;
    let (ctx, mut s) = game(&scenario(units, leaders));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    s.unit_mut(1).expect("attacker").dragon_dice = 1;
    let odds = Genpei::odds(&ctx, &s, &work_attack(1)).expect("odds");
    assert!(odds.title.contains("6 dice"), "{}", odds.title);
    let hf = s.hf[0];
    let log = apply(
        &ctx,
        &mut s,
        &work_attack(1),
        &[SWORD, CIRCLE, CIRCLE, CIRCLE, CIRCLE, SWORD],
    );
    assert!(s.hf[0] < hf, "Inspiration was paid in H&F");
    assert!(!s.stockade(&ctx, hex(4, 3)), "two swords of six: {log:#?}");
    // Refused before the fix: a refusal would change nothing.
    let mut t = s.clone();
    let e = Genpei::apply(&ctx, &mut t, &work_attack(1), &mut Dice::new(1), &mut NoLog);
    assert!(e.is_err(), "the unit has battled");
    assert_eq!(t, s);
}

const FLAG: u32 = 5;

/// A Minamoto Ashigaru one hex before the marsh at (6, 4) on its line of
/// retreat, `also_marsh` making its own hex a marsh too.
fn marsh_retreat(also_marsh: bool) -> (super::state::GenCtx, super::state::GenState) {
    use crate::engine::board::{Facing, HexBoard};
    let marsh = hex(6, 4);
    let start = marsh.neighbor(Facing::North.opposite().edge_direction());
    let (c, r) = HexBoard::to_offset(start);
    let mut text = scenario(
        &format!(
            r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Wader", at: ({c}, {r})),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Far", at: (0, 6))"#
        ),
        "",
    );
    if also_marsh {
        text = text.replace(
            r#"(terrain: "Marsh", hexes: [(6, 4)])"#,
            &format!(r#"(terrain: "Marsh", hexes: [(6, 4), ({c}, {r})])"#),
        );
    }
    game(&text)
}

#[test]
fn gen_msh_2_a_retreat_stops_on_entering_a_marsh() {
    // GEN-MSH-2 (L185): "A unit or leader entering a marsh hex must stop".
    // Two flags: it retreats one hex into the marsh and stops; the flag it
    // cannot take is a hit (a blocked retreat), and it rolls for the marsh
    // (GEN-MSH-3: a flag has no effect).
    let (ctx, mut s) = marsh_retreat(false);
    let figures = s.unit(1).expect("unit").figures;
    let mut d = Dice::new(0);
    d.load([FLAG]);
    let mut out = Vec::new();
    super::losses::retreat(&ctx, &mut s, 1, 2, 1, &mut d, &mut out);
    let u = s.unit(1).expect("unit");
    assert_eq!(u.hex, hex(6, 4), "stopped in the marsh: {out:#?}");
    assert_eq!(u.figures, figures - 1, "the second flag, blocked: a hit");
    assert!(out.iter().any(|e| e.rule == "GEN-MSH-3"));
    assert_eq!(d.loaded_remaining(), 0);
}

#[test]
fn gen_msh_3_a_retreat_from_one_marsh_into_another_rolls() {
    // GEN-MSH-3 (L187): "A unit entering a Marsh hex by ordered movement,
    // retreat or taking ground must roll 1 die", out of a marsh too.
    let (ctx, mut s) = marsh_retreat(true);
    let mut d = Dice::new(0);
    d.load([FLAG]);
    let mut out = Vec::new();
    super::losses::retreat(&ctx, &mut s, 1, 1, 1, &mut d, &mut out);
    assert_eq!(s.unit(1).map(|u| u.hex), Some(hex(6, 4)));
    assert!(out.iter().any(|e| e.rule == "GEN-MSH-3"), "{out:#?}");
    assert_eq!(d.loaded_remaining(), 0);
}

#[test]
fn gen_nld_4_a_lone_leader_on_the_shore_with_only_ocean_behind_commits_seppuku() {
    // GEN-NLD-4 (L80): "this also applies to a leader on a shoreline land
    // hex with only open ocean hexes behind it". The Taira retreat toward
    // row 0, the ocean: with no boat behind him he commits seppuku, though
    // a friendly unit stands inland within 3 hexes.
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Inland", at: (6, 2)),
           (id: 2, side: "Minamoto", unit_type: "samurai_infantry", name: "Far", at: (8, 6))"#,
        r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: true, named: true, at: (4, 1))"#,
    );
    let (ctx, mut s) = game(&text);
    assert!(ctx.shore(hex(4, 1)));
    let hf = s.hf[1];
    let mut out = Vec::new();
    super::losses::lone_leader_escapes(&ctx, &mut s, 251, &mut Dice::new(0), &mut out);
    assert!(s.leader(251).is_some_and(|l| l.dead), "seppuku: {out:#?}");
    assert_eq!(s.hf[1], hf + ctx.tables.combat.seppuku_hf);
    assert!(out.iter().any(|e| e.rule == "GEN-NLD-4"));
}

const TRIANGLE: u32 = 2;

#[test]
fn gen_grp_3_a_grappled_unit_may_not_take_ground() {
    // GEN-GRP-3 (L50): "While grappled, units may not move". The boarder,
    // grappled to one boat, eliminates another: no taking ground.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boarder", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Held", at: (4, 0)),
           (id: 3, side: "Taira", unit_type: "ashigaru_yari", name: "Last", at: (2, 0))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    s.unit_mut(3).expect("boat").figures = 1;
    s.grapples = vec![(1, 2)];
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(3),
        grapple: false,
        inspire: 0,
    };
    let log = apply(&ctx, &mut s, &cmd, &[TRIANGLE, CIRCLE, CIRCLE]);
    assert!(s.unit(3).is_none_or(|u| !u.alive()), "{log:#?}");
    assert_eq!(s.phase, super::state::Phase::Battle, "no taking ground");
}

#[test]
fn gen_grp_3_a_grappled_shore_unit_does_not_retreat() {
    // GEN-GRP-3: a grappled unit may not move; the flag it cannot take is
    // a blocked retreat, a hit, and the grapple holds.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Shore", at: (3, 1)),
           (id: 2, side: "Taira", unit_type: "samurai_infantry", name: "Boat", at: (3, 0))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    s.grapples = vec![(1, 2)];
    let figures = s.unit(1).expect("unit").figures;
    let mut out = Vec::new();
    super::losses::retreat(&ctx, &mut s, 1, 1, 1, &mut Dice::new(0), &mut out);
    let u = s.unit(1).expect("unit");
    assert_eq!(u.hex, hex(3, 1), "it stays: {out:#?}");
    assert_eq!(u.figures, figures - 1, "a blocked retreat");
    assert!(s.grappled_together(1, 2));
}

#[test]
fn gen_stk_2_cavalry_may_not_land_into_a_stockade() {
    // GEN-STK-2 (L155): "Cavalry units and leaders may not enter a stockade
    // hex", from a boat too.
    let text = scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_cavalry", name: "Riders", at: (4, 2)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#,
        "",
    )
    .replace(
        r#"(terrain: "Marsh", hexes: [(6, 4)]),"#,
        r#"(terrain: "Marsh", hexes: [(6, 4)]),
            (terrain: "Ocean", hexes: [(4, 2)]),"#,
    );
    let (ctx, mut s) = game(&text);
    assert!(ctx.ocean(hex(4, 2)) && s.stockade(&ctx, hex(4, 3)));
    super::turn::begin_turn(&mut s, 1);
    s.unit_mut(1).expect("riders").ordered = true;
    s.phase = super::state::Phase::Move;
    let reach = super::movement::reachable(&ctx, &s, s.unit(1).expect("riders"));
    let st = hex(4, 3);
    assert!(!reach.contains_key(&(st.x, st.y)), "{reach:?}");
}

#[test]
fn gen_twr_3_mounted_archers_are_no_tower_archers() {
    // GEN-TWR-3 (L177): "An archer unit (Samurai, Sohei or Ashigaru)";
    // L62 names Mounted Samurai Archers apart. In a tower they keep their
    // own range 2-3.
    use super::attack_dice::{AttackKind, AttackSetup, attack_dice};
    let t = super::data::GenTables::load().expect("tables");
    let clear = t.hex("clear").expect("clear");
    let at4 = |unit: &str| {
        attack_dice(
            &AttackSetup {
                unit: t.unit(unit).expect("type"),
                kind: AttackKind::Ranged(4),
                moved: 0,
                embarked: false,
                onslaught: false,
                from: clear,
                into: clear,
                in_tower: true,
                bonus: Vec::new(),
            },
            &t.combat,
        )
    };
    assert!(at4("samurai_archers").is_ok(), "a tower archer reaches 4");
    assert!(at4("mounted_archers").is_err(), "range 2-3 only");
}

#[test]
fn gen_base_a_side_that_played_no_dragon_card_may_discard_one_for_hf() {
    // GEN-BASE (base rules §1, GMT): "if no Dragon card was played, discard
    // one for 1 H&F". Offered, then once only; refused after a Dragon card.
    use super::state::Phase;
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "A", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (8, 6))"#,
        "",
    ));
    super::turn::begin_turn(&mut s, 0);
    s.phase = Phase::EndTurn;
    s.dragon_hands[0] = vec!["panic".into()];
    let discard = GenCommand::DiscardDragon {
        card: "panic".into(),
    };
    assert!(Genpei::legal_commands(&ctx, &s, 0).contains(&discard));
    let hf = s.hf[0];
    apply(&ctx, &mut s, &discard, &[]);
    assert_eq!(s.hf[0], hf + ctx.tables.combat.dragon_discard_hf);
    assert!(s.dragon_hands[0].is_empty());
    assert!(s.dragon_deck.discard.iter().any(|c| c == "panic"));
    assert_eq!(s.phase, Phase::EndTurn, "the turn still ends as usual");
    s.dragon_hands[0] = vec!["cowards".into()];
    let again = GenCommand::DiscardDragon {
        card: "cowards".into(),
    };
    let before = s.clone();
    assert!(Genpei::apply(&ctx, &mut s, &again, &mut Dice::new(1), &mut NoLog).is_err());
    assert_eq!(s, before);
}

#[test]
fn gen_base_a_card_that_orders_nothing_skips_to_the_draw() {
    // GEN-BASE (base rules §1, Turn): "If a card can order nothing, skip to
    // the draw": no Battle step, so no battle Dragon card either.
    use super::state::Phase;
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Centre", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "B", at: (8, 6))"#,
        "",
    ));
    super::turn::begin_turn(&mut s, 0);
    s.phase = Phase::Play;
    s.hands[0] = vec!["order_two_left".into()];
    let log = apply(
        &ctx,
        &mut s,
        &GenCommand::PlayCard {
            card: "order_two_left".into(),
        },
        &[],
    );
    assert!(
        !matches!(s.phase, Phase::Battle | Phase::Order),
        "{:?}",
        s.phase
    );
    assert!(log.iter().any(|e| e.rule == "GEN-BASE"));
}

#[test]
fn gen_stk_3_a_stockade_defends_against_an_attacker_in_a_stockade_too() {
    // GEN-STK-3 (L157): "A unit on a stockade hex may ignore 1 sword and 1
    // flag in combat": from another stockade hex as well.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        "",
    )
    .replace(
        r#"(terrain: "Stockade", hexes: [(4, 3)]),"#,
        r#"(terrain: "Stockade", hexes: [(4, 3), (4, 4)]),"#,
    );
    let (ctx, s) = game(&text);
    let t = super::battle_plan::target_of(&ctx, &s, 2, hex(4, 4)).expect("target");
    assert_eq!(
        (t.terrain_swords_ignored, t.terrain_flags_ignored),
        (1, 1),
        "{t:?}"
    );
}

#[test]
fn gen_grp_4_a_boat_may_sever_a_grapple_made_from_the_shore() {
    // GEN-GRP-4 (L52): "A grappled unit conducting close combat against its
    // mutually grappled enemy may allocate one sword result to severing".
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Shore", at: (3, 1)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (3, 0))"#,
        "",
    );
    let (ctx, mut s) = game(&text);
    s.grapples = vec![(1, 2)];
    battle_step(&mut s, 1, "order_two_left", &[2]);
    let a = super::state::Attack {
        unit: 2,
        target: AttackTarget::Unit(1),
        grapple: true,
        inspire: 0,
        bonus: false,
        reaction_dice: 0,
        counter_inspire: 0,
    };
    assert!(super::battle_plan::plan(&ctx, &s, &a).is_ok());
}

#[test]
fn gen_stk_2_a_unit_may_not_carry_its_leader_into_a_stockade() {
    // GEN-STK-2 (L155): "Cavalry units and leaders may not enter a stockade
    // hex". A foot unit with its leader attached may not move in; without
    // him it may.
    let units = r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Yari", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Far", at: (8, 6))"#;
    let leaders = r#"(id: 201, side: "Minamoto", name: "Noriyori", cavalry: false, named: false, at: (4, 4))"#;
    let (ctx, mut s) = game(&scenario(units, leaders));
    super::turn::begin_turn(&mut s, 0);
    s.unit_mut(1).expect("yari").ordered = true;
    s.phase = super::state::Phase::Move;
    let st = hex(4, 3);
    let reach = super::movement::reachable(&ctx, &s, s.unit(1).expect("yari"));
    assert!(
        !reach.contains_key(&(st.x, st.y)),
        "with the leader: {reach:?}"
    );
    s.leaders[0].hex = hex(8, 0);
    let reach = super::movement::reachable(&ctx, &s, s.unit(1).expect("yari"));
    assert!(reach.contains_key(&(st.x, st.y)), "alone");
}

/// The board of gc_gen_17: Minamoto boats at (4, 1) and (4, 2) behind
/// their lone leader Yoshitsune at sea at (4, 0).
fn naval_leader_board() -> String {
    scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boat A", at: (4, 1)),
           (id: 2, side: "Minamoto", unit_type: "samurai_infantry", name: "Boat B", at: (4, 2)),
           (id: 3, side: "Taira", unit_type: "samurai_infantry", name: "Far", at: (8, 6))"#,
        r#"(id: 201, side: "Minamoto", name: "Yoshitsune", cavalry: true, named: true, at: (4, 0))"#,
    )
    .replace(
        r#"(terrain: "Stockade", hexes: [(4, 3)]),"#,
        r#"(terrain: "Ocean", hexes: [(4, 1), (4, 2), (3, 1), (5, 1)]),"#,
    )
}

#[test]
fn gen_nld_4_a_naval_leader_pays_for_his_retreat_or_commits_seppuku() {
    // Base rules §1: a surviving lone leader "retreats 1–3 hexes (3 H&F) or
    // commits seppuku"; GEN-NLD-4 (L80) changes only his path at sea (deck
    // to deck), not the cost. A: he pays 3 H&F. B: with 2 H&F the army
    // cannot pay: seppuku.
    let (ctx, mut s) = game(&naval_leader_board());
    let cost = ctx.tables.combat.lone_leader_retreat_hf;
    let hf = s.hf[0];
    let mut out = Vec::new();
    super::losses::lone_leader_escapes(&ctx, &mut s, 201, &mut Dice::new(0), &mut out);
    let l = s.leader(201).expect("leader");
    assert!(!l.dead && l.hex == hex(4, 2), "deck to deck: {out:#?}");
    assert_eq!(s.hf[0], hf - cost, "the retreat costs H&F at sea too");
    let (ctx, mut s) = game(&naval_leader_board());
    s.hf[0] = cost - 1;
    let mut out = Vec::new();
    super::losses::lone_leader_escapes(&ctx, &mut s, 201, &mut Dice::new(0), &mut out);
    assert!(s.leader(201).is_some_and(|l| l.dead), "seppuku: {out:#?}");
    assert_eq!(s.hf[0], cost - 1 + ctx.tables.combat.seppuku_hf);
    assert_eq!(s.banners[1], 0, "no banner for a seppuku");
}

#[test]
fn gen_base_a_lone_leader_retreats_toward_his_own_edge() {
    // Base rules §1: a surviving lone leader "retreats 1–3 hexes (3 H&F)".
    // A retreat goes toward his own edge (the Taira's is row 0): not 3
    // hexes forward onto the only Taira unit, and not through the Minamoto
    // unit straight behind him.
    use crate::engine::board::HexBoard;
    for blocker in [false, true] {
        let mut units = String::from(
            r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Ahead", at: (4, 5)),
           (id: 2, side: "Minamoto", unit_type: "samurai_infantry", name: "Far", at: (8, 6))"#,
        );
        if blocker {
            units.push_str(
                r#",
           (id: 3, side: "Minamoto", unit_type: "ashigaru_yari", name: "Behind", at: (4, 1))"#,
            );
        }
        let (ctx, mut s) = game(&scenario(
            &units,
            r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: false, named: true, at: (4, 2))"#,
        ));
        assert!(!ctx.shore(hex(4, 2)));
        let hf = s.hf[1];
        let mut out = Vec::new();
        super::losses::lone_leader_escapes(&ctx, &mut s, 251, &mut Dice::new(0), &mut out);
        let l = s.leader(251).expect("leader");
        let at = HexBoard::to_offset(l.hex);
        assert!(!l.dead, "{out:#?}");
        assert!(at.1 < 2, "toward his own edge, not to {at:?}: {out:#?}");
        assert!(!ctx.ocean(l.hex), "{at:?}");
        if blocker {
            assert!(l.hex != hex(4, 1), "{at:?}");
        } else {
            assert_eq!(l.hex, hex(4, 1), "straight back, then only ocean");
        }
        assert_eq!(s.hf[1], hf - ctx.tables.combat.lone_leader_retreat_hf);
    }
}

#[test]
fn gen_stk_2_a_lone_leader_does_not_escape_into_a_stockade() {
    // GEN-STK-2 (L155): "Cavalry units and leaders may not enter a stockade
    // hex". The leader alone next to the stockade that his spearmen hold
    // retreats past it, not into it.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Taira", unit_type: "ashigaru_yari", name: "Held", at: (4, 3)),
           (id: 2, side: "Minamoto", unit_type: "samurai_infantry", name: "Far", at: (8, 6))"#,
        r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: false, named: true, at: (4, 4))"#,
    ));
    let mut out = Vec::new();
    super::losses::lone_leader_escapes(&ctx, &mut s, 251, &mut Dice::new(0), &mut out);
    let l = s.leader(251).expect("leader");
    assert!(!l.dead, "{out:#?}");
    assert!(l.hex != hex(4, 3) && !s.stockade(&ctx, l.hex), "{out:#?}");
}

const HF: u32 = 6;

#[test]
fn gen_stk_4_the_stockade_first_strike_may_be_inspired() {
    // GEN-STK-4 (L162): "All battle rolls may be modified by Leader
    // Inspiration", the first strike of GEN-STK-5 too. The Taira cavalry
    // leader next to the stockade inspires its spearmen: 2 dice (the cap)
    // and 1 for 1 H&F; the first H&F of the roll is cancelled (no token).
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: true, named: true, at: (4, 2))"#,
    ));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    let hf = s.hf[1];
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    apply(&ctx, &mut s, &cmd, &[]);
    assert!(
        matches!(s.phase, super::state::Phase::Reaction { .. }),
        "the defender may answer: {:?}",
        s.phase
    );
    let inspire = GenCommand::InspireBattleBack { dice: 1 };
    assert!(Genpei::legal_commands(&ctx, &s, 1).contains(&inspire));
    let log = apply(
        &ctx,
        &mut s,
        &inspire,
        &[HF, CIRCLE, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(
        log.iter()
            .any(|e| e.what.contains("strikes first with 3 dice")),
        "{log:#?}"
    );
    assert_eq!(s.hf[1], hf - 1, "1 H&F paid, none earned: {log:#?}");
}

#[test]
fn gen_msh_4_battle_back_may_be_inspired() {
    // GEN-MSH-4 (L192): "In all cases, Leader Inspiration ... may increase
    // these die roll allowances"; base rules §1, Inspiration. The spearmen
    // battle back with their attached leader: 3 dice and 1 for 1 H&F.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (1, 5)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (1, 4))"#,
        r#"(id: 251, side: "Taira", name: "Atsumori", cavalry: false, named: true, at: (1, 4))"#,
    ));
    battle_step(&mut s, 0, "order_two_right", &[1]);
    let hf = s.hf[1];
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    apply(&ctx, &mut s, &cmd, &[]);
    let inspire = GenCommand::InspireBattleBack { dice: 1 };
    assert!(
        Genpei::legal_commands(&ctx, &s, 1).contains(&inspire),
        "{:?}",
        s.phase
    );
    let log = apply(
        &ctx,
        &mut s,
        &inspire,
        &[CIRCLE, CIRCLE, CIRCLE, CIRCLE, HF, CIRCLE, CIRCLE, CIRCLE],
    );
    assert!(
        log.iter()
            .any(|e| e.what.contains("battles back with 4 dice")),
        "{log:#?}"
    );
    assert_eq!(s.hf[1], hf - 1, "1 H&F paid, none earned: {log:#?}");
}

/// Plays `cmd` from `s` `n` times, each with its own seed, the defender
/// letting every attack roll, and counts how often defender `d` is
/// eliminated, leader `l` is killed and the attack is rolled.
fn resolutions(
    ctx: &super::state::GenCtx,
    s: &super::state::GenState,
    cmd: &GenCommand,
    d: u32,
    l: Option<&str>,
    n: u32,
) -> (f64, f64, f64) {
    use crate::engine::log::GameLog;
    let (mut elim, mut killed, mut rolled) = (0.0, 0.0, 0.0);
    for i in 0..n {
        let mut t = s.clone();
        let mut dice = Dice::new(1_000 + u64::from(i));
        let mut log = GameLog::default();
        Genpei::apply(ctx, &mut t, cmd, &mut dice, &mut log).expect("legal");
        while matches!(t.phase, super::state::Phase::Reaction { .. }) {
            Genpei::apply(ctx, &mut t, &GenCommand::Pass, &mut dice, &mut log).expect("pass");
        }
        if t.unit(d).is_some_and(|u| !u.alive()) {
            elim += 1.0;
        }
        if let Some(name) = l
            && log
                .entries
                .iter()
                .any(|e| e.what.starts_with(&format!("{name} is killed")))
        {
            killed += 1.0;
        }
        if log.entries.iter().any(|e| e.rule == "GEN-DICE-2") {
            rolled += 1.0;
        }
    }
    let nf = f64::from(n);
    (elim / nf, killed / nf, rolled / nf)
}

/// The odds line whose label holds `what`.
fn odds_line(o: &crate::engine::view::Odds, what: &str) -> f64 {
    o.lines
        .iter()
        .find(|l| l.0.contains(what))
        .unwrap_or_else(|| panic!("no line {what}: {:?}", o.lines))
        .1
}

/// Whether the frequency `f` of `n` runs agrees with the chance `p` shown:
/// within 4 standard deviations.
fn agrees(f: f64, p: f64, n: u32) -> bool {
    let sigma = (p * (1.0 - p) / f64::from(n))
        .sqrt()
        .max(1.0 / f64::from(n));
    (f - p).abs() <= 4.0 * sigma
}

#[test]
fn gen_stk_5_the_odds_shown_count_the_first_strike() {
    // GEN-STK-5 (L164): the stockade's spearmen battle first; an attacker
    // of 1 figure that loses it or is pushed back never rolls. What the
    // odds show must be what `apply` does (O1).
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    s.unit_mut(1).expect("attacker").figures = 1;
    s.unit_mut(2).expect("defender").figures = 1;
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    let o = Genpei::odds(&ctx, &s, &cmd).expect("odds");
    let n = 4_000;
    let (elim, _, rolled) = resolutions(&ctx, &s, &cmd, 2, None, n);
    assert!(
        rolled < 0.9,
        "the first strike cancels some attacks: {rolled}"
    );
    let shown = odds_line(&o, "eliminated");
    assert!(
        agrees(elim, shown, n),
        "eliminated: shown {shown}, rolled {elim}"
    );
}

#[test]
fn gen_base_the_odds_shown_count_lack_of_honor_the_marsh_and_the_leader_checks() {
    // Base rules §1 (retreat H&F, Lack of Honor stand-in; the leader
    // checks) and GEN-MSH-3: the Minamoto spearmen, 2 figures with their
    // leader and no H&F, retreat north into the marsh at (6, 4). Unpaid
    // tokens and the marsh roll take figures; the leader is checked after
    // every loss, and falls with his unit on a sword. The odds shown must
    // be what `apply` does (O2, O3).
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Taira", unit_type: "samurai_infantry", name: "Att", at: (6, 2)),
           (id: 2, side: "Minamoto", unit_type: "ashigaru_yari", name: "Def", at: (6, 3))"#,
        r#"(id: 201, side: "Minamoto", name: "Noriyori", cavalry: false, named: false, at: (6, 3))"#,
    ));
    battle_step(&mut s, 1, "order_two_centre", &[1]);
    s.unit_mut(2).expect("defender").figures = 2;
    s.hf[0] = 0;
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    let o = Genpei::odds(&ctx, &s, &cmd).expect("odds");
    let n = 4_000;
    let (elim, killed, _) = resolutions(&ctx, &s, &cmd, 2, Some("Noriyori"), n);
    let shown = odds_line(&o, "eliminated");
    assert!(
        agrees(elim, shown, n),
        "eliminated: shown {shown}, rolled {elim}"
    );
    let shown = odds_line(&o, "leader falls");
    assert!(
        agrees(killed, shown, n),
        "leader: shown {shown}, rolled {killed}"
    );
}

#[test]
fn gen_pal_3_only_the_palisade_hex_is_protected() {
    // GEN-PAL-3 (L142): "A unit on a Palisade hex ignores one sword and may
    // ignore one flag". The palisade's hex is (3, 3), the second of its
    // hexside; the Taira outside at (2, 3) get no cover from it.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Inside", at: (3, 3)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Outside", at: (2, 3))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    let log = apply(&ctx, &mut s, &cmd, &[SWORD, SWORD, FLAG, CIRCLE]);
    let d = s.unit(2).expect("defender");
    assert_eq!(d.figures, 2, "both swords hit: {log:#?}");
    assert!(d.hex != hex(2, 3), "the flag is not ignored: {log:#?}");
}

#[test]
fn gen_pal_4_a_sword_removes_the_whole_palisade_tile() {
    // GEN-PAL-4 (L144): "Any sword result will destroy and remove the
    // Palisade tile": both of its hexsides, not only the one attacked.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "ashigaru_yari", name: "Att", at: (2, 3)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (3, 3))"#,
        "",
    )
    .replace(
        r#"hexsides: [(feature: "Palisade", between: ((2, 3), (3, 3)))],"#,
        r#"hexsides: [(feature: "Palisade", between: ((2, 3), (3, 3))), (feature: "Palisade", between: ((3, 4), (3, 3)))],"#,
    );
    let (ctx, mut s) = game(&text);
    assert!(s.palisade(&ctx, hex(3, 4), hex(3, 3)));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Work(hex(3, 3)),
        grapple: false,
        inspire: 0,
    };
    let log = apply(&ctx, &mut s, &cmd, &[SWORD, CIRCLE, CIRCLE]);
    assert!(!s.palisade(&ctx, hex(2, 3), hex(3, 3)), "{log:#?}");
    assert!(
        !s.palisade(&ctx, hex(3, 4), hex(3, 3)),
        "the whole tile: {log:#?}"
    );
}

#[test]
fn gen_twr_1_an_arrow_tower_falls_with_its_stockade() {
    // GEN-TWR-1 (L173): the tower "obeys all normal rules for its
    // associated terrain type"; a destroyed stockade is "removed from play"
    // (L166). On the ruin the tower gives no cover and no range.
    let text = scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Att", at: (4, 4)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Def", at: (4, 3))"#,
        "",
    )
    .replace("    wind: [0],", "    wind: [0],\n    towers: [(4, 3)],");
    let (ctx, mut s) = game(&text);
    battle_step(&mut s, 0, "order_two_centre", &[1]);
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Work(hex(4, 3)),
        grapple: false,
        inspire: 0,
    };
    let log = apply(&ctx, &mut s, &cmd, &[SWORD, SWORD, CIRCLE, CIRCLE]);
    assert!(!s.stockade(&ctx, hex(4, 3)), "{log:#?}");
    let t = super::battle_plan::target_of(&ctx, &s, 2, hex(4, 4)).expect("target");
    assert_eq!(
        (t.terrain_swords_ignored, t.terrain_flags_ignored),
        (0, 0),
        "{t:?}"
    );
    assert!(
        !s.tower(&ctx, hex(4, 3)),
        "the tower is gone with its stockade"
    );
}

#[test]
fn gen_crd_2_an_infantry_onslaught_at_sea_orders_adjacent_boats() {
    // GEN-CRD-2 (L96): "When used to order naval units, 4 adjacent naval
    // units may move 2 hexes". A boat next to none of those ordered is
    // refused; one next to them is ordered.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Taira", unit_type: "ashigaru_yari", name: "West", at: (1, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Far", at: (7, 0)),
           (id: 3, side: "Taira", unit_type: "ashigaru_yari", name: "Near", at: (2, 0)),
           (id: 4, side: "Minamoto", unit_type: "samurai_infantry", name: "Foe", at: (4, 6))"#,
        "",
    ));
    super::turn::begin_turn(&mut s, 1);
    s.card = Some("infantry_onslaught".into());
    s.phase = super::state::Phase::Order;
    apply(&ctx, &mut s, &GenCommand::Order { id: 1 }, &[]);
    let mut t = s.clone();
    let r = Genpei::apply(
        &ctx,
        &mut t,
        &GenCommand::Order { id: 2 },
        &mut Dice::new(0),
        &mut NoLog,
    );
    assert_eq!(r.map_err(|e| e.rule), Err("GEN-CRD-2".to_string()));
    assert_eq!(t, s, "a refusal changes nothing");
    assert!(!Genpei::legal_commands(&ctx, &s, 1).contains(&GenCommand::Order { id: 2 }));
    apply(&ctx, &mut s, &GenCommand::Order { id: 3 }, &[]);
    assert!(s.unit(3).is_some_and(|u| u.ordered));
}

#[test]
fn gen_grp_1_the_grapple_is_chosen_after_the_roll() {
    // GEN-GRP-1 (L48): "A unit which rolls one or more swords against an
    // enemy naval unit in close combat may elect to allocate one of those
    // sword die rolls as a grapple": the attack is made plain, the sword
    // is rolled, and then the attacker elects to grapple.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boarders", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (4, 0))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    let cmd = GenCommand::Battle {
        unit: 1,
        target: AttackTarget::Unit(2),
        grapple: false,
        inspire: 0,
    };
    let log = apply(&ctx, &mut s, &cmd, &[SWORD, CIRCLE, CIRCLE]);
    let elect = GenCommand::Grapple { grapple: true };
    let legal = Genpei::legal_commands(&ctx, &s, 0);
    assert!(
        legal.contains(&elect) && legal.contains(&GenCommand::Grapple { grapple: false }),
        "{legal:?} {log:#?}"
    );
    assert_eq!(s.unit(2).map(|u| u.figures), Some(4), "nothing applied yet");
    let log = apply(&ctx, &mut s, &elect, &[CIRCLE, CIRCLE]);
    assert!(s.grappled_together(1, 2), "{log:#?}");
    assert_eq!(s.unit(2).map(|u| u.figures), Some(4), "the sword grappled");
    assert!(log.iter().any(|e| e.rule == "GEN-GRP-1"));
    // Declined: the sword hits.
    let (ctx, mut s) = game(&scenario(
        r#"(id: 1, side: "Minamoto", unit_type: "samurai_infantry", name: "Boarders", at: (3, 0)),
           (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (4, 0))"#,
        "",
    ));
    battle_step(&mut s, 0, "order_two_left", &[1]);
    apply(&ctx, &mut s, &cmd, &[SWORD, CIRCLE, CIRCLE]);
    apply(
        &ctx,
        &mut s,
        &GenCommand::Grapple { grapple: false },
        &[CIRCLE, CIRCLE],
    );
    assert!(!s.grappled(1));
    assert_eq!(s.unit(2).map(|u| u.figures), Some(3));
}
