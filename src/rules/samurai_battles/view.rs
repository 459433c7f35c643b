//! What the app draws of a Samurai Battles game, as the core's generic view
//! data: counters with red Morale Markers and the Honor Marker, the unit
//! card as itemized sums with rule IDs, the orders a unit may be given, and
//! the exact odds of an order before it is written.

use crate::engine::board::{Facing, HexBoard};
use crate::engine::units::UnitClass;
use crate::engine::view::{
    Arrow, CardLine, Choice, Marker, MovePath, Needs, Odds, Pick, Place, RuleText, Scene, Tone,
    UnitView,
};

use super::battle::{Battle, SbaUnit};
use super::default_orders::default_order;
use super::fortitude::{current_fortitude, pass_chance};
use super::melee::{attack_value, defense_left, defense_value, dice_count};
use super::movement::planned_move;
use super::odds::planned_melee_odds;
use super::orders::{OrderKind, OrderSpec, order_name};
use super::ranged::{firepower, volley_casualties, volley_dice};
use super::state::{SbaCommand, SbaCtx, SbaPhase, SbaState, read_battle};

/// Red Morale Markers (SBA-MOR-1) and the Honor Marker (SBA-HON-4).
const MORALE_RED: [f32; 3] = [0.85, 0.1, 0.1];
const HONOR_GOLD: [f32; 3] = [1.0, 0.84, 0.0];

/// Whether `viewer` may see `u` (SBA-ORD-10: an Ambush hides a unit from the
/// enemy; with no viewer, hidden units of both sides stay hidden).
fn shows(u: &SbaUnit, viewer: Option<u8>) -> bool {
    !u.hidden || viewer == Some(u.side)
}

/// The order key of a choice: the order's name in the data (`OrderKind`).
pub(crate) fn key_of(kind: OrderKind) -> String {
    format!("{kind:?}")
}

fn kind_of(key: &str) -> Option<OrderKind> {
    OrderKind::ALL.into_iter().find(|k| key_of(*k) == key)
}

/// The board as `viewer` sees it.
pub fn scene(ctx: &SbaCtx, obs: &SbaState, viewer: Option<u8>) -> Scene {
    let b = read_battle(ctx, obs);
    let planning = obs.phase == SbaPhase::Planning;
    let mut units = Vec::new();
    let mut arrows = Vec::new();
    for u in obs.units.iter().filter(|u| shows(u, viewer)) {
        let stats = b.stats(u);
        let mut markers = Vec::new();
        if u.morale.markers() > 0 {
            markers.push(Marker {
                label: say!("sba-marker-morale", level = u.morale.name()),
                color: MORALE_RED,
                count: u.morale.markers(),
                face: None,
                rule: Some("SBA-MOR-1".into()),
            });
        }
        if u.honor {
            markers.push(Marker {
                label: say!("sba-marker-honor"),
                color: HONOR_GOLD,
                count: 1,
                face: None,
                rule: Some("SBA-HON-4".into()),
            });
        }
        let mut badges = Vec::new();
        if u.hidden {
            badges.push(say!("sba-badge-hidden"));
        }
        if !u.engaged.is_empty() {
            badges.push(say!("sba-badge-in-melee"));
        }
        let own = viewer == Some(u.side);
        let order = own
            .then(|| {
                let o = obs.game.written.get(&u.id).or(u.order.as_ref())?;
                Some(order_name(ctx.tables.order(o.kind)))
            })
            .flatten();
        if own
            && planning
            && let Some(o) = obs.game.written.get(&u.id)
        {
            let to = o
                .target
                .and_then(|t| b.unit(t).filter(|t| shows(t, viewer)).map(|t| t.hex))
                .or_else(|| o.to.map(HexBoard::to_hex));
            if let Some(to) = to {
                arrows.push(Arrow {
                    unit: u.id,
                    to,
                    attack: o.target.is_some(),
                    answer: false,
                });
            }
        }
        units.push(UnitView {
            id: u.id,
            side: u.side,
            name: u.name.clone(),
            kind: stats.abbrev.clone(),
            symbol: stats.symbol,
            place: Place::Hex {
                hex: u.hex,
                facing: u.facing,
            },
            models: u.models,
            models_max: stats.models,
            airborne: false,
            markers,
            badges,
            order,
            ranges: if stats.firepower > 0 {
                vec![stats.range as f32]
            } else {
                Vec::new()
            },
            concealed: u.hidden,
            allowance: None,
        });
    }
    let mut links = Vec::new();
    for u in &units {
        if let Some(su) = b.unit(u.id) {
            for e in su.engaged.iter().filter(|e| **e > u.id) {
                if units.iter().any(|v| v.id == *e) {
                    links.push((u.id, *e));
                }
            }
        }
    }
    let names = super::state::side_names(ctx);
    let vp = &obs.game.armies;
    Scene {
        units,
        arrows,
        links,
        tracks: Vec::new(),
        objectives: Vec::new(),
        score: say!(
            "sba-score",
            side0 = names[0],
            vp0 = vp[0].victory_points,
            vp1 = vp[1].victory_points,
            side1 = names[1]
        ),
        tables: Vec::new(),
        ..Scene::default()
    }
}

