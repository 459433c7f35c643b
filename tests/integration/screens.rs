//! The rendered app, checked for real: screenshots of the hex board, the
//! colour-blind palette, the open table with its overlays, and the demo's
//! attract loop (under `xvfb-run` with Mesa's lavapipe; skipped, with the
//! reason on stderr, where no display can be had, unless
//! `KASSEN_REQUIRE_SCREENSHOT=1`).

use super::*;

/// Says why a test skipped, straight to stderr so that `cargo test` shows it
/// without `--nocapture` (the test harness captures only `print!` output).
fn skip(why: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "screenshot test skipped: {why}");
}

/// Reads a PNG as RGBA8 pixels.
fn read_png(path: &Path) -> (u32, u32, Vec<[u8; 4]>) {
    let decoder = png::Decoder::new(std::io::BufReader::new(
        std::fs::File::open(path).expect("png"),
    ));
    let mut reader = decoder.read_info().expect("png info");
    let mut buf = vec![0; reader.output_buffer_size().expect("size")];
    let info = reader.next_frame(&mut buf).expect("frame");
    let px: Vec<[u8; 4]> = match info.color_type {
        png::ColorType::Rgba => buf[..info.buffer_size()]
            .chunks(4)
            .map(|c| [c[0], c[1], c[2], c[3]])
            .collect(),
        png::ColorType::Rgb => buf[..info.buffer_size()]
            .chunks(3)
            .map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, px)
}

/// Whether screenshots are required here (`KASSEN_REQUIRE_SCREENSHOT=1`,
/// as in CI: a failure to render is then a test failure).
fn screenshots_required() -> bool {
    std::env::var("KASSEN_REQUIRE_SCREENSHOT").is_ok_and(|v| v == "1")
}

/// Whether a screenshot test can run: a display, or screenshots required.
/// Says why when it skips.
fn screenshots_possible() -> bool {
    let display =
        std::env::var_os("DISPLAY").is_some() || std::env::var_os("WAYLAND_DISPLAY").is_some();
    if !display && !screenshots_required() {
        skip(
            "no display (run under xvfb-run; KASSEN_REQUIRE_SCREENSHOT=1 turns a skip into a failure)",
        );
        return false;
    }
    true
}

/// Runs the app with what `setup` adds to its command, and waits for it.
/// Under heavy load the X server may fail to take a connection (winit's
/// `XOpenDisplayFailed`, before the app does anything of its own): such a
/// run is tried again, three runs at the most.
fn run_app(setup: impl Fn(&mut Command)) -> Output {
    let run = || {
        let mut c = Command::new(BIN);
        setup(&mut c);
        c.output().expect("run")
    };
    let mut o = run();
    for _ in 1..3 {
        if o.status.success() || !text(&o).1.contains("XOpenDisplayFailed") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_secs(1));
        o = run();
    }
    o
}

/// Renders the app with `args` to the PNG `out`. False (after saying why)
/// when it cannot render here and screenshots are not required; a failure
/// when they are.
fn render(args: &[&str], out: &Path) -> bool {
    if !screenshots_possible() {
        return false;
    }
    // The player's own settings never reach a test.
    let o = run_app(|c| {
        c.env("KASSEN_CONFIG_DIR", tmp("no-settings"))
            .args(args)
            .args(["--screenshot", p(out)]);
    });
    if !o.status.success() || !out.exists() {
        let (_, err) = text(&o);
        assert!(!screenshots_required(), "screenshot failed: {err}");
        skip(&format!(
            "the app could not render here (no Vulkan driver?): {}",
            err.lines().last().unwrap_or("")
        ));
        return false;
    }
    true
}

