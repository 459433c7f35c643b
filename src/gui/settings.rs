//! The player's settings: UI scale, the sides' palette, motion and the
//! computer's default level, saved as RON in the platform config directory
//! (`~/.config/kassen/settings.ron` on Linux) and changed in the
//! *Settings* window (title screen and top bar).

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

use super::sets::AppSystems;
use super::widgets::level_name;
use crate::engine::scenario::{LoadError, parse_ron};
use crate::engine::seats::Level;
use crate::i18n::{self, Lang};
use crate::t;

/// Smallest and largest UI scale (egui zoom), as factors.
pub const SCALE_RANGE: (f32, f32) = (0.75, 2.0);

/// The sides' colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    /// The scenario's own colours.
    #[default]
    Scenario,
    /// Okabe–Ito orange against blue: safe for every common colour
    /// blindness, and far apart in lightness, so a greyscale copy still
    /// tells them apart.
    OkabeIto,
    /// Near-white against near-black.
    HighContrast,
}

impl Palette {
    /// Every palette, in the window's order.
    pub const ALL: [Palette; 3] = [Palette::Scenario, Palette::OkabeIto, Palette::HighContrast];

    /// Its name in the Settings window.
    pub fn label(self) -> String {
        match self {
            Palette::Scenario => t!("title-palette-scenario"),
            Palette::OkabeIto => t!("title-palette-okabe-ito"),
            Palette::HighContrast => t!("title-palette-high-contrast"),
        }
    }

    /// The two sides' colours (sRGB 0..1) under this palette, from the
    /// scenario's own.
    /// The scenario's own are moved apart in lightness where they are
    /// close ([`apart_in_lightness`]), so that every palette keeps the sides
    /// apart in greyscale.
    pub fn colors(self, scenario: [[f32; 3]; 2]) -> [[f32; 3]; 2] {
        match self {
            Palette::Scenario => apart_in_lightness(scenario, MIN_LIGHTNESS_GAP),
            Palette::OkabeIto => [[0.90, 0.62, 0.0], [0.0, 0.45, 0.70]],
            Palette::HighContrast => [[0.95, 0.95, 0.92], [0.10, 0.10, 0.12]],
        }
    }
}

/// The least difference in Rec. 601 luma (0..1) between the two sides'
/// colours: a quarter of the scale, as between Okabe–Ito orange and blue.
pub const MIN_LIGHTNESS_GAP: f32 = 0.25;

/// Rec. 601 luma of an sRGB colour (channels 0..1), 0..1.
pub fn luma(c: [f32; 3]) -> f32 {
    0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]
}

/// Two colours (sRGB 0..1) at least `gap` apart in luma: when they are
/// closer, the lighter is mixed toward white and the darker toward black,
/// half the shortfall each (the rest on the other when one reaches its
/// end). The hue stays; colours already apart are returned unchanged.
pub fn apart_in_lightness(colors: [[f32; 3]; 2], gap: f32) -> [[f32; 3]; 2] {
    let [a, b] = colors;
    let (la, lb) = (luma(a), luma(b));
    let short = gap - (la - lb).abs();
    if short <= 0.0 {
        return colors;
    }
    let (light, dark, light_first) = if la >= lb {
        (a, b, true)
    } else {
        (b, a, false)
    };
    let (ll, ld) = (luma(light), luma(dark));
    // Half each, within the room to white and to black; what one side
    // cannot take goes to the other.
    let (up_room, down_room) = (1.0 - ll, ld);
    let mut up = (short / 2.0).min(up_room);
    let mut down = (short / 2.0).min(down_room);
    let left = short - up - down;
    if up_room - up > down_room - down {
        up = (up + left).min(up_room);
    } else {
        down = (down + left).min(down_room);
    }
    let toward_white = |c: [f32; 3], t: f32| c.map(|x| x + t * (1.0 - x));
    let toward_black = |c: [f32; 3], t: f32| c.map(|x| x * (1.0 - t));
    let l2 = if ll < 1.0 {
        toward_white(light, up / (1.0 - ll))
    } else {
        light
    };
    let d2 = if ld > 0.0 {
        toward_black(dark, down / ld)
    } else {
        dark
    };
    if light_first { [l2, d2] } else { [d2, l2] }
}

/// How the board moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Motion {
    /// Counters glide along their path; dice show before their result.
    #[default]
    Normal,
    /// The same, three times as fast.
    Fast,
    /// No animation at all.
    Reduced,
}

