//! The log reads as the game's words, in both languages: no Rust enum or
//! struct form (`Losses(25)`, `PhaseLosses`, `Some(…)`), no "hex(es)"
//! plural fudge nor "1 models", in any log line of random games of every shipped scenario.
//! A name the scenario itself writes (a unit called "LaansGuard First
//! Squad") is the author's, not code, and passes.

use crate::engine::core::{Module, ToAct};
use crate::i18n::{Lang, with_lang};
use crate::rules::{ModuleVisitor, visit_all};
use crate::session;

/// The plural nouns the logs count with, in both languages: "1 models"
/// is a wrong plural.
const PLURALS: [&str; 22] = [
    "models",
    "dice",
    "hits",
    "wounds",
    "Wounds",
    "hexes",
    "turns",
    "units",
    "figures",
    "casualties",
    "markers",
    "modelos",
    "dados",
    "impactos",
    "heridas",
    "Heridas",
    "hexágonos",
    "turnos",
    "unidades",
    "figuras",
    "bajas",
    "miniaturas",
];

/// What makes `line` read as code rather than words, if anything: a
/// plural written "(es)" or "(s)" or one thing in the plural ("1
/// models"), a CamelCase identifier, a variant with
/// its fields (`Losses(25)`), or an `Option`'s form.
fn debug_form(line: &str) -> Option<String> {
    for fudge in ["(es)", "(s)"] {
        if line.contains(fudge) {
            return Some(fudge.to_string());
        }
    }
    // One of a thing in its plural: "loses 1 models", "1 dados".
    let words: Vec<&str> = line.split_whitespace().collect();
    for w in words.windows(2) {
        let noun = w[1].trim_end_matches([',', '.', ';', ':', ')']);
        if w[0] == "1" && PLURALS.contains(&noun) {
            return Some(format!("1 {noun}"));
        }
    }
    for word in line.split(|c: char| !c.is_alphanumeric() && c != '(' && c != '_') {
        let core = word.trim_start_matches('(');
        if core.starts_with("Some(") || core == "None" {
            return Some(core.to_string());
        }
        let letters: Vec<char> = core.chars().take_while(|c| *c != '(').collect();
        let name: String = letters.iter().collect();
        // A lower-case letter followed by a capital: `PhaseLosses`, not
        // `ZOCs` or `H&F`.
        let camel = letters.first().is_some_and(|c| c.is_uppercase())
            && letters
                .windows(2)
                .any(|w| w[0].is_lowercase() && w[1].is_uppercase());
        let variant = letters.first().is_some_and(|c| c.is_uppercase())
            && core.len() > name.len()
            && core[name.len() + 1..].starts_with(|c: char| c.is_ascii_digit() || c.is_uppercase());
        if camel || variant || name.contains('_') && name.chars().any(|c| c.is_lowercase()) {
            return Some(core.to_string());
        }
    }
    None
}

#[test]
fn debug_forms_are_found_and_words_pass() {
    for bad in [
        "Morale test (Losses(25))",
        "(PhaseLosses)",
        "moves 1 hex(es)",
        "takes 2 hit(s)",
        "Takeda Yumi loses 1 models (3 left)",
        "pierde 1 modelos",
        "order Some(March)",
        "phase_losses",
    ] {
        assert!(debug_form(bad).is_some(), "{bad}");
    }
    for good in [
        "Morale test (losses of 25%)",
        "Ashigaru Spears moves 1 hex to (3, 4)",
        "SBA-MOR-2: pass (12 vs 14)",
        "Oda Nobunaga (Busho) rallies",
        "units out of enemy ZOCs remove 1 hit",
        "Takeda Yumi loses 1 model (3 left) and 2 models later",
        "H&F 3",
        "d20",
    ] {
        assert_eq!(debug_form(good), None, "{good}");
    }
}

#[test]
fn no_log_line_of_random_games_reads_as_code_in_either_language() {
    struct W(Vec<String>, usize);
    impl ModuleVisitor for W {
        fn visit<R: Module>(&mut self) {
            for (file, text) in session::scenarios_of::<R>() {
                for lang in [Lang::English, Lang::Spanish] {
                    for seed in [3u64, 11] {
                        let lines = with_lang(lang, || random_game::<R>(&file, &text, seed));
                        self.1 += lines.len();
                        for line in lines {
                            if let Some(form) = debug_form(&line).filter(|f| !text.contains(f)) {
                                let found = format!("{file} ({lang:?}): «{form}» in «{line}»");
                                if !self.0.contains(&found) {
                                    self.0.push(found);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    let mut w = W(Vec::new(), 0);
    visit_all(&mut w);
    assert!(w.1 > 1000, "only {} log lines were read", w.1);
    assert!(
        w.0.is_empty(),
        "{} lines read as code:\n{}",
        w.0.len(),
        w.0.join("\n")
    );
}

/// The log lines (what, outcome, phase) of a game of varied legal
/// commands of `file`, opened with `seed`.
fn random_game<R: Module>(file: &str, text: &str, seed: u64) -> Vec<String> {
    let Ok(mut g) = session::open_text::<R>(file, text, false, Some(seed), &[]) else {
        return Vec::new();
    };
    for i in 0..400usize {
        g.advance();
        let ToAct::Side(side) = g.to_act() else {
            break;
        };
        let legal = R::legal_commands(&g.ctx, &g.state, side);
        let pass = R::pass_command(&g.ctx, &g.state, side);
        let n = legal.len().max(1);
        let cmd = if i % 3 == 0 {
            pass.clone()
        } else {
            legal.get((i * 7919 + seed as usize) % n).cloned()
        };
        let Some(cmd) = cmd.or(pass) else { break };
        if g.apply(&cmd).is_err() {
            break;
        }
    }
    g.log
        .entries
        .iter()
        .flat_map(|e| [e.what.clone(), e.outcome.clone(), e.phase.clone()])
        .filter(|s| !s.is_empty())
        .collect()
}