#[test]
fn screenshot_shows_the_board_and_the_panels() {
    let dir = tmp("screenshot");
    let out = dir.join("shot.png");
    if !render(&["--scenario", DEFAULT], &out) {
        return;
    }
    let (w, h, px) = read_png(&out);
    assert!(w >= 1000 && h >= 700, "{w}x{h}");
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    let distinct: std::collections::HashSet<[u8; 4]> = px.iter().copied().collect();
    assert!(
        distinct.len() > 100,
        "only {} colours: a blank image?",
        distinct.len()
    );
    // The board: open-ground green and the side colours somewhere in the centre.
    let centre: Vec<[u8; 4]> = (h / 4..h * 3 / 4)
        .step_by(3)
        .flat_map(|y| (w / 3..w * 2 / 3).step_by(3).map(move |x| (x, y)))
        .map(|(x, y)| at(x, y))
        .collect();
    let rgb = |c: &[u8; 4]| (i32::from(c[0]), i32::from(c[1]), i32::from(c[2]));
    let greenish = centre
        .iter()
        .map(rgb)
        .filter(|(r, g, b)| *g > r + 20 && *g > b + 20)
        .count();
    assert!(
        greenish * 10 > centre.len(),
        "no terrain in the middle of the view ({greenish} of {})",
        centre.len()
    );
    let red = centre
        .iter()
        .map(rgb)
        .filter(|(r, g, b)| *r > 150 && *g < 70 && *b < 70)
        .count();
    // Counter blue (darkened to stand apart from the red in greyscale),
    // not the lighter blue of streams and lakes.
    let blue = centre
        .iter()
        .map(rgb)
        .filter(|(r, g, b)| *b > 90 && *r < 50 && *g < 80 && *b > g + 40)
        .count();
    assert!(
        red > 0 && blue > 0,
        "no counters of both sides (red {red}, blue {blue})"
    );
    // The panels: egui's dark grey on the left and right edges and in the bottom strip.
    let grey =
        |c: [u8; 4]| c[0].abs_diff(c[1]) < 8 && c[1].abs_diff(c[2]) < 8 && (20..80).contains(&c[0]);
    for (x, y) in [(5, h / 2), (w - 5, h / 2), (w / 2, h - 5)] {
        assert!(grey(at(x, y)), "no panel at ({x}, {y}): {:?}", at(x, y));
    }
    // Text in the panels: light pixels in the left panel.
    let light = (60..h - 260)
        .flat_map(|y| (0..300).map(move |x| (x, y)))
        .filter(|(x, y)| at(*x, *y)[0] > 180)
        .count();
    assert!(light > 200, "no text in the unit card panel");
}

#[test]
fn the_colour_blind_palette_keeps_the_sides_apart_in_greyscale() {
    // With Okabe–Ito picked, the sides' counters differ clearly in
    // lightness, so a greyscale copy tells them apart.
    let dir = tmp("palette");
    std::fs::write(dir.join("settings.ron"), "(palette: OkabeIto)").expect("settings");
    let out = dir.join("shot.png");
    if !screenshots_possible() {
        return;
    }
    let o = run_app(|c| {
        c.env("KASSEN_CONFIG_DIR", &dir)
            .args(["--scenario", DEFAULT, "--screenshot", p(&out)]);
    });
    if !o.status.success() || !out.exists() {
        let (_, err) = text(&o);
        assert!(!screenshots_required(), "screenshot failed: {err}");
        return skip("the app could not render here");
    }
    let (w, h, px) = read_png(&out);
    let luma =
        |c: &[u8; 4]| 0.299 * f64::from(c[0]) + 0.587 * f64::from(c[1]) + 0.114 * f64::from(c[2]);
    let board = (h / 8..h * 3 / 4).flat_map(|y| (w / 4..w * 3 / 4).map(move |x| (x, y)));
    let (mut orange, mut blue) = (Vec::new(), Vec::new());
    for (x, y) in board {
        let c = px[(y * w + x) as usize];
        let (r, g, b) = (i32::from(c[0]), i32::from(c[1]), i32::from(c[2]));
        if r > 200 && (130..190).contains(&g) && b < 40 {
            orange.push(luma(&c));
        } else if r < 30 && (90..140).contains(&g) && b > 150 {
            blue.push(luma(&c));
        }
    }
    assert!(
        orange.len() > 500 && blue.len() > 500,
        "counters of both sides in the palette's colours (orange {}, blue {})",
        orange.len(),
        blue.len()
    );
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (a, b) = (mean(&orange), mean(&blue));
    assert!(
        (a - b).abs() > 50.0,
        "greyscale lightness: {a:.0} and {b:.0} of 255"
    );
}

