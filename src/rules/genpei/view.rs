//! What the app shows of a Genpei game: the board's units and leaders
//! (flat figures, grapple markers), the H&F and banner tracks, the hand of
//! Command and Dragon cards as the viewer's own, the unit cards, the
//! choices in the game's words, and the exact odds of an attack.

use hexx::Hex;

use crate::engine::board::{Facing, HexBoard};
use crate::engine::view::{
    Arrow, CardLine, Choice, HandCard, Marker, MovePath, Needs, Objective, Odds, Pick, Place,
    Scene, Spot, Tone, Track, UnitView,
};

use super::attack_dice::AttackKind;
use super::battle;
use super::battle_plan::{inspiring_leader, plan, terrain_now};
use super::cards::{CommandCard, Order, Section};
use super::dragon::{DragonTarget, Timing};
use super::effects::Work;
use super::losses::{banners_needed, side_name};
use super::movement;
use super::odds::roll_distribution;
use super::state::{
    Attack, AttackTarget, GenCtx, GenLeader, GenState, GenUnit, Phase, side_to_act,
};
use super::turn::{self, GenCommand};

/// The board as `viewer` sees it (`obs` is already its observation).
pub fn scene(ctx: &GenCtx, s: &GenState, viewer: Option<u8>) -> Scene {
    let mut units: Vec<UnitView> = s
        .units
        .iter()
        .filter(|u| u.alive())
        .map(|u| unit_view(ctx, s, u))
        .collect();
    units.extend(
        s.leaders
            .iter()
            .filter(|l| !l.dead && s.unit_at(l.hex).is_none())
            .map(leader_view),
    );
    units.sort_by_key(|u| u.id);
    Scene {
        units,
        arrows: reaction_arrow(s),
        zone: zone_in_play(ctx, s),
        links: s.grapples.clone(),
        tracks: tracks(ctx, s),
        objectives: objectives(ctx, s),
        score: score(ctx, s),
        tables: Vec::new(),
        hand: viewer.map_or_else(Vec::new, |v| hand(ctx, s, v)),
        wind: ctx.wind(s.turn).to_vec(),
        wind_note: if ctx.wind(s.turn).is_empty() {
            String::new()
        } else {
            say!(
                "gen-wind-note",
                toward = turn::wind_words(ctx.wind(s.turn)),
                rule = "GEN-NAV-3"
            )
        },
        sections: vec![
            ctx.scenario.sections.left_until,
            ctx.scenario.sections.right_from,
        ],
        with_wind: s
            .units
            .iter()
            .filter(|u| u.alive() && ctx.ocean(u.hex))
            .map(|u| (u.id, with_wind_hexes(ctx, s.turn, u.hex)))
            .collect(),
    }
}

/// The facing a side's figures are drawn with: side 0 north, side 1 south.
fn side_facing(side: u8) -> Facing {
    if side == 0 {
        Facing::North
    } else {
        Facing::South
    }
}

/// A unit on the board: its figures, markers, badges and range (a tower's
/// range from a tower).
fn unit_view(ctx: &GenCtx, s: &GenState, u: &GenUnit) -> UnitView {
    let ty = ctx.unit_type(&u.kind);
    let range = ty.and_then(|t| t.ranged.as_ref()).map(|r| {
        if s.tower(ctx, u.hex) {
            ctx.tables.combat.tower_range as f32
        } else {
            r.max_range as f32
        }
    });
    UnitView {
        id: u.id,
        side: u.side,
        name: u.name.to_string(),
        kind: ty.map_or_else(
            || u.kind.to_string(),
            |t| t.abbrev.clone().unwrap_or_else(|| short(&t.name)),
        ),
        symbol: ty.map(|t| t.symbol).unwrap_or_default(),
        place: Place::Hex {
            hex: u.hex,
            facing: side_facing(u.side),
        },
        models: u.figures,
        models_max: ty.map_or(u.figures, |t| t.figures),
        airborne: false,
        markers: unit_markers(s, u),
        badges: unit_badges(ctx, s, u),
        order: u.ordered.then(|| say!("gen-badge-ordered")),
        ranges: range.into_iter().collect(),
        concealed: false,
        allowance: None,
    }
}

