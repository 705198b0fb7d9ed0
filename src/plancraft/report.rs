//! `mcu report` on Plancraft runs: the success rate overall and per
//! `complexity_split` of one run, or of several side by side with the
//! difference to the first, as a terminal table, Markdown, tidy JSON/CSV
//! (one row per example and run) or a self-contained HTML page linking
//! each example's screen video. One exporter per format, behind the same
//! `report::Exporter` trait as the Minecraft report.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use comfy_table::{presets::UTF8_FULL_CONDENSED, Table};
use serde_json::json;

use super::episode::VIDEO_FILE;
use super::run::{is_plancraft_run, Rate, Results, RESULTS_FILE};
use crate::report::csv::rows_to_csv;
use crate::report::html_text::{escape, relative_url};
use crate::report::rows::EpisodeRow;
use crate::report::{Exporter, Format};

/// Plancraft runs read for a report, in the order given.
pub struct PlancraftReport {
    pub runs: Vec<RunResults>,
}

pub struct RunResults {
    /// The run folder's name.
    pub label: String,
    pub dir: PathBuf,
    pub results: Results,
}

/// Reads the runs; refuses a folder that is not a Plancraft run, and runs
/// of different examples unless `allow_mismatch`.
pub fn load(dirs: &[PathBuf], allow_mismatch: bool) -> anyhow::Result<PlancraftReport> {
    let mut runs = Vec::new();
    for dir in dirs {
        if !is_plancraft_run(dir) {
            bail!(
                "{} is not a Plancraft run; a report compares runs of one environment",
                dir.display()
            );
        }
        let path = dir.join(RESULTS_FILE);
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let results: Results = serde_json::from_str(&text)
            .with_context(|| format!("{} is not a Plancraft results file", path.display()))?;
        let label = dir
            .file_name()
            .map_or_else(|| dir.display().to_string(), |n| n.to_string_lossy().into());
        runs.push(RunResults {
            label,
            dir: dir.clone(),
            results,
        });
    }
    let ids = |run: &RunResults| -> Vec<String> {
        let mut ids: Vec<String> = run.results.examples.iter().map(|e| e.id.clone()).collect();
        ids.sort();
        ids
    };
    if let Some(first) = runs.first() {
        let first_ids = ids(first);
        if let Some(other) = runs.iter().find(|run| ids(run) != first_ids) {
            if !allow_mismatch {
                bail!(
                    "{} and {} played different examples; compare runs of the same split, or pass --allow-mismatch",
                    first.label,
                    other.label
                );
            }
        }
    }
    Ok(PlancraftReport { runs })
}

pub fn exporter(format: Format, link_base: &Path) -> Box<dyn Exporter<PlancraftReport>> {
    match format {
        Format::Table => Box::new(TableExporter),
        Format::Markdown => Box::new(MarkdownExporter),
        Format::Json => Box::new(JsonExporter),
        Format::Csv => Box::new(CsvExporter),
        Format::Html => Box::new(HtmlExporter {
            link_base: link_base.to_path_buf(),
        }),
    }
}

/// The summary as rows of text cells: `overall` and each complexity split,
/// a column per run (`solved / examples (rate)`) and, with several runs,
/// each later run's difference to the first in percentage points.
fn summary_grid(report: &PlancraftReport) -> (Vec<String>, Vec<Vec<String>>) {
    let mut header = vec!["split".to_string()];
    header.extend(report.runs.iter().map(|r| r.label.clone()));
    header.extend(report.runs.iter().skip(1).map(|r| format!("Δ {}", r.label)));
    let mut splits: Vec<&str> = report
        .runs
        .iter()
        .flat_map(|r| r.results.by_complexity_split.keys().map(String::as_str))
        .collect();
    splits.sort_unstable();
    splits.dedup();
    let rate_of = |run: &RunResults, split: Option<&str>| -> Option<Rate> {
        match split {
            None => Some(run.results.overall.clone()),
            Some(split) => run.results.by_complexity_split.get(split).cloned(),
        }
    };
    let mut rows = Vec::new();
    for split in std::iter::once(None).chain(splits.into_iter().map(Some)) {
        let mut row = vec![split.unwrap_or("overall").to_string()];
        let rates: Vec<Option<Rate>> = report.runs.iter().map(|r| rate_of(r, split)).collect();
        row.extend(rates.iter().map(|rate| match rate {
            Some(r) => format!(
                "{} / {} ({:.1}%)",
                r.successes,
                r.examples,
                100.0 * r.success_rate
            ),
            None => "-".to_string(),
        }));
        for later in rates.iter().skip(1) {
            row.push(match (&rates[0], later) {
                (Some(first), Some(later)) => {
                    format!("{:+.1}", 100.0 * (later.success_rate - first.success_rate))
                }
                _ => "-".to_string(),
            });
        }
        rows.push(row);
    }
    (header, rows)
}

