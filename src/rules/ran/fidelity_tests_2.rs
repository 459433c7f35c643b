//! More tests of the RAN readings mended by the line-by-line audit of the
//! seed (`docs/rules-audit/ran.md`), each named after its rule ID: each
//! failed before its fix. The helpers are those of `fidelity_tests.rs`.

#![cfg(test)]

use crate::engine::core::{RulesHints, RulesView};
use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::core::Rules;
use crate::engine::dice::Dice;
use crate::engine::log::GameLog;

use super::Ran;
use super::fidelity_tests::{apply, banzai_position, clear_around, put, refused, setup};
use super::orders::{Mode, RanCommand};
use super::sequence;
use super::state::{Phase, RanCtx, RanState, Segment};

/// SI 41 (Otomo) at the centre of clear ground, shocked from its front by
/// SI 4 (Yoshihiro's contingent, Busho 102, Momentum 5) and SI 7 (Iehisa's,
/// Busho 103, Momentum 4), each with its Busho behind it; Busho 102's Shock
/// Segment. Returns the centre.
fn two_contingents() -> (RanCtx, RanState, Hex) {
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    put(&mut st, 41, c, Facing::South);
    for (unit, busho, f) in [(4, 102, Facing::SouthWest), (7, 103, Facing::SouthEast)] {
        let h = c.neighbor(f.edge_direction());
        put(&mut st, unit, h, Facing::towards(h, c));
        st.leader_mut(busho).expect("Busho").hex = h.neighbor(f.edge_direction());
    }
    for l in st.leaders.iter_mut().filter(|l| l.side == 1) {
        l.hex = Hex::new(200 + l.id as i32, 200);
    }
    sequence::start_orders(&mut st, 102);
    st.phase = Phase::Orders {
        busho: 102,
        segment: Segment::Shock,
    };
    (ctx, st, c)
}

fn shock(attackers: Vec<u32>) -> RanCommand {
    RanCommand::Shock {
        attackers,
        defender: 41,
        charge: false,
    }
}

/// Applies `cmd` with the first rolls loaded and the rest seeded.
fn run(ctx: &RanCtx, st: &mut RanState, cmd: RanCommand, first: &[u32]) -> GameLog {
    let mut dice = Dice::new(7);
    dice.load(first.iter().copied());
    let mut log = GameLog::default();
    Ran::apply(ctx, st, &cmd, &mut dice, &mut log).unwrap_or_else(|r| panic!("{r}"));
    assert_eq!(dice.loaded_remaining(), 0, "every loaded die is used");
    log
}

/// The units of the shock's Shock Results Table roll (RAN-CRT-2), if any.
fn crt_units(log: &GameLog) -> Option<Vec<u32>> {
    log.entries
        .iter()
        .find(|e| e.rule == "RAN-CRT-2")
        .map(|e| e.units.clone())
}

#[test]
fn ran_coord_1_units_of_two_active_contingents_shock_together_after_a_coordination_roll() {
    // RAN-COORD-1 (L58): the Coordination Table is for a shock by units of
    // more than one contingent. SI 7 of Iehisa's Active contingent joins
    // SI 4's shock in Yoshihiro's Shock Segment; a roll of 2 lets the
    // attack go ahead as planned, both attack, and the odds shown before
    // (0–3 of 0–9: 40 %) are the chance the log gives.
    let (ctx, mut st, _) = two_contingents();
    let odds = Ran::odds(&ctx, &st, &shock(vec![4, 7])).expect("odds");
    let shown = odds
        .lines
        .iter()
        .find(|l| l.0.contains("RAN-COORD-2"))
        .expect("the Coordination line")
        .1;
    assert!((shown - 0.4).abs() < 1e-9, "{shown}");
    let log = run(&ctx, &mut st, shock(vec![4, 7]), &[2]);
    let roll = log
        .entries
        .iter()
        .find(|e| e.rule == "RAN-COORD-2" && !e.dice.is_empty())
        .expect("a Coordination roll");
    assert_eq!(roll.dice, vec![2]);
    assert_eq!(roll.probability, Some(shown));
    assert_eq!(crt_units(&log), Some(vec![4, 7, 41]));
}