impl Motion {
    /// Every setting, in the window's order.
    pub const ALL: [Motion; 3] = [Motion::Normal, Motion::Fast, Motion::Reduced];

    /// Its name in the Settings window.
    pub fn label(self) -> String {
        match self {
            Motion::Normal => t!("title-motion-normal"),
            Motion::Fast => t!("title-motion-fast"),
            Motion::Reduced => t!("title-motion-reduced"),
        }
    }

    /// Seconds a counter takes to glide one hex (0 = it jumps).
    pub fn glide_seconds(self) -> f32 {
        match self {
            Motion::Normal => 0.18,
            Motion::Fast => 0.06,
            Motion::Reduced => 0.0,
        }
    }
}

/// The player's settings, saved between runs.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// UI scale, a factor in [`SCALE_RANGE`].
    pub ui_scale: f32,
    /// The sides' colours.
    pub palette: Palette,
    /// Animation.
    pub motion: Motion,
    /// The computer's level offered first on the title screen.
    pub computer: Level,
    /// The UI's language; `None` follows the system locale.
    pub language: Option<Lang>,
    /// The panels as the player left them.
    pub panels: PanelSizes,
}

/// The game screen's panels as the player sized them (points, at UI scale
/// 100%; `None`: the default size), and whether the hand is folded away.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct PanelSizes {
    /// The unit card's width.
    pub card: Option<f32>,
    /// The decisions panel's width.
    pub orders: Option<f32>,
    /// The roll log's height.
    pub log: Option<f32>,
    /// The hand shows only its heading.
    pub hand_folded: bool,
}

/// The range a saved panel size is kept in (points).
pub const PANEL_RANGE: (f32, f32) = (80.0, 1600.0);

impl Default for Settings {
    fn default() -> Self {
        Self {
            ui_scale: 1.0,
            palette: Palette::Scenario,
            motion: Motion::Normal,
            computer: Level::Normal,
            language: None,
            panels: PanelSizes::default(),
        }
    }
}

impl Settings {
    /// The settings with every value in range (a hand-edited file may hold
    /// any number).
    pub fn clamped(mut self) -> Self {
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(SCALE_RANGE.0, SCALE_RANGE.1)
        } else {
            1.0
        };
        let p = &mut self.panels;
        for size in [&mut p.card, &mut p.orders, &mut p.log] {
            *size = size
                .filter(|v| v.is_finite())
                .map(|v| v.clamp(PANEL_RANGE.0, PANEL_RANGE.1));
        }
        self
    }
}

/// The settings file: `KASSEN_CONFIG_DIR` if set, else the platform config
/// directory's `kassen/settings.ron`.
pub fn settings_path() -> PathBuf {
    std::env::var_os("KASSEN_CONFIG_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs::config_dir().map(|d| d.join("kassen")))
        .unwrap_or_else(|| PathBuf::from("."))
        .join("settings.ron")
}

/// Reads the settings at `path`; no file gives the defaults.
///
/// # Errors
/// A file that cannot be read or does not parse (file, line and column).
pub fn load_settings(path: &Path) -> Result<Settings, LoadError> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            parse_ron::<Settings>(&path.display().to_string(), &text).map(Settings::clamped)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Settings::default()),
        Err(e) => Err(LoadError::plain(
            &path.display().to_string(),
            t!("title-settings-unreadable", error = e),
        )),
    }
}

/// Writes the settings to `path`, creating its folder.
///
/// # Errors
/// The folder or file cannot be written (named, with the reason).
pub fn save_settings(path: &Path, s: &Settings) -> Result<(), String> {
    let text = ron::ser::to_string_pretty(s, ron::ser::PrettyConfig::default())
        .map_err(|e| t!("title-settings-unwritable", error = e))?;
    crate::engine::game::write_atomically(path, text.as_bytes())
}

/// Whether the Settings window is open, and the last problem with the
/// file (shown in it).
#[derive(Resource, Clone, Debug, Default)]
pub struct SettingsWindow {
    /// Open.
    pub open: bool,
    /// The last error reading or writing the file.
    pub error: Option<String>,
}

/// The language given with `--lang` for this run, if any.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct LangFlag(pub Option<Lang>);

