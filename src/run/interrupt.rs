//! Stopping a run: the first Ctrl-C asks the run to stop (no new task
//! starts, playing episodes end at their next step and are marked
//! `interrupted`, every file is finished); a second Ctrl-C runs the abort
//! hook (which stops the agent process) and exits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Shared "please stop" flag.
#[derive(Debug, Clone, Default)]
pub struct StopSignal(Arc<AtomicBool>);

impl StopSignal {
    pub fn request(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    pub fn is_requested(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

/// Exit status of a run stopped by Ctrl-C (128 + SIGINT).
pub const INTERRUPTED_EXIT_CODE: u8 = 130;

/// Watches Ctrl-C on `runtime`: the first press requests `stop`, the
/// second calls `abort` and exits the process.
pub fn watch_ctrl_c(
    runtime: &tokio::runtime::Handle,
    stop: StopSignal,
    abort: impl Fn() + Send + 'static,
) {
    runtime.spawn(async move {
        if tokio::signal::ctrl_c().await.is_err() {
            return;
        }
        eprintln!(
            "\nmcu: stopping — finishing the files of running episodes (press Ctrl-C again to abort)"
        );
        stop.request();
        if tokio::signal::ctrl_c().await.is_ok() {
            eprintln!("\nmcu: aborted; `mcu run --resume` finishes the run");
            abort();
            std::process::exit(i32::from(INTERRUPTED_EXIT_CODE));
        }
    });
}
