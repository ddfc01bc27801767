fn main() { println!("?"); }