/// A unit's markers: its attached leader, a grapple (GEN-GRP-1), flat
/// (GEN-AMP-2).
fn unit_markers(s: &GenState, u: &GenUnit) -> Vec<Marker> {
    let mut markers = Vec::new();
    if let Some(l) = s.attached_leader(u) {
        markers.push(Marker {
            label: match (l.cavalry, l.named) {
                (true, false) => say!("gen-marker-leader-cavalry", leader = l.name),
                (false, false) => say!("gen-marker-leader-infantry", leader = l.name),
                (true, true) => say!("gen-marker-leader-cavalry-named", leader = l.name),
                (false, true) => say!("gen-marker-leader-infantry-named", leader = l.name),
            },
            color: [0.95, 0.85, 0.2],
            count: 1,
            face: None,
            rule: None,
        });
    }
    if s.grappled(u.id) {
        markers.push(Marker {
            label: say!("gen-marker-grapple"),
            color: [0.55, 0.35, 0.15],
            count: 1,
            face: None,
            rule: Some("GEN-GRP-1".into()),
        });
    }
    if u.flat {
        markers.push(Marker {
            label: say!("gen-marker-flat"),
            color: [0.55, 0.55, 0.6],
            count: 1,
            face: None,
            rule: Some("GEN-AMP-2".into()),
        });
    }
    markers
}

/// An attack waiting on the defender's answer (a Dragon card, Leader
/// Inspiration for its battle back; GEN-BASE): an arrow from the attacker
/// to the unit or the works it attacks.
fn reaction_arrow(s: &GenState) -> Vec<Arrow> {
    let Phase::Reaction { attack } = &s.phase else {
        return Vec::new();
    };
    let to = match attack.target {
        AttackTarget::Unit(u) => s.unit(u).map(|u| u.hex),
        AttackTarget::Work(h) => Some(h),
    };
    to.map(|to| Arrow {
        unit: attack.unit,
        to,
        attack: true,
        answer: true,
    })
    .into_iter()
    .collect()
}

/// A unit's badges: naval, flat, grappled, ordered, and on its own Command
/// ship or tent.
fn unit_badges(ctx: &GenCtx, s: &GenState, u: &GenUnit) -> Vec<String> {
    let mut badges = Vec::new();
    if ctx.ocean(u.hex) {
        badges.push(say!("gen-badge-naval"));
    }
    if u.flat {
        badges.push(say!("gen-badge-flat"));
    }
    if s.grappled(u.id) {
        badges.push(say!("gen-badge-grappled"));
    }
    if u.ordered {
        badges.push(say!("gen-badge-ordered"));
    }
    if s.commands
        .iter()
        .any(|t| t.unit == u.id && !t.captured && t.hex == u.hex)
    {
        badges.push(if ctx.ocean(u.hex) {
            say!("gen-badge-command-ship")
        } else {
            say!("gen-badge-command-tent")
        });
    }
    badges
}

/// A leader alone in his hex, drawn as a figure of his own.
fn leader_view(l: &GenLeader) -> UnitView {
    UnitView {
        id: l.id,
        side: l.side,
        name: l.name.to_string(),
        kind: say!("gen-badge-leader"),
        symbol: crate::engine::view::UnitSymbol::Leader,
        place: Place::Hex {
            hex: l.hex,
            facing: side_facing(l.side),
        },
        models: 1,
        models_max: 1,
        airborne: false,
        markers: Vec::new(),
        badges: vec![if l.named {
            say!("gen-badge-samurai-of-name")
        } else {
            say!("gen-badge-leader")
        }],
        order: l.ordered.then(|| say!("gen-badge-ordered")),
        ranges: Vec::new(),
        concealed: false,
        allowance: None,
    }
}

/// Each side's H&F and banner tracks, the banners it needs marked
/// (GEN-BASE).
fn tracks(ctx: &GenCtx, s: &GenState) -> Vec<Track> {
    let mut tracks = Vec::new();
    for side in 0..2u8 {
        tracks.push(Track {
            side,
            name: say!("gen-track-hf"),
            value: s.hf[side as usize] as i32,
            marks: Vec::new(),
            rule: "GEN-BASE".into(),
        });
        tracks.push(Track {
            side,
            name: say!("gen-track-banners"),
            value: s.banners[side as usize] as i32,
            marks: vec![(banners_needed(ctx, side) as i32, false)],
            rule: "GEN-BASE".into(),
        });
    }
    tracks
}

