//! Languages: the UI's text in English and Spanish, through Fluent
//! ([fluent-templates]). The catalogues are `locales/<lang>/*.ftl`, built
//! into the binary; a key missing in the chosen language falls back to
//! English, and a key missing in both shows the key itself (a test keeps
//! both catalogues complete).
//!
//! The language is process-wide: [`set_lang`] from `--lang`, the settings or
//! the title screen; [`system_lang`] is the default.
//!
//! [fluent-templates]: https://docs.rs/fluent-templates/0.15

use std::sync::atomic::{AtomicU8, Ordering};

use std::sync::LazyLock;

use fluent_templates::{
    LanguageIdentifier, Loader, StaticLoader, fluent_bundle::FluentValue, static_loader,
};
use serde::{Deserialize, Serialize};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en-US",
        // egui draws Unicode isolation marks as boxes: no isolation.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language of the UI.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Lang {
    /// English (`en-US`), the source language.
    #[default]
    English,
    /// Spanish (`es-ES`).
    Spanish,
}

impl Lang {
    /// Every language, in the order the title screen offers them.
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Spanish];

    /// The catalogue's folder name under `locales/`.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::English => "en-US",
            Lang::Spanish => "es-ES",
        }
    }

    /// The short code used by `--lang` ("en", "es").
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Spanish => "es",
        }
    }

    /// The language's own name ("English", "Español").
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::English => "English",
            Lang::Spanish => "Español",
        }
    }

    /// The language of a code or locale ("es", "es-MX", "es_ES.UTF-8",
    /// "en"); `None` for any other language.
    pub fn parse(code: &str) -> Option<Lang> {
        let primary = code
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::English),
            "es" => Some(Lang::Spanish),
            _ => None,
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        static IDS: LazyLock<[LanguageIdentifier; 2]> =
            LazyLock::new(|| Lang::ALL.map(|l| l.tag().parse().unwrap_or_default()));
        match self {
            Lang::English => &IDS[0],
            Lang::Spanish => &IDS[1],
        }
    }
}

static CURRENT: AtomicU8 = AtomicU8::new(0);

thread_local! {
    /// A language for this thread only, set by [`with_lang`].
    static OVERRIDE: std::cell::Cell<Option<Lang>> = const { std::cell::Cell::new(None) };
}

