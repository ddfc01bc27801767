//! The external crates the core uses, named in this one place.
//!
//! Core code calls `crate::ext::memchr::memchr` rather than `memchr::memchr` so that a
//! single-file bundle (see `scripts/bundle`) can replace this module with the std-only
//! stand-ins of `crate::standin` without touching any other line.

pub use ::bstr;
pub use ::itoa;
pub use ::memchr;