/// The viewer `v`'s hand: Command cards, playable in his Play phase, then
/// Dragon cards, playable when their timing, cost and target allow.
/// The hexes Command card `c` played by `side` orders in: every hex of a
/// section it names, as that side sees the board (GEN-BASE: a hex on a
/// dividing line belongs to both). Empty for a troop card, which orders by
/// kind anywhere.
fn card_zone(ctx: &GenCtx, c: &CommandCard, side: u8) -> Vec<Hex> {
    let named: Vec<Section> = match &c.order {
        Order::Section { sections, .. } => sections.clone(),
        Order::Advance { section } => vec![*section],
        Order::Troops { .. } => return Vec::new(),
    };
    ctx.board
        .hexes()
        .into_iter()
        .filter(|h| ctx.sections(*h, side).iter().any(|x| named.contains(x)))
        .collect()
}

/// The zone of the card in play while its side orders units with it.
fn zone_in_play(ctx: &GenCtx, s: &GenState) -> Vec<Hex> {
    match (&s.phase, s.card.as_deref().and_then(|k| ctx.cards.card(k))) {
        (Phase::Order, Some(c)) => card_zone(ctx, c, s.active),
        _ => Vec::new(),
    }
}

fn hand(ctx: &GenCtx, s: &GenState, v: u8) -> Vec<HandCard> {
    let mut hand = Vec::new();
    for k in &s.hands[v as usize] {
        if let Some(c) = ctx.cards.card(k) {
            hand.push(HandCard {
                deck: say!("gen-deck-command"),
                second_deck: false,
                name: c.shown_name().to_string(),
                text: c.shown_text().to_string(),
                rule: "GEN-BASE".into(),
                play: (s.phase == Phase::Play && s.active == v).then(|| format!("play:{k}")),
                zone: card_zone(ctx, c, v),
            });
        }
    }
    for k in &s.dragon_hands[v as usize] {
        if let Some(c) = ctx.dragons.card(k) {
            let playable = turn::timing_now(s, v).is_some_and(|t| {
                super::dragon::check_play(c, t, s.dragon_played[v as usize], s.hf[v as usize])
                    .is_ok()
                    && matches!(c.target, DragonTarget::OrderedUnits | DragonTarget::Attack)
            });
            hand.push(HandCard {
                deck: say!("gen-deck-dragon"),
                second_deck: true,
                name: c.shown_name().to_string(),
                text: say!(
                    "gen-hand-dragon-text",
                    text = c.shown_text(),
                    cost = c.cost,
                    timing = timing_words(c.timing)
                ),
                rule: "GEN-BASE".into(),
                play: playable.then(|| format!("dragon:{k}")),
                zone: Vec::new(),
            });
        }
    }
    hand
}

/// The objectives: the towers still standing, with who holds each, then
/// the Command ships and tents not captured.
fn objectives(ctx: &GenCtx, s: &GenState) -> Vec<Objective> {
    ctx.scenario
        .towers
        .iter()
        .map(|t| HexBoard::to_hex(*t))
        .filter(|h| s.tower(ctx, *h))
        .map(|h| Objective {
            name: say!("gen-objective-tower"),
            at: Spot::Hex(h),
            held_by: s.unit_at(h).map(|u| u.side),
        })
        .chain(
            s.commands
                .iter()
                .filter(|t| !t.captured)
                .map(|t| Objective {
                    name: if t.ship {
                        say!("gen-objective-command-ship", side = side_name(ctx, t.side))
                    } else {
                        say!("gen-objective-command-tent", side = side_name(ctx, t.side))
                    },
                    at: Spot::Hex(t.hex),
                    held_by: Some(t.side),
                }),
        )
        .collect()
}

/// The score line: banners and hands of each side, the card in play and
/// the turn's wind.
fn score(ctx: &GenCtx, s: &GenState) -> String {
    let played = s
        .card
        .as_deref()
        .and_then(|k| ctx.cards.card(k))
        .map_or_else(String::new, |c| {
            say!("gen-score-in-play", card = c.shown_name())
        });
    format!(
        "{}{played}{}",
        say!(
            "gen-score",
            side0 = side_name(ctx, 0),
            b0 = s.banners[0],
            b1 = s.banners[1],
            side1 = side_name(ctx, 1),
            h0 = s.hands[0].len() + s.dragon_hands[0].len(),
            h1 = s.hands[1].len() + s.dragon_hands[1].len()
        ),
        if ctx.wind(s.turn).is_empty() {
            String::new()
        } else {
            say!(
                "gen-score-wind",
                toward = turn::wind_words(ctx.wind(s.turn))
            )
        }
    )
}