thread_local! {
    /// Modules' text is not written on this thread ([`quietly`]).
    static QUIET: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` with this thread's text in `lang`, whatever the process-wide
/// language: for tests that play a game in Spanish beside others in
/// English, and for text a module keeps in its state (the same in every
/// language). Inside [`quietly`] too, the text is written.
pub fn with_lang<T>(lang: Lang, f: impl FnOnce() -> T) -> T {
    let before = OVERRIDE.with(|o| o.replace(Some(lang)));
    let quiet = QUIET.with(|q| q.replace(false));
    let out = f();
    OVERRIDE.with(|o| o.set(before));
    QUIET.with(|q| q.set(quiet));
    out
}

/// Runs `f` with the rule modules' text left unwritten on this thread:
/// [`say_with!`](crate::say_with) gives an empty string without looking the
/// key up. For the computer opponent's search, which steps thousands of
/// states and throws every refusal reason and modifier name away (about a
/// tenth of its time went to writing them).
pub fn quietly<T>(f: impl FnOnce() -> T) -> T {
    let before = QUIET.with(|q| q.replace(true));
    let out = f();
    QUIET.with(|q| q.set(before));
    out
}

/// Whether this thread is inside [`quietly`].
pub fn is_quiet() -> bool {
    QUIET.with(std::cell::Cell::get)
}

/// Sets the UI's language for the whole process.
pub fn set_lang(lang: Lang) {
    CURRENT.store(
        match lang {
            Lang::English => 0,
            Lang::Spanish => 1,
        },
        Ordering::Relaxed,
    );
}

/// The UI's language (this thread's, inside [`with_lang`]).
pub fn lang() -> Lang {
    if let Some(l) = OVERRIDE.with(std::cell::Cell::get) {
        return l;
    }
    match CURRENT.load(Ordering::Relaxed) {
        1 => Lang::Spanish,
        _ => Lang::English,
    }
}

/// The system locale's language (`sys-locale`), English when it is neither
/// English nor Spanish.
pub fn system_lang() -> Lang {
    sys_locale::get_locale()
        .as_deref()
        .and_then(Lang::parse)
        .unwrap_or_default()
}

/// A name from a module's data in the current language: its `spanish`
/// form when the UI speaks Spanish and the data gives one, else `english`
/// (the form the rules key on).
pub fn in_language<'a>(english: &'a str, spanish: Option<&'a str>) -> &'a str {
    match spanish {
        Some(es) if lang() == Lang::Spanish => es,
        _ => english,
    }
}

/// The text of `key` in the current language.
pub fn tr(key: &str) -> String {
    tr_in(lang(), key)
}

/// The text of `key` in `lang` (English when the key is missing there; the
/// key itself when it is missing in both).
pub fn tr_in(lang: Lang, key: &str) -> String {
    LOCALES
        .try_lookup(lang.id(), key)
        .unwrap_or_else(|| key.to_string())
}

/// The text of `key` with its `{ $name }` arguments filled in. A value that
/// is a whole number is passed as a number, so plurals select on it.
pub fn tr_args(key: &str, args: &[(&str, String)]) -> String {
    tr_args_in(lang(), key, args)
}

/// [`tr_args`] in `lang`.
pub fn tr_args_in(lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    lookup(&LOCALES, lang, key, args)
}

/// The text of `key` in a rule module's own catalogue (`src/rules/<module>/
/// locales/<lang>/*.ftl`, built into the binary by the module's
/// `static_loader!`), in the current language, with its arguments filled in
/// as [`tr_args`] does. Modules call it through their `say!` macro, which
/// is [`say_with!`](crate::say_with) over their catalogue.
pub fn say(catalogue: &StaticLoader, key: &str, args: &[(&str, String)]) -> String {
    lookup(catalogue, lang(), key, args)
}

/// [`say`] in `lang`.
pub fn say_in(catalogue: &StaticLoader, lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    lookup(catalogue, lang, key, args)
}

/// `key` looked up in `catalogue` in `lang`, English when it is missing
/// there, the key itself when it is missing in both.
fn lookup(catalogue: &StaticLoader, lang: Lang, key: &str, args: &[(&str, String)]) -> String {
    if args.is_empty() {
        return catalogue
            .try_lookup(lang.id(), key)
            .unwrap_or_else(|| key.to_string());
    }
    let map: std::collections::HashMap<std::borrow::Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(name, value)| {
            let v = match value.parse::<i64>() {
                Ok(n) if n.to_string() == *value => FluentValue::from(n),
                _ => FluentValue::from(value.as_str()),
            };
            (std::borrow::Cow::Owned(name.to_string()), v)
        })
        .collect();
    catalogue
        .try_lookup_with_args(lang.id(), key, &map)
        .unwrap_or_else(|| key.to_string())
}

/// The UI text of a key, in the current language:
/// `t!("settings-language")`, or with arguments
/// `t!("panels-ruler-reading", reading = r)` (each value is formatted with
/// `Display`).
#[macro_export]
macro_rules! t {
    ($key:literal) => {
        $crate::i18n::tr($key)
    };
    ($key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        $crate::i18n::tr_args($key, &[$((stringify!($name), ($value).to_string())),+])
    };
}

/// A rule module's text of a key, in the current language:
/// `say_with!(TEXT, "ran-routs")` or `say_with!(TEXT, "ran-routs", unit = n)`
/// (each value is formatted with `Display`). A module wraps it once as its
/// own `say!` over its catalogue `TEXT`.
#[macro_export]
macro_rules! say_with {
    ($catalogue:path, $key:literal) => {
        if $crate::i18n::is_quiet() {
            String::new()
        } else {
            $crate::i18n::say(&$catalogue, $key, &[])
        }
    };
    ($catalogue:path, $key:literal, $($name:ident = $value:expr),+ $(,)?) => {
        if $crate::i18n::is_quiet() {
            String::new()
        } else {
            $crate::i18n::say(&$catalogue, $key, &[$((stringify!($name), ($value).to_string())),+])
        }
    };
}

#[cfg(test)]
#[path = "i18n_tests.rs"]
mod tests;