#[test]
fn ran_coord_1_only_active_contingents_join_and_the_activated_one_must_attack() {
    // RAN-COORD-1 (Kassen's reading, RAN-COORD-3): a unit of a Finished
    // contingent may not join; a shock by other contingents' units alone
    // is not the activated Busho's.
    let (ctx, mut st, _) = two_contingents();
    assert_eq!(refused(&ctx, &mut st, shock(vec![7])), "RAN-COORD-1");
    st.leader_mut(103).expect("Busho").finished = true;
    assert_eq!(refused(&ctx, &mut st, shock(vec![4, 7])), "RAN-COORD-1");
    assert!(
        !Ran::legal_commands(&ctx, &st, 0)
            .iter()
            .any(|c| matches!(c, RanCommand::Shock { attackers, .. } if attackers.contains(&7)))
    );
}

#[test]
fn ran_coord_2_a_tie_at_4_is_the_owners_choice() {
    // RAN-COORD-2 (L62–63): "Sólo las unidades del contingente con el Busho
    // de mayor factor atacan. Si hay empate, el jugador elige." Both Bushos
    // have Momentum 5: the owner is asked, and picks Iehisa's contingent.
    let (ctx, mut st, _) = two_contingents();
    st.leader_mut(103).expect("Busho").factors.momentum = 5;
    assert!(
        Ran::legal_commands(&ctx, &st, 0).contains(&shock(vec![4, 7])),
        "the joint shock is offered"
    );
    let log = run(&ctx, &mut st, shock(vec![4, 7]), &[4]);
    assert_eq!(crt_units(&log), None, "no shock before the choice");
    let Phase::Coordination { contingents, .. } = &st.phase else {
        panic!("the owner chooses: {:?}", st.phase);
    };
    assert_eq!(contingents, &vec![102, 103]);
    let offered = Ran::legal_commands(&ctx, &st, 0);
    for c in [102, 103] {
        assert!(offered.contains(&RanCommand::PickContingent { contingent: c }));
    }
    assert_eq!(
        refused(
            &ctx,
            &mut st,
            RanCommand::PickContingent { contingent: 104 }
        ),
        "RAN-COORD-2"
    );
    let log = run(
        &ctx,
        &mut st,
        RanCommand::PickContingent { contingent: 103 },
        &[],
    );
    assert_eq!(crt_units(&log), Some(vec![7, 41]), "only SI 7 attacks");
    assert!(matches!(
        st.phase,
        Phase::Orders {
            busho: 102,
            segment: Segment::Shock
        }
    ));
}

#[test]
fn ran_coord_2_a_4_with_unequal_factors_keeps_the_higher_contingent() {
    // RAN-COORD-2 (L62): Busho 102 (Momentum 5) beats Busho 103 (4): only
    // SI 4 attacks, with no choice asked.
    let (ctx, mut st, _) = two_contingents();
    let log = run(&ctx, &mut st, shock(vec![4, 7]), &[4]);
    assert_eq!(crt_units(&log), Some(vec![4, 41]));
    assert!(st.unit(7).is_some_and(|u| u.shocked), "SI 7 made its shock");
}