fn dummy_target(b: &Battle, class: UnitClass) -> Option<SbaUnit> {
    let key = b
        .tables
        .units
        .units
        .iter()
        .find(|s| s.class == class)?
        .key
        .clone();
    let mut t = b.units.first()?.clone();
    t.unit_type = key;
    t.id = u32::MAX;
    Some(t)
}

/// The unit card: models, Morale, markers, the order, and Attack, Defense,
/// Fortitude and Firepower as itemized sums with their rules.
pub fn unit_card(ctx: &SbaCtx, obs: &SbaState, unit: u32, viewer: Option<u8>) -> Vec<CardLine> {
    let b = read_battle(ctx, obs);
    let Some(u) = b.unit(unit).filter(|u| shows(u, viewer)).cloned() else {
        return Vec::new();
    };
    let stats = b.stats(&u);
    let names = super::state::side_names(ctx);
    let mut out = vec![
        CardLine::text(&u.name).tone(Tone::Strong),
        CardLine::text({
            let side = names.get(u.side as usize).cloned().unwrap_or_default();
            if stats.class == UnitClass::Cavalry {
                say!(
                    "sba-card-type-cavalry",
                    card = stats.shown_name(),
                    side = side
                )
            } else {
                say!(
                    "sba-card-type-infantry",
                    card = stats.shown_name(),
                    side = side
                )
            }
        }),
        CardLine::text(say!(
            "sba-card-models",
            models = u.models,
            full = stats.models
        )),
        CardLine::text(say!(
            "sba-card-morale",
            level = u.morale.name(),
            markers = u.morale.markers()
        ))
        .rule("SBA-MOR-1"),
    ];
    if u.honor {
        out.push(
            CardLine::text(say!("sba-card-honor"))
                .rule("SBA-HON-4")
                .tone(Tone::Good),
        );
    }
    out.push(
        CardLine::text(if b.has_commander(&u) {
            say!("sba-card-commander-yes")
        } else {
            say!("sba-card-commander-no")
        })
        .rule("SBA-GS-2"),
    );
    if u.hidden {
        out.push(
            CardLine::text(say!("sba-card-hidden"))
                .rule("SBA-ORD-10")
                .tone(Tone::Good),
        );
    }
    if !u.engaged.is_empty() {
        let names: Vec<String> = u
            .engaged
            .iter()
            .filter_map(|e| b.unit(*e))
            .map(|e| e.name.clone())
            .collect();
        out.push(
            CardLine::text(say!("sba-card-in-melee", units = names.join(", ")))
                .rule("SBA-MEL-1")
                .tone(Tone::Bad),
        );
    }
    // The unit as it will stand under its written order (own units only).
    let mut p = u.clone();
    if viewer == Some(u.side) {
        let forced = u
            .order
            .as_ref()
            .is_some_and(|o| b.tables.order(o.kind).forced);
        if !forced && let Some(w) = obs.game.written.get(&u.id) {
            p.order = Some(w.clone());
        }
        let line = match &p.order {
            Some(o) => say!("sba-card-order", order = order_name(b.tables.order(o.kind))),
            None => say!("sba-card-no-order"),
        };
        out.push(CardLine::text(line).rule("SBA-ORD-1"));
    } else {
        p = u.clone();
    }
    for class in [UnitClass::Infantry, UnitClass::Cavalry] {
        if let Some(t) = dummy_target(&b, class) {
            let title = if class == UnitClass::Infantry {
                say!("sba-card-attack-infantry")
            } else {
                say!("sba-card-attack-cavalry")
            };
            out.push(CardLine::value(title, attack_value(&b, &p, &t)));
        }
    }
    out.push(
        CardLine::text(say!(
            "sba-card-attack-dice",
            dice = dice_count(p.models, stats.dice_per_model),
            per_model = stats.dice_per_model
        ))
        .rule("SBA-MEL-4"),
    );
    out.push(CardLine::value(
        say!("sba-card-defense"),
        defense_value(&b, &p, None),
    ));
    out.push(CardLine::text(say!(
        "sba-card-defense-left",
        left = defense_left(&b, &p, None)
    )));
    let fort = current_fortitude(&b, &p, None);
    let chance = pass_chance(fort.total());
    out.push(CardLine::value(say!("sba-card-fortitude"), fort));
    out.push(
        CardLine::text(say!(
            "sba-card-pass-chance",
            percent = format!("{:.1}", chance * 100.0)
        ))
        .rule("SBA-FORT-3")
        .tone(Tone::Strong),
    );
    if stats.firepower > 0 {
        out.push(CardLine::value(
            say!("sba-card-firepower"),
            firepower(&b, &p),
        ));
        out.push(CardLine::text(say!("sba-card-range", range = stats.range)).rule("SBA-ORD-5"));
    }
    out.push(
        CardLine::text(say!("sba-card-source", source = stats.shown_source())).tone(Tone::Dim),
    );
    out.push(
        CardLine::text(say!(
            "sba-card-stand-ins",
            stand_ins = stats.shown_stand_in()
        ))
        .tone(Tone::Dim),
    );
    out
}

