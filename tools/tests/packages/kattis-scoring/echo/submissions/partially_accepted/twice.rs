use std::io::*;
fn main() { let mut s = String::new(); stdin().read_to_string(&mut s).unwrap(); let mut l = s.lines(); let n: usize = l.next().unwrap().trim().parse().unwrap(); let w = l.next().unwrap_or(""); for _ in 0..n.min(2) { println!("{w}"); } }
