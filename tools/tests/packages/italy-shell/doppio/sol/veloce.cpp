long long doppio(long long n) { return n + n; }