#[test]
fn ran_coord_2_on_a_7_the_owner_chooses_whatever_the_factors() {
    // RAN-COORD-2 (L66–67): "El jugador ataca con las unidades del
    // contingente que él elija": a choice even with unequal factors, which
    // the app offers as buttons and the computer opponent can make.
    let (ctx, mut st, _) = two_contingents();
    run(&ctx, &mut st, shock(vec![4, 7]), &[7]);
    assert!(
        matches!(&st.phase, Phase::Coordination { contingents, .. } if contingents == &vec![102, 103]),
        "{:?}",
        st.phase
    );
    let choices = Ran::side_choices(&ctx, &st, 0);
    let key = choices
        .iter()
        .find(|c| c.key == "coord:103")
        .map(|c| c.key.clone())
        .expect("a button for Iehisa's contingent");
    let pick = crate::engine::view::Pick::default();
    assert_eq!(
        Ran::choose(&ctx, &st, 0, &key, &pick),
        Some(RanCommand::PickContingent { contingent: 103 })
    );
    let computer = Ran::default_commands(&ctx, &st, 0);
    assert!(
        computer
            .iter()
            .any(|c| matches!(c, RanCommand::PickContingent { .. })),
        "{computer:?}"
    );
}

#[test]
fn ran_coord_3_a_momentum_orders_phase_adds_1_to_the_coordination_roll() {
    // RAN-COORD-3 (L1047, L1051): "Coordinación de Contingente (5.7)
    // Modificador de +1 si es un intento de Momentum". In the Orders Phase
    // Busho 102's Momentum roll gave, a 7 reads 8: no shock at all, and
    // both units have made their shock. The odds shown drop to 0–2 (30 %).
    let (ctx, mut st, _) = two_contingents();
    st.phase = Phase::Momentum { busho: 102 };
    apply(&ctx, &mut st, RanCommand::Momentum, &[1]);
    apply(
        &ctx,
        &mut st,
        RanCommand::Activate {
            busho: 102,
            mode: Mode::Orders,
        },
        &[],
    );
    apply(&ctx, &mut st, RanCommand::EndMoveFire, &[]);
    let odds = Ran::odds(&ctx, &st, &shock(vec![4, 7])).expect("odds");
    let shown = odds
        .lines
        .iter()
        .find(|l| l.0.contains("RAN-COORD-2"))
        .expect("the Coordination line")
        .1;
    assert!((shown - 0.3).abs() < 1e-9, "{shown}");
    let log = run(&ctx, &mut st, shock(vec![4, 7]), &[7]);
    let roll = log
        .entries
        .iter()
        .find(|e| e.rule == "RAN-COORD-2" && !e.dice.is_empty())
        .expect("a Coordination roll");
    let value = roll.value.as_ref().expect("the modified roll");
    assert_eq!(value.total(), 8);
    assert_eq!(crt_units(&log), None, "8–9: no shock");
    assert!(matches!(st.phase, Phase::Orders { busho: 102, .. }));
    assert!(
        st.units
            .iter()
            .filter(|u| [4, 7].contains(&u.id))
            .all(|u| u.shocked)
    );
    // The next Orders Phase of his is not a Momentum one.
    sequence::start_orders(&mut st, 102);
    assert!(!st.momentum_orders);
}

#[test]
fn ran_tq_8_a_disordered_committed_attacker_that_retreats_draws_banzai() {
    // RAN-TQ-8 (L1023) with RAN-TQ-3 (L1013–1014): a Disordered Committed
    // AS 43 fails its check to shock (9 > 5) and "se Retira 1 hex": it is an
    // enemy unit that withdraws, so SI 4, two hexes off, checks Banzai.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let n = c.neighbor(Facing::North.edge_direction());
    let si = n.neighbor(Facing::NorthEast.edge_direction());
    put(&mut st, 43, c, Facing::North);
    put(&mut st, 5, n, Facing::South);
    put(&mut st, 4, si, Facing::towards(si, c));
    {
        let a = st.unit_mut(43).expect("AS");
        a.disordered = true;
        a.committed = true;
    }
    st.leader_mut(201).expect("So-Taisho").hex = c.neighbor(Facing::SouthEast.edge_direction());
    for l in st.leaders.iter_mut().filter(|l| l.side == 0) {
        l.hex = Hex::new(300 + l.id as i32, 300);
    }
    sequence::start_orders(&mut st, 201);
    st.phase = Phase::Orders {
        busho: 201,
        segment: Segment::Shock,
    };
    let log = run(
        &ctx,
        &mut st,
        RanCommand::Shock {
            attackers: vec![43],
            defender: 5,
            charge: false,
        },
        &[9, 0],
    );
    let tq3 = log
        .entries
        .iter()
        .position(|e| e.rule == "RAN-TQ-3")
        .expect("the RAN-TQ-3 check");
    assert_ne!(st.unit(43).expect("AS").hex, c, "it retreated");
    let banzai = log
        .entries
        .iter()
        .position(|e| e.rule == "RAN-TQ-8" && e.units == vec![4] && e.dice == vec![0])
        .expect("SI 4 checks Banzai");
    assert!(banzai > tq3);
}

