//! Kassen's hidden deployment on Clan War's table (CW-HID-1): a scenario
//! rule of Kassen's, not of the seed. A unit the scenario deploys `hidden`
//! is left out of the other side's view ([`CwBattle::observed_by`]),
//! cannot be shot at or engaged, is not offered as a heading, and is
//! revealed for good when it acts (moves, shoots, takes a stance, flies by,
//! sacrifices or executes) or when a living enemy unit comes within the
//! scenario's `reveal_within` inches of it, base to base.

use crate::engine::command::Refusal;
use crate::engine::dice::Dice;
use crate::engine::log::{LogEntry, LogSink, NoLog};
use crate::engine::table::Table;
use crate::engine::table_kit::{self, Reveal};

use crate::rules::clan_war::data::CwTables;

use super::state::{CwBattle, CwCommand, MoveMode};

/// The rule ID of Kassen's hidden deployment in Clan War.
pub const HIDDEN_RULE: &str = "CW-HID-1";

/// The unit that acts in `cmd`, if any.
pub fn actor(cmd: &CwCommand) -> Option<u32> {
    match cmd {
        CwCommand::Move { unit, .. }
        | CwCommand::Shoot { unit, .. }
        | CwCommand::Stance { unit, .. }
        | CwCommand::Sacrifice { unit }
        | CwCommand::ExecuteHostage { unit }
        | CwCommand::FlyBy { unit, .. } => Some(*unit),
        CwCommand::EndPhase { .. } => None,
    }
}

/// The enemy unit `cmd` aims at, if any.
fn target(cmd: &CwCommand) -> Option<u32> {
    match cmd {
        CwCommand::Shoot { target, .. }
        | CwCommand::Move {
            mode: MoveMode::Engage { target } | MoveMode::DiveEngage { target },
            ..
        } => Some(*target),
        _ => None,
    }
}

impl CwBattle {
    /// Applies `cmd` with Kassen's hidden deployment around it (CW-HID-1):
    /// a command aimed at an unseen enemy is refused; a hidden unit that
    /// acts is revealed first (its reveal is logged before what it does);
    /// then every hidden unit an enemy has come near is revealed.
    ///
    /// # Errors
    /// The refusal of CW-HID-1 or of the command itself; nothing changes.
    pub fn apply(
        &mut self,
        cmd: &CwCommand,
        tables: &CwTables,
        table: &Table,
        dice: &mut Dice,
        log: &mut dyn LogSink,
    ) -> Result<(), Refusal> {
        if self.reveal_within.is_none() {
            return self.apply_command(cmd, tables, table, dice, log);
        }
        self.refuse_unseen(cmd)?;
        if let Some(a) = actor(cmd).filter(|a| self.unit(*a).is_some_and(|u| u.hidden)) {
            // Accepted on a copy first, so that a refusal changes nothing.
            self.clone()
                .apply_command(cmd, tables, table, &mut dice.clone(), &mut NoLog)?;
            self.reveal_actor(a, log);
        }
        self.apply_command(cmd, tables, table, dice, log)?;
        self.reveal_spotted(log);
        Ok(())
    }

    /// Refuses a command aimed at an enemy unit still hidden from the
    /// acting unit's side (CW-HID-1). Changes nothing.
    fn refuse_unseen(&self, cmd: &CwCommand) -> Result<(), Refusal> {
        let (Some(a), Some(t)) = (actor(cmd), target(cmd)) else {
            return Ok(());
        };
        let side = self.unit(a).map(|u| u.side);
        if self
            .unit(t)
            .is_some_and(|u| u.hidden && Some(u.side) != side)
        {
            return Err(Refusal::new(
                HIDDEN_RULE,
                say!("cw-refuse-unseen-target", rule = HIDDEN_RULE),
            ));
        }
        Ok(())
    }

    /// Reveals `unit`, which acts (CW-HID-1).
    fn reveal_actor(&mut self, unit: u32, log: &mut dyn LogSink) {
        let Some(u) = self.units.iter_mut().find(|u| u.id == unit) else {
            return;
        };
        u.hidden = false;
        let entry = LogEntry::event(
            HIDDEN_RULE,
            vec![unit],
            say!("cw-log-revealed-acted", unit = u.name, rule = HIDDEN_RULE),
        );
        self.push(log, [entry]);
    }

    /// Reveals every hidden unit that a living enemy unit has come within
    /// the scenario's `reveal_within` inches of (CW-HID-1).
    fn reveal_spotted(&mut self, log: &mut dyn LogSink) {
        let Some(within) = self.reveal_within else {
            return;
        };
        let pieces: Vec<_> = self
            .units
            .iter()
            .filter(|u| u.alive())
            .map(super::state::CwUnit::piece)
            .collect();
        let mut out = Vec::new();
        for (id, why) in table_kit::to_reveal(&pieces, within, None) {
            let Reveal::Spotted(by) = why else {
                continue;
            };
            let enemy = self.unit(by).map_or_else(String::new, |u| u.name.clone());
            if let Some(u) = self.units.iter_mut().find(|u| u.id == id) {
                u.hidden = false;
                out.push(LogEntry::event(
                    HIDDEN_RULE,
                    vec![id, by],
                    say!(
                        "cw-log-revealed-spotted",
                        unit = u.name,
                        enemy = enemy,
                        inches = within,
                        rule = HIDDEN_RULE
                    ),
                ));
            }
        }
        self.push(log, out);
    }

