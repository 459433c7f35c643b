//! Scenario events (KAS-EVT-1): a battle's one-off happening, set down in
//! its scenario file, such as the fire-oxen driven into the Taira camp at
//! Kurikara or the eclipse over Mizushima. Kassen's own design, not the
//! variant's: the rules reference marks it so.
//!
//! An event fires once, at the end of one side's turn in one round, after
//! that side's end-of-turn draw. It strikes the units of a side, all of
//! them or those on the hexes it lists, in id order: each loses `hits`
//! figures, then takes `flags` flags as from the Panic Dragon card (its
//! type's ignored flags first; at sea each flag left is a hit, GEN-NCB-6;
//! ashore the unit retreats, with the H&F bill of any retreat). The
//! figures and units lost count for the other side, as in battle. Then
//! each side's H&F changes by the event's `hf` (never below 0).

use super::losses;
use super::state::{GenCtx, GenState};
use crate::engine::board::HexBoard;
use crate::engine::dice::Dice;
use crate::engine::log::LogEntry;

pub use super::scenario::{EVENT_RULE as RULE, ScenarioEvent};

/// The units `e` strikes now, in id order.
pub fn struck(ctx: &GenCtx, s: &GenState, e: &ScenarioEvent) -> Vec<u32> {
    let side = ctx.scenario.side(&e.strikes);
    s.units
        .iter()
        .filter(|u| u.alive() && u.side == side)
        .filter(|u| e.hexes.is_empty() || e.hexes.contains(&HexBoard::to_offset(u.hex)))
        .map(|u| u.id)
        .collect()
}

/// Fires the events that follow the active side's turn in this round
/// (KAS-EVT-1), in file order.
pub fn after_turn(ctx: &GenCtx, s: &mut GenState, dice: &mut Dice, out: &mut Vec<LogEntry>) {
    let due: Vec<&ScenarioEvent> = ctx
        .scenario
        .events
        .iter()
        .filter(|e| e.round == s.turn && ctx.scenario.side(&e.after) == s.active)
        .collect();
    for e in due {
        fire(ctx, s, e, dice, out);
    }
}

/// Fires one event (KAS-EVT-1).
pub fn fire(
    ctx: &GenCtx,
    s: &mut GenState,
    e: &ScenarioEvent,
    dice: &mut Dice,
    out: &mut Vec<LogEntry>,
) {
    let ids = struck(ctx, s, e);
    let by = 1 - ctx.scenario.side(&e.strikes);
    out.push(LogEntry::event(
        RULE,
        ids.clone(),
        say!(
            "gen-log-scenario-event",
            name = e.name.in_lang(crate::i18n::lang()),
            side = e.strikes.as_str(),
            n = ids.len()
        ),
    ));
    for id in ids {
        if e.hits > 0 && s.unit(id).is_some_and(|u| u.alive()) {
            losses::lose(ctx, s, id, e.hits, by, RULE, dice, out);
        }
        if e.flags > 0 {
            losses::take_flags(ctx, s, id, e.flags, by, dice, out);
        }
    }
    for side in 0..2 {
        let d = e.hf[side];
        if d == 0 {
            continue;
        }
        let before = s.hf[side];
        s.hf[side] = before.saturating_add_signed(d);
        out.push(LogEntry::event(
            RULE,
            vec![],
            say!(
                "gen-log-scenario-event-hf",
                side = losses::side_name(ctx, side as u8),
                before = before,
                after = s.hf[side]
            ),
        ));
    }
    losses::check_end(ctx, s, out);
}

#[cfg(test)]
mod tests {
    use super::super::game::Genpei;
    use super::super::game_tests::{apply, game, hex, scenario};
    use super::super::state::Phase;
    use super::super::turn::GenCommand;
    use crate::engine::core::Rules;

    /// Taira: spearmen afloat at (2, 0), spearmen ashore at (4, 5),
    /// samurai (who ignore a flag) at (6, 5), spearmen at (8, 5) off the
    /// event's hexes; a Minamoto unit at (1, 6).
    const UNITS: &str = r#"(id: 1, side: "Taira", unit_type: "ashigaru_yari", name: "Boat", at: (2, 0)),
        (id: 2, side: "Taira", unit_type: "ashigaru_yari", name: "Shore", at: (4, 5)),
        (id: 3, side: "Taira", unit_type: "samurai_infantry", name: "Red", at: (6, 5)),
        (id: 4, side: "Taira", unit_type: "ashigaru_yari", name: "Away", at: (8, 5)),
        (id: 5, side: "Minamoto", unit_type: "ashigaru_yari", name: "Herd", at: (1, 6))"#;