/// The settings: read from [`settings_path`] (a broken file is named in
/// the window, and the defaults are used), the window, the UI scale, the
/// language (`lang` from `--lang` first, then the settings, then the
/// system's), and saving on change.
pub struct SettingsPlugin {
    /// The language from `--lang`, for this run only.
    pub lang: Option<Lang>,
}

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        let (settings, error) = match load_settings(&settings_path()) {
            Ok(s) => (s, None),
            Err(e) => (Settings::default(), Some(e.to_string())),
        };
        // `--lang` is for this run: it is not written into the settings.
        i18n::set_lang(
            self.lang
                .or(settings.language)
                .unwrap_or_else(i18n::system_lang),
        );
        app.insert_resource(LangFlag(self.lang))
            .insert_resource(settings)
            .insert_resource(SettingsWindow { open: false, error })
            .add_systems(
                EguiPrimaryContextPass,
                (font_fallbacks, settings_ui)
                    .chain()
                    .in_set(AppSystems::Draw),
            )
            .add_systems(Update, persist_settings.in_set(AppSystems::Game));
    }
}

/// egui's proportional font (Ubuntu Light) has no arrows (← → ↑ ↓), which
/// the log's changes ("5 → 7") and the keys' help use; egui's monospace
/// font (Hack) has them, so it becomes the proportional family's last
/// fallback. Set once.
fn font_fallbacks(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    if let Some(list) = fonts.families.get_mut(&egui::FontFamily::Proportional)
        && !list.iter().any(|f| f == "Hack")
    {
        list.push("Hack".to_owned());
    }
    ctx.set_fonts(fonts);
    *done = true;
    Ok(())
}

/// The Settings window, and the UI scale applied to egui.
fn settings_ui(
    mut contexts: EguiContexts,
    mut settings: ResMut<Settings>,
    mut window: ResMut<SettingsWindow>,
    flag: Res<LangFlag>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    if !window.open {
        return Ok(());
    }
    let mut s = settings.clone();
    let mut open = true;
    egui::Window::new(t!("title-settings"))
        .id(egui::Id::new("settings_window"))
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .show(ctx, |ui| {
            ui.label(t!("title-settings-ui-scale"));
            let mut pct = (s.ui_scale * 100.0).round();
            ui.add(
                egui::Slider::new(&mut pct, SCALE_RANGE.0 * 100.0..=SCALE_RANGE.1 * 100.0)
                    .step_by(5.0)
                    .suffix("%"),
            );
            s.ui_scale = pct / 100.0;
            ui.separator();
            ui.label(crate::t!("settings-language"));
            ui.horizontal(|ui| {
                ui.radio_value(&mut s.language, None, crate::t!("settings-language-system"));
                for l in Lang::ALL {
                    ui.radio_value(&mut s.language, Some(l), l.native_name());
                }
            });
            // The language in force, which `--lang` may set for this run
            // whatever the saved choice.
            let now = i18n::lang();
            let line = if flag.0 == Some(now) {
                t!("settings-language-flag", lang = now.native_name())
            } else {
                t!("settings-language-now", lang = now.native_name())
            };
            ui.label(egui::RichText::new(line).small().weak());
            ui.separator();
            ui.label(t!("title-settings-colours"));
            for p in Palette::ALL {
                ui.radio_value(&mut s.palette, p, p.label());
            }
            ui.separator();
            ui.label(t!("title-settings-motion"));
            for m in Motion::ALL {
                ui.radio_value(&mut s.motion, m, m.label());
            }
            ui.separator();
            ui.label(t!("title-settings-computer-level"));
            ui.horizontal(|ui| {
                for l in Level::ALL {
                    ui.radio_value(&mut s.computer, l, level_name(l));
                }
            });
            ui.separator();
            ui.label(
                egui::RichText::new(t!(
                    "title-settings-saved-in",
                    path = settings_path().display()
                ))
                .small()
                .weak(),
            );
            if let Some(e) = &window.error {
                ui.colored_label(egui::Color32::from_rgb(230, 90, 80), e);
            }
        });
    if s != *settings {
        if s.language != settings.language {
            i18n::set_lang(s.language.unwrap_or_else(i18n::system_lang));
        }
        *settings = s;
    }
    // Esc closes it, as it closes a choice on the board.
    let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
    window.open = open && !escape;
    Ok(())
}

