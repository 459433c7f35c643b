//! The checks and edits behind [`ScenarioDoc::apply`] that place, move,
//! rename and resize: the board's bounds, a free spot for a piece, a side's
//! new name carried to its pieces, and a resized board.

use super::*;

impl ScenarioDoc {
    /// The board, with `hex` checked to be on it.
    pub(super) fn board_with(&self, hex: Offset) -> Result<BoardSpec, String> {
        let b = self.board()?;
        if !(0..b.columns).contains(&hex.0) || !(0..b.rows).contains(&hex.1) {
            return Err(t!(
                "editor-refuse-hex-off-sized-board",
                hex = format!("{hex:?}"),
                columns = b.columns,
                rows = b.rows
            ));
        }
        Ok(b)
    }

    /// `at` is on the board or table, and (on a hex board) not taken by
    /// another piece than `moving`.
    pub(super) fn check_at(&self, at: At, moving: Option<u32>, list: &str) -> Result<(), String> {
        match at {
            At::Hex(h) => {
                self.board_with(h)?;
                // A leader may stand with a unit, not with another leader;
                // a unit not with another unit.
                if let Some(p) = self
                    .pieces_at(h)
                    .into_iter()
                    .find(|p| p.list == list && Some(p.id) != moving)
                {
                    return Err(t!(
                        "editor-refuse-hex-taken",
                        hex = format!("{h:?}"),
                        id = p.id
                    ));
                }
            }
            At::Table(x, y) => {
                let t = self.table()?;
                if !(0.0..=t.width).contains(&x) || !(0.0..=t.depth).contains(&y) {
                    return Err(t!(
                        "editor-refuse-off-table",
                        x = format!("{x:.1}"),
                        y = format!("{y:.1}")
                    ));
                }
            }
        }
        Ok(())
    }

    pub(super) fn edit_piece(
        &mut self,
        id: u32,
        f: impl FnOnce(&mut Piece) -> Result<(), String>,
    ) -> Result<(), String> {
        let mut pieces = self.pieces()?;
        let p = pieces
            .iter_mut()
            .find(|p| p.id == id)
            .ok_or_else(|| t!("editor-refuse-no-piece", id = id))?;
        f(p)?;
        self.set_pieces(&pieces);
        Ok(())
    }

    pub(super) fn place(
        &mut self,
        palette: &EditorPalette,
        side: u8,
        unit_type: &str,
        at: At,
    ) -> Result<(), String> {
        let sides = self.sides()?;
        let s = sides
            .get(usize::from(side))
            .ok_or_else(|| t!("editor-refuse-no-side", side = side))?;
        let name = palette
            .unit_types
            .iter()
            .find(|(k, _)| k == unit_type)
            .map(|(_, n)| n.clone())
            .ok_or_else(|| t!("editor-refuse-no-unit-type", unit_type = unit_type))?;
        self.check_at(at, None, "units")?;
        let mut pieces = self.pieces()?;
        let id = pieces
            .iter()
            .map(|p| p.id)
            .max()
            .unwrap_or(0)
            .checked_add(1)
            .ok_or_else(|| t!("editor-refuse-no-id-left"))?;
        let kin = pieces
            .iter()
            .find(|p| p.list == "units" && p.side == s.name)
            .cloned();
        let mut fields = vec![
            ("id".to_string(), id.to_string()),
            ("side".to_string(), quote(&s.name)),
            ("unit_type".to_string(), quote(unit_type)),
            ("name".to_string(), quote(&name)),
            ("at".to_string(), at.ron()),
        ];
        let facing = kin
            .as_ref()
            .and_then(|k| field(&k.fields, "facing").map(str::to_string))
            .or_else(|| match palette.facing {
                FacingKind::None => None,
                FacingKind::Hexside => Some(
                    match s.edge {
                        BoardEdge::North => "South",
                        _ => "North",
                    }
                    .to_string(),
                ),
                FacingKind::Degrees => Some(
                    match s.edge {
                        BoardEdge::North => "180.0",
                        _ => "0.0",
                    }
                    .to_string(),
                ),
            });
        if let Some(f) = facing {
            fields.push(("facing".to_string(), f));
        }
        if let Some(k) = kin {
            let flags: Vec<&str> = palette.flags.iter().map(|f| f.field.as_str()).collect();
            for (key, value) in &k.fields {
                if !OWN_FIELDS.contains(&key.as_str()) && !flags.contains(&key.as_str()) {
                    fields.push((key.clone(), value.clone()));
                }
            }
        }
        pieces.push(Piece {
            list: "units",
            id,
            side: s.name.clone(),
            unit_type: unit_type.to_string(),
            name: Some(name),
            at: Some(at),
            fields,
        });
        self.set_pieces(&pieces);
        Ok(())
    }