    fn with_event(event: &str) -> String {
        scenario(UNITS, "").replace(
            "    wind: [0],",
            &format!("    wind: [0],\n    events: [{event}],"),
        )
    }

    const OXEN: &str = r#"(round: 1, after: "Minamoto", name: (en: "Oxen", es: "Bueyes"),
        strikes: "Taira", hexes: [(2, 0), (4, 5), (6, 5)], flags: 1, hf: (-9, 2))"#;

    #[test]
    fn kas_evt_1_fires_once_after_the_named_sides_turn_and_strikes_the_named_hexes() {
        let (ctx, mut s) = game(&with_event(OXEN));
        let figures = |s: &super::GenState, id| s.unit(id).map_or(0, |u| u.figures);
        let before: Vec<u32> = (1..=5).map(|id| figures(&s, id)).collect();
        let taira_hf = s.hf[1];
        // The Minamoto (first) end round 1: the event fires.
        s.phase = Phase::EndTurn;
        let log = apply(&ctx, &mut s, &GenCommand::EndTurn { dragon: false }, &[]);
        let fired: Vec<_> = log.iter().filter(|e| e.rule == super::RULE).collect();
        assert!(!fired.is_empty(), "{log:#?}");
        assert_eq!(
            fired[0].units,
            vec![1, 2, 3],
            "struck in id order, on its hexes only"
        );
        // Afloat, the flag is a hit (GEN-NCB-6).
        assert_eq!(figures(&s, 1), before[0] - 1);
        assert!(log.iter().any(|e| e.rule == "GEN-NCB-6"), "{log:#?}");
        // Ashore, the flag drives the unit back toward its own edge.
        assert_ne!(s.unit(2).map(|u| u.hex), Some(hex(4, 5)));
        // The samurai ignore one flag; the others are untouched.
        assert_eq!(
            s.unit(3).map(|u| (u.hex, u.figures)),
            Some((hex(6, 5), before[2]))
        );
        assert_eq!(
            s.unit(4).map(|u| (u.hex, u.figures)),
            Some((hex(8, 5), before[3]))
        );
        assert_eq!(figures(&s, 5), before[4]);
        // H&F never below 0; the other side gains its 2.
        assert_eq!(s.hf[0], 0);
        let change = |side: &str| {
            fired
                .iter()
                .find(|e| e.units.is_empty() && e.what.starts_with(side))
                .and_then(|e| e.what.rsplit_once(": "))
                .and_then(|(_, x)| x.split_once(" → "))
                .and_then(|(a, b)| Some(b.parse::<i64>().ok()? - a.parse::<i64>().ok()?))
        };
        assert_eq!(change("Taira"), Some(2), "{fired:#?}");
        assert!(change("Minamoto").is_some_and(|d| d < 0), "{fired:#?}");
        assert!(s.hf[1] <= taira_hf + 2);
        // Round 1's Taira turn and round 2's: nothing more.
        for _ in 0..2 {
            s.phase = Phase::EndTurn;
            let log = apply(&ctx, &mut s, &GenCommand::EndTurn { dragon: false }, &[]);
            assert!(log.iter().all(|e| e.rule != super::RULE), "{log:#?}");
        }
        assert_eq!(s.turn, 2);
    }

    #[test]
    fn kas_evt_1_a_broken_event_is_refused_with_its_place() {
        for (bad, says) in [
            (OXEN.replace("round: 1", "round: 0"), "round"),
            (OXEN.replace("round: 1", "round: 4"), "round"),
            (
                OXEN.replace(r#"strikes: "Taira""#, r#"strikes: "Heike""#),
                "Heike",
            ),
            (
                OXEN.replace("(4, 5), (6, 5)", "(4, 5), (9, 5)"),
                "off the board",
            ),
            (OXEN.replace("flags: 1, hf: (-9, 2)", ""), "must strike"),
        ] {
            let e = Genpei::parse_scenario("events.ron", &with_event(&bad))
                .expect_err("a broken event");
            let text = e.to_string();
            assert!(text.contains("KAS-EVT-1") && text.contains(says), "{text}");
            assert!(
                text.contains("events.ron:"),
                "names the file and line: {text}"
            );
        }
    }
}
