//! Inline SVG charts for the HTML report, drawn by hand (no chart library,
//! no script): horizontal bars grouped by label, one bar per run, with the
//! value written beside each bar. Used for the score of each category
//! (as a share of its maximum) and the criteria profile (averages, 0–10).

use std::fmt::Write as _;

use crate::suite::Criterion;

use super::html_text::escape;
use super::model::{score_text, Report};

const WIDTH: f64 = 720.0;
const LABEL_WIDTH: f64 = 230.0;
const VALUE_WIDTH: f64 = 110.0;
const BAR_HEIGHT: f64 = 16.0;
const BAR_GAP: f64 = 3.0;
const GROUP_GAP: f64 = 10.0;
const LEGEND_HEIGHT: f64 = 22.0;
/// Bar colours, one per run (repeating past six runs).
const PALETTE: [&str; 6] = [
    "#2f6fde", "#e0832a", "#2a9d6a", "#b6439e", "#7a6a2f", "#3aa0b8",
];

/// One bar: its length as a share of the axis (0–1) and its caption.
#[derive(Debug, Clone, PartialEq)]
pub struct Bar {
    pub fraction: f64,
    pub caption: String,
}

/// The bars under one label, one per run (`None` where a run has no value).
#[derive(Debug, Clone, PartialEq)]
pub struct BarGroup {
    pub label: String,
    pub bars: Vec<Option<Bar>>,
}

/// The colour of run `index`.
pub fn run_colour(index: usize) -> &'static str {
    PALETTE[index % PALETTE.len()]
}

/// Each category's score as a share of its maximum, per run.
pub fn category_chart(report: &Report) -> String {
    let groups: Vec<BarGroup> = report
        .compare_categories()
        .into_iter()
        .map(|category| BarGroup {
            label: category.name.to_string(),
            bars: category
                .rows
                .iter()
                .map(|row| {
                    row.map(|c| Bar {
                        fraction: share(c.score, c.max_score),
                        caption: format!("{} / {}", score_text(c.score), score_text(c.max_score)),
                    })
                })
                .collect(),
        })
        .collect();
    bar_chart("Score by category (share of the maximum)", &groups, report)
}

/// The average of each criterion over the rated tasks, per run; `None`
/// when no run has ratings.
pub fn criteria_chart(report: &Report) -> Option<String> {
    if report
        .runs
        .iter()
        .all(|run| run.summary.criteria_averages.is_empty())
    {
        return None;
    }
    let groups: Vec<BarGroup> = Criterion::ALL
        .iter()
        .map(|criterion| BarGroup {
            label: criterion.name().to_string(),
            bars: report
                .runs
                .iter()
                .map(|run| {
                    run.summary
                        .criteria_averages
                        .get(criterion)
                        .map(|average| Bar {
                            fraction: share(*average, 10.0),
                            caption: format!("{average:.1} / 10"),
                        })
                })
                .collect(),
        })
        .collect();
    Some(bar_chart(
        "Criteria profile (average rating)",
        &groups,
        report,
    ))
}

fn share(value: f64, max: f64) -> f64 {
    if max > 0.0 {
        (value / max).clamp(0.0, 1.0)
    } else {
        0.0
    }
}

/// A horizontal bar chart of `groups`, with a legend of the runs when
/// there are several.
fn bar_chart(title: &str, groups: &[BarGroup], report: &Report) -> String {
    let runs = report.runs.len();
    let legend = if runs > 1 { LEGEND_HEIGHT } else { 0.0 };
    let group_height = runs as f64 * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
    let height = legend + groups.len() as f64 * (group_height + GROUP_GAP) + GROUP_GAP;
    let axis = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
    let mut svg = String::new();
    let _ = write!(
        svg,
        r#"<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" role="img" aria-label="{title}"><title>{title}</title>"#,
        title = escape(title)
    );
    if runs > 1 {
        write_legend(&mut svg, report);
    }
    for (index, group) in groups.iter().enumerate() {
        let top = legend + GROUP_GAP + index as f64 * (group_height + GROUP_GAP);
        let _ = write!(
            svg,
            r#"<text class="label" x="{x}" y="{y}" text-anchor="end">{label}</text>"#,
            x = LABEL_WIDTH - 8.0,
            y = top + group_height / 2.0 + 4.0,
            label = escape(&group.label)
        );
        for (run, bar) in group.bars.iter().enumerate() {
            let y = top + run as f64 * (BAR_HEIGHT + BAR_GAP);
            let _ = write!(
                svg,
                r#"<rect class="track" x="{LABEL_WIDTH}" y="{y}" width="{axis}" height="{BAR_HEIGHT}"/>"#
            );
            let Some(bar) = bar else { continue };
            let _ = write!(
                svg,
                r#"<rect class="bar" x="{LABEL_WIDTH}" y="{y}" width="{w:.1}" height="{BAR_HEIGHT}" fill="{colour}"/><text class="value" x="{tx}" y="{ty}">{caption}</text>"#,
                w = axis * bar.fraction,
                colour = run_colour(run),
                tx = LABEL_WIDTH + axis + 6.0,
                ty = y + BAR_HEIGHT - 4.0,
                caption = escape(&bar.caption)
            );
        }
    }
    svg.push_str("</svg>");
    svg
}

fn write_legend(svg: &mut String, report: &Report) {
    let mut x = LABEL_WIDTH;
    for (index, run) in report.runs.iter().enumerate() {
        let _ = write!(
            svg,
            r#"<rect x="{x}" y="4" width="12" height="12" fill="{colour}"/><text class="legend" x="{tx}" y="14">{label}</text>"#,
            colour = run_colour(index),
            tx = x + 16.0,
            label = escape(&run.summary.label)
        );
        x += 16.0 + 8.0 * run.summary.label.chars().count() as f64 + 16.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_stay_on_the_axis() {
        assert_eq!(share(5.0, 10.0), 0.5);
        assert_eq!(share(12.0, 10.0), 1.0);
        assert_eq!(share(1.0, 0.0), 0.0);
    }
}
