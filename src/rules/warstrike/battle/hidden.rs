//! Kassen's hidden deployment on WarStrike's table (WS-HID-1): a scenario
//! rule of Kassen's, not of the seed or the core rules it assumes. A unit
//! the scenario deploys `hidden` is left out of the other side's view
//! ([`WsBattle::observed_by`]), cannot be shot at or charged, is not
//! offered as a heading, neither captures nor contests an objective, and
//! is revealed for good when it acts or when a living enemy unit comes
//! within the scenario's `reveal_within` inches of it, base to base.

use crate::engine::command::Refusal;
use crate::engine::log::{LogEntry, LogSink};
use crate::engine::table::Table;
use crate::engine::table_kit::{self, Reveal};

use super::state::{WsBattle, WsCommand, WsPhase, write_log};

/// The rule ID of Kassen's hidden deployment in WarStrike.
pub const HIDDEN_RULE: &str = "WS-HID-1";

impl WsBattle {
    /// Refuses an action aimed at an enemy unit that is still hidden from
    /// the acting unit's side (WS-HID-1). Changes nothing.
    ///
    /// # Errors
    /// The refusal, citing WS-HID-1; it names no hidden unit.
    pub(super) fn refuse_unseen(&self, cmd: &WsCommand) -> Result<(), Refusal> {
        let WsCommand::Act { unit, action } = cmd else {
            return Ok(());
        };
        let Some(actor) = self.units.iter().find(|u| u.id == *unit) else {
            return Ok(());
        };
        let unseen = [action.fire_target(), action.charge()]
            .into_iter()
            .flatten()
            .any(|t| {
                self.units
                    .iter()
                    .any(|u| u.id == t && u.hidden && u.side != actor.side)
            });
        if unseen {
            return Err(Refusal::new(
                HIDDEN_RULE,
                say!("ws-refuse-unseen-target", rule = HIDDEN_RULE),
            ));
        }
        Ok(())
    }

    /// Reveals `unit` if it is hidden, as it acts (WS-HID-1).
    pub(super) fn reveal_actor(&mut self, unit: u32, log: &mut dyn LogSink) {
        let Some(u) = self.units.iter_mut().find(|u| u.id == unit && u.hidden) else {
            return;
        };
        u.hidden = false;
        let entry = LogEntry::event(
            HIDDEN_RULE,
            vec![unit],
            say!("ws-log-revealed-acted", unit = u.name, rule = HIDDEN_RULE),
        );
        write_log(log, self.turn, WsPhase::Action, vec![entry]);
    }

    /// Reveals every hidden unit that a living enemy unit has come within
    /// the scenario's `reveal_within` inches of (WS-HID-1); nothing when the
    /// scenario deploys no unit hidden.
    pub(super) fn reveal_spotted(&mut self, log: &mut dyn LogSink) {
        let Some(within) = self.reveal_within else {
            return;
        };
        let pieces: Vec<_> = self.units.iter().map(super::state::WsUnit::piece).collect();
        let mut out = Vec::new();
        for (id, why) in table_kit::to_reveal(&pieces, within, None) {
            let Reveal::Spotted(by) = why else {
                continue;
            };
            let enemy = self
                .units
                .iter()
                .find(|u| u.id == by)
                .map_or_else(String::new, |u| u.name.clone());
            if let Some(u) = self.units.iter_mut().find(|u| u.id == id) {
                u.hidden = false;
                out.push(LogEntry::event(
                    HIDDEN_RULE,
                    vec![id, by],
                    say!(
                        "ws-log-revealed-spotted",
                        unit = u.name,
                        enemy = enemy,
                        inches = within,
                        rule = HIDDEN_RULE
                    ),
                ));
            }
        }
        write_log(log, self.turn, self.phase, out);
    }

    /// The battle as `side` sees it: the other side's hidden units left
    /// out (WS-HID-1). The whole battle when nothing is hidden.
    pub fn observed_by(&self, side: u8) -> WsBattle {
        let mut o = self.clone();
        o.units.retain(|u| u.side == side || !u.hidden);
        o
    }

