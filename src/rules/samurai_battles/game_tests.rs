//! Tests of the Samurai Battles core: saves mid-Execution, tampered saves,
//! observation and legal commands.
use super::*;
use crate::engine::core::{checksum, dry_run};
use crate::engine::game::Game;
use crate::engine::view::Needs;
use crate::session::{self, DEFAULT_SCENARIO, DEFAULT_SCENARIO_PATH};

/// A game of the default scenario rolling dice seeded `seed`.
pub(crate) fn new_game(seed: u64) -> Game<SamuraiBattles> {
    session::open_text::<SamuraiBattles>(
        DEFAULT_SCENARIO_PATH,
        DEFAULT_SCENARIO,
        false,
        Some(seed),
        &[],
    )
    .expect("default scenario")
}

fn finish(g: &mut Game<SamuraiBattles>) {
    session::run_sim(g, None, None, None);
    assert_eq!(g.to_act(), ToAct::Over);
}

#[test]
fn default_scenario_is_valid_and_big_enough() {
    // Issue 2 §4: ≥ 12 × 9 hexes, ≥ 6 units a side, a turn limit.
    let s = SamuraiBattles::parse_scenario(DEFAULT_SCENARIO_PATH, DEFAULT_SCENARIO)
        .expect("default scenario");
    assert!(s.board.columns >= 12 && s.board.rows >= 9);
    for side in &s.sides {
        assert!(s.units.iter().filter(|u| u.side == side.name).count() >= 6);
    }
    assert!(s.turn_limit.is_some());
    for t in [
        "samurai_cavalry",
        "ashigaru_spearmen",
        "ashigaru_archers",
        "general_staff",
    ] {
        assert!(s.units.iter().any(|u| u.unit_type == t), "{t} missing");
    }
}

#[test]
fn a_save_taken_in_planning_with_written_orders_continues_identically() {
    let mut a = new_game(7);
    a.advance();
    assert_eq!(a.to_act(), ToAct::Side(0));
    let order = OrderSpec::to_hex(OrderKind::March, (3, 4));
    a.apply(&SbaCommand::WriteOrder {
        side: 0,
        unit: 2,
        order,
    })
    .expect("legal order");
    a.apply(&SbaCommand::EndPlanning { side: 0 })
        .expect("end planning");
    // An illegal command changes nothing.
    let before = a.save_text().expect("save");
    let bad = SbaCommand::WriteOrder {
        side: 1,
        unit: 2,
        order: OrderSpec::plain(OrderKind::Rest),
    };
    assert!(a.apply(&bad).is_err());
    let text = a.save_text().expect("save");
    assert_eq!(text, before);
    let mut b = Game::<SamuraiBattles>::load_save("planning.ron", &text).expect("load");
    finish(&mut a);
    finish(&mut b);
    assert_eq!(a.log.to_jsonl(), b.log.to_jsonl());
    assert_eq!(checksum(&a.state), checksum(&b.state));
    assert!(
        a.log
            .entries
            .iter()
            .any(|e| e.what.contains("Akazonae Riders (March) moves from (3, 2)"))
    );
}

#[test]
fn a_save_in_the_middle_of_the_execution_phase_continues_identically() {
    for stop in [
        OrderStep::Ranged,
        OrderStep::Movement,
        OrderStep::Melee,
        OrderStep::Retreat,
    ] {
        let mut a = new_game(11);
        // Turn 1 planning with default orders, then the Execution steps one by one.
        a.advance();
        a.apply(&SbaCommand::EndPlanning { side: 0 })
            .expect("side 0");
        a.apply(&SbaCommand::EndPlanning { side: 1 })
            .expect("side 1");
        while a.state.step != Some(stop) {
            a.apply(&SbaCommand::Step).expect("step");
        }
        assert_eq!(a.state.phase, SbaPhase::Execution);
        assert!(a.phase_name().contains(&stop.name()));
        let text = a.save_text().expect("save");
        let mut b = Game::<SamuraiBattles>::load_save("mid.ron", &text).expect("load");
        assert_eq!(b.state.step, Some(stop));
        assert_eq!(a.log, b.log);
        finish(&mut a);
        finish(&mut b);
        assert_eq!(a.log.to_jsonl(), b.log.to_jsonl(), "{stop:?}");
        assert_eq!(checksum(&a.state), checksum(&b.state));
    }
}