/// The orders `side` may write for `unit` in the Planning Phase: each of
/// its card's orders (a forced order, SBA-ORD-8 or SBA-MOR-6, leaves none),
/// and Erase when one is written.
pub fn choices(ctx: &SbaCtx, state: &SbaState, side: u8, unit: u32) -> Vec<Choice> {
    if state.phase != SbaPhase::Planning || state.game.side_to_plan() != Some(side) {
        return Vec::new();
    }
    let b = read_battle(ctx, state);
    let Some(u) = b.unit(unit).filter(|u| u.side == side) else {
        return Vec::new();
    };
    if u.order
        .as_ref()
        .is_some_and(|o| b.tables.order(o.kind).forced)
    {
        return Vec::new();
    }
    let written = state.game.written.get(&unit).map(|o| o.kind);
    let default = default_order(&b, unit).map(|o| o.kind);
    let mut out: Vec<Choice> = b
        .stats(u)
        .orders
        .iter()
        .filter(|k| !b.tables.order(**k).forced)
        .map(|k| {
            let row = b.tables.order(*k);
            let (order, line) = (order_name(row), &row.line);
            // The order's row of the Orders table and its source line
            // ("M5 (L15)") are on hover, not in the label.
            let label = if written == Some(*k) {
                say!("sba-choice-written", order = order)
            } else if written.is_none() && default == Some(*k) {
                say!("sba-choice-default", order = order)
            } else {
                order.to_string()
            };
            let hover = say!("sba-choice-hover", line = line);
            // An order the unit may not take now shows greyed, with why: an
            // order without a target or hex is checked whole, the others
            // as far as the unit and the order's kind go.
            let plain = !k.takes_target() && !k.takes_destination() && *k != OrderKind::Defend;
            let refused = if plain {
                super::order_checks::validate_order(&b, side, unit, &OrderSpec::plain(*k)).err()
            } else {
                super::order_checks::kind_refusal(&b, u, *k)
            }
            .map(|r| (r.reason, r.rule));
            Choice {
                label,
                key: key_of(*k),
                needs: if k.takes_target() {
                    Needs::Target
                } else if k.takes_destination() || *k == OrderKind::Defend {
                    // Defend: the hex it faces, and for a ranged unit how
                    // far its Kill Zone reaches (SBA-BASE, `defend_pick`).
                    Needs::Hex
                } else {
                    Needs::Nothing
                },
                hover,
                refused,
            }
        })
        .collect();
    if written.is_some() {
        out.push(Choice {
            label: say!("sba-choice-erase"),
            key: "erase".to_string(),
            needs: Needs::Nothing,
            hover: String::new(),
            refused: None,
        });
    }
    out
}

