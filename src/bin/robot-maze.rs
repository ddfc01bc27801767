//! robot-maze: see `bfs_judge::robot_maze`.
fn main() -> std::process::ExitCode {
    bfs_judge::core::run::main("robot-maze", bfs_judge::robot_maze::run)
}
