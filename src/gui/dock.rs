//! The dock beside the board: the rules tables in play (such as RAN's
//! Shock Results, Weapons and Fire tables), the Legend and the F1
//! shortcuts, one page at a time, under the unit card in its column. So no
//! window the game opens lies over the board: the board keeps its area, and
//! the dock takes the card's column, which is always there.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy_egui::egui;
use egui::{Color32, RichText};

use crate::engine::board::HexBoard;
use crate::engine::table::Table;
use crate::engine::view::TableView;
use crate::t;

use super::keyboard::{ShortcutsOpen, keys_body};
use super::legend::{LegendOpen, LegendRows, legend_sections};
use super::state::RulesOpen;
use super::widgets::{DIM, rule_link, shown};
use super::windows::ClosedTables;

/// A page of the dock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DockPage {
    /// A rules table in play, by its title.
    Table(String),
    /// The Legend: the board's terrain, or the table's areas.
    Legend,
    /// The keyboard shortcuts (F1).
    Keys,
}

/// Which page the dock shows, and the pages it had last frame.
#[derive(Resource, Clone, Debug, Default)]
pub struct Dock {
    /// The page shown; `None` while there is none.
    pub page: Option<DockPage>,
    known: Vec<DockPage>,
}

impl Dock {
    /// Picks the page to show from `pages` (in tab order): a page that was
    /// not there last frame is shown at once (the player opened it, or a
    /// new table came into play); else the page shown stays while it is
    /// there; else the first. `None` when there is no page.
    pub fn choose(&mut self, pages: &[DockPage]) -> Option<DockPage> {
        if let Some(fresh) = pages.iter().find(|p| !self.known.contains(p)) {
            self.page = Some(fresh.clone());
        }
        if self.known != pages {
            self.known = pages.to_vec();
        }
        if self.page.as_ref().is_none_or(|p| !pages.contains(p)) {
            self.page = pages.first().cloned();
        }
        self.page.clone()
    }
}

/// What the dock reads and changes (each optional: a headless app may
/// have none of the features).
#[derive(SystemParam)]
pub struct DockParts<'w> {
    dock: Option<ResMut<'w, Dock>>,
    /// The Legend's toggle (the top bar's *Legend*).
    pub legend: Option<ResMut<'w, LegendOpen>>,
    keys: Option<ResMut<'w, ShortcutsOpen>>,
    closed: Option<ResMut<'w, ClosedTables>>,
    board: Option<Res<'w, HexBoard>>,
    table: Option<Res<'w, Table>>,
}

impl DockParts<'_> {
    /// The pages open now, in tab order: the tables of `tables` the player
    /// has not closed, then the Legend and the shortcuts if open.
    fn pages(&self, tables: &[TableView]) -> Vec<DockPage> {
        let closed = |t: &TableView| self.closed.as_ref().is_some_and(|c| c.0.contains(t));
        let mut out: Vec<DockPage> = tables
            .iter()
            .filter(|t| !closed(t))
            .map(|t| DockPage::Table(t.title.clone()))
            .collect();
        if self.legend.as_ref().is_some_and(|l| l.0) {
            out.push(DockPage::Legend);
        }
        if self.keys.as_ref().is_some_and(|k| k.0) {
            out.push(DockPage::Keys);
        }
        out
    }

    /// Whether the dock has a page to show for `tables`.
    pub fn any(&self, tables: &[TableView]) -> bool {
        !self.pages(tables).is_empty()
    }

    /// Closes `page`: a table stays closed until it changes; the Legend
    /// and the shortcuts are switched off.
    fn close(&mut self, page: &DockPage, tables: &[TableView]) {
        match page {
            DockPage::Table(title) => {
                if let (Some(closed), Some(t)) = (
                    self.closed.as_mut(),
                    tables.iter().find(|t| &t.title == title),
                ) {
                    // Only the recent closes matter: a later shock's
                    // tables differ.
                    if closed.0.len() >= 16 {
                        closed.0.remove(0);
                    }
                    closed.0.push(t.clone());
                }
            }
            DockPage::Legend => {
                if let Some(l) = self.legend.as_mut() {
                    l.0 = false;
                }
            }
            DockPage::Keys => {
                if let Some(k) = self.keys.as_mut() {
                    k.0 = false;
                }
            }
        }
    }
}

