//! The HTML format: one self-contained page that opens from disk with no
//! server and no script — inline CSS, summary cards per run, inline SVG
//! charts (score by category, criteria profile), the category and task
//! tables, then a card per task with, for each run, its scores, the first
//! and last frames (JPEG data URLs), the video (linked relatively to the
//! page's folder, so the page works saved inside the run folder), the
//! judge's ratings and evidence, and the step failures — for each attempt
//! when the run played several.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use crate::suite::Criterion;

use super::grid::{self, judge_text, Grid};
use super::html_text::{element_id, escape, relative_url};
use super::model::{
    delta, delta_text, failures_text, optional_score_text, rating_text, score_text, Report,
    TaskComparison, TaskRow,
};
use super::svg::{self, run_colour};
use super::thumbnails::{thumbnails, Thumbnails};
use super::Exporter;

pub struct HtmlExporter {
    /// The folder the page is saved in; videos are linked relative to it.
    pub link_base: PathBuf,
}

/// Thumbnails (or why there are none) by video path.
type ThumbnailCache = BTreeMap<PathBuf, Result<Thumbnails, String>>;

const STYLE: &str = r#"
:root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --bg: #f6f7fb; --card: #ffffff; --line: #d9dde7; --track: #e7eaf1; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #9aa3b5; --bg: #14171d; --card: #1d2129; --line: #323846; --track: #2a2f3a; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 24px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
h1 { margin: 0 0 4px; font-size: 24px; } h2 { margin: 28px 0 10px; font-size: 18px; } h3 { margin: 0 0 6px; font-size: 16px; }
.muted { color: var(--muted); }
.warning { padding: 10px 14px; border: 1px solid #d79b2b; border-radius: 8px; background: rgba(215,155,43,.12); }
.summary-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(340px, 1fr)); gap: 12px; }
.summary-card, .task-card { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 14px 16px; }
.summary-card .total { font-size: 28px; font-weight: 650; }
.summary-card dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 8px 0 0; }
.summary-card dt { color: var(--muted); } .summary-card dd { margin: 0; overflow-wrap: anywhere; }
.swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; }
.chart { width: 100%; max-width: 760px; height: auto; background: var(--card); border: 1px solid var(--line); border-radius: 10px; }
.chart .label, .chart .value, .chart .legend { font-size: 12px; fill: var(--fg); } .chart .track { fill: var(--track); }
table { border-collapse: collapse; background: var(--card); font-size: 13px; }
th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.table-scroll { overflow-x: auto; }
.task-cards { display: grid; gap: 14px; }
.episodes { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 12px; }
.episode { border-top: 3px solid var(--line); padding-top: 8px; }
.status { display: inline-block; padding: 1px 8px; border-radius: 999px; font-size: 12px; background: var(--track); }
.status-success { background: #2a9d6a; color: #fff; } .status-partial { background: #d79b2b; color: #fff; }
.status-error, .status-agent_unreachable, .status-agent_init_failed { background: #c0392b; color: #fff; }
.frames { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0; }
.frames figure { margin: 0; } .frames img, .frames video { display: block; width: 240px; height: auto; border-radius: 6px; border: 1px solid var(--line); }
.frames figcaption { font-size: 12px; color: var(--muted); }
pre { white-space: pre-wrap; overflow-wrap: anywhere; font-size: 12px; background: var(--track); padding: 8px; border-radius: 6px; }
"#;

impl Exporter for HtmlExporter {
    fn export(&self, report: &Report) -> anyhow::Result<Vec<u8>> {
        let cache = thumbnail_cache(report);
        let mut page = String::new();
        let title = format!(
            "mcu report: {}",
            report
                .runs
                .iter()
                .map(|r| r.summary.label.as_str())
                .collect::<Vec<_>>()
                .join(" vs ")
        );
        let _ = write!(
            page,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
            escape(&title)
        );
        let _ = writeln!(
            page,
            "<header><h1>mcu report</h1><p class=\"muted\">{}</p></header>",
            escape(&title["mcu report: ".len()..])
        );
        if let Some(mismatch) = &report.mismatch {
            let _ = writeln!(
                page,
                "<p class=\"warning\">The runs' task suites differ: {}.</p>",
                escape(&mismatch.to_string())
            );
        }
        write_summary_cards(&mut page, report);
        write_charts(&mut page, report);
        let _ = writeln!(
            page,
            "<section><h2>Categories</h2>{}</section>",
            table(&grid::categories(report))
        );
        let _ = writeln!(
            page,
            "<section><h2>Tasks</h2>{}</section>",
            table(&grid::tasks(report))
        );
        write_task_cards(&mut page, report, &cache, &self.link_base);
        page.push_str("</body>\n</html>\n");
        Ok(page.into_bytes())
    }
}

/// The thumbnails of every episode video, decoded in parallel.
fn thumbnail_cache(report: &Report) -> ThumbnailCache {
    let videos: Vec<&Path> = report
        .runs
        .iter()
        .flat_map(|run| run.tasks.iter().flat_map(TaskRow::episodes))
        .filter_map(|t| t.video.as_deref())
        .collect();
    videos
        .into_par_iter()
        .map(|video| (video.to_path_buf(), thumbnails(video)))
        .collect()
}

fn write_summary_cards(page: &mut String, report: &Report) {
    page.push_str("<section><h2>Summary</h2><div class=\"summary-cards\">\n");
    let totals = report.totals();
    for (index, run) in report.runs.iter().enumerate() {
        let summary = &run.summary;
        let _ = write!(
            page,
            "<div class=\"summary-card\"><h3><span class=\"swatch\" style=\"background:{}\"></span>{}</h3>",
            run_colour(index),
            escape(&summary.label)
        );
        let _ = write!(
            page,
            "<div class=\"total\">{} <span class=\"muted\">/ {}</span></div>",
            score_text(summary.total_score),
            score_text(summary.total_max_score)
        );
        if report.is_comparison() && index > 0 {
            let _ = write!(
                page,
                "<div>Δ {} against {}</div>",
                delta_text(delta(&totals, index)),
                escape(&report.runs[0].summary.label)
            );
        }
        let failures = failures_text(&summary.failures);
        let fields = [
            (
                "tasks",
                format!("{} ({})", run.tasks.len(), summary.statuses.describe()),
            ),
            (
                "agent",
                format!("{} ({})", summary.agent.role, summary.agent.endpoint),
            ),
            ("simulator", summary.simulator.clone()),
            ("profile", summary.profile.as_str().to_string()),
            ("judge", judge_text(run)),
            ("steps", summary.steps.to_string()),
            (
                "failures",
                if failures.is_empty() {
                    "none".to_string()
                } else {
                    failures
                },
            ),
            ("folder", summary.dir.display().to_string()),
            ("started", summary.started_at.clone()),
        ];
        page.push_str("<dl>");
        for (name, value) in fields {
            let _ = write!(page, "<dt>{name}</dt><dd>{}</dd>", escape(&value));
        }
        page.push_str("</dl>");
        if !summary.complete {
            page.push_str("<p class=\"warning\">Incomplete: some tasks have no final result.</p>");
        }
        page.push_str("</div>\n");
    }
    page.push_str("</div></section>\n");
}

fn write_charts(page: &mut String, report: &Report) {
    let _ = writeln!(
        page,
        "<section><h2>Score by category</h2>{}</section>",
        svg::category_chart(report)
    );
    let criteria = svg::criteria_chart(report).unwrap_or_else(|| {
        "<p class=\"muted\">No criteria: the video judge rated no task in these runs.</p>"
            .to_string()
    });
    let _ = writeln!(
        page,
        "<section><h2>Criteria profile</h2>{criteria}</section>"
    );
}

/// A grid as an HTML table, numeric columns right-aligned.
fn table(grid: &Grid) -> String {
    let class = |numeric: bool| if numeric { " class=\"num\"" } else { "" };
    let mut out = String::from("<div class=\"table-scroll\"><table><thead><tr>");
    for (header, numeric) in grid.headers.iter().zip(&grid.numeric) {
        let _ = write!(out, "<th{}>{}</th>", class(*numeric), escape(header));
    }
    out.push_str("</tr></thead><tbody>");
    for row in &grid.rows {
        out.push_str("<tr>");
        for (cell, numeric) in row.iter().zip(&grid.numeric) {
            let _ = write!(out, "<td{}>{}</td>", class(*numeric), escape(cell));
        }
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table></div>");
    out
}

fn write_task_cards(page: &mut String, report: &Report, cache: &ThumbnailCache, base: &Path) {
    page.push_str("<section><h2>Episodes</h2><div class=\"task-cards\">\n");
    for task in report.compare_tasks() {
        write_task_card(page, report, &task, cache, base);
    }
    page.push_str("</div></section>\n");
}

fn write_task_card(
    page: &mut String,
    report: &Report,
    task: &TaskComparison,
    cache: &ThumbnailCache,
    base: &Path,
) {
    let _ = write!(
        page,
        "<article class=\"task-card\" id=\"{}\"><h3>{} <span class=\"muted\">{}</span></h3>",
        element_id("task", task.name),
        escape(task.name),
        escape(task.category)
    );
    if let Some(text) = task.rows.iter().flatten().find_map(|t| t.text.as_deref()) {
        let _ = write!(page, "<p>{}</p>", escape(text));
    }
    page.push_str("<div class=\"episodes\">");
    for (index, (run, row)) in report.runs.iter().zip(&task.rows).enumerate() {
        let _ = write!(
            page,
            "<div class=\"episode\" style=\"border-top-color:{}\">",
            run_colour(index)
        );
        if report.is_comparison() {
            let _ = write!(page, "<h4>{}</h4>", escape(&run.summary.label));
        }
        match row {
            Some(row) => {
                if let Some(stats) = row.stats.as_ref().filter(|_| !row.attempts.is_empty()) {
                    let _ = write!(
                        page,
                        "<p><strong>{} attempts:</strong> mean {} · 95% CI {} · successes {} · pass@1 {}</p>",
                        row.attempts.len(),
                        score_text(row.score),
                        escape(&stats.score_interval_text()),
                        escape(&stats.success_text()),
                        stats.pass_at_text(1)
                    );
                }
                for episode in row.episodes() {
                    if let Some(attempt) = episode.attempt {
                        let _ = write!(page, "<h5>Attempt {attempt}</h5>");
                    }
                    write_episode(page, episode, cache, base);
                }
            }
            None => page.push_str("<p class=\"muted\">Not in this run.</p>"),
        }
        page.push_str("</div>");
    }
    page.push_str("</div></article>\n");
}

fn write_episode(page: &mut String, task: &TaskRow, cache: &ThumbnailCache, base: &Path) {
    let _ = write!(
        page,
        "<p><span class=\"status status-{status}\">{status}</span> <strong>{score} / {max}</strong> <span class=\"muted\">sim {sim} · video {video} · {steps} steps · latency p50 {p50:.1} ms, p95 {p95:.1} ms · {wall:.1} s</span></p>",
        status = escape(&task.status),
        score = score_text(task.score),
        max = score_text(task.max_score),
        sim = optional_score_text(task.sim_score),
        video = optional_score_text(task.video_score),
        steps = task.steps,
        p50 = task.latency_p50_ms,
        p95 = task.latency_p95_ms,
        wall = task.wall_s,
    );
    if let Some(error) = &task.error {
        let _ = write!(page, "<p class=\"warning\">{}</p>", escape(error));
    }
    write_frames(page, task, cache, base);
    write_judge(page, task);
    let failures = failures_text(&task.failures);
    let _ = write!(
        page,
        "<p><strong>Step failures:</strong> {}</p>",
        if failures.is_empty() {
            "none".to_string()
        } else {
            escape(&failures)
        }
    );
}

fn write_frames(page: &mut String, task: &TaskRow, cache: &ThumbnailCache, base: &Path) {
    let Some(video) = &task.video else {
        page.push_str("<p class=\"muted\">No video was recorded.</p>");
        return;
    };
    match cache.get(video) {
        Some(Ok(thumbs)) => {
            let _ = write!(
                page,
                "<div class=\"frames\"><figure><img src=\"{first}\" alt=\"first frame of {name}\"><figcaption>first frame</figcaption></figure><figure><img src=\"{last}\" alt=\"last frame of {name}\"><figcaption>last frame ({frames} frames)</figcaption></figure><figure><video controls preload=\"none\" poster=\"{first}\" src=\"{src}\"></video><figcaption><a href=\"{src}\">{file}</a></figcaption></figure></div>",
                first = thumbs.first,
                last = thumbs.last,
                name = escape(&task.name),
                frames = thumbs.total_frames,
                src = escape(&relative_url(base, video)),
                file = escape(&video.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()),
            );
        }
        Some(Err(reason)) => {
            let _ = write!(
                page,
                "<p class=\"muted\">No thumbnails: {}</p>",
                escape(reason)
            );
        }
        None => {}
    }
}

fn write_judge(page: &mut String, task: &TaskRow) {
    let Some(judge) = &task.judge else {
        page.push_str("<p class=\"muted\">Not judged.</p>");
        return;
    };
    let _ = write!(
        page,
        "<p><strong>Judge:</strong> {} · {} tokens",
        escape(&judge.status),
        judge.tokens
    );
    if let Some(reason) = &judge.reason {
        let _ = write!(page, " · {}", escape(reason));
    }
    page.push_str("</p>");
    if !task.criteria.is_empty() {
        page.push_str("<table class=\"criteria\"><thead><tr><th>criterion</th><th class=\"num\">rating</th><th>evidence</th></tr></thead><tbody>");
        for criterion in Criterion::ALL {
            let _ = write!(
                page,
                "<tr><td>{}</td><td class=\"num\">{}</td><td>{}</td></tr>",
                criterion.name(),
                rating_text(task.criteria.get(&criterion)),
                escape(judge.evidence.get(&criterion).map_or("", String::as_str))
            );
        }
        page.push_str("</tbody></table>");
    }
    if let Some(answer) = &judge.raw_answer {
        let _ = write!(
            page,
            "<details><summary>The judge's answer</summary><pre>{}</pre></details>",
            escape(answer)
        );
    }
}