/// One tidy row per example and run.
fn example_rows(report: &PlancraftReport) -> Vec<EpisodeRow> {
    let mut rows = Vec::new();
    for run in &report.runs {
        for example in &run.results.examples {
            rows.push(EpisodeRow(vec![
                ("run".into(), json!(run.label)),
                ("example".into(), json!(example.id)),
                ("complexity_split".into(), json!(example.complexity_split)),
                ("impossible".into(), json!(example.impossible)),
                ("status".into(), json!(example.status.as_str())),
                ("success".into(), json!(example.success)),
                ("steps".into(), json!(example.steps)),
            ]));
        }
    }
    rows
}

struct TableExporter;

impl Exporter<PlancraftReport> for TableExporter {
    fn export(&self, report: &PlancraftReport) -> anyhow::Result<Vec<u8>> {
        let (header, rows) = summary_grid(report);
        let mut table = Table::new();
        table.load_preset(UTF8_FULL_CONDENSED).set_header(header);
        for row in rows {
            table.add_row(row);
        }
        Ok(format!("Plancraft success rates\n{table}\n").into_bytes())
    }
}

struct MarkdownExporter;

impl Exporter<PlancraftReport> for MarkdownExporter {
    fn export(&self, report: &PlancraftReport) -> anyhow::Result<Vec<u8>> {
        let (header, rows) = summary_grid(report);
        let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
        let mut text = String::from("### Plancraft success rates\n\n");
        text.push_str(&line(&header));
        text.push_str(&line(&vec!["---".to_string(); header.len()]));
        for row in &rows {
            text.push_str(&line(row));
        }
        Ok(text.into_bytes())
    }
}

struct JsonExporter;

impl Exporter<PlancraftReport> for JsonExporter {
    fn export(&self, report: &PlancraftReport) -> anyhow::Result<Vec<u8>> {
        Ok(serde_json::to_vec_pretty(&example_rows(report))?)
    }
}

struct CsvExporter;

impl Exporter<PlancraftReport> for CsvExporter {
    fn export(&self, report: &PlancraftReport) -> anyhow::Result<Vec<u8>> {
        Ok(rows_to_csv(&example_rows(report)).into_bytes())
    }
}

/// A page with the summary table and, per run, a table of examples whose
/// ids link to their screen videos (relative to where the page is saved).
struct HtmlExporter {
    link_base: PathBuf,
}

impl Exporter<PlancraftReport> for HtmlExporter {
    fn export(&self, report: &PlancraftReport) -> anyhow::Result<Vec<u8>> {
        let (header, rows) = summary_grid(report);
        let cells = |tag: &str, row: &[String]| -> String {
            row.iter()
                .map(|cell| format!("<{tag}>{}</{tag}>", escape(cell)))
                .collect()
        };
        let mut page = String::from(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Plancraft report</title>\n\
             <style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;margin-bottom:2em}\
             td,th{border:1px solid #bbb;padding:4px 8px;text-align:left}.success{background:#dfd}.other{background:#fdd}</style>\n\
             </head><body>\n<h1>Plancraft report</h1>\n<table>\n",
        );
        page.push_str(&format!("<tr>{}</tr>\n", cells("th", &header)));
        for row in &rows {
            page.push_str(&format!("<tr>{}</tr>\n", cells("td", row)));
        }
        page.push_str("</table>\n");
        for run in &report.runs {
            page.push_str(&format!(
                "<h2>{}</h2>\n<table>\n<tr><th>example</th><th>split</th><th>impossible</th><th>status</th><th>steps</th></tr>\n",
                escape(&run.label)
            ));
            for example in &run.results.examples {
                let video = run.dir.join(&example.id).join(VIDEO_FILE);
                let link = relative_url(&self.link_base, &video);
                page.push_str(&format!(
                    "<tr class=\"{}\"><td><a href=\"{}\">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
                    if example.success { "success" } else { "other" },
                    escape(&link),
                    escape(&example.id),
                    escape(&example.complexity_split),
                    if example.impossible { "yes" } else { "" },
                    example.status.as_str(),
                    example.steps
                ));
            }
            page.push_str("</table>\n");
        }
        page.push_str("</body></html>\n");
        Ok(page.into_bytes())
    }
}
