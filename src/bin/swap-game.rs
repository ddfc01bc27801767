//! swap-game: see `bfs_judge::swap_game`.
fn main() -> std::process::ExitCode {
    bfs_judge::core::run::main("swap-game", bfs_judge::swap_game::run)
}
