//! Checkers: accept any valid optimal answer where a problem has several, reject anything
//! else with a reason. Each follows testlib's convention: input, contestant output, jury
//! answer.

pub mod pushing_boxes;