/// A counter's label when the type has no `abbrev`: the initials of its
/// name ("Irregular Peasant Infantry": "IPI"), so that it fits the
/// counter.
fn short(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|w| w.chars().next())
        .flat_map(char::to_uppercase)
        .collect()
}

/// The card of unit (or leader) `id`.
pub fn unit_card(ctx: &GenCtx, s: &GenState, id: u32) -> Vec<CardLine> {
    let mut v = Vec::new();
    if let Some(u) = s.unit(id) {
        let Some(ty) = ctx.unit_type(&u.kind) else {
            return v;
        };
        v.push(CardLine::text(format!("{} — {}", u.name, ty.name)).tone(Tone::Strong));
        v.push(
            CardLine::text(say!("gen-card-figures", n = u.figures, max = ty.figures))
                .rule("GEN-BASE"),
        );
        v.push(
            CardLine::text(say!(
                "gen-card-stats",
                rank = rank_words(ty.rank),
                close = ty.close,
                moves = ty.move_max,
                after = ty.move_and_battle
            ))
            .rule("GEN-BASE"),
        );
        if let Some(r) = &ty.ranged {
            v.push(
                CardLine::text(if s.tower(ctx, u.hex) {
                    say!(
                        "gen-card-ranged-tower",
                        dice = r.dice,
                        min = r.min_range,
                        max = ctx.tables.combat.tower_range,
                        after = r.after_move
                    )
                } else {
                    say!(
                        "gen-card-ranged",
                        dice = r.dice,
                        min = r.min_range,
                        max = r.max_range,
                        after = r.after_move
                    )
                })
                .rule(if s.tower(ctx, u.hex) {
                    "GEN-TWR-3"
                } else {
                    "GEN-BASE"
                }),
            );
        }
        if ty.reroll_hf {
            v.push(CardLine::text(say!("gen-card-sohei")).rule("GEN-UNIT-1"));
        }
        v.push(CardLine::text(say!(
            "gen-card-terrain",
            terrain = {
                let t = terrain_now(ctx, s, u.hex);
                crate::i18n::in_language(&t.name, t.spanish.as_deref()).to_string()
            }
        )));
        if ctx.ocean(u.hex) {
            v.push(CardLine::text(say!("gen-card-naval")).rule("GEN-NAV-1"));
        }
        if u.flat {
            v.push(
                CardLine::text(say!("gen-card-flat"))
                    .rule("GEN-AMP-2")
                    .tone(Tone::Bad),
            );
        }
        if s.grappled(u.id) {
            v.push(
                CardLine::text(say!("gen-card-grappled"))
                    .rule("GEN-GRP-3")
                    .tone(Tone::Bad),
            );
        }
        if let Some(l) = s.attached_leader(u) {
            v.push(
                CardLine::text(say!("gen-card-leader-attached", leader = l.name))
                    .rule("GEN-BASE")
                    .tone(Tone::Good),
            );
        }
        return v;
    }
    if let Some(l) = s.leader(id) {
        v.push(CardLine::text(l.name.clone()).tone(Tone::Strong));
        v.push(
            CardLine::text(match (l.cavalry, l.named) {
                (true, false) => say!("gen-card-leader-alone-cavalry"),
                (false, false) => say!("gen-card-leader-alone-infantry"),
                (true, true) => say!("gen-card-leader-alone-cavalry-named"),
                (false, true) => say!("gen-card-leader-alone-infantry-named"),
            })
            .rule("GEN-SCN-3"),
        );
    }
    v
}

