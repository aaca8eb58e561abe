//! Ctrl-C (SIGINT) and SIGTERM for the commands that leave something behind when killed: a
//! progress line on the terminal, the program under test of `stress` in a process group of its
//! own. Such a command registers what to undo ([`on_interrupt`]); on the signal, a thread runs
//! every registered action (given the signal's number) and the process exits 128 + that number
//! (130 for SIGINT, 143 for SIGTERM), as a shell reports a process the signal killed.
//!
//! Nothing is installed until the first action is registered, so every other command keeps the
//! default dispositions.
//!
//! # Status
//! Complete on Unix; elsewhere [`on_interrupt`] does nothing (the default handling stays).

use std::sync::Mutex;

/// What to do on SIGINT or SIGTERM, before the exit.
type Action = Box<dyn Fn(i32) + Send>;

static ACTIONS: Mutex<Vec<Action>> = Mutex::new(Vec::new());

/// Registers `action` to run (with the signal's number) when SIGINT or SIGTERM arrives; the
/// process then exits 128 + the number. Actions run in the order they were registered.
pub fn on_interrupt(action: impl Fn(i32) + Send + 'static) {
    ACTIONS
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(Box::new(action));
    #[cfg(unix)]
    {
        static START: std::sync::Once = std::sync::Once::new();
        START.call_once(|| {
            use signal_hook::consts::{SIGINT, SIGTERM};
            use signal_hook::iterator::Signals;
            // Without the handler thread the defaults stay: the signal still ends the process.
            let Ok(mut signals) = Signals::new([SIGINT, SIGTERM]) else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let actions = ACTIONS.lock().unwrap_or_else(|e| e.into_inner());
                    for action in actions.iter() {
                        action(sig);
                    }
                    std::process::exit(128 + sig);
                }
            });
        });
    }
}
