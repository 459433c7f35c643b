//! End-to-end checks through the `kassen` binary: reproducible logs, save and
//! continue, broken scenario files, and the rendered screenshot.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_kassen");
const DEFAULT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/akagawa_ford.ron");

#[path = "integration/editor.rs"]
mod editor;
#[path = "integration/screens.rs"]
mod screens;

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kassen-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn kassen(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().expect("run kassen")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn p(path: &Path) -> &str {
    path.to_str().expect("utf-8 path")
}

#[test]
fn sim_twice_with_one_seed_gives_byte_identical_logs() {
    let dir = tmp("determinism");
    let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
    for log in [&a, &b] {
        let o = kassen(&["sim", DEFAULT, "--seed", "1", "--log", p(log)]);
        assert!(o.status.success(), "{:?}", text(&o));
        let (out, _) = text(&o);
        assert!(
            out.contains("turns played:") && (out.contains("winner:") || out.contains("draw")),
            "{out}"
        );
    }
    let (la, lb) = (std::fs::read(&a).expect("a"), std::fs::read(&b).expect("b"));
    assert_eq!(la, lb);
    let s = String::from_utf8_lossy(&la);
    assert!(s.lines().count() > 50, "a real battle logs many entries");
    assert!(s.contains("\"rule\":\"SBA-FORT-3\"") && s.contains("\"rule\":\"SBA-MEL-4\""));
    // Another seed gives another battle.
    let c = dir.join("c.jsonl");
    assert!(
        kassen(&["sim", DEFAULT, "--seed", "2", "--log", p(&c)])
            .status
            .success()
    );
    assert_ne!(std::fs::read(&c).expect("c"), la);
}

#[test]
fn saved_after_turn_two_and_continued_matches_an_unbroken_game() {
    let dir = tmp("save");
    let full = dir.join("full.jsonl");
    let save = dir.join("turn2.ron");
    let cont = dir.join("continued.jsonl");
    assert!(
        kassen(&["sim", DEFAULT, "--seed", "1", "--log", p(&full)])
            .status
            .success()
    );
    let o = kassen(&[
        "sim",
        DEFAULT,
        "--seed",
        "1",
        "--turns",
        "2",
        "--save",
        p(&save),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(text(&o).0.contains("turns played: 2"));
    let o = kassen(&["check", p(&save)]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = kassen(&["sim", p(&save), "--log", p(&cont)]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert_eq!(
        std::fs::read(&full).expect("full"),
        std::fs::read(&cont).expect("continued")
    );
}

const FIRST: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/first_battle.ron");

#[test]
fn computer_vs_computer_sims_repeat_and_a_save_goes_on_with_its_own_players() {
    let dir = tmp("cvc");
    let (a, b, cont) = (
        dir.join("a.jsonl"),
        dir.join("b.jsonl"),
        dir.join("c.jsonl"),
    );
    let save = dir.join("mid.ron");
    let players = ["--players", "easy,default", "--ai-seed", "4", "--seed", "3"];
    for log in [&a, &b] {
        let mut args = vec!["sim", FIRST, "--log", p(log)];
        args.extend(players);
        let o = kassen(&args);
        assert!(o.status.success(), "{:?}", text(&o));
    }
    let la = std::fs::read(&a).expect("a");
    assert_eq!(la, std::fs::read(&b).expect("b"), "two runs differ");
    // Saved after turn 1 and continued without naming the players: the save
    // says who plays, and the game goes on as the unbroken one.
    let mut args = vec!["sim", FIRST, "--turns", "1", "--save", p(&save)];
    args.extend(players);
    let o = kassen(&args);
    assert!(o.status.success(), "{:?}", text(&o));
    let saved = std::fs::read_to_string(&save).expect("save");
    assert!(
        saved.contains("Computer(Easy)"),
        "the save names its players"
    );
    let o = kassen(&["sim", p(&save), "--log", p(&cont)]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert_eq!(std::fs::read(&cont).expect("continued"), la);
}

#[test]
fn orders_file_and_loaded_dice_drive_the_game_and_illegal_orders_are_refused() {
    let dir = tmp("orders");
    let orders = dir.join("orders.ron");
    // Unit 5 has no Commander: Assault is refused (SBA-GS-2). Unit 2 charges unit 12.
    std::fs::write(
        &orders,
        "(orders: [\n  (turn: 1, unit: 5, order: (kind: Assault, target: 15)),\n  (turn: 1, unit: 2, order: (kind: March, to: (3, 5))),\n])\n",
    )
    .expect("write");
    let log = dir.join("log.jsonl");
    let o = kassen(&[
        "sim",
        DEFAULT,
        "--seed",
        "3",
        "--dice",
        "20,20",
        "--orders",
        p(&orders),
        "--turns",
        "1",
        "--log",
        p(&log),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}{err}");
    assert!(err.contains("SBA-GS-2"), "{err}");
    let l = std::fs::read_to_string(&log).expect("log");
    assert!(
        l.contains("Akazonae Riders (March) moves from (3, 2) to (3, 4), 2 hexes"),
        "{l}"
    );
    let o = kassen(&["sim", DEFAULT, "--dice", "0"]);
    assert!(!o.status.success());
}

/// A broken scenario: how to break the default one, and what the error must say.
struct Broken {
    name: &'static str,
    edit: fn(&str) -> String,
    says: &'static str,
    position: bool,
}

fn replace(s: &str, from: &str, to: &str) -> String {
    assert!(s.contains(from), "{from} not in the scenario");
    s.replacen(from, to, 1)
}

#[test]
fn broken_scenarios_give_a_clear_error_with_position_and_no_panic() {
    let good = std::fs::read_to_string(DEFAULT).expect("default scenario");
    let cases = [
        Broken {
            name: "truncated",
            // Cut before the last unit: the file ends inside the unit list.
            edit: |s| s[..s.rfind("(id:").expect("a unit")].to_string(),
            says: "Unexpected end",
            position: true,
        },
        Broken {
            name: "wrong_type",
            edit: |s| replace(s, "columns: 14", "columns: \"wide\""),
            says: "Expected integer",
            position: true,
        },
        Broken {
            name: "unknown_unit_type",
            edit: |s| {
                replace(
                    s,
                    "\"samurai_cavalry\", name: \"Baba",
                    "\"ninja\", name: \"Baba",
                )
            },
            says: "unknown unit type \"ninja\"",
            position: true,
        },
        Broken {
            name: "unit_off_board",
            edit: |s| replace(s, "at: (8, 3)", "at: (30, 3)"),
            says: "off the 14 × 10 board",
            position: true,
        },
        Broken {
            name: "duplicate_id",
            edit: |s| replace(s, "(id: 5,", "(id: 4,"),
            says: "duplicate unit id 4",
            position: true,
        },
        Broken {
            name: "two_units_one_hex",
            edit: |s| replace(s, "at: (9, 2)", "at: (5, 2)"),
            says: "both on hex (5, 2)",
            position: true,
        },
        Broken {
            name: "missing_side",
            edit: |s| {
                replace(
                    s,
                    "        (name: \"Uesugi\", edge: North, color: (0.12, 0.25, 0.72)),\n",
                    "",
                )
            },
            says: "exactly 2 sides",
            position: true,
        },
        Broken {
            name: "unknown_side",
            edit: |s| {
                replace(
                    s,
                    "side: \"Takeda\", unit_type: \"ashigaru_archers\", name: \"Takeda Yumi II\"",
                    "side: \"Oda\", unit_type: \"ashigaru_archers\", name: \"Takeda Yumi II\"",
                )
            },
            says: "unknown side \"Oda\"",
            position: true,
        },
        Broken {
            name: "unknown_terrain",
            edit: |s| replace(s, "(terrain: \"village\"", "(terrain: \"swamp\""),
            says: "unknown terrain \"swamp\"",
            position: true,
        },
        Broken {
            name: "missing_field",
            edit: |s| replace(s, "    name: \"The Ford at Akagawa\",\n", ""),
            says: "name",
            position: true,
        },
        Broken {
            name: "unknown_field",
            edit: |s| {
                replace(
                    s,
                    "turn_limit: 8,",
                    "turn_limit: 8,\n    weather: \"rain\",",
                )
            },
            says: "weather",
            position: true,
        },
        Broken {
            name: "no_general_staff",
            edit: |s| {
                replace(
                    s,
                    "unit_type: \"general_staff\", name: \"Uesugi Honjin\"",
                    "unit_type: \"ashigaru_spearmen\", name: \"Uesugi Honjin\"",
                )
            },
            says: "exactly one General Staff",
            position: true,
        },
        Broken {
            name: "hexside_not_adjacent",
            edit: |s| replace(s, "between: ((9, 7), (9, 8))", "between: ((9, 7), (9, 9))"),
            says: "not neighbours",
            position: true,
        },
        Broken {
            name: "unknown_ruleset",
            edit: |s| replace(s, "ruleset: \"samurai_battles\"", "ruleset: \"chess\""),
            says: "unknown ruleset \"chess\"",
            position: true,
        },
        Broken {
            name: "too_many_models",
            edit: |s| {
                replace(
                    s,
                    "at: (9, 2), facing: North)",
                    "at: (9, 2), facing: North, models: 9)",
                )
            },
            says: "has 9 models",
            position: true,
        },
        Broken {
            name: "empty_file",
            edit: |_| String::new(),
            says: "",
            position: true,
        },
    ];
    let dir = tmp("broken");
    for c in &cases {
        let f = dir.join(format!("{}.ron", c.name));
        std::fs::write(&f, (c.edit)(&good)).expect("write");
        for args in [vec!["check", p(&f)], vec!["sim", p(&f)]] {
            let o = kassen(&args);
            let (_, err) = text(&o);
            assert_eq!(
                o.status.code(),
                Some(1),
                "{}: exit {:?}, {err}",
                c.name,
                o.status.code()
            );
            assert!(!err.contains("panicked"), "{}: {err}", c.name);
            assert!(err.contains(c.says), "{}: {err}", c.name);
            if c.position {
                let prefix = format!("error: {}:", p(&f));
                let rest = err
                    .strip_prefix(&prefix)
                    .unwrap_or_else(|| panic!("{}: {err}", c.name));
                let mut parts = rest.splitn(3, ':');
                let line: Option<u32> = parts.next().and_then(|l| l.parse().ok());
                let col: Option<u32> = parts.next().and_then(|c| c.parse().ok());
                assert!(
                    line.is_some() && col.is_some(),
                    "{}: no line:col in {err}",
                    c.name
                );
            }
        }
    }
    let o = kassen(&["check", p(&dir.join("missing.ron"))]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("cannot read"));
}

#[test]
fn check_accepts_the_default_scenario() {
    let o = kassen(&["check", DEFAULT]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(text(&o).0.contains("ok"));
}

const WARSTRIKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/laans_crossing.ron");
const CLAN_WAR: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/scenarios/desperate_journey.ron"
);

#[test]
fn table_sims_are_reproducible_and_save_and_continue_changes_nothing() {
    for (name, scenario) in [("warstrike", WARSTRIKE), ("clan_war", CLAN_WAR)] {
        let dir = tmp(&format!("table-{name}"));
        let (a, b) = (dir.join("a.jsonl"), dir.join("b.jsonl"));
        for log in [&a, &b] {
            let o = kassen(&["sim", scenario, "--seed", "3", "--log", p(log)]);
            assert!(o.status.success(), "{name}: {:?}", text(&o));
            let (out, err) = text(&o);
            assert!(
                !out.contains("stopped at"),
                "{name}: the battle did not end: {out}"
            );
            assert!(
                !err.contains("refused"),
                "{name}: default commands refused: {err}"
            );
        }
        let full = std::fs::read(&a).expect("log a");
        assert!(full.len() > 1000, "{name}: a short log");
        assert_eq!(
            full,
            std::fs::read(&b).expect("log b"),
            "{name}: logs differ"
        );
        let other = dir.join("other.jsonl");
        assert!(
            kassen(&["sim", scenario, "--seed", "4", "--log", p(&other)])
                .status
                .success()
        );
        assert_ne!(
            full,
            std::fs::read(&other).expect("log"),
            "{name}: the seed changes nothing"
        );
        // Stop after two turns, save, check the save, continue from it.
        let save = dir.join("turn2.ron");
        let o = kassen(&[
            "sim",
            scenario,
            "--seed",
            "3",
            "--turns",
            "2",
            "--save",
            p(&save),
        ]);
        assert!(o.status.success(), "{name}: {:?}", text(&o));
        assert!(
            text(&o).0.contains("stopped at Turn 3"),
            "{name}: {:?}",
            text(&o)
        );
        let o = kassen(&["check", p(&save)]);
        assert!(
            o.status.success() && text(&o).0.contains("save of"),
            "{name}: {:?}",
            text(&o)
        );
        let cont = dir.join("continued.jsonl");
        let o = kassen(&["sim", p(&save), "--log", p(&cont)]);
        assert!(o.status.success(), "{name}: {:?}", text(&o));
        assert_eq!(
            full,
            std::fs::read(&cont).expect("continued"),
            "{name}: save and continue differs"
        );
        let o = kassen(&["check", scenario]);
        assert!(
            o.status.success() && text(&o).0.contains("ok (scenario"),
            "{name}: {:?}",
            text(&o)
        );
    }
}

#[test]
fn broken_table_scenarios_give_a_clear_error_with_position_and_no_panic() {
    let base = std::fs::read_to_string(WARSTRIKE).expect("scenario");
    let dir = tmp("broken-table");
    let first_area = base.find("points:").expect("an area");
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "truncated",
            // Cut inside the unit list: the file ends in the middle of it.
            base[..base.find("(id: 12").expect("a unit 12")].to_string(),
            "Unexpected end",
        ),
        (
            "unknown field",
            base.replacen("turn_limit:", "turn_limitt:", 1),
            "turn_limitt",
        ),
        (
            "unknown unit type",
            base.replacen("unit_type: \"laansguard\"", "unit_type: \"laansguardz\"", 1),
            "unknown unit type \"laansguardz\"",
        ),
        (
            "concave area",
            {
                let open = first_area + base[first_area..].find('[').expect("[");
                let close = open + base[open..].find(']').expect("]");
                format!(
                    "{}[(1.0, 1.0), (5.0, 1.0), (5.0, 2.0), (2.0, 2.0), (2.0, 5.0), (1.0, 5.0)]{}",
                    &base[..open],
                    &base[close + 1..]
                )
            },
            "is not a convex polygon",
        ),
        (
            "off the table",
            base.replacen("width: 48.0", "width: 20.0", 1),
            "table",
        ),
        (
            "wrong ruleset",
            base.replacen("ruleset: \"warstrike\"", "ruleset: \"warstrik\"", 1),
            "unknown ruleset",
        ),
    ];
    for (what, text_in, expect) in cases {
        let f = dir.join(format!("{}.ron", what.replace(' ', "_")));
        std::fs::write(&f, &text_in).expect("write");
        for cmd in ["check", "sim"] {
            let o = kassen(&[cmd, p(&f)]);
            let (_, err) = text(&o);
            assert_eq!(o.status.code(), Some(1), "{what} ({cmd}): {err}");
            assert!(!err.contains("panicked"), "{what} ({cmd}) panicked: {err}");
            let file = p(&f);
            assert!(
                err.contains(&format!("{file}:")),
                "{what}: no position in {err}"
            );
            assert!(err.contains(expect), "{what}: expected {expect:?} in {err}");
        }
    }
}

#[test]
fn the_app_refuses_a_bad_players_flag_and_a_bad_demo_file_clearly() {
    let o = kassen(&[DEFAULT, "--players", "human,wizard"]);
    assert!(!o.status.success());
    let (_, err) = text(&o);
    assert!(err.contains("unknown player \"wizard\""), "{err}");
    let o = kassen(&["sim", DEFAULT, "--players", "human,normal"]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("for the app"), "{:?}", text(&o));
    let dir = tmp("demo-config");
    let bad = dir.join("demo.ron");
    std::fs::write(
        &bad,
        "(idle_seconds: 90, attract: (Easy, Easy),\n pace_ms: \"fast\")",
    )
    .expect("write");
    let o = kassen(&["--demo", "--demo-config", p(&bad)]);
    assert!(!o.status.success());
    let (_, err) = text(&o);
    assert!(err.contains("demo.ron:2:"), "no position in {err}");
    let o = kassen(&["--demo", "--idle-seconds", "1"]);
    assert!(!o.status.success());
    assert!(text(&o).1.contains("at least 5"), "{:?}", text(&o));
}

#[test]
fn loaded_dice_are_checked_against_the_module_s_die() {
    // A 7 is a d20 face but not a d6 face: WarStrike refuses it, clearly.
    let o = kassen(&["sim", WARSTRIKE, "--dice", "7", "--turns", "1"]);
    assert_eq!(o.status.code(), Some(1), "{:?}", text(&o));
    let (_, err) = text(&o);
    assert!(
        err.contains("--dice: 7 is not a face of the WarStrike d6 (1-6)"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    let o = kassen(&["sim", WARSTRIKE, "--dice", "6,1", "--turns", "1"]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = kassen(&["sim", DEFAULT, "--dice", "21"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o).1.contains("d20"), "{:?}", text(&o));
}

#[test]
fn check_replays_a_save_and_names_a_tampered_command() {
    let dir = tmp("tamper");
    let save = dir.join("save.ron");
    let o = kassen(&[
        "sim",
        DEFAULT,
        "--seed",
        "4",
        "--turns",
        "2",
        "--save",
        p(&save),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let o = kassen(&["check", p(&save)]);
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(
        text(&o).0.contains("commands replayed and verified"),
        "{:?}",
        text(&o)
    );
    // Change one die: the journal's dice count after the first command that rolled.
    let good = std::fs::read_to_string(&save).expect("save");
    let (at, n) = good
        .match_indices("dice: ")
        .filter_map(|(i, m)| {
            let rest = &good[i + m.len()..];
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            let n: u64 = digits.parse().ok()?;
            (n > 0 && rest[digits.len()..].starts_with(',')).then_some((i, digits))
        })
        .next()
        .expect("a roll in the journal");
    let more: u64 = n.parse::<u64>().expect("count") + 1;
    let cut = at + "dice: ".len() + n.len();
    let bad = format!("{}dice: {more}{}", &good[..at], &good[cut..]);
    let tampered = dir.join("tampered.ron");
    std::fs::write(&tampered, bad).expect("write");
    for cmd in ["check", "sim"] {
        let o = kassen(&[cmd, p(&tampered)]);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{cmd}: {err}");
        assert!(
            err.contains("of the journal (turn ") && err.contains("diverges"),
            "{cmd}: {err}"
        );
        assert!(!err.contains("panicked"));
    }
}

/// Kills `kassen sim --autosave` with SIGKILL at 20 moments spread over a
/// run: each kill comes once the autosave has grown to a set share of its
/// final size (plus a short set wait, so some land amid a write), which
/// does not hang on how fast the machine is. Each time the autosave must
/// load (never torn) and play on to the same final log as an unbroken game
/// with the same seed.
#[test]
fn a_killed_sim_leaves_an_autosave_that_plays_on_identically() {
    let dir = tmp("sigkill");
    let scenarios = [
        ("sba", DEFAULT),
        ("warstrike", WARSTRIKE),
        ("clan_war", CLAN_WAR),
    ];
    let mut full = Vec::new();
    for (name, scenario) in scenarios {
        let log = dir.join(format!("{name}-full.jsonl"));
        let auto = dir.join(format!("{name}-unbroken"));
        let o = kassen(&[
            "sim",
            scenario,
            "--seed",
            "9",
            "--log",
            p(&log),
            "--autosave",
            p(&auto),
        ]);
        assert!(o.status.success(), "{:?}", text(&o));
        let last = std::fs::read(auto.join("autosave.ron")).expect("final autosave");
        full.push((std::fs::read(&log).expect("full log"), last));
    }
    let (mut kills, mut mid_game) = (0, 0);
    for attempt in 0..200u64 {
        if kills == 20 {
            break;
        }
        let (name, scenario) = scenarios[(attempt % 3) as usize];
        let (log, last) = &full[(attempt % 3) as usize];
        // A fixed spread of moments (a Weyl sequence): the same every time.
        let frac = ((attempt * 618_034 + 100_000) % 1_000_000) as f64 / 1e6;
        let auto = dir.join(format!("{name}-{attempt}"));
        let save = auto.join("autosave.ron");
        let mut child = Command::new(BIN)
            .args(["sim", scenario, "--seed", "9", "--autosave", p(&auto)])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("spawn");
        // The autosave only grows (appends); wait until it holds `frac` of
        // its final length, or the run ends, then a set 0-2 ms more.
        let target = (last.len() as f64 * frac) as u64;
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
        while std::time::Instant::now() < deadline
            && matches!(child.try_wait(), Ok(None))
            && std::fs::metadata(&save).map_or(true, |m| m.len() < target)
        {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        std::thread::sleep(std::time::Duration::from_micros(attempt * 37 % 2000));
        let _ = child.kill(); // SIGKILL on Unix
        let _ = child.wait();
        let Ok(bytes) = std::fs::read(&save) else {
            continue; // killed before its first autosave
        };
        kills += 1;
        if &bytes != last {
            mid_game += 1;
        }
        let o = kassen(&["check", p(&save)]);
        assert!(
            o.status.success(),
            "{name} kill {attempt}: a torn autosave: {:?}",
            text(&o)
        );
        let cont = dir.join(format!("{name}-{attempt}.jsonl"));
        let o = kassen(&["sim", p(&save), "--log", p(&cont)]);
        assert!(o.status.success(), "{:?}", text(&o));
        assert_eq!(
            &std::fs::read(&cont).expect("continued"),
            log,
            "{name} kill {attempt}: the resumed game differs"
        );
    }
    assert_eq!(kills, 20, "only {kills} kills left an autosave");
    assert!(mid_game >= 10, "only {mid_game} of 20 kills came mid-game");
}

/// Issue 35: `kassen campaign` killed with SIGKILL at moments spread over a
/// whole Genpei War, then `--resume`d from its autosave (killed again, and
/// resumed again, until it ends), prints the same results and standing as
/// an unbroken run.
#[test]
fn a_killed_campaign_resumes_from_its_autosave_to_the_same_result() {
    let dir = tmp("campaign-kill");
    let campaign = concat!(env!("CARGO_MANIFEST_DIR"), "/campaigns/genpei_war.ron");
    let results = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("battle ") || l.contains("the campaign"))
            .map(str::to_string)
            .collect()
    };
    let whole = dir.join("whole.ron");
    let t0 = std::time::Instant::now();
    let o = kassen(&["campaign", campaign, "--autosave", p(&whole)]);
    assert!(o.status.success(), "{:?}", text(&o));
    let run = t0.elapsed();
    let want = results(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(want.len(), 8, "seven battles and the standing: {want:?}");
    let mut killed = 0;
    for attempt in 0..4u64 {
        let auto = dir.join(format!("run-{attempt}.ron"));
        let mut lines = Vec::new();
        let mut first = true;
        // Killed three times at a spread of moments (begun again when no
        // progress was saved yet, else resumed), then run to its end.
        for round in 0..20u64 {
            let mut cmd = Command::new(BIN);
            if first {
                cmd.args(["campaign", campaign, "--autosave", p(&auto)]);
            } else {
                cmd.args(["campaign", "--resume", p(&auto)]);
            }
            let frac = ((attempt * 7 + round) * 618_034 % 1_000_000) as f64 / 1e6;
            if round < 3 {
                let mut child = cmd
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::null())
                    .spawn()
                    .expect("spawn");
                std::thread::sleep(run.mul_f64(0.2 + 0.5 * frac));
                let _ = child.kill(); // SIGKILL on Unix
                let out = child.wait_with_output().expect("waits");
                if out.status.success() {
                    lines.extend(results(&String::from_utf8_lossy(&out.stdout)));
                    break;
                }
                killed += 1;
                lines.extend(results(&String::from_utf8_lossy(&out.stdout)));
                first = !auto.is_file();
                continue;
            }
            let out = cmd.output().expect("runs");
            assert!(out.status.success(), "{:?}", text(&out));
            lines.extend(results(&String::from_utf8_lossy(&out.stdout)));
            break;
        }
        // A battle's line printed before a kill may come again after the
        // resume only if its result was not yet saved: keep the last of each.
        let mut last: Vec<String> = Vec::new();
        for l in lines {
            let key = l.split(':').next().unwrap_or("").to_string();
            last.retain(|x| x.split(':').next().unwrap_or("") != key);
            last.push(l);
        }
        assert_eq!(
            last, want,
            "attempt {attempt}: the resumed campaign differs"
        );
    }
    assert!(killed >= 4, "only {killed} kills landed");
}
