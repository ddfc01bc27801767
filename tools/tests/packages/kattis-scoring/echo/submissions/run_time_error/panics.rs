fn main() { panic!("no"); }
