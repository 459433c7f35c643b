//! What an attack rolls and on what ([`plan`]), or why it may not be made:
//! the attacker, the target and its terrain's defence, the kind of attack,
//! range and sight, the dice and their bonuses, Inspiration and grapples
//! (GEN-BASE, GEN-GRP-1, GEN-STK-1, GEN-TWR-3). The numbers come from the
//! pure functions of [`attack_dice`](super::attack_dice) and
//! [`effects`](super::effects); [`fight`](super::battle::fight) resolves the
//! plan. Also the faces of a battle roll as the log gives them.

use hexx::Hex;

use crate::engine::command::Refusal;
use crate::engine::log::Itemized;

use super::attack_dice::{AttackKind, AttackSetup, attack_dice};
use super::cards::CommandCard;
use super::data::{HexTerrain, UnitType};
use super::effects::{Striker, Target, Work, terrain_defence};
use super::honor::{InspirationReach, inspiration_cost, inspiration_reach};
use super::state::{Attack, AttackTarget, GenCtx, GenState, GenUnit};
use super::works::{palisade_protects, stockade_blocks_sight};

/// What an attack rolls and on what: everything
/// [`fight`](super::battle::fight) and the odds need, as plain values.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Close, ranged or on a fortification.
    pub kind: AttackKind,
    /// The dice, itemized (each modifier with its rule).
    pub dice: Itemized,
    /// The attacker as the effect sees it.
    pub striker: Striker,
    /// The defending unit, if the target is a unit.
    pub defender: Option<u32>,
    /// The leader attacked on his own, if the target is one (GEN-BASE).
    pub lone_leader: Option<u32>,
    /// The target as the effect sees it.
    pub target: Target,
    /// The fortification attacked, and the swords it needs.
    pub work: Option<(Work, u32)>,
    /// The attacker re-rolls H&F (Sohei, GEN-UNIT-3).
    pub reroll_hf: bool,
    /// Inspiration cancels the first H&F (GEN-UNIT-1).
    pub inspired: bool,
    /// The target's figures.
    pub figures: u32,
}

pub(super) fn refuse(rule: &str, why: impl Into<String>) -> Refusal {
    Refusal::new(rule, why)
}

/// The terrain of `h` as the rules read it now: a destroyed stockade is
/// clear ground.
pub fn terrain_now<'a>(ctx: &'a GenCtx, s: &GenState, h: Hex) -> &'a HexTerrain {
    let t = ctx.terrain(h);
    if t.key == "stockade" && !s.stockade(ctx, h) {
        ctx.tables
            .terrain
            .hexes
            .iter()
            .find(|x| x.key == "clear")
            .unwrap_or(t)
    } else {
        t
    }
}

/// The defender of a unit target, as the effect sees it: rank, cavalry
/// (dismounted at sea, GEN-NCB-5), flat (GEN-AMP-2), the flags it always
/// ignores, and its terrain's defence from `from` (stockade GEN-STK-3,
/// palisade GEN-PAL-3, tower GEN-TWR-2).
pub fn target_of(ctx: &GenCtx, s: &GenState, id: u32, from: Hex) -> Option<Target> {
    let u = s.unit(id)?;
    let ty = ctx.unit_type(&u.kind)?;
    let at_sea = ctx.ocean(u.hex);
    let line: Vec<Hex> = from.line_to(u.hex).collect();
    // The hex the attack comes from: the one before the target on the line.
    let before = match line.as_slice() {
        [.., before, _] => *before,
        _ => from,
    };
    // GEN-STK-3 (L157): "A unit on a stockade hex may ignore 1 sword and 1
    // flag in combat", wherever its attacker stands.
    let stockade_defends = s.stockade(ctx, u.hex);
    let hex = if stockade_defends {
        terrain_now(ctx, s, u.hex)
    } else {
        ctx.tables
            .terrain
            .hexes
            .iter()
            .find(|x| x.key == "clear")
            .unwrap_or_else(|| terrain_now(ctx, s, u.hex))
    };
    // GEN-PAL-3: "A unit on a Palisade hex": the tile's own hex only.
    let across = s.palisade(ctx, before, u.hex) && ctx.palisade_hex(before, u.hex) == Some(u.hex);
    let (protects, _) = palisade_protects(across, s.palisade_tower(ctx, u.hex));
    let across = protects
        .then(|| ctx.tables.terrain.hexsides.first())
        .flatten();
    let (sw, fl, label) = terrain_defence(hex, across);
    Some(Target {
        rank: ty.rank,
        mounted: ty.mounted && !at_sea,
        at_sea,
        flat: u.flat,
        unit_flags_ignored: ty.flags_ignored,
        terrain_swords_ignored: sw,
        terrain_flags_ignored: fl,
        terrain: label,
    })
}

