//! Tests of the Genpei readings mended by the line-by-line audit of the
//! seed (`docs/rules-audit/genpei.md`), each named after its rule ID: each
//! failed before its fix.

use crate::engine::core::Rules;
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
    let t = super::battle::target_of(&ctx, &s, 2, hex(4, 4)).expect("target");
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
    };
    assert!(super::battle::plan(&ctx, &s, &a).is_ok());
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