#[test]
fn ran_fate_2_a_crisis_of_faith_withdrawal_draws_banzai() {
    // RAN-FATE-2 (L1034–1035) with RAN-TQ-8: on a Fate roll of 9 the Busho
    // "da una Orden de Retirada Activa automática": AS 43, in the ZOC of
    // SI 4, withdraws, and SI 4 checks Banzai.
    let (ctx, mut st, c, _) = banzai_position();
    let n = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 4, n, Facing::South);
    st.phase = Phase::Momentum { busho: 201 };
    let log = run(&ctx, &mut st, RanCommand::Momentum, &[9, 9, 0]);
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-FATE-2" && e.units == vec![43]),
        "AS 43 withdraws"
    );
    assert_ne!(st.unit(43).expect("AS").hex, c);
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-TQ-8" && e.units == vec![4] && e.dice == vec![0]),
        "SI 4 checks Banzai"
    );
}

/// The modifiers of AS-T 3's fire at `target` (Busho 101 with it).
fn fire_mods(ctx: &RanCtx, st: &RanState, target: u32) -> Vec<crate::engine::log::Modifier> {
    super::fire::plan(ctx, st, 0, &[3], target)
        .unwrap_or_else(|e| panic!("{e:?}"))
        .mods
}

/// The rule of the Okitanawate row `name`.
fn okit_rule(ctx: &RanCtx, name: &str) -> String {
    let b = ctx.tables.battle("Okitanawate").expect("Okitanawate");
    super::terrain::row(b, name).expect("row").rule()
}

#[test]
fn ran_ter_okit_5_a_palisade_beside_the_target_hinders_fire() {
    // RAN-TER-OKIT-5 (L740–745, note [k] L482–483): Palisade, fire "–1 [k]",
    // "sólo se aplica si el objetivo está directamente adyacente a la
    // empalizada". AS 46 with a palisade on one side of its hex, fired on
    // by AS-T 3 from 2 hexes: −1; without the palisade: no such modifier.
    let (mut ctx, mut st) = super::fidelity_tests::okitanawate();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let firer = c
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction());
    put(&mut st, 3, firer, Facing::North);
    put(&mut st, 46, c, Facing::South);
    st.leader_mut(101).expect("So-Taisho").hex = firer;
    sequence::start_orders(&mut st, 101);
    let rule = okit_rule(&ctx, "Palisade");
    assert!(!fire_mods(&ctx, &st, 46).iter().any(|m| m.rule == rule));
    let behind = c.neighbor(Facing::North.edge_direction());
    ctx.board.set_hexside(c, behind, "Palisade");
    let mods = fire_mods(&ctx, &st, 46);
    let palisade: Vec<_> = mods.iter().filter(|m| m.rule == rule).collect();
    assert_eq!(palisade.len(), 1, "{mods:?}");
    assert_eq!(palisade[0].value, -1);
    // Counted once, however many palisade hexsides the hex has.
    ctx.board.set_hexside(
        c,
        c.neighbor(Facing::NorthEast.edge_direction()),
        "Palisade",
    );
    let twice = fire_mods(&ctx, &st, 46);
    assert_eq!(twice.iter().filter(|m| m.rule == rule).count(), 1);
    // The odds shown are those of the same plan.
    let odds = Ran::odds(
        &ctx,
        &st,
        &RanCommand::Fire {
            units: vec![3],
            target: 46,
        },
    )
    .expect("odds");
    assert!(odds.lines.iter().any(|l| l.0.contains(&rule)), "{odds:?}");
}

