//! How the command line shows the library's progress reports: an indicatif
//! bar (or, when the total is unknown, a count with its rate) on a terminal,
//! nothing when standard error is a pipe or a file; notes always.

use std::io::IsTerminal;
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{HumanCount, ProgressBar, ProgressState, ProgressStyle};

use cruciverb::progress::Reporter;

pub struct Bars {
    bar: Mutex<Option<ProgressBar>>,
    verbose: bool,
    terminal: bool,
}

impl Bars {
    /// Bars on a terminal; `verbose` shows [`Reporter::detail`] too.
    pub fn new(verbose: bool) -> Bars {
        Bars {
            bar: Mutex::new(None),
            verbose,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    /// Bars, unless results are printed to the same terminal while the work
    /// goes on (a bar would be drawn over them).
    pub fn beside_stdout() -> Bars {
        let mut bars = Bars::new(false);
        bars.terminal &= !std::io::stdout().is_terminal();
        bars
    }

    fn with_bar(&self, f: impl FnOnce(&ProgressBar)) {
        if let Ok(guard) = self.bar.lock() {
            if let Some(bar) = guard.as_ref() {
                f(bar);
            }
        }
    }
}

impl Reporter for Bars {
    fn start(&self, what: &str, total: Option<u64>) {
        if !self.terminal {
            return;
        }
        let bar = match total {
            Some(total) => {
                let bar = ProgressBar::new(total);
                let template =
                    format!("{{bar:30}} {{pos}}/{{len}} {what}  {{elapsed_precise}}  eta {{eta}}");
                if let Ok(style) = ProgressStyle::with_template(&template) {
                    bar.set_style(style);
                }
                bar
            }
            None => {
                let bar = ProgressBar::new_spinner();
                let template =
                    format!("{{spinner}} {{human_pos}} {what}  {{rate}}  {{elapsed_precise}}");
                if let Ok(style) = ProgressStyle::with_template(&template) {
                    bar.set_style(style.with_key(
                        "rate",
                        |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                            let _ = write!(w, "{}/s", HumanCount(state.per_sec() as u64));
                        },
                    ));
                }
                bar
            }
        };
        bar.enable_steady_tick(Duration::from_millis(200));
        if let Ok(mut slot) = self.bar.lock() {
            if let Some(old) = slot.replace(bar) {
                old.finish_and_clear();
            }
        }
    }

    fn advance(&self, units: u64) {
        self.with_bar(|bar| bar.inc(units));
    }

    fn finish(&self) {
        if let Ok(mut slot) = self.bar.lock() {
            if let Some(bar) = slot.take() {
                bar.finish_and_clear();
            }
        }
    }

    fn note(&self, text: &str) {
        let mut shown = false;
        self.with_bar(|bar| {
            bar.suspend(|| note!("{text}"));
            shown = true;
        });
        if !shown {
            note!("{text}");
        }
    }

    fn detail(&self, text: &str) {
        if self.verbose {
            self.note(text);
        }
    }
}
