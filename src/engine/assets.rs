//! Where a module's tables are read from: the `assets/` folder on disk, so
//! that a player can edit a unit card or a terrain cost and see it in the
//! next game without a rebuild, with the copy built into the binary as the
//! fallback, so that a lone binary still runs.
//!
//! The folder is, in order: the `KASSEN_ASSETS` environment variable; then
//! `assets/` in the working directory; then `assets/` beside the
//! executable. A table file missing there is read from the built-in copy; a
//! table file present there is read from it, and a broken one is an error
//! naming its file, line and column (the module's `load` parses it).

use std::borrow::Cow;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::SystemTime;

use serde::de::DeserializeOwned;

use super::scenario::{LoadError, parse_ron};

thread_local! {
    /// A folder that replaces the search above on this thread (tests, and
    /// `kassen check` on a table file).
    static OVERRIDE: RefCell<Option<PathBuf>> = const { RefCell::new(None) };
}

/// Table files the app's loading state read ahead: path on disk → the
/// file's modification time then, and its text.
static PRELOADED: Mutex<BTreeMap<PathBuf, (Option<SystemTime>, String)>> =
    Mutex::new(BTreeMap::new());

fn modified(path: &Path) -> Option<SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// Keeps the text of the table file at `path` (read by the app's loading
/// state), so that a new game takes it from memory while the file is
/// unchanged on disk.
pub fn preload(path: PathBuf, text: String) {
    let path = std::path::absolute(&path).unwrap_or(path);
    let stamp = modified(&path);
    if let Ok(mut m) = PRELOADED.lock() {
        m.insert(path, (stamp, text));
    }
}

/// The preloaded text of `path`, unless the file changed since.
fn preloaded(path: &Path) -> Option<String> {
    let path = std::path::absolute(path).ok()?;
    let m = PRELOADED.lock().ok()?;
    let (stamp, text) = m.get(&path)?;
    (stamp.is_some() && *stamp == modified(&path)).then(|| text.clone())
}

/// The text of one table and the file name its errors cite.
#[derive(Clone, Debug)]
pub struct TableText {
    /// The file as errors name it: the path on disk, or
    /// `assets/<rel> (built in)`.
    pub file: String,
    /// Its RON text.
    pub text: Cow<'static, str>,
    /// Read from disk (not the built-in copy).
    pub on_disk: bool,
}

fn has_rules(dir: &Path) -> bool {
    dir.join("rules").is_dir()
}

/// The assets folder tables are read from, if there is one on disk (see the
/// module's documentation for the order of the search).
pub fn asset_root() -> Option<PathBuf> {
    if let Some(p) = OVERRIDE.with(|o| o.borrow().clone()) {
        return Some(p);
    }
    if let Some(p) = std::env::var_os("KASSEN_ASSETS") {
        return Some(PathBuf::from(p));
    }
    let here = PathBuf::from("assets");
    if has_rules(&here) {
        return Some(here);
    }
    let exe = std::env::current_exe().ok()?;
    let beside = exe.parent()?.join("assets");
    has_rules(&beside).then_some(beside)
}

/// Runs `f` with tables read from `root` on this thread, then restores the
/// search. For tests and `kassen check`.
pub fn with_asset_root<T>(root: &Path, f: impl FnOnce() -> T) -> T {
    let before = OVERRIDE.with(|o| o.borrow_mut().replace(root.to_path_buf()));
    let out = f();
    OVERRIDE.with(|o| *o.borrow_mut() = before);
    out
}

/// The table `rel` (a path under `assets/`, such as
/// `rules/genpei/units.ron`): from the assets folder when the file is there,
/// else the built-in copy `embedded`.
///
/// # Errors
/// The file is there but cannot be read (named with the reason).
pub fn table(rel: &str, embedded: &'static str) -> Result<TableText, LoadError> {
    if let Some(root) = asset_root() {
        let path = root.join(rel);
        if path.is_file() {
            let file = path.display().to_string();
            if let Some(text) = preloaded(&path) {
                return Ok(TableText {
                    file,
                    text: Cow::Owned(text),
                    on_disk: true,
                });
            }
            return match std::fs::read_to_string(&path) {
                Ok(text) => Ok(TableText {
                    file,
                    text: Cow::Owned(text),
                    on_disk: true,
                }),
                Err(e) => Err(LoadError::plain(&file, format!("cannot be read: {e}"))),
            };
        }
    }
    Ok(TableText {
        file: format!("assets/{rel} (built in)"),
        text: Cow::Borrowed(embedded),
        on_disk: false,
    })
}

/// The file name and text of `rel` as [`table`] reads it (for a text
/// that is not parsed here, such as a new-scenario template); `None` when
/// the file is there but cannot be read.
pub fn file_and_text(rel: &str, embedded: &'static str) -> Option<(String, String)> {
    table(rel, embedded)
        .ok()
        .map(|t| (t.file, t.text.into_owned()))
}

/// The table `rel` parsed: from the assets folder when the file is there,
/// else the built-in copy `embedded` (see [`table`]).
///
/// # Errors
/// The file cannot be read, or does not parse (its file, line and column).
pub fn parse_table<T: DeserializeOwned>(rel: &str, embedded: &'static str) -> Result<T, LoadError> {
    let t = table(rel, embedded)?;
    parse_ron(&t.file, &t.text)
}

/// The scenarios shipped in `scenarios/`, built into the binary (by
/// `build.rs`): file name and text, sorted by name.
pub const BUILT_IN_SCENARIOS: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/built_in_scenarios.rs"));

