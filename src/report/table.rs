//! The terminal format: the summary, category and task grids drawn with
//! comfy-table, numbers right-aligned, wrapped to the terminal's width
//! when there is one.

use comfy_table::presets::UTF8_FULL_CONDENSED;
use comfy_table::{Cell, CellAlignment, ContentArrangement, Table};

use super::grid::{self, Grid};
use super::model::{criteria_legend, Report};
use super::Exporter;

pub struct TableExporter;

impl Exporter for TableExporter {
    fn export(&self, report: &Report) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        if let Some(mismatch) = &report.mismatch {
            out.push_str(&format!(
                "warning: the runs' task suites differ: {mismatch}\n\n"
            ));
        }
        for (title, grid) in [
            ("Summary", grid::summary(report)),
            ("Categories", grid::categories(report)),
            ("Tasks", grid::tasks(report)),
        ] {
            out.push_str(&format!("{title}\n{}\n\n", draw(&grid)));
        }
        if !report.is_comparison() {
            out.push_str(&format!("criteria: {}\n", criteria_legend()));
        }
        Ok(out.into_bytes())
    }
}

fn draw(grid: &Grid) -> Table {
    let mut table = Table::new();
    table
        .load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(grid.headers.iter().map(Cell::new));
    for row in &grid.rows {
        table.add_row(row.iter().zip(&grid.numeric).map(|(text, numeric)| {
            let alignment = if *numeric {
                CellAlignment::Right
            } else {
                CellAlignment::Left
            };
            Cell::new(text).set_alignment(alignment)
        }));
    }
    table
}