#[test]
fn ran_ter_2_fire_across_a_steep_hexside_uses_the_row_of_its_direction() {
    // RAN-TER-2 [b] (Okitanawate, L779–786): the steep rows' Fire cells,
    // "Subir Nivel Empinado" –2 and "Bajar Nivel Empinado" –1, count for
    // fire across that hexside: from the foot up, and from the top down.
    let (mut ctx, mut st) = super::fidelity_tests::okitanawate();
    let foot = HexBoard::to_hex((4, 6));
    let top = HexBoard::to_hex((4, 5));
    ctx.board.set_elevation(top, 1);
    for h in [foot, top] {
        if let Some(u) = st.units.iter_mut().find(|u| u.hex == h) {
            u.hex = Hex::new(100 + u.id as i32, 100);
        }
    }
    put(&mut st, 3, foot, Facing::towards(foot, top));
    put(&mut st, 46, top, Facing::towards(top, foot));
    st.leader_mut(101).expect("So-Taisho").hex = foot;
    sequence::start_orders(&mut st, 101);
    let up = okit_rule(&ctx, "Up a steep level");
    let down = okit_rule(&ctx, "Down a steep level");
    let mods = fire_mods(&ctx, &st, 46);
    assert!(
        mods.iter().any(|m| m.rule == up && m.value == -2),
        "{mods:?}"
    );
    assert!(!mods.iter().any(|m| m.rule == down));
    put(&mut st, 3, top, Facing::towards(top, foot));
    put(&mut st, 46, foot, Facing::towards(foot, top));
    st.leader_mut(101).expect("So-Taisho").hex = top;
    let mods = fire_mods(&ctx, &st, 46);
    assert!(
        mods.iter().any(|m| m.rule == down && m.value == -1),
        "{mods:?}"
    );
    assert!(!mods.iter().any(|m| m.rule == up));
}

/// AS-B 9 (Iehisa's contingent, Busho 103 with it) at the centre of clear
/// ground facing AS 46 two hexes north; Iehisa's Orders Phase.
fn bow_position() -> (RanCtx, RanState, Hex) {
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 5);
    let t = c
        .neighbor(Facing::North.edge_direction())
        .neighbor(Facing::North.edge_direction());
    put(&mut st, 9, c, Facing::North);
    put(&mut st, 46, t, Facing::South);
    st.leader_mut(103).expect("Busho").hex = c;
    sequence::start_orders(&mut st, 103);
    (ctx, st, c)
}

#[test]
fn ran_ord_1_an_in_command_unit_may_fire_during_its_move() {
    // RAN-ORD-1 (L1020): "Las unidades también pueden disparar en cualquier
    // momento en su movimiento". AS-B 9 (MA 5) fires first (1 MP, RAN-FIRE-8)
    // and then turns (1 MP, [e]) and moves 2 hexes back: 4 MP spent; 3 more
    // hexes are beyond the 1 MP it has left.
    let (ctx, mut st, c) = bow_position();
    run(
        &ctx,
        &mut st,
        RanCommand::Fire {
            units: vec![9],
            target: 46,
        },
        &[0],
    );
    assert_eq!(st.unit(9).map(|u| u.mp_used), Some(1));
    let back = c
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction());
    assert!(
        Ran::legal_commands(&ctx, &st, 0).contains(&RanCommand::Move { unit: 9, to: back }),
        "offered"
    );
    run(&ctx, &mut st, RanCommand::Move { unit: 9, to: back }, &[]);
    let u = st.unit(9).expect("AS-B");
    assert_eq!((u.hex, u.mp_used), (back, 4));
    let far = back
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction())
        .neighbor(Facing::South.edge_direction());
    assert_eq!(
        refused(&ctx, &mut st, RanCommand::Move { unit: 9, to: far }),
        "RAN-TER-1"
    );
}