/// The Defend order a picked hex writes (SBA-BASE, base rules §2: "face a
/// chosen hexside", a Kill Zone "up to a written range"): the unit faces
/// toward the hex, and a ranged unit's Kill Zone reaches it (at most its
/// card's range). Its own hex, or none, keeps its facing and the card range.
pub fn defend_pick(ctx: &SbaCtx, state: &SbaState, pick: &Pick) -> OrderSpec {
    let u = state.units.iter().find(|u| u.id == pick.unit);
    let (Some(u), Some(h)) = (u, pick.hex) else {
        return OrderSpec::plain(OrderKind::Defend);
    };
    if h == u.hex {
        return OrderSpec::plain(OrderKind::Defend);
    }
    let range = ctx
        .tables
        .unit(&u.unit_type)
        .filter(|s| s.firepower > 0 && s.range > 0)
        .map(|s| h.unsigned_distance_to(u.hex).min(s.range));
    OrderSpec::defend(Some(Facing::towards(u.hex, h)), range)
}

/// The command for a choice: a written order aimed at the picked unit, or
/// else at the picked hex (an Assault may aim at either; Defend faces it).
pub fn choose(
    ctx: &SbaCtx,
    state: &SbaState,
    side: u8,
    key: &str,
    pick: &Pick,
) -> Option<SbaCommand> {
    if key == "erase" {
        return Some(SbaCommand::ClearOrder {
            side,
            unit: pick.unit,
        });
    }
    let kind = kind_of(key)?;
    let order = if kind == OrderKind::Defend {
        defend_pick(ctx, state, pick)
    } else if kind.takes_target() && pick.target.is_some_and(|t| t != pick.unit) {
        OrderSpec::at_unit(kind, pick.target?)
    } else if kind.takes_destination() {
        OrderSpec::to_hex(kind, HexBoard::to_offset(pick.hex?))
    } else if kind.takes_target() {
        return None;
    } else {
        OrderSpec::plain(kind)
    };
    Some(SbaCommand::WriteOrder {
        side,
        unit: pick.unit,
        order,
    })
}

/// The path a written Movement-step order would take if nothing else moved
/// first ([`planned_move`], the path and costs the Execution Phase moves
/// by), with this turn's part and the movement points it spends (SBA-BASE).
/// The order goes on over later turns, so no allowance is left to show.
/// `None` for another command or an order that does not move.
pub fn move_path(ctx: &SbaCtx, state: &SbaState, cmd: &SbaCommand) -> Option<MovePath> {
    let SbaCommand::WriteOrder { unit, order, .. } = cmd else {
        return None;
    };
    let b = read_battle(ctx, state);
    let u = b.unit(*unit)?;
    let plan = planned_move(&b, u, order)?;
    let line = say!(
        "sba-path",
        now = plan.now,
        all = plan.hexes.len(),
        spent = plan.spent,
        budget = plan.budget,
        rule = "SBA-BASE"
    );
    Some(MovePath {
        hexes: plan.hexes,
        now: plan.now,
        spent: plan.spent,
        left: None,
        rule: "SBA-BASE".into(),
        line,
    })
}