#[test]
fn a_tampered_save_names_the_first_diverging_command() {
    use crate::engine::game::Save;
    let mut a = new_game(5);
    session::run_sim(&mut a, None, Some(2), None);
    let text = a.save_text().expect("save");
    assert!(Game::<SamuraiBattles>::load_save("ok.ron", &text).is_ok());
    let save: Save<SamuraiBattles> = parse_ron("ok.ron", &text).expect("parse");
    let write = |s: &Save<SamuraiBattles>| {
        crate::engine::scenario::ron_options()
            .to_string_pretty(s, ron::ser::PrettyConfig::default())
            .expect("ron")
    };
    // One command changed: side 0's first Orders done becomes a written order.
    let mut one_command = save.clone();
    let i = one_command
        .journal
        .entries
        .iter()
        .position(|e| e.command == SbaCommand::EndPlanning { side: 0 })
        .expect("an Orders done");
    let unit = a
        .state
        .units
        .iter()
        .find(|u| u.side == 0)
        .map(|u| u.id)
        .expect("unit");
    one_command.journal.entries[i].command = SbaCommand::WriteOrder {
        side: 0,
        unit,
        order: OrderSpec::plain(OrderKind::Rest),
    };
    let e = Game::<SamuraiBattles>::load_save("cmd.ron", &write(&one_command))
        .expect_err("tampered command");
    assert!(
        e.message.contains(&format!(
            "command {} of the journal (turn 1, Turn 1 · Planning Phase",
            i + 1
        )) && e.message.contains("diverges: checksum"),
        "{e}"
    );
    // One die changed: the count after a command that rolled.
    let mut one_die = save.clone();
    let j = one_die
        .journal
        .entries
        .iter()
        .position(|e| e.dice > 0)
        .expect("a roll");
    one_die.journal.entries[j].dice += 1;
    let e =
        Game::<SamuraiBattles>::load_save("die.ron", &write(&one_die)).expect_err("tampered die");
    assert!(
        e.message
            .contains(&format!("command {} of the journal (turn 1,", j + 1))
            && e.message.contains("dice drawn on replay"),
        "{e}"
    );
    // The seed changed: the seal says so before any command is replayed.
    let mut seed = save;
    seed.journal.seed += 1;
    let e = Game::<SamuraiBattles>::load_save("seed.ron", &write(&seed)).expect_err("seed");
    assert!(
        e.message
            .contains("the dice seed or the loaded faces were changed"),
        "{e}"
    );
}

#[test]
fn observation_hides_enemy_ambushes_and_sealed_orders() {
    // SBA-ORD-10, SBA-ORD-1.
    let mut g = new_game(3);
    g.advance();
    let hidden = g
        .state
        .units
        .iter()
        .find(|u| u.hidden)
        .cloned()
        .expect("a hidden unit");
    let own = g
        .state
        .units
        .iter()
        .find(|u| u.side == 0)
        .map(|u| u.id)
        .expect("unit");
    g.apply(&SbaCommand::WriteOrder {
        side: 0,
        unit: own,
        order: OrderSpec::plain(OrderKind::Defend),
    })
    .expect("order");
    let enemy = SamuraiBattles::observation(&g.ctx, &g.state, 1 - hidden.side);
    assert!(enemy.units.iter().all(|u| u.id != hidden.id));
    let friend = SamuraiBattles::observation(&g.ctx, &g.state, hidden.side);
    assert!(friend.units.iter().any(|u| u.id == hidden.id));
    let side1 = SamuraiBattles::observation(&g.ctx, &g.state, 1);
    assert!(side1.game.written.is_empty());
    let side0 = SamuraiBattles::observation(&g.ctx, &g.state, 0);
    assert!(side0.game.written.contains_key(&own));
}

#[test]
fn legal_commands_are_accepted_and_only_the_side_to_plan_has_any() {
    let mut g = new_game(2);
    g.advance();
    assert!(SamuraiBattles::legal_commands(&g.ctx, &g.state, 1).is_empty());
    let legal = SamuraiBattles::legal_commands(&g.ctx, &g.state, 0);
    assert!(
        legal.len() > 100,
        "orders × targets × hexes: {}",
        legal.len()
    );
    for c in legal.iter().step_by(37) {
        let mut s = g.state.clone();
        let mut d = g.dice.clone();
        SamuraiBattles::apply(&g.ctx, &mut s, c, &mut d, &mut crate::engine::log::NoLog)
            .unwrap_or_else(|r| panic!("{c:?}: {r}"));
    }
}

