//! `bfs-judge`: the judge and the tools around our solvers, one command with subcommands
//! (`bfs-judge --help`). Everything is in the library; see `cli`.

fn main() -> std::process::ExitCode {
    bfs_judge_tools::cli::main()
}