/// What `attack` rolls and on what, or why it may not be made.
///
/// # Errors
/// A refusal with the rule: not this unit's battle (GEN-BASE), out of
/// range or sight (GEN-BASE, GEN-STK-1, GEN-TWR-3), a card that forbids
/// it, a grapple where none may be made (GEN-GRP-1), Inspiration without
/// a leader or tokens (GEN-BASE), and everything
/// [`attack_dice`] refuses.
pub fn plan(ctx: &GenCtx, s: &GenState, a: &Attack) -> Result<Plan, Refusal> {
    plan_inner(ctx, s, a, true)
}

/// [`plan`], with or without the check that the unit may still battle
/// (`check_turn`: ordered and not battled; without it, the plan of an
/// attack already rolled, whose grapple is chosen after the roll).
pub(super) fn plan_inner(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    check_turn: bool,
) -> Result<Plan, Refusal> {
    let v = &ctx.tables.combat;
    let (u, ty) = attacker(ctx, s, a, check_turn)?;
    let card = s.card.as_deref().and_then(|k| ctx.cards.card(k));
    let (to, defender, lone_leader) = target_hex(s, a, u)?;
    let (kind, work) = attack_kind(ctx, s, a, u, to)?;
    if let AttackKind::Ranged(_) = kind {
        ranged_allowed(ctx, s, card, u, to)?;
    }
    let onslaught = card.is_some_and(|c| c.key == "infantry_onslaught");
    let bonus = dice_bonus(ctx, s, a, (u, ty), card, kind)?;
    let setup = AttackSetup {
        unit: ty,
        kind,
        moved: moved_for_battle(card, u, ty),
        embarked: u.embarked,
        onslaught,
        from: terrain_now(ctx, s, u.hex),
        into: terrain_now(ctx, s, to),
        in_tower: s.tower(ctx, u.hex),
        bonus,
    };
    let dice = attack_dice(&setup, v)?;
    let at_sea = ctx.ocean(u.hex);
    if a.grapple {
        check_grapple(ctx, s, a, u, defender, kind)?;
    }
    let striker = Striker {
        rank: ty.rank,
        mounted: ty.mounted && !at_sea,
        swords_hit: ty.swords_hit,
        collects_hf: match kind {
            AttackKind::Ranged(_) => ty.ranged.as_ref().is_some_and(|r| r.collects_hf),
            _ => true,
        },
    };
    let (target, figures) = match defender {
        Some(d) => (
            target_of(ctx, s, d.id, u.hex)
                .ok_or_else(|| refuse("GEN-BASE", say!("gen-refuse-unknown-target")))?,
            d.figures,
        ),
        None => (
            Target::in_the_open(ty.rank),
            u32::from(lone_leader.is_some()),
        ),
    };
    Ok(Plan {
        kind,
        dice,
        striker,
        defender: defender.map(|d| d.id),
        lone_leader,
        target,
        work,
        reroll_hf: ty.reroll_hf,
        inspired: a.inspire > 0,
        figures,
    })
}