/// What `side` may choose for unit `id` now.
pub fn choices(ctx: &GenCtx, s: &GenState, side: u8, id: u32) -> Vec<Choice> {
    let mut v = Vec::new();
    if side_to_act(s) != Some(side) {
        return v;
    }
    let own_unit = s.unit(id).filter(|u| u.side == side && u.alive());
    let own_leader = s.leader(id).filter(|l| l.side == side && !l.dead);
    if own_unit.is_none() && own_leader.is_none() {
        return v;
    }
    let c = |label: &str, key: &str, needs: Needs| Choice {
        label: label.to_string(),
        key: key.to_string(),
        needs,
        hover: String::new(),
        refused: None,
    };
    match &s.phase {
        Phase::Order => {
            if ordered_ok(ctx, s, id) {
                v.push(c(
                    &if own_leader.is_some() {
                        say!("gen-choice-order-leader")
                    } else {
                        say!("gen-choice-order-unit")
                    },
                    "order",
                    Needs::Nothing,
                ));
            }
            // A leader with the unit may be ordered on his own (GEN-BASE).
            if let Some(u) = own_unit
                && let Some(l) = s.attached_leader(u)
                && ordered_ok(ctx, s, l.id)
            {
                v.push(c(
                    &say!("gen-choice-order-leader-alone", leader = l.name),
                    &format!("order_leader:{}", l.id),
                    Needs::Nothing,
                ));
            }
        }
        Phase::Move => {
            let can = own_unit.is_some_and(|u| !movement::reachable(ctx, s, u).is_empty())
                || own_leader.is_some() && !movement::leader_reachable(ctx, s, id).is_empty();
            if can {
                v.push(c(&say!("gen-choice-move"), "move", Needs::Hex));
            }
            if own_unit.is_some_and(|u| !movement::reachable(ctx, s, u).is_empty()) {
                v.push(c(&say!("gen-choice-hold"), "hold", Needs::Nothing));
            }
            if let Some(u) = own_unit
                && let Some(l) = s
                    .leaders
                    .iter()
                    .find(|l| !l.dead && l.side == side && l.hex == u.hex && l.ordered && !l.moved)
                && !movement::leader_reachable(ctx, s, l.id).is_empty()
            {
                v.push(c(
                    &say!("gen-choice-move-leader-alone", leader = l.name),
                    &format!("move_leader:{}", l.id),
                    Needs::Hex,
                ));
            }
        }
        Phase::Battle | Phase::Bonus { .. } => {
            if let Some(u) = own_unit
                && (u.ordered && !u.battled
                    || matches!(s.phase, Phase::Bonus { unit } if unit == id))
            {
                v.push(c(&say!("gen-choice-battle"), "battle", Needs::Target));
                if ctx.ocean(u.hex) || ctx.shore(u.hex) {
                    v.push(c(&say!("gen-choice-grapple"), "grapple", Needs::Target));
                }
                if inspiring_leader(ctx, s, id) {
                    v.push(c(&say!("gen-choice-inspire"), "inspire", Needs::Target));
                }
                // Only where a palisade or stockade is next to the unit.
                let work_near = crate::engine::board::Facing::ALL.iter().any(|f| {
                    let h = u.hex.neighbor(f.edge_direction());
                    s.palisade(ctx, u.hex, h) || s.stockade(ctx, h)
                });
                if work_near {
                    v.push(c(&say!("gen-choice-work"), "work", Needs::Hex));
                }
            }
        }
        _ => {}
    }
    // Dragon cards that need this unit or a target picked from it.
    if let Some(t) = turn::timing_now(s, side) {
        for k in dedup(&s.dragon_hands[side as usize]) {
            let Some(card) = ctx.dragons.card(&k) else {
                continue;
            };
            if card.timing != t || card.blank {
                continue;
            }
            match card.target {
                DragonTarget::OwnUnit => v.push(c(
                    &say!(
                        "gen-choice-dragon-own-unit",
                        card = card.shown_name(),
                        cost = card.cost
                    ),
                    &format!("dragon:{k}"),
                    Needs::Nothing,
                )),
                DragonTarget::EnemyUnit | DragonTarget::Challenge => v.push(c(
                    &say!(
                        "gen-choice-dragon-target",
                        card = card.shown_name(),
                        cost = card.cost
                    ),
                    &format!("dragon:{k}"),
                    Needs::Target,
                )),
                _ => {}
            }
        }
    }
    v
}

fn dedup(v: &[smol_str::SmolStr]) -> Vec<smol_str::SmolStr> {
    let mut out = v.to_vec();
    out.sort();
    out.dedup();
    out
}

