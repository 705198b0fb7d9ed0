//! The Markdown format, sized for a GitHub step summary or a pull-request
//! comment: a headline with the total, the summary, category and task
//! tables (GitHub-flavoured pipe tables), no images. Long task tables are
//! folded into a `<details>` block.

use std::fmt::Write as _;

use super::grid::{self, Grid};
use super::model::{criteria_legend, delta, delta_text, score_text, Report};
use super::Exporter;

/// Task tables longer than this are folded.
const FOLD_TASKS_OVER: usize = 30;

pub struct MarkdownExporter;

impl Exporter for MarkdownExporter {
    fn export(&self, report: &Report) -> anyhow::Result<Vec<u8>> {
        let mut out = String::new();
        let _ = writeln!(out, "## mcu report\n\n{}\n", headline(report));
        if let Some(mismatch) = &report.mismatch {
            let _ = writeln!(
                out,
                "> **Warning:** the runs' task suites differ: {}\n",
                escape(&mismatch.to_string())
            );
        }
        let _ = writeln!(out, "### Summary\n\n{}", render(&grid::summary(report)));
        let _ = writeln!(
            out,
            "### Categories\n\n{}",
            render(&grid::categories(report))
        );
        let tasks = grid::tasks(report);
        let _ = writeln!(out, "### Tasks\n");
        if tasks.rows.len() > FOLD_TASKS_OVER {
            let _ = writeln!(
                out,
                "<details><summary>{} tasks</summary>\n\n{}\n</details>\n",
                tasks.rows.len(),
                render(&tasks)
            );
        } else {
            let _ = writeln!(out, "{}", render(&tasks));
        }
        if !report.is_comparison() {
            let _ = writeln!(out, "Criteria: {}.", criteria_legend());
        }
        Ok(out.into_bytes())
    }
}

/// `**Total score: 12.50 / 50.00** (5 tasks: success 1, zero 4)`, or the
/// runs' totals with their deltas.
fn headline(report: &Report) -> String {
    let totals = report.totals();
    let parts: Vec<String> = report
        .runs
        .iter()
        .enumerate()
        .map(|(index, run)| {
            let summary = &run.summary;
            let mut text = format!(
                "**Total score: {} / {}** ({} tasks: {})",
                score_text(summary.total_score),
                score_text(summary.total_max_score),
                run.tasks.len(),
                summary.statuses.describe()
            );
            if report.is_comparison() {
                text = format!("`{}`: {text}", summary.label);
                if index > 0 {
                    text.push_str(&format!(", Δ {}", delta_text(delta(&totals, index))));
                }
            }
            text
        })
        .collect();
    parts.join("  \n")
}

fn render(grid: &Grid) -> String {
    let mut out = String::new();
    let header: Vec<String> = grid.headers.iter().map(|h| escape(h)).collect();
    let _ = writeln!(out, "| {} |", header.join(" | "));
    let rule: Vec<&str> = grid
        .numeric
        .iter()
        .map(|numeric| if *numeric { "---:" } else { "---" })
        .collect();
    let _ = writeln!(out, "| {} |", rule.join(" | "));
    for row in &grid.rows {
        let cells: Vec<String> = row.iter().map(|c| escape(c)).collect();
        let _ = writeln!(out, "| {} |", cells.join(" | "));
    }
    out
}

/// Text safe inside a table cell: pipes escaped, line breaks as spaces.
fn escape(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_cannot_break_the_table() {
        assert_eq!(escape("a|b\nc"), "a\\|b c");
    }
}