    /// The battle with one of `side`'s hidden units standing elsewhere
    /// (mirrored across the table's centre, or turned about when it stands
    /// on the centre), for the conformance suite; `None` when `side` hides
    /// nothing.
    pub fn hidden_variant(&self, side: u8, table: &Table) -> Option<WsBattle> {
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
    use crate::engine::dice::Dice;
    use crate::engine::log::GameLog;
    use crate::rules::warstrike::game::WarStrike;

    use super::super::state::{WsCtx, WsOrder};

    const SCENARIO: &str = include_str!("../../../../scenarios/greywood_ambush.ron");

    fn setup() -> (WsCtx, WsBattle) {
        let s = WarStrike::parse_scenario("greywood_ambush.ron", SCENARIO).expect("scenario");
        let ctx = WarStrike::context(&s).expect("context");
        let b = WarStrike::new_state(&ctx, &Dice::new(1), &mut GameLog::default());
        (ctx, b)
    }

    fn hidden(b: &WsBattle, id: u32) -> bool {
        b.units.iter().any(|u| u.id == id && u.hidden)
    }

    #[test]
    fn ws_hid_1_the_enemy_sees_no_hidden_unit_and_cannot_aim_at_it() {
        let (ctx, b) = setup();
        let ids = |o: &WsBattle| o.units.iter().map(|u| u.id).collect::<Vec<_>>();
        assert_eq!(ids(&WarStrike::observation(&ctx, &b, 0)), [1, 2, 3, 13]);
        assert_eq!(ids(&WarStrike::observation(&ctx, &b, 1)).len(), 7);
        // No Laans command aims at a hidden Reaver or heads for it.
        for cmd in WarStrike::legal_commands(&ctx, &b, 0) {
            if let WsCommand::Act { action, .. } = &cmd {
                let aims = [action.fire_target(), action.charge()];
                assert!(
                    [11, 12, 14].iter().all(|h| !aims.contains(&Some(*h))),
                    "{cmd:?}"
                );
            }
        }
        // Shooting at one is refused under WS-HID-1 and changes nothing.
        let before = b.clone();
        let mut after = b.clone();
        let shot = WsCommand::Act {
            unit: 1,
            action: WsOrder::OpenFire { target: 11 },
        };
        let mut log = GameLog::default();
        let r = WarStrike::apply(&ctx, &mut after, &shot, &mut Dice::new(1), &mut log)
            .expect_err("an unseen target");
        assert_eq!(r.rule, HIDDEN_RULE);
        assert!(!r.reason.contains("Rust Gunners"), "{}", r.reason);
        assert_eq!(after, before);
        assert!(log.entries.is_empty());
        // The variant moves a hidden unit; the Laans see the same.
        let v = WarStrike::hidden_variant(&ctx, &b, 1).expect("a hidden Reaver");
        assert_ne!(v, b);
        assert_eq!(
            WarStrike::observation(&ctx, &v, 0),
            WarStrike::observation(&ctx, &b, 0)
        );
        assert!(WarStrike::hidden_variant(&ctx, &b, 0).is_none());
        // Its own side's card says it is hidden, and why it would be seen.
        let card = WarStrike::unit_card(&ctx, &b, 11, Some(1));
        let line = card
            .iter()
            .find(|l| l.rule.as_deref() == Some(HIDDEN_RULE))
            .expect("a hidden line");
        assert!(line.text.contains("within 8"), "{}", line.text);
    }

    #[test]
    fn ws_hid_1_an_enemy_close_by_or_its_own_action_reveals_a_hidden_unit() {
        let (ctx, mut b) = setup();
        let mut dice = Dice::new(3);
        let mut log = GameLog::default();
        // A Laans squad stands 5" south of the Rust Gunners' base.
        if let Some(u) = b.units.iter_mut().find(|u| u.id == 1) {
            u.pos.y = 13.0;
        }
        let rest = WsCommand::Act {
            unit: 2,
            action: WsOrder::GetDown,
        };
        WarStrike::apply(&ctx, &mut b, &rest, &mut dice, &mut log).expect("Get Down!");
        assert!(!hidden(&b, 11) && hidden(&b, 12));
        let spotted = log.entries.last().expect("an entry");
        assert_eq!(
            (spotted.rule.as_str(), spotted.units.clone()),
            (HIDDEN_RULE, vec![11, 1])
        );
        assert!(spotted.what.contains("came within 8"), "{}", spotted.what);
        assert!(
            WarStrike::observation(&ctx, &b, 0)
                .units
                .iter()
                .any(|u| u.id == 11)
        );
        // The Reavers' turn: the hidden warband acts and is revealed first.
        let end = WsCommand::EndPhase { side: 0 };
        WarStrike::apply(&ctx, &mut b, &end, &mut dice, &mut log).expect("end of phase");
        assert_eq!(b.awaiting(), Some(1));
        let from = log.entries.len();
        let act = WsCommand::Act {
            unit: 12,
            action: WsOrder::GetDown,
        };
        WarStrike::apply(&ctx, &mut b, &act, &mut dice, &mut log).expect("Get Down!");
        assert!(!hidden(&b, 12));
        let first = &log.entries[from];
        assert_eq!(
            (first.rule.as_str(), first.units.clone()),
            (HIDDEN_RULE, vec![12])
        );
        assert!(first.what.contains("it acts"), "{}", first.what);
        assert!(
            log.entries.len() > from + 1,
            "the action is logged after the reveal"
        );
    }

    #[test]
    fn ws_hid_1_a_hidden_unit_neither_captures_nor_contests_an_objective() {
        // The hidden warband stands on the Chapel Ruins objective at the
        // Reavers' starting phase: hidden, it does not take it; seen, it
        // does.
        let (ctx, mut b) = setup();
        // The scenario gives the objective to the Reavers from the start;
        // here nobody holds it yet.
        b.objectives[1].held_by = None;
        let at = b.objectives[1].at;
        if let Some(u) = b.units.iter_mut().find(|u| u.id == 12) {
            (u.pos.x, u.pos.y) = at;
        }
        let mut seen = b.clone();
        if let Some(u) = seen.units.iter_mut().find(|u| u.id == 12) {
            u.hidden = false;
        }
        let end = WsCommand::EndPhase { side: 0 };
        for (battle, held) in [(&mut b, None), (&mut seen, Some(1))] {
            let mut log = GameLog::default();
            WarStrike::apply(&ctx, battle, &end, &mut Dice::new(5), &mut log)
                .expect("end of phase");
            assert_eq!(
                battle.objectives[1].held_by, held,
                "{:?}",
                battle.objectives
            );
        }
        assert!(hidden(&b, 12));
    }
}