fn ordered_ok(ctx: &GenCtx, s: &GenState, id: u32) -> bool {
    let mut t = s.clone();
    let mut d = crate::engine::dice::Dice::new(0);
    turn::apply(
        ctx,
        &mut t,
        &GenCommand::Order { id },
        &mut d,
        &mut Vec::new(),
    )
    .is_ok()
}

/// What `side` may choose that belongs to no unit: the cards of its hand
/// to play, Dragon cards on all ordered units or on the attack, the end
/// of turn and Order One's keep.
pub fn side_choices(ctx: &GenCtx, s: &GenState, side: u8) -> Vec<Choice> {
    let mut v = Vec::new();
    if side_to_act(s) != Some(side) {
        return v;
    }
    let c = |label: String, key: String| Choice {
        label,
        key,
        needs: Needs::Nothing,
        hover: String::new(),
        refused: None,
    };
    match &s.phase {
        Phase::Play => {
            for k in dedup(&s.hands[side as usize]) {
                if let Some(card) = ctx.cards.card(&k) {
                    v.push(c(
                        say!(
                            "gen-choice-play",
                            card = card.shown_name(),
                            text = card.shown_text()
                        ),
                        format!("play:{k}"),
                    ));
                }
            }
        }
        Phase::Keep { cards } => {
            for k in cards {
                if let Some(card) = ctx.cards.card(k) {
                    v.push(c(
                        say!(
                            "gen-choice-keep",
                            card = card.shown_name(),
                            text = card.shown_text()
                        ),
                        format!("keep:{k}"),
                    ));
                }
            }
        }
        Phase::EndTurn => {
            if !s.dragon_deck.draw.is_empty() || !s.dragon_deck.discard.is_empty() {
                v.push(c(say!("gen-choice-end-dragon"), "end:dragon".into()));
            }
            // GEN-BASE (GMT): no Dragon card played this turn: one may go
            // for H&F.
            if !s.dragon_played[side as usize] {
                for k in dedup(&s.dragon_hands[side as usize]) {
                    if let Some(card) = ctx.dragons.card(&k) {
                        v.push(c(
                            say!(
                                "gen-choice-discard-dragon",
                                card = card.shown_name(),
                                n = ctx.tables.combat.dragon_discard_hf
                            ),
                            format!("discard_dragon:{k}"),
                        ));
                    }
                }
            }
        }
        Phase::TakeGround { .. } => v.push(c(say!("gen-choice-take-ground"), "take".into())),
        // GEN-GRP-1, GEN-GRP-4: the sword rolled grapples (or severs), or hits.
        Phase::Grapple { .. } => {
            v.push(c(say!("gen-choice-elect-grapple"), "elect_grapple".into()))
        }
        // The defender's Leader Inspiration for its battle back or first
        // strike (GEN-STK-4, GEN-MSH-4).
        Phase::Reaction { attack } if attack.counter_inspire == 0 => {
            for n in 1..=ctx.tables.combat.inspiration_max_dice {
                if battle::check_counter_inspiration(ctx, s, attack, n).is_ok() {
                    v.push(c(
                        say!("gen-choice-inspire-battle-back", n = n),
                        format!("inspire_back:{n}"),
                    ));
                }
            }
        }
        _ => {}
    }
    if let Some(t) = turn::timing_now(s, side) {
        for k in dedup(&s.dragon_hands[side as usize]) {
            let Some(card) = ctx.dragons.card(&k) else {
                continue;
            };
            if card.timing == t
                && !card.blank
                && matches!(
                    card.target,
                    DragonTarget::OrderedUnits | DragonTarget::Attack
                )
            {
                v.push(c(
                    say!(
                        "gen-choice-dragon-side",
                        card = card.shown_name(),
                        cost = card.cost,
                        text = card.shown_text()
                    ),
                    format!("dragon:{k}"),
                ));
            }
        }
    }
    v
}