    pub(super) fn rename_side(&mut self, side: u8, name: &str) -> Result<(), String> {
        let mut sides = self.sides()?;
        let name = name.trim();
        if name.is_empty() {
            return Err(t!("editor-refuse-side-name"));
        }
        let i = usize::from(side);
        let old = sides
            .get(i)
            .ok_or_else(|| t!("editor-refuse-no-side", side = side))?
            .name
            .clone();
        if sides
            .iter()
            .enumerate()
            .any(|(j, s)| j != i && s.name == name)
        {
            return Err(t!("editor-refuse-side-taken", name = name));
        }
        sides[i].name = name.to_string();
        // One side per line, as a person writes them.
        let one: Vec<String> = sides
            .iter()
            .map(|s| ron::to_string(s).unwrap_or_default())
            .collect();
        set_field(&mut self.fields, "sides", format!("[{}]", one.join(", ")));
        let mut pieces = self.pieces()?;
        for p in pieces.iter_mut().filter(|p| p.side == old) {
            p.side = name.to_string();
            set_field(&mut p.fields, "side", quote(name));
        }
        self.set_pieces(&pieces);
        // Other fields that name sides (Genpei's command ships, Clan War's
        // armies), at any depth.
        let (from, to) = (
            format!("side: {}", quote(&old)),
            format!("side: {}", quote(name)),
        );
        for (k, v) in &mut self.fields {
            if !["units", "leaders", "sides"].contains(&k.as_str()) {
                *v = v.replace(&from, &to);
            }
        }
        Ok(())
    }

    pub(super) fn resize(&mut self, columns: i32, rows: i32) -> Result<(), String> {
        if !(4..=64).contains(&columns) || !(4..=64).contains(&rows) {
            return Err(t!(
                "editor-refuse-board-size",
                columns = columns,
                rows = rows
            ));
        }
        let mut b = self.board()?;
        b.columns = columns;
        b.rows = rows;
        let on = |h: &Offset| h.0 < columns && h.1 < rows;
        for p in &mut b.terrain {
            p.hexes.retain(on);
        }
        b.terrain.retain(|p| !p.hexes.is_empty());
        for p in &mut b.elevation {
            p.hexes.retain(on);
        }
        b.elevation.retain(|p| !p.hexes.is_empty());
        b.hexsides.retain(|x| on(&x.between.0) && on(&x.between.1));
        set_field(&mut self.fields, "board", ron_text(&b));
        let mut pieces = self.pieces()?;
        // Only what fell off moves, onto the edge, a unit to a hex no other
        // unit holds (a leader may stand with a unit).
        let mut taken: Vec<Offset> = pieces
            .iter()
            .filter(|p| p.list == "units")
            .filter_map(|p| match p.at {
                Some(At::Hex(h)) if on(&h) => Some(h),
                _ => None,
            })
            .collect();
        for p in &mut pieces {
            let Some(At::Hex(h)) = p.at else { continue };
            if on(&h) {
                continue;
            }
            let edge = (h.0.min(columns - 1), h.1.min(rows - 1));
            let to = if p.list == "units" {
                // Along the edge row, then inwards, the first hex free.
                (0..rows)
                    .rev()
                    .flat_map(|r| (0..columns).rev().map(move |c| (c, r)))
                    .min_by_key(|x| {
                        (
                            taken.contains(x),
                            (x.0 - edge.0).abs() + (x.1 - edge.1).abs(),
                        )
                    })
                    .unwrap_or(edge)
            } else {
                edge
            };
            if p.list == "units" {
                taken.push(to);
            }
            p.at = Some(At::Hex(to));
            set_field(&mut p.fields, "at", At::Hex(to).ron());
        }
        self.set_pieces(&pieces);
        Ok(())
    }
}
