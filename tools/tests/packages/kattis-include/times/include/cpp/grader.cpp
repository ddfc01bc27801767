#include <cstdio>
long solve(long n);
int main() { long n; if (std::scanf("%ld", &n) != 1) return 1; std::printf("%ld\n", solve(n)); }
