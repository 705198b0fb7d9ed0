//! The `mcu` command line: argument parsing and printing over the library.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
