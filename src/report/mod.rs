//! `mcu report`: one or more run folders as a terminal table, Markdown,
//! tidy JSON or CSV, or a self-contained HTML page.
//!
//! [`load`] reads the runs into one [`Report`] (a comparison when there
//! are several, refused when their task suites differ unless allowed);
//! each format is an [`Exporter`] that turns the report into bytes.

pub(crate) mod csv;
mod grid;
mod html;
pub(crate) mod html_text;
mod json;
mod markdown;
pub mod model;
mod read;
pub(crate) mod rows;
mod significance;
mod suite_check;
mod svg;
mod table;
mod thumbnails;

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};

pub use model::Report;
pub use suite_check::SuiteMismatch;

/// Turns a report (of Minecraft runs by default, or of another
/// environment's runs) into the bytes of one format.
pub trait Exporter<R = Report> {
    fn export(&self, report: &R) -> anyhow::Result<Vec<u8>>;
}

/// The formats `mcu report` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Table,
    Markdown,
    Json,
    Csv,
    Html,
}

/// The exporter of `format`. HTML links the videos relative to
/// `link_base`, the folder the page will be saved in.
pub fn exporter(format: Format, link_base: &Path) -> Box<dyn Exporter> {
    match format {
        Format::Table => Box::new(table::TableExporter),
        Format::Markdown => Box::new(markdown::MarkdownExporter),
        Format::Json => Box::new(json::JsonExporter),
        Format::Csv => Box::new(csv::CsvExporter),
        Format::Html => Box::new(html::HtmlExporter {
            link_base: link_base.to_path_buf(),
        }),
    }
}

/// Reads the run folders `dirs` into a report. Runs of different task
/// suites are refused (saying which tasks differ) unless `allow_mismatch`.
pub fn load(dirs: &[PathBuf], allow_mismatch: bool) -> anyhow::Result<Report> {
    if dirs.is_empty() {
        bail!("give at least one run folder (e.g. output/20261122_081500)");
    }
    let runs = dirs
        .iter()
        .map(|dir| read::read_run(dir))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mismatch = suite_check::suite_mismatch(&runs);
    if let (Some(mismatch), false) = (&mismatch, allow_mismatch) {
        bail!(
            "these runs played different task suites: {mismatch}; compare runs of the same suite, or pass --allow-mismatch to compare the tasks they share"
        );
    }
    Ok(model::build(&runs, mismatch))
}

/// Writes a report to `path` atomically (never half-written).
pub fn write_file(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    crate::atomic::write_atomic(path, bytes).with_context(|| {
        format!(
            "cannot write the report to {}; check that its folder exists and is writable",
            path.display()
        )
    })
}