/// The attacking unit and its type: a unit on the board of the side to act
/// and, with `check_turn`, ordered and not yet battled unless the attack
/// is a bonus close combat (GEN-BASE).
fn attacker<'a>(
    ctx: &'a GenCtx,
    s: &'a GenState,
    a: &Attack,
    check_turn: bool,
) -> Result<(&'a GenUnit, &'a UnitType), Refusal> {
    let Some(u) = s.unit(a.unit).filter(|u| u.alive()) else {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-no-unit-on-board", id = a.unit),
        ));
    };
    if u.side != s.active {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-not-side-to-act", unit = u.name),
        ));
    }
    if check_turn && !a.bonus && (!u.ordered || u.battled) {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-not-ordered-or-battled", unit = u.name),
        ));
    }
    let Some(ty) = ctx.unit_type(&u.kind) else {
        return Err(refuse("GEN-BASE", say!("gen-refuse-unknown-unit-type")));
    };
    Ok((u, ty))
}

/// The hex attacked, with the defending unit or the leader on his own
/// there (GEN-BASE): an enemy leader alone in his hex, else a living enemy
/// unit; a fortification's hex as given.
fn target_hex<'a>(
    s: &'a GenState,
    a: &Attack,
    u: &GenUnit,
) -> Result<(Hex, Option<&'a GenUnit>, Option<u32>), Refusal> {
    match a.target {
        AttackTarget::Unit(t) => {
            if let Some(l) = s
                .leader(t)
                .filter(|l| !l.dead && l.side != u.side && s.unit_at(l.hex).is_none())
            {
                // A leader on his own may be attacked (GEN-BASE).
                Ok((l.hex, None, Some(l.id)))
            } else {
                let Some(d) = s.unit(t).filter(|d| d.alive()) else {
                    return Err(refuse("GEN-BASE", say!("gen-refuse-no-enemy-unit", id = t)));
                };
                if d.side == u.side {
                    return Err(refuse("GEN-BASE", say!("gen-refuse-attack-enemies-only")));
                }
                Ok((d.hex, Some(d), None))
            }
        }
        AttackTarget::Work(h) => Ok((h, None, None)),
    }
}

/// The kind of the attack on `to`, and the fortification it attacks with
/// the swords that destroy it: a stockade or palisade next to the unit
/// (GEN-PAL-4, GEN-STK-6, GEN-PAL-1), close combat next to the target,
/// ranged fire farther; a bonus attack is close combat only (GEN-BASE).
fn attack_kind(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    u: &GenUnit,
    to: Hex,
) -> Result<(AttackKind, Option<(Work, u32)>), Refusal> {
    let dist = u.hex.unsigned_distance_to(to);
    let mut work = None;
    let kind = match a.target {
        AttackTarget::Work(h) => {
            if dist != 1 {
                return Err(refuse("GEN-PAL-4", say!("gen-refuse-work-adjacent")));
            }
            // GEN-STK-6: "An ordered unit adjacent to a Stockade hex may
            // attempt to destroy it", whoever holds it, or nobody.
            // The swords that demolish it are terrain.ron's (GEN-STK-6,
            // GEN-PAL-4); the table check requires them of both works.
            if s.stockade(ctx, h) {
                let Some(need) = terrain_now(ctx, s, h).demolish_swords else {
                    return Err(refuse("GEN-STK-6", say!("gen-refuse-no-work-there")));
                };
                work = Some((Work::Stockade, need));
            } else if s.palisade(ctx, u.hex, h) {
                let Some(need) = ctx
                    .tables
                    .terrain
                    .hexsides
                    .first()
                    .and_then(|p| p.demolish_swords)
                else {
                    return Err(refuse("GEN-PAL-4", say!("gen-refuse-no-work-there")));
                };
                work = Some((Work::Palisade, need));
            } else {
                return Err(refuse("GEN-PAL-1", say!("gen-refuse-no-work-there")));
            }
            AttackKind::Work
        }
        AttackTarget::Unit(_) if dist == 1 => AttackKind::Close,
        AttackTarget::Unit(_) => {
            if a.bonus {
                return Err(refuse("GEN-BASE", say!("gen-refuse-bonus-close")));
            }
            AttackKind::Ranged(dist)
        }
    };
    if a.bonus && kind != AttackKind::Close {
        return Err(refuse("GEN-BASE", say!("gen-refuse-bonus-close")));
    }
    Ok((kind, work))
}

