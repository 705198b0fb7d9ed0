//! Helpers for the library's own unit tests.

use std::ffi::OsString;
use std::io::Write;

/// The value of `variable`, which points a check at data outside the
/// repository; without it the check is skipped, and `test` says so on the
/// terminal (past the test harness's capture, so a passing run shows it).
pub fn external_data(variable: &str, test: &str) -> Option<OsString> {
    let value = std::env::var_os(variable);
    if value.is_none() {
        let _ = writeln!(std::io::stderr(), "skipped: {test}: {variable} is not set");
    }
    value
}
