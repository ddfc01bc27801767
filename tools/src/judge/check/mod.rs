pub mod external;
pub mod lines;
pub mod named;
pub mod tokens;
