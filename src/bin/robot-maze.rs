//! robot-maze: see `bfs_judge::robot_maze`.
fn main() -> std::process::ExitCode {
    bfs_judge::core::run::main_stream("robot-maze", bfs_judge::robot_maze::run_stream)
}
