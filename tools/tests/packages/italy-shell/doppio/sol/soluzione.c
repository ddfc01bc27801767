long long doppio(long long n) { return 2 * n; }
