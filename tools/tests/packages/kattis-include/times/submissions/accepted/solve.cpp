long solve(long n) { return n * {{factor}}; }