    /// The battle as `side` sees it: the other side's hidden units left
    /// out (CW-HID-1). The whole battle when nothing is hidden.
    pub fn observed_by(&self, side: u8) -> CwBattle {
        let mut o = self.clone();
        o.units.retain(|u| u.side == side || !u.hidden);
        o
    }

    /// The battle with one of `side`'s hidden units standing elsewhere
    /// (mirrored across the table's centre, or turned about when it stands
    /// on the centre), for the conformance suite; `None` when `side` hides
    /// nothing.
    pub fn hidden_variant(&self, side: u8, table: &Table) -> Option<CwBattle> {
        let mut v = self.clone();
        let u = v
            .units
            .iter_mut()
            .find(|u| u.side == side && u.hidden && u.alive())?;
        (u.pos.x, u.pos.y, u.pos.facing) = table_kit::elsewhere(&u.base(), table);
        Some(v)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Rules;
    use crate::engine::core::RulesView;
    use crate::engine::log::GameLog;
    use crate::rules::clan_war::game::ClanWar;

    use super::super::setup::CwCtx;

    const SCENARIO: &str = include_str!("../../../../scenarios/bamboo_ambush.ron");

    fn setup() -> (CwCtx, CwBattle) {
        let s = ClanWar::parse_scenario("bamboo_ambush.ron", SCENARIO).expect("scenario");
        let ctx = ClanWar::context(&s).expect("context");
        let b = ClanWar::new_state(&ctx, &Dice::new(1), &mut GameLog::default());
        (ctx, b)
    }

    fn hidden(b: &CwBattle, id: u32) -> bool {
        b.units.iter().any(|u| u.id == id && u.hidden)
    }

    #[test]
    fn cw_hid_1_the_enemy_sees_no_hidden_unit_and_cannot_aim_at_it() {
        let (ctx, b) = setup();
        let ids = |o: &CwBattle| o.units.iter().map(|u| u.id).collect::<Vec<_>>();
        assert_eq!(ids(&ClanWar::observation(&ctx, &b, 0)), [1, 3, 4, 11, 14]);
        assert_eq!(ids(&ClanWar::observation(&ctx, &b, 1)).len(), 7);
        for cmd in ClanWar::legal_commands(&ctx, &b, 0) {
            assert!(!matches!(target(&cmd), Some(12 | 13)), "{cmd:?}");
        }
        let before = b.clone();
        let mut after = b.clone();
        let mut log = GameLog::default();
        for cmd in [
            CwCommand::Shoot {
                unit: 3,
                target: 12,
            },
            CwCommand::Move {
                unit: 4,
                path: vec![(34.0, 12.0)],
                facing: 0.0,
                mode: MoveMode::Engage { target: 12 },
            },
        ] {
            let r = ClanWar::apply(&ctx, &mut after, &cmd, &mut Dice::new(1), &mut log)
                .expect_err("an unseen target");
            assert_eq!(r.rule, HIDDEN_RULE);
            assert!(!r.reason.contains("Archers"), "{}", r.reason);
        }
        assert_eq!(after, before);
        assert!(log.entries.is_empty());
        let v = ClanWar::hidden_variant(&ctx, &b, 1).expect("a hidden Crane unit");
        assert_ne!(v, b);
        assert_eq!(
            ClanWar::observation(&ctx, &v, 0),
            ClanWar::observation(&ctx, &b, 0)
        );
        assert!(ClanWar::hidden_variant(&ctx, &b, 0).is_none());
        let card = ClanWar::unit_card(&ctx, &b, 12, Some(1));
        let line = card
            .iter()
            .find(|l| l.rule.as_deref() == Some(HIDDEN_RULE))
            .expect("a hidden line");
        assert!(line.text.contains("within 6"), "{}", line.text);
    }

    #[test]
    fn cw_hid_1_an_enemy_close_by_or_its_own_action_reveals_a_hidden_unit() {
        let (ctx, mut b) = setup();
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        // The Matsu Bushi stand 3" south of the grove's hidden archers.
        if let Some(u) = b.units.iter_mut().find(|u| u.id == 4) {
            u.pos.y = 12.0;
        }
        let side = b.awaiting().expect("a side acts");
        ClanWar::apply(
            &ctx,
            &mut b,
            &CwCommand::EndPhase { side },
            &mut dice,
            &mut log,
        )
        .expect("end of phase");
        assert!(!hidden(&b, 12) && hidden(&b, 13));
        let spotted = log
            .entries
            .iter()
            .find(|e| e.rule == HIDDEN_RULE)
            .expect("a reveal");
        assert_eq!(spotted.units, [12, 4]);
        // The Crane play on until the hidden bushi may act: its first
        // accepted command reveals it, logged before what it does.
        for _ in 0..20 {
            let Some(side) = b.awaiting() else { break };
            let mine = ClanWar::legal_commands(&ctx, &b, side)
                .into_iter()
                .find(|c| actor(c) == Some(13));
            if let Some(cmd) = mine {
                let from = log.entries.len();
                ClanWar::apply(&ctx, &mut b, &cmd, &mut dice, &mut log).expect("legal");
                assert!(!hidden(&b, 13));
                let first = &log.entries[from];
                assert_eq!(
                    (first.rule.as_str(), first.units.clone()),
                    (HIDDEN_RULE, vec![13])
                );
                assert!(first.what.contains("it acts"), "{}", first.what);
                return;
            }
            ClanWar::apply(
                &ctx,
                &mut b,
                &CwCommand::EndPhase { side },
                &mut dice,
                &mut log,
            )
            .expect("end of phase");
        }
        panic!("the hidden bushi were never offered a command");
    }
}
