//! What a campaign may carry from one Genpei battle into the next
//! (`src/campaign.rs`): more Command cards, Dragon cards or H&F at the
//! start. The amounts and who gets them are the campaign file's (the
//! project's own rules, KAS-CAMP-*); the scenario's own bounds are checked
//! again once a boon is given.

use super::scenario::GenScenario;

/// The boon keys with what each gives.
pub fn boons() -> Vec<(&'static str, &'static str)> {
    vec![
        ("command_card", "one more Command card in hand at the start"),
        ("dragon_card", "one more Dragon card dealt at the start"),
        ("hf", "one more Honor & Fortune token at the start"),
    ]
}

/// Gives `side` boon `key`, `amount` times, in `scenario`.
///
/// # Errors
/// An unknown boon or side.
pub fn give(scenario: &mut GenScenario, side: u8, key: &str, amount: u32) -> Result<(), String> {
    let army = scenario
        .armies
        .get_mut(usize::from(side))
        .ok_or_else(|| format!("the scenario has no side {side}"))?;
    let field = match key {
        "command_card" => &mut army.command_cards,
        "dragon_card" => &mut army.dragon_cards,
        "hf" => &mut army.hf,
        other => {
            let known: Vec<&str> = boons().iter().map(|(k, _)| *k).collect();
            return Err(format!(
                "Genpei has no campaign boon \"{other}\" (it has {})",
                known.join(", ")
            ));
        }
    };
    *field = field.saturating_add(amount);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::core::Rules;

    #[test]
    fn each_boon_adds_to_its_sides_start_and_an_unknown_one_is_refused() {
        let (file, text) = crate::session::scenarios_of::<super::super::Module>()
            .into_iter()
            .next()
            .expect("a shipped Genpei scenario");
        let s = super::super::Module::parse_scenario(&file, &text).expect("it parses");
        let mut given = s.clone();
        give(&mut given, 1, "command_card", 2).expect("known");
        give(&mut given, 1, "dragon_card", 1).expect("known");
        give(&mut given, 0, "hf", 1).expect("known");
        assert_eq!(given.armies[1].command_cards, s.armies[1].command_cards + 2);
        assert_eq!(given.armies[1].dragon_cards, s.armies[1].dragon_cards + 1);
        assert_eq!(given.armies[0].hf, s.armies[0].hf + 1);
        assert_eq!(given.armies[0].command_cards, s.armies[0].command_cards);
        let e = give(&mut given, 0, "ships", 1).expect_err("unknown");
        assert!(e.contains("command_card"), "{e}");
        assert!(give(&mut given, 2, "hf", 1).is_err());
    }

    #[test]
    fn the_battle_after_a_win_carries_the_boons_to_the_right_sides() {
        let path = crate::campaign::shipped_campaigns()
            .into_iter()
            .find(|p| p.ends_with("genpei_war.ron"))
            .expect("ships");
        let spec = crate::campaign::load(&path).expect("loads");
        let dir = crate::campaign::folder_of(&path);
        type G = super::super::Module;
        let first = crate::campaign::battle::<G>(&spec, &dir, &[], 7).expect("battle 1");
        assert!(first.carried.is_empty());
        assert_eq!(first.seed, 7);
        let won = |w| crate::campaign::BattleResult {
            name: "Uji".into(),
            winner: w,
            points: [0; 2],
            text: String::new(),
            commands: 1,
        };
        let plain =
            crate::campaign::battle::<G>(&spec, &dir, &[won(None)], 7).expect("after a draw");
        assert!(plain.carried.is_empty(), "a draw carries nothing");
        assert_eq!(plain.seed, 8);
        let after = crate::campaign::battle::<G>(&spec, &dir, &[won(Some(1))], 7)
            .expect("after a Taira win");
        let (a, b) = (&plain.scenario.armies, &after.scenario.armies);
        assert_eq!(b[1].command_cards, a[1].command_cards + 1, "KAS-CAMP-2");
        assert_eq!(b[0].hf, a[0].hf + 1, "KAS-CAMP-3");
        assert_eq!(b[0].command_cards, a[0].command_cards);
        assert_eq!(b[1].hf, a[1].hf);
        assert!(
            after
                .carried
                .iter()
                .any(|c| c.starts_with("KAS-CAMP-2: Taira"))
        );
        assert!(
            after
                .carried
                .iter()
                .any(|c| c.starts_with("KAS-CAMP-3: Minamoto"))
        );
    }
}