/// Exact odds of a written order: the casualty distributions of the melee an
/// Assault starts (SBA-MEL-2), or the hits of a volley (SBA-ORD-5).
pub fn odds(ctx: &SbaCtx, state: &SbaState, cmd: &SbaCommand) -> Option<Odds> {
    let SbaCommand::WriteOrder { unit, order, .. } = cmd else {
        return None;
    };
    let b = read_battle(ctx, state);
    let mut a = b.unit(*unit)?.clone();
    let t = order.target.and_then(|t| b.unit(t)).cloned()?;
    a.order = Some(order.clone());
    match order.kind {
        OrderKind::Assault => {
            let o = planned_melee_odds(&b, &a, &t);
            let expected = vec![
                (
                    say!("sba-odds-expected", unit = t.name),
                    o.expected_on_defender(),
                ),
                (
                    say!("sba-odds-expected", unit = a.name),
                    o.expected_on_attacker(),
                ),
            ];
            Some(Odds {
                expected,
                title: say!("sba-odds-melee"),
                lines: Vec::new(),
                distributions: vec![
                    (
                        say!(
                            "sba-odds-melee-dice",
                            unit = a.name,
                            dice = o.attacker_dice,
                            attack = o.attacker_attack,
                            enemy = t.name
                        ),
                        o.on_defender.clone(),
                    ),
                    (
                        say!(
                            "sba-odds-melee-dice",
                            unit = t.name,
                            dice = o.defender_dice,
                            attack = o.defender_attack,
                            enemy = a.name
                        ),
                        o.on_attacker.clone(),
                    ),
                ],
                tables: Vec::new(),
            })
        }
        OrderKind::FireRangedWeapons | OrderKind::MoveAndFire => {
            let fp = firepower(&b, &a).total();
            let dist = volley_casualties(&b, &a, &t);
            let expected: f64 = dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
            Some(Odds {
                expected: vec![(say!("sba-odds-expected", unit = t.name), expected)],
                title: say!("sba-odds-fire"),
                lines: Vec::new(),
                distributions: vec![(
                    say!(
                        "sba-odds-fire-dice",
                        dice = volley_dice(&a),
                        firepower = fp,
                        enemy = t.name
                    ),
                    dist,
                )],
                tables: Vec::new(),
            })
        }
        _ => None,
    }
}

/// The rules reference from `assets/rules/samurai_battles/rules.ron`.
pub fn rules_text(ctx: &SbaCtx) -> Vec<RuleText> {
    crate::engine::view::rules_reference(&ctx.tables.rules, &ctx.tables.rules_es)
}

