//! The four moves as data.
//!
//! Problems differ in the order they try moves, and that order fixes which of several
//! shortest paths they print. Each problem declares its order once as a `[Dir; 4]`
//! constant (robot-maze U,D,L,R; chase D,U,R,L; wave up,right,down,left;
//! pushing-boxes n,s,w,e), and every neighbour computation goes through [`Dir::step`].

/// A move to the cell above, below, left or right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    Up = 0,
    Down = 1,
    Left = 2,
    Right = 3,
}

impl Dir {
    /// All four, in declaration order (their `as u8` values are 0..4).
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    /// The direction whose `as u8` value is `code & 3`.
    #[inline]
    pub const fn from_code(code: u8) -> Dir {
        Dir::ALL[(code & 3) as usize]
    }

    /// The move that undoes this one.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The change of cell index on a flat grid of `width` bytes per row, to be added
    /// with `wrapping_add`: moving up from row 0 wraps to an index past any grid.
    #[inline]
    pub const fn step(self, width: u32) -> u32 {
        match self {
            Dir::Up => width.wrapping_neg(),
            Dir::Down => width,
            Dir::Left => u32::MAX,
            Dir::Right => 1,
        }
    }

    /// The change of (row, column).
    #[inline]
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (-1, 0),
            Dir::Down => (1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }
}