/// Renders a table battle after `turns` turns of computer play and checks the
/// picture: the table, both sides' bases and the panels.
fn table_screenshot(name: &str, scenario: &str, turns: &str) -> Option<(u32, u32, Vec<[u8; 4]>)> {
    if !screenshots_possible() {
        return None;
    }
    let dir = tmp(&format!("shot-{name}"));
    let save = dir.join("mid.ron");
    let o = kassen(&[
        "sim",
        scenario,
        "--seed",
        "3",
        "--turns",
        turns,
        "--save",
        p(&save),
    ]);
    assert!(o.status.success(), "{:?}", text(&o));
    let out = dir.join("shot.png");
    if !render(&["--scenario", p(&save)], &out) {
        return None;
    }
    let shot = read_png(&out);
    let (w, h, px) = &shot;
    let (w, h) = (*w, *h);
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    let rgb = |c: [u8; 4]| (i32::from(c[0]), i32::from(c[1]), i32::from(c[2]));
    let centre: Vec<(i32, i32, i32)> = (h / 5..h * 3 / 4)
        .step_by(2)
        .flat_map(|y| (w / 3..w - 40).step_by(2).map(move |x| (x, y)))
        .map(|(x, y)| rgb(at(x, y)))
        .collect();
    let table = centre
        .iter()
        .filter(|(r, g, b)| *g > r + 15 && *g > b + 15)
        .count();
    assert!(
        table * 5 > centre.len(),
        "{name}: no table in view ({table} of {})",
        centre.len()
    );
    let grey =
        |c: [u8; 4]| c[0].abs_diff(c[1]) < 8 && c[1].abs_diff(c[2]) < 8 && (20..80).contains(&c[0]);
    for (x, y) in [(5, h / 2), (w / 2, h - 5)] {
        assert!(
            grey(at(x, y)),
            "{name}: no panel at ({x}, {y}): {:?}",
            at(x, y)
        );
    }
    std::fs::copy(
        &out,
        std::env::temp_dir().join(format!("kassen-{name}-latest.png")),
    )
    .ok();
    Some(shot)
}

#[test]
fn table_screenshots_show_the_table_units_and_module_overlays() {
    let Some((w, _, px)) = table_screenshot("clan_war", CLAN_WAR, "1") else {
        return;
    };
    // The honor track: both side colours fill bars in the strip under the top bar.
    let strip: Vec<[u8; 4]> = (30..80)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .map(|(x, y)| px[(y * w + x) as usize])
        .collect();
    let white_marks = strip
        .iter()
        .filter(|c| c[0] > 240 && c[1] > 240 && c[2] > 240)
        .count();
    assert!(
        white_marks > 20,
        "no honor thresholds drawn ({white_marks})"
    );
    // An airborne unit: its light-blue "airborne" badge on the table.
    let h = px.len() as u32 / w;
    let badge = (h / 5..h * 3 / 4)
        .flat_map(|y| (w / 3..w - 40).map(move |x| (x, y)))
        .filter(|(x, y)| {
            let c = px[(y * w + x) as usize];
            (150..205).contains(&c[0]) && (205..245).contains(&c[1]) && c[2] > 240
        })
        .count();
    assert!(badge > 10, "no airborne badge on the table ({badge})");
    let Some((w, h, px)) = table_screenshot("warstrike", WARSTRIKE, "2") else {
        return;
    };
    // Hit-dice: white dice (a solid 4 × 14 strip beside the number) on the table area.
    let white = |x: u32, y: u32| {
        let c = px[(y * w + x) as usize];
        c[0] > 245 && c[1] > 245 && c[2] > 245
    };
    let dice = (h / 10..h * 3 / 4)
        .flat_map(|y| (w / 3..w - 40).map(move |x| (x, y)))
        .filter(|(x, y)| (0..14).all(|dy| (0..4).all(|dx| white(x + dx, y + dy))))
        .count();
    assert!(dice > 0, "no hit-die on the table");
}

#[test]
fn the_demo_renders_its_attract_loop_with_the_banner() {
    let dir = tmp("shot-demo");
    let out = dir.join("demo.png");
    if !render(&["--demo"], &out) {
        return;
    }
    std::fs::copy(&out, std::env::temp_dir().join("kassen-demo-latest.png")).ok();
    let (w, h, px) = read_png(&out);
    // The banner "Touch or click to play" in gold, under the board (over
    // the roll log), where it covers no unit.
    let gold = (h / 2..h)
        .flat_map(|y| (w / 4..w * 3 / 4).map(move |x| (x, y)))
        .filter(|(x, y)| {
            let c = px[(y * w + x) as usize];
            c[0] > 230 && (190..235).contains(&c[1]) && c[2] < 40
        })
        .count();
    assert!(gold > 150, "no banner ({gold} gold pixels)");
    // A game is on the board under it, with its panels.
    let grey =
        |c: [u8; 4]| c[0].abs_diff(c[1]) < 8 && c[1].abs_diff(c[2]) < 8 && (20..80).contains(&c[0]);
    let at = |x: u32, y: u32| px[(y * w + x) as usize];
    for (x, y) in [(5, h / 2), (w / 2, h - 5)] {
        assert!(grey(at(x, y)), "no panel at ({x}, {y}): {:?}", at(x, y));
    }
    // The demo writes no file: not even an autosave (checked through a
    // data directory of its own).
    let data = dir.join("data");
    let o = run_app(|c| {
        c.env("XDG_DATA_HOME", &data)
            .args(["--demo", "--screenshot", p(&dir.join("again.png"))]);
    });
    assert!(o.status.success(), "{:?}", text(&o));
    assert!(!data.exists(), "the demo wrote into its data directory");
}