/// Turns a choice and a pick into a command.
pub fn choose(ctx: &GenCtx, s: &GenState, side: u8, key: &str, pick: &Pick) -> Option<GenCommand> {
    let _ = (ctx, side);
    if let Some(k) = key.strip_prefix("play:") {
        return Some(GenCommand::PlayCard { card: k.into() });
    }
    if let Some(k) = key.strip_prefix("keep:") {
        return Some(GenCommand::Keep { card: k.into() });
    }
    if let Some(k) = key.strip_prefix("dragon:") {
        let target = ctx.dragons.card(k).and_then(|c| match c.target {
            DragonTarget::OwnUnit => Some(pick.unit),
            DragonTarget::EnemyUnit | DragonTarget::Challenge => pick.target,
            _ => None,
        });
        let needs_target = ctx
            .dragons
            .card(k)
            .is_some_and(|c| matches!(c.target, DragonTarget::EnemyUnit | DragonTarget::Challenge));
        if needs_target && target.is_none() {
            return None;
        }
        return Some(GenCommand::Dragon {
            card: k.into(),
            target,
        });
    }
    if let Some(id) = key.strip_prefix("order_leader:") {
        return Some(GenCommand::Order {
            id: id.parse().ok()?,
        });
    }
    if let Some(id) = key.strip_prefix("move_leader:") {
        return Some(GenCommand::Move {
            id: id.parse().ok()?,
            to: pick.hex?,
        });
    }
    if let Some(n) = key.strip_prefix("inspire_back:") {
        return Some(GenCommand::InspireBattleBack {
            dice: n.parse().ok()?,
        });
    }
    if let Some(card) = key.strip_prefix("discard_dragon:") {
        return Some(GenCommand::DiscardDragon { card: card.into() });
    }
    match key {
        "end:dragon" => Some(GenCommand::EndTurn { dragon: true }),
        "take" => Some(GenCommand::TakeGround),
        "elect_grapple" => Some(GenCommand::Grapple { grapple: true }),
        "order" => Some(GenCommand::Order { id: pick.unit }),
        "hold" => Some(GenCommand::Hold { id: pick.unit }),
        "move" => Some(GenCommand::Move {
            id: pick.unit,
            to: pick.hex?,
        }),
        "battle" | "grapple" | "inspire" => Some(GenCommand::Battle {
            unit: pick.unit,
            target: AttackTarget::Unit(pick.target?),
            grapple: key == "grapple",
            inspire: u32::from(key == "inspire"),
        }),
        "work" => Some(GenCommand::Battle {
            unit: pick.unit,
            target: AttackTarget::Work(pick.hex?),
            grapple: false,
            inspire: 0,
        }),
        _ => {
            let _ = s;
            None
        }
    }
}

/// Exact odds of a battle before it is committed: hits, swords, flags and
/// H&F, the chance of eliminating the target, of a blocked retreat and of
/// a grapple; for a fortification, the chance it falls.
pub fn odds(ctx: &GenCtx, s: &GenState, cmd: &GenCommand) -> Option<Odds> {
    let GenCommand::Battle {
        unit,
        target,
        grapple,
        inspire,
    } = cmd
    else {
        return None;
    };
    let a = Attack {
        unit: *unit,
        target: *target,
        grapple: *grapple,
        inspire: *inspire,
        bonus: matches!(s.phase, Phase::Bonus { .. }),
        reaction_dice: 0,
        counter_inspire: 0,
    };
    let p = plan(ctx, s, &a).ok()?;
    let v = &ctx.tables.combat;
    let n = p.dice.total().max(0) as u32;
    let dist = roll_distribution(&ctx.tables.die, n, p.reroll_hf, p.inspired, v.odds_hf_top);
    let mut lines = vec![(say!("gen-odds-dice", dice = p.dice.explain()), 1.0)];
    if let Some((work, need)) = p.work {
        let fall: f64 = dist
            .iter()
            .filter(|(c, _)| c.swords >= need)
            .map(|(_, q)| q)
            .sum();
        let name = if work == Work::Palisade {
            say!("gen-odds-palisade-falls")
        } else {
            say!("gen-odds-stockade-falls")
        };
        lines.push((name, fall));
        return Some(Odds {
            expected: Vec::new(),
            title: say!("gen-odds-title-work", n = n),
            lines,
            distributions: Vec::new(),
            tables: Vec::new(),
        });
    }
    if p.lone_leader.is_some() {
        let falls: f64 = dist
            .iter()
            .filter(|(c, _)| super::honor::lone_leader_hit(c.swords))
            .map(|(_, q)| q)
            .sum();
        lines.push((say!("gen-odds-lone-leader-falls"), falls));
        return Some(Odds {
            expected: Vec::new(),
            title: say!("gen-odds-title-lone-leader", n = n),
            lines,
            distributions: Vec::new(),
            tables: Vec::new(),
        });
    }
    let (o, cancelled) = super::battle_odds::unit_battle_odds(ctx, s, &a, &p, &dist)?;
    lines.push((say!("gen-odds-eliminated"), o.eliminated));
    if cancelled > 0.0 {
        lines.push((say!("gen-odds-first-strike-stops"), cancelled));
    }
    if !p.target.at_sea {
        lines.push((say!("gen-odds-retreat-blocked"), o.retreat_blocked));
    }
    if *grapple {
        lines.push((say!("gen-odds-grapple"), o.grapple));
    }
    if let Some(d) = p.defender
        && let Some(du) = s.unit(d)
        && s.attached_leader(du).is_some()
    {
        lines.push((say!("gen-odds-attached-leader-falls"), o.leader_falls));
    }
    let expected: f64 = o.hits.iter().enumerate().map(|(k, q)| k as f64 * q).sum();
    let expected = vec![(say!("gen-odds-expected-hits"), expected)];
    let title = match p.kind {
        AttackKind::Close => say!("gen-odds-title-close", n = n),
        AttackKind::Ranged(r) => say!("gen-odds-title-ranged", range = r, n = n),
        AttackKind::Work => say!("gen-odds-title-fortification", n = n),
    };
    Some(Odds {
        expected,
        title,
        lines,
        distributions: vec![
            (say!("gen-odds-dist-hits"), o.hits),
            (say!("gen-odds-dist-swords"), o.swords),
            (say!("gen-odds-dist-flags"), o.flags),
            (say!("gen-odds-dist-retreat"), o.retreat),
            (say!("gen-odds-dist-hf", top = v.odds_hf_top), o.hf),
        ],
        tables: Vec::new(),
    })
}