/// Ranged fire from `u` on `to`: the card in play allows it (GEN-BASE),
/// and the sight is clear: other units block it; a stockade between blocks
/// it unless one end is a stockade (GEN-STK-1).
fn ranged_allowed(
    ctx: &GenCtx,
    s: &GenState,
    card: Option<&CommandCard>,
    u: &GenUnit,
    to: Hex,
) -> Result<(), Refusal> {
    if let Some(c) = card.filter(|c| c.close_only || c.no_ranged) {
        return Err(refuse(
            "GEN-BASE",
            say!(
                "gen-refuse-card-no-ranged",
                card = c.shown_name(),
                text = c.shown_text()
            ),
        ));
    }
    let line: Vec<Hex> = u.hex.line_to(to).collect();
    // The hexes between the two ends of the line.
    let between = line
        .get(1..line.len().saturating_sub(1))
        .unwrap_or_default();
    for h in between {
        if s.occupied(*h) {
            return Err(refuse("GEN-BASE", say!("gen-refuse-sight-unit")));
        }
        let (blocked, rule) = stockade_blocks_sight(
            s.stockade(ctx, u.hex),
            s.stockade(ctx, to),
            s.stockade(ctx, *h),
        );
        if blocked {
            return Err(refuse(rule, say!("gen-refuse-sight-stockade")));
        }
    }
    Ok(())
}

/// The extra dice, each with its rule: the card's close-combat bonus
/// (GEN-CRD-3 at sea), a Dragon card's dice on the unit, the defender's
/// Dragon card, and Leader Inspiration (GEN-BASE). Close combat and an
/// attack on a palisade or stockade "may be increased by Leader
/// Inspiration and Command or Dragon Card effects" (GEN-PAL-4, GEN-STK-6).
fn dice_bonus(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    (u, ty): (&GenUnit, &UnitType),
    card: Option<&CommandCard>,
    kind: AttackKind,
) -> Result<Vec<(String, i32, String)>, Refusal> {
    let close_dice = matches!(kind, AttackKind::Close | AttackKind::Work);
    let mut bonus = Vec::new();
    if let Some(c) = card
        && c.close_bonus != 0
        && close_dice
        && card_orders_kind(c, ty.mounted, ctx.ocean(u.hex))
    {
        let rule = if ctx.ocean(u.hex) {
            "GEN-CRD-3"
        } else {
            "GEN-BASE"
        };
        bonus.push((c.name.clone(), c.close_bonus, rule.to_string()));
    }
    if u.dragon_dice != 0 && close_dice {
        bonus.push((
            say!("gen-mod-dragon-card"),
            u.dragon_dice,
            "GEN-BASE".to_string(),
        ));
    }
    if a.reaction_dice != 0 {
        bonus.push((
            say!("gen-mod-defender-dragon-card"),
            a.reaction_dice,
            "GEN-BASE".to_string(),
        ));
    }
    if a.inspire > 0 {
        inspiration_allowed(ctx, s, a, u, close_dice)?;
        bonus.push((
            say!("gen-mod-leader-inspiration"),
            a.inspire as i32,
            "GEN-BASE".to_string(),
        ));
    }
    Ok(bonus)
}

