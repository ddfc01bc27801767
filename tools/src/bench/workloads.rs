//! The workloads: each a problem, a generator call with a fixed seed (full and `--quick`
//! sizes), which baselines run beside ours, and the targets it must reach. Data only; the
//! rest of the bench reads it.

/// What a workload must reach (issue 6's table, issue 14's against the seeds' C++, and
/// issue 20's against the seeds' C++ and the robot-tiles prototype).
#[derive(Clone, Copy)]
pub enum Target {
    /// At least this many times faster than the literal baseline.
    Literal(f64),
    /// [`Target::Literal`], and the output streams: peak memory below the output's size.
    LiteralStreamed(f64),
    /// Completes, with peak memory at most `factor` x the input + `plus` MiB.
    Memory { factor: f64, plus_mib: u64 },
    /// No slower than the workload with this name.
    AsFastAs(&'static str),
    /// Within `factor` x the floor, and peak memory under `mib` MiB.
    Floor { factor: f64, mib: u64 },
    /// Median wall time under this many milliseconds.
    Under(u64),
    /// At least this many times faster than the seed's C++ program (issue 14; issue 20).
    Seed(f64),
    /// At least this many times faster than the robot-tiles prototype, with the same
    /// output (issue 20).
    Prototype(f64),
    /// Peak RSS at most this many MiB (issue 14).
    PeakUnder(u64),
}

/// One row of the table: a problem, its input, its baselines and targets.
pub struct Workload {
    /// `problem/what`, also the input's file name.
    pub name: &'static str,
    pub problem: &'static str,
    /// The generator's arguments after the problem (kind and sizes), full and `--quick`.
    pub gen: &'static [&'static str],
    pub quick: &'static [&'static str],
    /// Whether the literal baseline can run it in reasonable time and memory.
    pub literal: bool,
    /// A 10^8-cell workload (`--no-huge` skips it).
    pub huge: bool,
    /// The seed's C++ program timed beside ours (a file stem under `shared/seeds/cpp`).
    pub seed: Option<&'static str>,
    /// Whether the robot-tiles prototype (a robot-maze solver) is timed beside ours.
    pub prototype: bool,
    /// Whether the generated robot-maze input is moved to start and finish in the far
    /// corners (1, 1) and (R, C), both made free: the longest search on random walls.
    pub corners: bool,
    pub targets: &'static [Target],
}

/// The generator's seed for every workload.
pub const SEED: &str = "1";

/// robot-maze's seed program (seed 001).
const ROBOT_SEED: &str = "seed001_robot";

/// What a workload is unless it says otherwise: the literal runs beside ours, and
/// nothing else does.
const PLAIN: Workload = Workload {
    name: "",
    problem: "",
    gen: &[],
    quick: &[],
    literal: true,
    huge: false,
    seed: None,
    prototype: false,
    corners: false,
    targets: &[],
};

/// Every workload, in the table's order.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        name: "robot-maze/random-4000",
        problem: "robot-maze",
        gen: &["random", "4000", "4000", "25"],
        quick: &["random", "200", "200", "25"],
        seed: Some(ROBOT_SEED),
        prototype: true,
        targets: &[Target::Literal(10.0)],
        ..PLAIN
    },
    Workload {
        name: "robot-maze/corners-4000",
        problem: "robot-maze",
        gen: &["random", "4000", "4000", "25"],
        quick: &["random", "200", "200", "25"],
        seed: Some(ROBOT_SEED),
        prototype: true,
        corners: true,
        targets: &[Target::Seed(10.0), Target::Prototype(1.25)],
        ..PLAIN
    },
    Workload {
        name: "robot-maze/serpentine-4001x4000",
        problem: "robot-maze",
        gen: &["serpentine", "4001", "4000"],
        quick: &["serpentine", "201", "200"],
        seed: Some(ROBOT_SEED),
        prototype: true,
        targets: &[
            Target::LiteralStreamed(6.0),
            Target::Seed(10.0),
            Target::Prototype(1.25),
        ],
        ..PLAIN
    },
    Workload {
        name: "robot-maze/random-10000",
        problem: "robot-maze",
        gen: &["random", "10000", "10000", "25"],
        quick: &["random", "300", "300", "25"],
        literal: false,
        huge: true,
        prototype: true,
        targets: &[
            Target::Memory {
                factor: 1.5,
                plus_mib: 64,
            },
            Target::PeakUnder(48),
        ],
        ..PLAIN
    },
    Workload {
        name: "robot-maze/serpentine-10000",
        problem: "robot-maze",
        gen: &["serpentine", "10000", "10000"],
        quick: &["serpentine", "301", "300"],
        literal: false,
        huge: true,
        prototype: true,
        targets: &[
            Target::Memory {
                factor: 1.5,
                plus_mib: 64,
            },
            Target::PeakUnder(48),
        ],
        ..PLAIN
    },
    Workload {
        name: "chase/random-4000",
        problem: "chase",
        gen: &["random", "4000", "4000", "25"],
        quick: &["random", "200", "200", "25"],
        targets: &[Target::AsFastAs("robot-maze/random-4000")],
        ..PLAIN
    },
    Workload {
        name: "chase/serpentine-4001x4000",
        problem: "chase",
        gen: &["serpentine", "4001", "4000"],
        quick: &["serpentine", "201", "200"],
        targets: &[Target::AsFastAs("robot-maze/serpentine-4001x4000")],
        ..PLAIN
    },
    Workload {
        name: "wave/random-4000",
        problem: "wave",
        gen: &["random", "4000", "4000", "25"],
        quick: &["random", "200", "200", "25"],
        targets: &[Target::AsFastAs("robot-maze/random-4000")],
        ..PLAIN
    },
    Workload {
        name: "wave/serpentine-4001x4000",
        problem: "wave",
        gen: &["serpentine", "4001", "4000"],
        quick: &["serpentine", "201", "200"],
        targets: &[Target::AsFastAs("robot-maze/serpentine-4001x4000")],
        ..PLAIN
    },
    Workload {
        name: "swap-game/hardest-1",
        problem: "swap-game",
        gen: &["hardest", "1"],
        quick: &["hardest", "1"],
        seed: Some("seed003_swap"),
        targets: &[Target::Floor {
            factor: 2.0,
            mib: 8,
        }],
        ..PLAIN
    },
    Workload {
        name: "swap-game/random-100000",
        problem: "swap-game",
        gen: &["random", "100000"],
        quick: &["random", "1000"],
        // The literal reference searches from every board: days for 10^5 boards.
        literal: false,
        targets: &[Target::Under(100)],
        ..PLAIN
    },
    Workload {
        name: "pushing-boxes/random-2000x20x20",
        problem: "pushing-boxes",
        gen: &["random", "2000", "20", "20", "15"],
        quick: &["random", "40", "20", "20", "15"],
        seed: Some("seed002_sokoban"),
        targets: &[Target::Literal(30.0), Target::Seed(30.0)],
        ..PLAIN
    },
    Workload {
        name: "pushing-boxes/random-300x300",
        problem: "pushing-boxes",
        gen: &["random", "1", "300", "300", "10"],
        quick: &["random", "1", "60", "60", "10"],
        // A person-BFS per push tried, over 4 x 90,000 box states: far too slow.
        literal: false,
        targets: &[Target::Under(1000)],
        ..PLAIN
    },
];