/// A table cell's text size (points): RAN's Shock Results Table, eleven
/// columns of four characters, fits the card's column at its narrowest.
const CELL_TEXT: f32 = 10.0;

/// A tab's widest (points): a longer name is cut short, whole on hover.
const TAB_WIDTH: f32 = 150.0;

/// A page's tab name: a table's title, cut short in the tab.
fn tab_name(page: &DockPage) -> String {
    match page {
        DockPage::Table(title) => shown(title),
        DockPage::Legend => t!("title-legend"),
        DockPage::Keys => t!("play-shortcuts-title"),
    }
}

/// The dock at the foot of the unit card's column, if it has a page:
/// a tab for each page, the page shown, and a button to close it.
/// `screenshot` opens a folded table.
pub(crate) fn dock_view(
    ui: &mut egui::Ui,
    parts: &mut DockParts,
    tables: &[TableView],
    (rules, screenshot): (&mut RulesOpen, bool),
) {
    let pages = parts.pages(tables);
    let Some(dock) = parts.dock.as_mut() else {
        return;
    };
    let Some(page) = dock.choose(&pages) else {
        return;
    };
    let height = ui.available_height() * 0.6;
    egui::Panel::bottom("dock")
        .resizable(true)
        .default_size(height)
        .show(ui, |ui| {
            let mut close = false;
            let mut pick = None;
            ui.horizontal_wrapped(|ui| {
                for p in &pages {
                    let name = tab_name(p);
                    let label = ui
                        .scope(|ui| {
                            ui.set_max_width(TAB_WIDTH);
                            ui.add(
                                egui::Button::selectable(*p == page, RichText::new(&name).small())
                                    .truncate(),
                            )
                        })
                        .inner;
                    if label.on_hover_text(&name).clicked() {
                        pick = Some(p.clone());
                    }
                }
                close = ui
                    .small_button("×")
                    .on_hover_text(t!("panels-dock-close"))
                    .clicked();
            });
            ui.separator();
            // A table scrolls both ways; the words wrap to the column.
            let scroll = match page {
                DockPage::Table(_) => egui::ScrollArea::both(),
                _ => egui::ScrollArea::vertical(),
            };
            let width = ui.available_width() - ui.spacing().scroll.bar_width;
            scroll
                .id_salt("dock_scroll")
                .auto_shrink([false, false])
                .show(ui, |ui| match &page {
                    DockPage::Table(title) => {
                        if let Some((i, t)) =
                            tables.iter().enumerate().find(|(_, t)| &t.title == title)
                        {
                            table_body(ui, rules, t, (i, width, screenshot));
                        }
                    }
                    DockPage::Legend => {
                        let (sections, footer) =
                            legend_sections(parts.board.as_deref(), parts.table.as_deref());
                        legend_body(ui, &sections, &footer);
                    }
                    DockPage::Keys => keys_body(ui),
                });
            if let Some(p) = pick
                && let Some(d) = parts.dock.as_mut()
            {
                d.page = Some(p);
            }
            if close {
                parts.close(&page, tables);
            }
        });
}

