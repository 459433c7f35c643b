//! A scenario's briefing in the app's two languages: the history in a few
//! lines, the public accounts it comes from, how the battle is won and the
//! values the accounts do not give (the stand-ins). Every module's scenario
//! file may carry one as `briefing: (...)`; a scenario without one keeps its
//! English `description`.

use serde::{Deserialize, Serialize};

use crate::i18n::{Lang, lang, tr_in};

/// Words in English and Spanish. An empty `es` falls back to `en`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bilingual {
    /// English.
    pub en: String,
    /// Spanish; empty when not written.
    #[serde(default)]
    pub es: String,
}

impl Bilingual {
    /// English words only.
    pub fn english(en: &str) -> Self {
        Self {
            en: en.to_string(),
            es: String::new(),
        }
    }

    /// The words in `lang` (English when that language has none).
    pub fn in_lang(&self, lang: Lang) -> &str {
        if lang == Lang::Spanish && !self.es.trim().is_empty() {
            &self.es
        } else {
            &self.en
        }
    }
}

/// A scenario's briefing (shown on the title screen and before the first
/// turn).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Briefing {
    /// The history in a few lines, and what each side must do.
    pub history: Bilingual,
    /// The public accounts the scenario is drawn from, one per entry (title,
    /// publisher, address).
    #[serde(default)]
    pub sources: Vec<String>,
    /// How the battle is won.
    #[serde(default)]
    pub victory: Bilingual,
    /// Every value the accounts do not give, one per entry; the app marks
    /// each as a stand-in.
    #[serde(default)]
    pub stand_ins: Vec<Bilingual>,
}

impl Briefing {
    /// The briefing of a scenario that has only English `description` and
    /// victory texts (either may be empty).
    pub fn english(description: &str, victory: &str) -> Self {
        Self {
            history: Bilingual::english(description),
            victory: Bilingual::english(victory),
            ..Self::default()
        }
    }

    /// The scenario's own briefing, else one from its English texts.
    pub fn or_english(own: Option<&Briefing>, description: &str, victory: &str) -> Self {
        own.cloned()
            .unwrap_or_else(|| Self::english(description, victory))
    }

    /// The briefing as the app shows it, in the app's current language.
    pub fn text(&self) -> String {
        self.text_in(lang())
    }

    /// The briefing in `lang`: the history, then how the battle is won, the
    /// sources and the stand-ins (each marked as one), each part only when
    /// the scenario gives it.
    pub fn text_in(&self, lang: Lang) -> String {
        let mut parts = vec![self.history.in_lang(lang).trim().to_string()];
        let victory = self.victory.in_lang(lang).trim();
        if !victory.is_empty() {
            parts.push(format!("{}\n{victory}", tr_in(lang, "briefing-victory")));
        }
        if !self.sources.is_empty() {
            let list: Vec<String> = self.sources.iter().map(|s| format!("• {s}")).collect();
            parts.push(format!(
                "{}\n{}",
                tr_in(lang, "briefing-sources"),
                list.join("\n")
            ));
        }
        if !self.stand_ins.is_empty() {
            let mark = tr_in(lang, "briefing-stand-in-mark");
            let list: Vec<String> = self
                .stand_ins
                .iter()
                .map(|s| format!("• {} {mark}", s.in_lang(lang).trim()))
                .collect();
            parts.push(format!(
                "{}\n{}",
                tr_in(lang, "briefing-stand-ins"),
                list.join("\n")
            ));
        }
        parts.retain(|p| !p.is_empty());
        parts.join("\n\n")
    }

    /// What is missing for a shipped scenario's briefing: the history, the
    /// victory and, in both, the Spanish; at least one source. Empty when
    /// complete.
    pub fn gaps(&self) -> Vec<&'static str> {
        let mut gaps = Vec::new();
        let both = |b: &Bilingual| !b.en.trim().is_empty() && !b.es.trim().is_empty();
        if !both(&self.history) {
            gaps.push("history in English and Spanish");
        }
        if !both(&self.victory) {
            gaps.push("victory in English and Spanish");
        }
        if self.sources.iter().all(|s| s.trim().is_empty()) {
            gaps.push("at least one source");
        }
        if !self.stand_ins.iter().all(both) {
            gaps.push("every stand-in in English and Spanish");
        }
        gaps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Briefing {
        Briefing {
            history: Bilingual {
                en: "Two armies meet.".into(),
                es: "Dos ejércitos se encuentran.".into(),
            },
            sources: vec!["\"A battle\", an encyclopedia".into()],
            victory: Bilingual {
                en: "Rout the enemy.".into(),
                es: String::new(),
            },
            stand_ins: vec![Bilingual {
                en: "Every position".into(),
                es: "Cada posición".into(),
            }],
        }
    }

    #[test]
    fn the_briefing_reads_in_each_language_and_marks_stand_ins() {
        let b = sample();
        let en = b.text_in(Lang::English);
        assert!(en.starts_with("Two armies meet."), "{en}");
        assert!(en.contains("Rout the enemy."), "{en}");
        assert!(en.contains("• \"A battle\", an encyclopedia"), "{en}");
        assert!(en.contains("• Every position [stand-in]"), "{en}");
        let es = b.text_in(Lang::Spanish);
        assert!(es.starts_with("Dos ejércitos"), "{es}");
        assert!(es.contains("• Cada posición [provisional]"), "{es}");
        // A part with no Spanish falls back to its English.
        assert!(es.contains("Rout the enemy."), "{es}");
        assert_eq!(b.gaps(), vec!["victory in English and Spanish"]);
    }

    #[test]
    fn an_old_description_is_a_briefing_with_no_extra_parts() {
        let b = Briefing::english("History.", "");
        assert_eq!(b.text_in(Lang::English), "History.");
        assert_eq!(b.gaps().len(), 3, "{:?}", b.gaps());
    }
}