/// Saves the settings when they changed (not at start).
fn persist_settings(
    settings: Res<Settings>,
    mut window: ResMut<SettingsWindow>,
    mut first: Local<bool>,
) {
    if !*first {
        *first = true;
        return;
    }
    if settings.is_changed() {
        window.error = save_settings(&settings_path(), &settings).err();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_their_file_and_clamp_a_hand_edit() {
        let dir = std::env::temp_dir().join(format!("kassen-settings-{}", std::process::id()));
        let path = dir.join("settings.ron");
        assert_eq!(load_settings(&path).expect("no file"), Settings::default());
        let s = Settings {
            ui_scale: 1.5,
            palette: Palette::OkabeIto,
            motion: Motion::Reduced,
            computer: Level::Hard,
            language: Some(Lang::Spanish),
            panels: PanelSizes {
                card: Some(280.0),
                orders: None,
                log: Some(90.0),
                hand_folded: true,
            },
        };
        save_settings(&path, &s).expect("writes");
        assert_eq!(load_settings(&path).expect("reads"), s);
        std::fs::write(&path, "(ui_scale: 9.0)").expect("write");
        assert_eq!(load_settings(&path).expect("reads").ui_scale, SCALE_RANGE.1);
        std::fs::write(&path, "(panels: (log: Some(1e9), card: Some(-3.0)))").expect("write");
        let p = load_settings(&path).expect("reads").panels;
        assert_eq!((p.log, p.card), (Some(PANEL_RANGE.1), Some(PANEL_RANGE.0)));
        std::fs::write(&path, "(ui_scale: 1.0,\n palette: Purple)").expect("write");
        let e = load_settings(&path)
            .expect_err("no such palette")
            .to_string();
        assert!(e.contains("settings.ron:2:"), "{e}");
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_colour_blind_palettes_differ_in_lightness_so_greyscale_keeps_the_sides_apart() {
        for p in [Palette::OkabeIto, Palette::HighContrast] {
            let [a, b] = p.colors([[0.5; 3]; 2]);
            assert!((luma(a) - luma(b)).abs() >= 0.25, "{p:?}");
        }
        // Red against blue of nearly the same lightness: moved apart, the
        // red staying the reddest channel and the blue the bluest.
        let own = [[0.8, 0.1, 0.1], [0.1, 0.2, 0.8]];
        let [r, b] = Palette::Scenario.colors(own);
        assert!(
            (luma(r) - luma(b)).abs() >= MIN_LIGHTNESS_GAP - 1e-4,
            "{r:?} {b:?}"
        );
        assert!(luma(r) > luma(own[0]) && luma(b) < luma(own[1]));
        assert!(r[0] > r[1] && r[0] > r[2] && b[2] > b[0] && b[2] > b[1]);
        // Far apart already: unchanged.
        let apart = [[0.9, 0.9, 0.85], [0.1, 0.1, 0.3]];
        assert_eq!(Palette::Scenario.colors(apart), apart);
        // A side at white: all the shortfall goes to the other.
        let [w, g] = apart_in_lightness([[1.0; 3], [0.9; 3]], MIN_LIGHTNESS_GAP);
        assert_eq!(w, [1.0; 3]);
        assert!(
            (luma(w) - luma(g) - MIN_LIGHTNESS_GAP).abs() < 1e-4,
            "{g:?}"
        );
        // Every shipped scenario's sides, as drawn by default.
        for (file, [a, b]) in shipped_side_colours() {
            let [a, b] = Palette::Scenario.colors([a, b]);
            assert!(
                (luma(a) - luma(b)).abs() >= MIN_LIGHTNESS_GAP - 1e-4,
                "{file}"
            );
        }
    }

    /// The sides' colours of every shipped scenario, by file.
    fn shipped_side_colours() -> Vec<(String, [[f32; 3]; 2])> {
        use crate::engine::core::Module;
        use crate::rules::ModuleVisitor;
        struct Colours(Vec<(String, [[f32; 3]; 2])>);
        impl ModuleVisitor for Colours {
            fn visit<R: Module>(&mut self) {
                for (file, text) in crate::session::scenarios_of::<R>() {
                    let s = R::parse_scenario(&file, &text).expect("scenario");
                    let ctx = R::context(&s).expect("context");
                    self.0.push((file, R::side_colors(&ctx)));
                }
            }
        }
        let mut c = Colours(Vec::new());
        crate::rules::visit_all(&mut c);
        assert!(c.0.len() >= 7, "{} scenarios", c.0.len());
        c.0
    }
}
