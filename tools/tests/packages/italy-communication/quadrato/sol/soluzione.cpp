long long quadrato(long long n) { return n * n; }