/// The hexes of a naval unit's "with the wind" steps, for the overlay
/// (GEN-NAV-3).
pub fn with_wind_hexes(ctx: &GenCtx, turn: u32, h: Hex) -> Vec<Hex> {
    Facing::ALL
        .iter()
        .filter(|f| {
            super::naval::with_any_wind(ctx.wind(turn), f.index() as u8, &ctx.tables.combat)
        })
        .map(|f| h.neighbor(f.edge_direction()))
        .filter(|n| ctx.board.contains(*n))
        .collect()
}

/// Offsets, for log lines.
pub fn at(h: Hex) -> (i32, i32) {
    HexBoard::to_offset(h)
}

/// The Dragon timing the app shows.
pub fn timing_words(t: Timing) -> String {
    match t {
        Timing::OwnOrders => say!("gen-timing-own-orders"),
        Timing::OwnBattle => say!("gen-timing-own-battle"),
        Timing::Reaction => say!("gen-timing-reaction"),
    }
}

/// A rank in words, as the unit card shows it ("Circle").
pub fn rank_words(r: super::data::Rank) -> String {
    match r {
        super::data::Rank::Circle => say!("gen-rank-circle"),
        super::data::Rank::Triangle => say!("gen-rank-triangle"),
        super::data::Rank::Square => say!("gen-rank-square"),
    }
}

/// The path of a Move command, from [`reachable`](movement::reachable) (a unit) or
/// [`leader_reachable`](movement::leader_reachable) (a leader on his own, GEN-BASE; at sea
/// GEN-NLD-3), the search `apply` moves by, with the hexes it enters. `None` for another command or a hex out
/// of reach. The game counts hexes, with no allowance left to show.
pub fn move_path(ctx: &GenCtx, s: &GenState, cmd: &GenCommand) -> Option<MovePath> {
    let GenCommand::Move { id, to } = cmd else {
        return None;
    };
    let (rule, reach) = match s.unit(*id) {
        Some(u) => (
            movement::move_rule(ctx, u.hex, *to),
            movement::reachable(ctx, s, u),
        ),
        None => (
            movement::leader_move_rule(ctx, s.leader(*id)?.hex),
            movement::leader_reachable(ctx, s, *id),
        ),
    };
    let path = reach.get(&(to.x, to.y))?.clone();
    let n = path.len();
    Some(MovePath {
        now: path.len(),
        hexes: path,
        spent: n as u32,
        left: None,
        rule: rule.into(),
        line: say!("gen-path", n = n, rule = rule),
    })
}
