//! How a command that searches ends when it finds nothing: a search without
//! a result is not an input error, so it has an exit code of its own (1),
//! shared by every solver and filler of the command line.

/// Exit code of a search that ended without a result (not an input error).
pub const NO_RESULT: u8 = 1;

/// How a solver's run ends: success with solutions, else [`NO_RESULT`]
/// (saying "no solution" unless it timed out, which was said already).
pub fn solver_exit(found: usize, timed_out: bool) -> std::process::ExitCode {
    use std::process::ExitCode;
    if timed_out {
        return ExitCode::from(NO_RESULT);
    }
    if found == 0 {
        note!("no solution");
        return ExitCode::from(NO_RESULT);
    }
    ExitCode::SUCCESS
}
