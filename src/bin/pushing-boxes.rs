//! pushing-boxes: see `bfs_judge::pushing_boxes`.
fn main() -> std::process::ExitCode {
    bfs_judge::core::run::main("pushing-boxes", bfs_judge::pushing_boxes::run)
}