/// The campaigns shipped in `campaigns/`, built into the binary (by
/// `build.rs`): file name and text, sorted by name.
pub const BUILT_IN_CAMPAIGNS: &[(&str, &str)] =
    include!(concat!(env!("OUT_DIR"), "/built_in_campaigns.rs"));

/// The built-in copy of the scenario or campaign at `path`, when the path
/// names a shipped one (`…/scenarios/<name>.ron`, `…/campaigns/<name>.ron`)
/// and no file is there: a lone binary still opens them.
pub fn built_in_scenario(path: &Path) -> Option<&'static str> {
    if path.exists() {
        return None;
    }
    let list = match path.parent()?.file_name()?.to_str()? {
        "scenarios" => BUILT_IN_SCENARIOS,
        "campaigns" => BUILT_IN_CAMPAIGNS,
        _ => return None,
    };
    let name = path.file_name()?.to_str()?;
    list.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// For a path to a table file (`…/assets/rules/<ruleset>/<name>.ron`): the
/// assets folder it lies in and the module's ruleset key, or `None` when
/// the path is not shaped so.
pub fn table_file_parts(path: &Path) -> Option<(PathBuf, String)> {
    if path.extension().and_then(|e| e.to_str()) != Some("ron") {
        return None;
    }
    let module_dir = path.parent()?;
    let rules_dir = module_dir.parent()?;
    if rules_dir.file_name()?.to_str()? != "rules" {
        return None;
    }
    let ruleset = module_dir.file_name()?.to_str()?.to_string();
    let root = rules_dir.parent()?;
    let root = if root.as_os_str().is_empty() {
        PathBuf::from(".")
    } else {
        root.to_path_buf()
    };
    Some((root, ruleset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_on_disk_wins_and_a_missing_one_falls_back_to_the_built_in_copy() {
        let dir = std::env::temp_dir().join(format!("kassen-assets-{}", std::process::id()));
        let sub = dir.join("rules/x");
        std::fs::create_dir_all(&sub).expect("temp dir");
        std::fs::write(sub.join("a.ron"), "(edited: 1)").expect("write");
        with_asset_root(&dir, || {
            let a = table("rules/x/a.ron", "(built: 0)").expect("reads");
            assert!(a.on_disk);
            assert_eq!(a.text, "(edited: 1)");
            assert!(a.file.ends_with("a.ron"), "{}", a.file);
            let b = table("rules/x/b.ron", "(built: 0)").expect("falls back");
            assert!(!b.on_disk);
            assert_eq!(b.text, "(built: 0)");
            assert_eq!(b.file, "assets/rules/x/b.ron (built in)");
        });
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_preloaded_table_is_used_until_its_file_changes() {
        let dir = std::env::temp_dir().join(format!("kassen-preload-{}", std::process::id()));
        let sub = dir.join("rules/y");
        std::fs::create_dir_all(&sub).expect("temp dir");
        let file = sub.join("c.ron");
        std::fs::write(&file, "(on_disk: 1)").expect("write");
        // What the loading state read (here a different text, to tell them
        // apart).
        preload(file.clone(), "(preloaded: 1)".to_string());
        with_asset_root(&dir, || {
            let c = table("rules/y/c.ron", "(built: 0)").expect("reads");
            assert_eq!(c.text, "(preloaded: 1)");
            assert!(c.on_disk);
        });
        // A later edit on disk wins (a newer modification time).
        std::thread::sleep(std::time::Duration::from_millis(20));
        std::fs::write(&file, "(edited: 2)").expect("write");
        let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
        if let Ok(f) = std::fs::File::options().write(true).open(&file) {
            f.set_modified(later).expect("mtime");
        }
        with_asset_root(&dir, || {
            assert_eq!(
                table("rules/y/c.ron", "(built: 0)").expect("reads").text,
                "(edited: 2)"
            );
        });
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn the_shipped_scenarios_are_built_in_and_stand_in_for_missing_files() {
        assert!(
            BUILT_IN_SCENARIOS.len() >= 7,
            "{}",
            BUILT_IN_SCENARIOS.len()
        );
        assert!(BUILT_IN_SCENARIOS.windows(2).all(|w| w[0].0 < w[1].0));
        let (name, text) = BUILT_IN_SCENARIOS[0];
        let gone = std::env::temp_dir()
            .join(format!("kassen-none-{}", std::process::id()))
            .join("scenarios")
            .join(name);
        assert_eq!(built_in_scenario(&gone), Some(text));
        // Only under a `scenarios` folder, and only for a shipped name.
        assert_eq!(built_in_scenario(&gone.with_file_name("mine.ron")), None);
        assert_eq!(built_in_scenario(Path::new(name)), None);
    }

    #[test]
    fn a_table_files_path_names_its_assets_folder_and_ruleset() {
        let (root, key) =
            table_file_parts(Path::new("mods/assets/rules/genpei/units.ron")).expect("a table");
        assert_eq!(root, PathBuf::from("mods/assets"));
        assert_eq!(key, "genpei");
        let (root, _) = table_file_parts(Path::new("rules/ran/units.ron")).expect("a table");
        assert_eq!(root, PathBuf::from("."));
        assert!(table_file_parts(Path::new("scenarios/ichi_no_tani.ron")).is_none());
        assert!(table_file_parts(Path::new("assets/rules/genpei/units.txt")).is_none());
    }
}
