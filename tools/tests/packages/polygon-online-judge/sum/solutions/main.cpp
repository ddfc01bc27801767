// Reads local.txt when run by hand, stdin when judged: Codeforces builds with -DONLINE_JUDGE.
#include <cstdio>

int main() {
#ifndef ONLINE_JUDGE
    if (!freopen("local.txt", "r", stdin)) return 3;
#endif
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}