/// Leader Inspiration (GEN-BASE): close dice only, a leader to inspire,
/// and the H&F tokens to pay for at most the most dice it gives.
fn inspiration_allowed(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    u: &GenUnit,
    close_dice: bool,
) -> Result<(), Refusal> {
    let v = &ctx.tables.combat;
    if !close_dice {
        return Err(refuse(
            "GEN-BASE",
            say!("gen-refuse-inspiration-close-only"),
        ));
    }
    if !inspiring_leader(ctx, s, a.unit) {
        return Err(refuse("GEN-BASE", say!("gen-refuse-no-inspiring-leader")));
    }
    let (cost, ok) = inspiration_cost(a.inspire, s.hf[u.side as usize], v);
    if !ok || a.inspire > v.inspiration_max_dice {
        return Err(refuse(
            "GEN-BASE",
            say!(
                "gen-refuse-inspiration-cost",
                max = v.inspiration_max_dice,
                cost = cost,
                hf = s.hf[u.side as usize]
            ),
        ));
    }
    Ok(())
}

/// The hexes the unit moved, as its battle dice count them. Cards that
/// lift the move-and-battle limit (Cavalry Charge 3, Infantry Onslaught 2)
/// let the unit battle after its card move.
fn moved_for_battle(card: Option<&CommandCard>, u: &GenUnit, ty: &UnitType) -> u32 {
    match card.and_then(|c| c.land_move) {
        Some(m) if u.moved <= m && card.is_some_and(|c| card_orders_kind(c, ty.mounted, false)) => {
            u.moved.min(ty.move_and_battle)
        }
        _ => u.moved,
    }
}

/// A grapple (GEN-GRP-1) is made in close combat on a naval target from a
/// boat or the shore, or severs one: GEN-GRP-4 (L52), a unit in close
/// combat with the enemy it is grappled to may sever, from a boat at a
/// shore grappler too.
fn check_grapple(
    ctx: &GenCtx,
    s: &GenState,
    a: &Attack,
    u: &GenUnit,
    defender: Option<&GenUnit>,
    kind: AttackKind,
) -> Result<(), Refusal> {
    let at_sea = ctx.ocean(u.hex);
    let target_naval = defender.is_some_and(|d| ctx.ocean(d.hex));
    let severing = defender.is_some_and(|d| s.grappled_together(a.unit, d.id));
    if kind != AttackKind::Close || !(severing || (target_naval && (at_sea || ctx.shore(u.hex)))) {
        return Err(refuse("GEN-GRP-1", say!("gen-refuse-grapple-where")));
    }
    Ok(())
}

/// Whether a troop card names this kind of unit (at sea every naval unit,
/// GEN-CRD-2, GEN-CRD-3).
pub fn card_orders_kind(c: &super::cards::CommandCard, mounted: bool, at_sea: bool) -> bool {
    match &c.order {
        super::cards::Order::Troops { kind, .. } => {
            at_sea
                || match kind {
                    super::cards::Troop::Cavalry => mounted,
                    super::cards::Troop::Infantry => !mounted,
                }
        }
        _ => true,
    }
}

/// Whether a leader may inspire unit `id`: one attached to it, or a
/// cavalry leader next to it on land (GEN-BASE; at sea every leader is an
/// infantry leader, GEN-NLD-1).
pub fn inspiring_leader(ctx: &GenCtx, s: &GenState, id: u32) -> bool {
    let Some(u) = s.unit(id) else {
        return false;
    };
    s.leaders.iter().any(|l| {
        if l.dead || l.side != u.side {
            return false;
        }
        if l.hex == u.hex {
            return true;
        }
        let (reach, _) = inspiration_reach(l.cavalry, ctx.ocean(l.hex));
        reach == InspirationReach::AttachedOrAdjacent && l.hex.unsigned_distance_to(u.hex) == 1
    })
}

/// The d6 faces of a roll as logged (each die's first roll, then its
/// re-rolls): 1 circle … 6 H&F, from `battle_die.ron` (GEN-DICE-2).
pub(super) fn faces(ctx: &GenCtx, r: &super::battle_dice::BattleRoll) -> Vec<u32> {
    r.dice
        .iter()
        .flat_map(|d| std::iter::once(d.first).chain(d.rerolls.iter().copied()))
        .map(|f| {
            ctx.tables
                .die
                .faces
                .iter()
                .position(|x| *x == f)
                .map_or(0, |i| i as u32 + 1)
        })
        .collect()
}