#[test]
fn ran_ord_2_an_out_of_command_unit_that_fired_may_not_move() {
    // RAN-ORD-2 (L1020): an Out-of-Command unit may Move "o Disparo": the
    // fire during a move is for In-Command units only.
    let (ctx, mut st, c) = bow_position();
    st.leader_mut(103).expect("Busho").hex = Hex::new(300, 300);
    run(
        &ctx,
        &mut st,
        RanCommand::Fire {
            units: vec![9],
            target: 46,
        },
        &[0],
    );
    let back = c.neighbor(Facing::South.edge_direction());
    assert_eq!(
        refused(&ctx, &mut st, RanCommand::Move { unit: 9, to: back }),
        "RAN-ORD-2"
    );
}

#[test]
fn ran_ldr_3_the_leader_in_retreat_chance_comes_from_the_table() {
    // RAN-LDR-3 (L1061): the chance logged for a Busho caught in a retreat
    // from Kibamusha is the table's (3–9 of 0–9: 70 %), not a number of its
    // own: with the band read as 5–9 it is 50 %.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let e = c.neighbor(Facing::North.edge_direction());
    put(&mut st, 5, c, Facing::North);
    put(&mut st, 42, e, Facing::South);
    st.unit_mut(5).expect("AS").hits = 4;
    st.leader_mut(102).expect("Busho").hex = c;
    let bands = &mut ctx
        .tables
        .casualty
        .leader_in_retreat
        .enemy_kibamusha_present;
    bands[0].dr_max = 4;
    bands[1].dr_min = 5;
    let shock = super::state::PendingShock {
        attackers: vec![42],
        defender: 5,
        charge: false,
        extra: Vec::new(),
    };
    let mut dice = Dice::new(1);
    dice.load([9, 7]);
    let mut out = Vec::new();
    super::shock::reaction_withdrawal(&ctx, &mut st, &mut dice, &shock, &mut out);
    let e = out
        .iter()
        .find(|e| e.rule == "RAN-LDR-3" && e.dice == vec![7])
        .expect("the leader-in-retreat roll");
    assert_eq!(e.probability, Some(0.5), "{e:?}");
    assert!(st.leader(102).is_some_and(|l| l.dead));
}

#[test]
fn ran_ldr_1_a_leader_pays_the_terrains_mp() {
    // RAN-LDR-1 (L374–375) with RAN-TER-1 (L388–393): the leader's AM is
    // spent at the terrain table's "Abierto/Todo Proyectiles Busho/Samurái"
    // column. Busho 102 (MA 9) in rice paddies (2 MP a hex) may not go 5
    // hexes (10 MP) but may go 4 (8 MP); walled in by a major river
    // ("cannot be crossed") he may not move at all.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 6);
    for h in c.range(6) {
        ctx.board.set_terrain(h, "Rice paddy");
    }
    st.leader_mut(102).expect("Busho").hex = c;
    sequence::start_orders(&mut st, 102);
    let go = |to: Hex| RanCommand::MoveLeader { leader: 102, to };
    let east = |n: u32| (0..n).fold(c, |h, _| h.neighbor(Facing::SouthEast.edge_direction()));
    assert_eq!(refused(&ctx, &mut st, go(east(5))), "RAN-LDR-1");
    let log = run(&ctx, &mut st, go(east(4)), &[]);
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-LDR-1" && e.what.contains("1 of his 9")),
        "{:?}",
        log.entries
    );
    let (mut ctx, mut st) = setup();
    clear_around(&mut ctx, &mut st, c, 4);
    for n in c.all_neighbors() {
        ctx.board.set_hexside(c, n, "Major river");
    }
    st.leader_mut(102).expect("Busho").hex = c;
    sequence::start_orders(&mut st, 102);
    let next = c.neighbor(Facing::North.edge_direction());
    assert_eq!(refused(&ctx, &mut st, go(next)), "RAN-LDR-1");
}