#[test]
fn sba_base_defend_facings_and_kill_zones_are_legal_commands() {
    // BD2, BD3 (base rules §2): the Defend order's written facing, and a
    // ranged unit's written Kill Zone range, are offered to the app and the
    // computer opponent; orders saved before they existed still load.
    use crate::engine::board::Facing;
    let mut g = new_game(2);
    g.advance();
    let legal = SamuraiBattles::legal_commands(&g.ctx, &g.state, 0);
    let defend = |id: u32| -> Vec<OrderSpec> {
        legal
            .iter()
            .filter_map(|c| match c {
                SbaCommand::WriteOrder { unit, order, .. }
                    if *unit == id && order.kind == OrderKind::Defend =>
                {
                    Some(order.clone())
                }
                _ => None,
            })
            .collect()
    };
    // Unit 4 is spearmen, unit 6 archers (akagawa_ford.ron).
    for f in Facing::ALL {
        assert!(
            defend(4)
                .iter()
                .any(|o| o.facing == Some(f) && o.range.is_none()),
            "{f:?}"
        );
    }
    assert!(defend(4).iter().all(|o| o.range.is_none()));
    let card = g.ctx.tables.unit("ashigaru_archers").map_or(0, |u| u.range);
    assert!(card > 0);
    for r in 1..=card {
        assert!(defend(6).iter().any(|o| o.range == Some(r)), "{r}");
    }
    let old: OrderSpec = ron::from_str("(kind: Defend)").expect("an old order");
    assert_eq!(old, OrderSpec::plain(OrderKind::Defend));
    let new = OrderSpec::defend(Some(Facing::South), Some(2));
    let text = ron::to_string(&new).expect("written");
    assert_eq!(ron::from_str::<OrderSpec>(&text).expect("read"), new);
    g.apply(&SbaCommand::WriteOrder {
        side: 0,
        unit: 6,
        order: new,
    })
    .expect("a legal Defend");
}

/// A choice shown greyed (`Choice::refused`) agrees with `apply`: no legal
/// command writes that order for that unit, and the rule given is the one
/// `apply` refuses it with; a choice not greyed has a legal command of its
/// order, or waits for a hex or a target. Checked over the first turns of
/// a game of the default scenario, where units without a Commander and
/// units in melee appear.
#[test]
fn a_greyed_order_is_one_apply_refuses_and_the_others_can_be_given() {
    let mut g = new_game(5);
    let mut greyed = 0usize;
    for _ in 0..6 {
        g.advance();
        let ToAct::Side(side) = g.to_act() else { break };
        let legal = SamuraiBattles::legal_commands(&g.ctx, &g.state, side);
        let obs = SamuraiBattles::observation(&g.ctx, &g.state, side);
        for u in SamuraiBattles::scene(&g.ctx, &obs, Some(side)).units {
            if u.side != side {
                continue;
            }
            for c in SamuraiBattles::choices(&g.ctx, &g.state, side, u.id) {
                let kind = |cmd: &SbaCommand| match cmd {
                    SbaCommand::WriteOrder { unit, order, .. } if *unit == u.id => {
                        Some(super::view::key_of(order.kind))
                    }
                    _ => None,
                };
                let given = legal.iter().any(|l| kind(l).as_deref() == Some(&c.key));
                match &c.refused {
                    Some((_, rule)) => {
                        greyed += 1;
                        assert!(!given, "{}: {} greyed but legal", u.name, c.key);
                        let pick = Pick {
                            unit: u.id,
                            ..Pick::default()
                        };
                        if let Some(cmd) =
                            SamuraiBattles::choose(&g.ctx, &g.state, side, &c.key, &pick)
                        {
                            let r = dry_run::<SamuraiBattles>(&g.ctx, &g.state, &cmd, &g.dice)
                                .expect_err("a greyed order is refused");
                            assert_eq!(&r.rule, rule, "{}: {}", u.name, c.key);
                        }
                    }
                    None if c.needs == Needs::Nothing && c.key != "erase" => {
                        assert!(given, "{}: {} offered but not legal", u.name, c.key);
                    }
                    None => {}
                }
            }
        }
        finish_decision(&mut g, side);
    }
    assert!(greyed > 0, "no greyed order met");
}

/// Plays `side`'s decision by the scripted default play.
fn finish_decision(g: &mut Game<SamuraiBattles>, side: u8) {
    let mut seat = crate::opponent::driver::Seat::new(crate::opponent::Player::Default, 0);
    crate::opponent::driver::play_decision(g, side, &mut seat);
}
