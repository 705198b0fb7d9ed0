//! The JSON format: an array of tidy episode rows (see [`super::rows`]),
//! one object per episode with the same keys in the same order, which
//! `pandas.read_json` and DuckDB's `read_json_auto` load as a table.

use super::model::Report;
use super::rows::episode_rows;
use super::Exporter;

pub struct JsonExporter;

impl Exporter for JsonExporter {
    fn export(&self, report: &Report) -> anyhow::Result<Vec<u8>> {
        let mut bytes = serde_json::to_vec_pretty(&episode_rows(report))?;
        bytes.push(b'\n');
        Ok(bytes)
    }
}