#[test]
fn ran_ter_2_turning_during_a_move_costs_the_change_facing_rows() {
    // RAN-TER-2 rows "Cambiar de Orientación" (L447–451) with [e]
    // (L473–474): a Closed-Order SI facing north that moves to the hex
    // behind it turns 3 vertices (0 + 1 + 1 MP) and enters Clear (1 MP):
    // 3 MP. An AS-T, which pays 1 MP for any turn [e], turning 1 vertex
    // into a front hex pays 1 + 1.
    let (mut ctx, mut st) = setup();
    let c = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, c, 4);
    let c2 = c
        .neighbor(Facing::NorthWest.edge_direction())
        .neighbor(Facing::NorthWest.edge_direction());
    put(&mut st, 4, c, Facing::North);
    put(&mut st, 6, c2, Facing::North);
    st.leader_mut(102).expect("Busho").hex = c.neighbor(Facing::SouthEast.edge_direction());
    sequence::start_orders(&mut st, 102);
    let behind = c.neighbor(Facing::South.edge_direction());
    run(
        &ctx,
        &mut st,
        RanCommand::Move {
            unit: 4,
            to: behind,
        },
        &[],
    );
    let si = st.unit(4).expect("SI");
    assert_eq!((si.hex, si.mp_used, si.facing), (behind, 3, Facing::South));
    let ne = c2.neighbor(Facing::NorthEast.edge_direction());
    run(&ctx, &mut st, RanCommand::Move { unit: 6, to: ne }, &[]);
    assert_eq!(st.unit(6).map(|u| u.mp_used), Some(2));
}

#[test]
fn ran_ic_4_a_samurai_charge_pays_the_terrains_mp() {
    // RAN-IC-4 with RAN-LDR-1 (L374–375, L384): "Carga Samurái al Hex
    // Ocupado por unidad enemiga: +2 PM para entrar en el hex", out of the
    // Samurai's AM 10, paid by the terrain. Samurai 150 five rice-paddy
    // hexes (2 MP each) from Busho 202 on AS 46: 10 + 2 > 10, refused;
    // four hexes away: 8 + 2 = 10, he charges.
    let (mut ctx, mut st) = setup();
    let t = HexBoard::to_hex((10, 5));
    clear_around(&mut ctx, &mut st, t, 6);
    for h in t.range(6) {
        ctx.board.set_terrain(h, "Rice paddy");
    }
    put(&mut st, 46, t, Facing::South);
    st.leader_mut(202).expect("Busho").hex = t;
    let toward = |n: u32| (0..n).fold(t, |h, _| h.neighbor(Facing::South.edge_direction()));
    st.leader_mut(103).expect("Busho").hex = toward(3);
    st.leader_mut(150).expect("Samurai").hex = toward(5);
    st.phase = Phase::Challenge { busho: 103 };
    let charge = RanCommand::Challenge {
        challenger: 150,
        target: 202,
    };
    assert_eq!(refused(&ctx, &mut st, charge.clone()), "RAN-IC-4");
    st.leader_mut(150).expect("Samurai").hex = toward(4);
    let mut dice = Dice::new(7);
    dice.load([0]);
    let mut log = GameLog::default();
    Ran::apply(&ctx, &mut st, &charge, &mut dice, &mut log).expect("the charge");
    assert!(
        log.entries
            .iter()
            .any(|e| e.rule == "RAN-IC-4" && e.dice == vec![0]),
        "{:?}",
        log.entries
    );
}