/// A rules table: its rule, the note and the steps with their rule IDs,
/// then every cell (the row and column in play tinted, the rolled cell
/// strong), the words wrapped to `width` points (the grid may scroll
/// wider, and the rolled cell is scrolled into view). A result already applied shows its grid folded, unless
/// `screenshot`.
fn table_body(
    ui: &mut egui::Ui,
    rules: &mut RulesOpen,
    t: &TableView,
    (i, width, screenshot): (usize, f32, bool),
) {
    let hot = Color32::from_rgb(200, 150, 40);
    let lit = Color32::from_rgba_unmultiplied(200, 150, 40, 70);
    ui.set_max_width(width);
    ui.horizontal(|ui| {
        ui.label(t!("panels-table-rule"));
        rule_link(ui, rules, &t.rule);
    });
    if !t.note.is_empty() {
        ui.label(RichText::new(shown(&t.note)).strong());
    }
    // The steps before the grid: it may be wider than the column.
    for (name, v, rule) in &t.steps {
        ui.horizontal_wrapped(|ui| {
            ui.label(shown(&format!("{v} {name}")));
            rule_link(ui, rules, rule);
        });
    }
    // The rolled cell is scrolled into view once, when it first shows.
    let seen = egui::Id::new(("rules table cell seen", &t.title, t.cell));
    let grid = |ui: &mut egui::Ui| {
        egui::Grid::new(("rules table grid", i))
            .striped(true)
            .spacing(egui::vec2(6.0, 1.0))
            .min_col_width(0.0)
            .show(ui, |ui| {
                let cell = |s: &str| RichText::new(shown(s)).monospace().size(CELL_TEXT);
                ui.label(cell(&t.corner).strong());
                for (c, h) in t.columns.iter().enumerate() {
                    let mut r = cell(h).strong();
                    if t.column == Some(c) {
                        r = r.background_color(lit);
                    }
                    ui.label(r);
                }
                ui.end_row();
                for (ri, (head, cells)) in t.rows.iter().enumerate() {
                    let on_row = t.row == Some(ri);
                    let mut h = cell(head).strong();
                    if on_row {
                        h = h.background_color(lit);
                    }
                    ui.label(h);
                    for (ci, c) in cells.iter().enumerate() {
                        let mut r = cell(c);
                        let rolled = t.cell == Some((ri, ci));
                        if rolled {
                            r = r.background_color(hot).color(Color32::BLACK).strong();
                        } else if on_row || t.column == Some(ci) {
                            r = r.background_color(lit);
                        }
                        let shown = ui.label(r);
                        if rolled && !ui.data(|d| d.get_temp::<bool>(seen).unwrap_or(false)) {
                            shown.scroll_to_me(Some(egui::Align::Center));
                            ui.data_mut(|d| d.insert_temp(seen, true));
                        }
                    }
                    ui.end_row();
                }
            });
    };
    egui::CollapsingHeader::new(t!("panels-dock-table-cells"))
        .id_salt(("rules table cells", i, t.folded))
        .default_open(!t.folded || screenshot)
        .show(ui, grid);
}

/// The Legend's rows under their headings, then `footer`.
fn legend_body(ui: &mut egui::Ui, sections: &[(String, LegendRows)], footer: &str) {
    for (heading, rows) in sections.iter().filter(|(_, r)| !r.is_empty()) {
        ui.label(RichText::new(heading.as_str()).strong());
        for (n, e) in rows {
            ui.label(format!("{n}: {e}"));
        }
    }
    ui.label(RichText::new(footer).small().color(DIM));
}

/// The dock's page choice.
pub struct DockPlugin;

impl Plugin for DockPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Dock>();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(t: &str) -> DockPage {
        DockPage::Table(t.into())
    }

    #[test]
    fn a_page_opened_is_shown_at_once_and_the_shown_page_stays_while_it_is_there() {
        let mut d = Dock::default();
        assert_eq!(d.choose(&[]), None);
        // A table comes into play: shown.
        assert_eq!(d.choose(&[table("CRT")]), Some(table("CRT")));
        // The Legend is opened: shown over the table.
        let both = [table("CRT"), DockPage::Legend];
        assert_eq!(d.choose(&both), Some(DockPage::Legend));
        // The player picks the table's tab: it stays.
        d.page = Some(table("CRT"));
        assert_eq!(d.choose(&both), Some(table("CRT")));
        assert_eq!(d.choose(&both), Some(table("CRT")));
        // A second table comes into play: shown.
        let three = [table("CRT"), table("Weapons"), DockPage::Legend];
        assert_eq!(d.choose(&three), Some(table("Weapons")));
        // The table shown goes out of play: the first page left.
        assert_eq!(
            d.choose(&[table("CRT"), DockPage::Legend]),
            Some(table("CRT"))
        );
        // Everything closed: nothing.
        assert_eq!(d.choose(&[]), None);
        assert_eq!(d.page, None);
    }
}
