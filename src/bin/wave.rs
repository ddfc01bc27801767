//! wave: see `bfs_judge::wave`.
fn main() -> std::process::ExitCode {
    bfs_judge::core::run::main_stream("wave", bfs_judge::wave::run_stream)
}