/// Whether `viewer` may read a log entry: not one about a unit hidden from it.
pub fn log_visible(state: &SbaState, viewer: Option<u8>, units: &[u32]) -> bool {
    !state
        .units
        .iter()
        .any(|u| units.contains(&u.id) && !shows(u, viewer))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Rules;
    use crate::engine::game::Game;
    use crate::rules::samurai_battles::game::SamuraiBattles;

    fn game() -> Game<SamuraiBattles> {
        let text = include_str!("../../../scenarios/akagawa_ford.ron");
        let s = SamuraiBattles::parse_scenario("akagawa_ford.ron", text).expect("scenario");
        let mut g = Game::<SamuraiBattles>::new(s, 5, Vec::new()).expect("game");
        g.advance();
        g
    }

    #[test]
    fn scene_hides_enemy_ambushes_and_shows_own_orders_as_arrows() {
        let mut g = game();
        let side = g.state.game.side_to_plan().expect("planning");
        let own = g
            .state
            .units
            .iter()
            .find(|u| u.side == side)
            .expect("unit")
            .clone();
        let enemy = g
            .state
            .units
            .iter()
            .find(|u| u.side != side)
            .expect("enemy")
            .clone();
        let cmd = SbaCommand::WriteOrder {
            side,
            unit: own.id,
            order: OrderSpec::at_unit(OrderKind::Assault, enemy.id),
        };
        g.apply(&cmd).expect("order accepted");
        let obs = SamuraiBattles::observation(&g.ctx, &g.state, side);
        let s = scene(&g.ctx, &obs, Some(side));
        assert!(
            s.arrows
                .iter()
                .any(|a| a.unit == own.id && a.to == enemy.hex)
        );
        let mine = s.units.iter().find(|u| u.id == own.id).expect("own unit");
        assert_eq!(mine.order.as_deref(), Some("Assault"));
        // The other side's view has no arrow and no order on that unit.
        let other = SamuraiBattles::observation(&g.ctx, &g.state, 1 - side);
        let s2 = scene(&g.ctx, &other, Some(1 - side));
        assert!(s2.arrows.iter().all(|a| a.unit != own.id));
        assert!(s2.units.iter().all(|u| u.id != own.id || u.order.is_none()));
        // A hidden unit is absent from the scene of nobody and of the enemy.
        let mut st = g.state.clone();
        st.units[0].hidden = true;
        let hid = st.units[0].clone();
        assert!(
            scene(&g.ctx, &st, None)
                .units
                .iter()
                .all(|u| u.id != hid.id)
        );
        assert!(
            scene(&g.ctx, &st, Some(1 - hid.side))
                .units
                .iter()
                .all(|u| u.id != hid.id)
        );
        assert!(
            scene(&g.ctx, &st, Some(hid.side))
                .units
                .iter()
                .any(|u| u.id == hid.id && u.concealed)
        );
        assert!(!log_visible(&st, None, &[hid.id]));
        assert!(log_visible(&st, Some(hid.side), &[hid.id]));
    }

    #[test]
    fn choices_become_the_commands_the_core_accepts() {
        let g = game();
        let side = g.state.game.side_to_plan().expect("planning");
        let own = g
            .state
            .units
            .iter()
            .find(|u| u.side == side)
            .expect("unit")
            .clone();
        let enemy = g
            .state
            .units
            .iter()
            .find(|u| u.side != side && !u.hidden)
            .expect("enemy")
            .clone();
        let cs = choices(&g.ctx, &g.state, side, own.id);
        assert!(!cs.is_empty());
        assert!(choices(&g.ctx, &g.state, 1 - side, own.id).is_empty());
        let defend = cs
            .iter()
            .find(|c| c.needs == Needs::Nothing)
            .expect("an order without a target");
        let pick = Pick {
            unit: own.id,
            ..Pick::default()
        };
        let cmd = choose(&g.ctx, &g.state, side, &defend.key, &pick).expect("command");
        let mut g2 = game();
        g2.apply(&cmd).expect("accepted");
        // A targeted order needs its target.
        if let Some(t) = cs.iter().find(|c| c.needs == Needs::Target) {
            assert!(choose(&g.ctx, &g.state, side, &t.key, &pick).is_none());
            let aimed = Pick {
                target: Some(enemy.id),
                ..pick.clone()
            };
            assert!(choose(&g.ctx, &g.state, side, &t.key, &aimed).is_some());
        }
        // The Assault's odds are exact distributions that sum to 1.
        let assault = SbaCommand::WriteOrder {
            side,
            unit: own.id,
            order: OrderSpec::at_unit(OrderKind::Assault, enemy.id),
        };
        let o = odds(&g.ctx, &g.state, &assault).expect("odds");
        for (_, d) in &o.distributions {
            assert!((d.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
        let card = unit_card(&g.ctx, &g.state, own.id, Some(side));
        assert!(
            card.iter()
                .any(|l| l.text == "Fortitude" && l.value.is_some())
        );
        assert!(card.iter().any(|l| l.rule.as_deref() == Some("SBA-FORT-3")));
    }

    #[test]
    fn sba_base_a_picked_hex_writes_the_defend_facing_and_kill_zone() {
        // BD2, BD3: the order panel's Defend asks for a hex (no change to
        // the app): the unit will face it and a ranged unit's Kill Zone
        // reaches it; its own hex keeps its facing and the card's range.
        let mut g = game();
        let side = g.state.game.side_to_plan().expect("planning");
        let arch = g
            .state
            .units
            .iter()
            .find(|u| u.side == side && u.unit_type == "ashigaru_archers")
            .expect("archers")
            .clone();
        let cs = choices(&g.ctx, &g.state, side, arch.id);
        let defend = cs
            .iter()
            .find(|c| c.key == key_of(OrderKind::Defend))
            .expect("Defend");
        assert_eq!(defend.needs, Needs::Hex);
        let two_ahead = arch.hex + hexx::Hex::from(Facing::North.edge_direction()) * 2;
        let pick = |hex| Pick {
            unit: arch.id,
            hex: Some(hex),
            ..Pick::default()
        };
        let written = |g: &Game<SamuraiBattles>, hex| match choose(
            &g.ctx,
            &g.state,
            side,
            &defend.key,
            &pick(hex),
        ) {
            Some(SbaCommand::WriteOrder { order, .. }) => Some(order),
            _ => None,
        };
        let order = written(&g, two_ahead).expect("a written order");
        assert_eq!(order, OrderSpec::defend(Some(Facing::North), Some(2)));
        assert_eq!(
            written(&g, arch.hex),
            Some(OrderSpec::plain(OrderKind::Defend))
        );
        g.apply(&SbaCommand::WriteOrder {
            side,
            unit: arch.id,
            order,
        })
        .expect("accepted");
    }
}
