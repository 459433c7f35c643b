//! The report as one self-contained HTML page: its plots drawn as inline
//! SVG by plotters, its luck sentences and key moments as text, and no
//! file, script or font from elsewhere (`kassen report SAVE --out FILE`).

use plotters::prelude::*;

use super::Report;
use super::series::{Line, eval_lines, strength_lines, victory_lines};
use crate::t;

/// A plot's size in SVG pixels (width, height).
const PLOT: (u32, u32) = (720, 300);

/// The page for `r`.
///
/// # Errors
/// A plot that cannot be drawn (a bug), as a sentence.
pub fn page(r: &Report) -> Result<String, String> {
    let mut body = String::new();
    body.push_str(&format!(
        "<h1>{}</h1>\n<p class=\"sub\">{} · {}</p>\n",
        esc(&r.title),
        esc(&r.system),
        esc(&t!("report-commands", n = r.commands))
    ));
    if let Some(o) = &r.outcome {
        body.push_str(&format!("<p class=\"result\">{}</p>\n", esc(o)));
    }
    body.push_str(&format!("<h2>{}</h2>\n", esc(&t!("report-strength"))));
    body.push_str(&plot(r, &strength_lines(r), None)?);
    body.push_str(&format!("<h2>{}</h2>\n", esc(&t!("report-tracks"))));
    body.push_str(&plot(r, &victory_lines(r), None)?);
    body.push_str(&format!("<h2>{}</h2>\n", esc(&t!("report-eval"))));
    body.push_str(&plot(r, &eval_lines(r), Some((0.0, 100.0)))?);
    body.push_str(&format!(
        "<h2>{}</h2>\n<ul>\n",
        esc(&t!("report-luck-title"))
    ));
    for s in 0..2 {
        body.push_str(&format!("<li>{}</li>\n", esc(&r.luck_sentence(s))));
    }
    body.push_str("</ul>\n");
    body.push_str(&format!("<h2>{}</h2>\n<ol>\n", esc(&t!("report-moments"))));
    let moments = r.moments();
    if moments.is_empty() {
        body.push_str(&format!("<li>{}</li>\n", esc(&t!("report-no-moments"))));
    }
    for m in moments {
        body.push_str(&format!(
            "<li>{}<br><span class=\"roll\">{}</span></li>\n",
            esc(&m.sentence(&r.sides[0])),
            esc(&m.roll)
        ));
    }
    body.push_str("</ol>\n");
    Ok(format!(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{}</title>\n<style>{STYLE}</style></head>\n<body>\n{body}</body></html>\n",
        esc(&t!("report-page-title", title = r.title.clone()))
    ))
}

/// The page's style sheet.
const STYLE: &str = "body{font-family:sans-serif;max-width:760px;margin:2em auto;color:#222}\
h1{margin-bottom:0}.sub{color:#666;margin-top:.2em}.result{font-weight:bold}\
.roll{color:#555;font-size:90%}svg{display:block;margin:.5em 0}";

/// One plot as an SVG element: the lines over the points (x: the turn
/// each point starts, the last one the end), y over the lines' range or
/// `y_range`.
fn plot(r: &Report, lines: &[Line], y_range: Option<(f64, f64)>) -> Result<String, String> {
    let mut svg = String::new();
    let n = r.points.len().max(2);
    let (lo, hi) = y_range.unwrap_or_else(|| {
        let ys = lines.iter().flat_map(|l| l.points.iter().map(|p| p.1));
        let (lo, hi) = ys.fold((0.0f64, 1.0f64), |(a, b), y| (a.min(y), b.max(y)));
        (lo, hi * 1.1)
    });
    let label = |x: &f64| {
        let i = x.round().max(0.0) as usize;
        match r.points.get(i) {
            Some(_) if i + 1 == r.points.len() && i > 0 => t!("report-end"),
            Some(p) => t!("report-turn", turn = p.turn),
            None => String::new(),
        }
    };
    {
        let root = SVGBackend::with_string(&mut svg, PLOT).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(10)
            .x_label_area_size(30)
            .y_label_area_size(44)
            .build_cartesian_2d(0.0..(n - 1) as f64, lo..hi)
            .map_err(draw_error)?;
        chart
            .configure_mesh()
            .x_labels(n.min(12))
            .x_label_formatter(&label)
            .draw()
            .map_err(draw_error)?;
        for l in lines {
            let [red, g, b] = l.color;
            let color = RGBColor(red, g, b);
            chart
                .draw_series(LineSeries::new(l.points.clone(), color.stroke_width(2)))
                .map_err(draw_error)?
                .label(l.name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], color));
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(svg + "\n")
}

/// A drawing error as a sentence.
fn draw_error(e: impl std::fmt::Display) -> String {
    format!("the report's plot cannot be drawn: {e}")
}

/// `s` with HTML's special characters escaped.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
