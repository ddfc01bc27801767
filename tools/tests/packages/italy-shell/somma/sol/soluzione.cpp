// The usual template of the Italian olympiads: the files only when judged (CMS builds with
// -DEVAL), stdin and stdout when tried by hand.
#include <cstdio>

int main() {
#ifdef EVAL
    freopen("input.txt", "r", stdin);
    freopen("output.txt", "w", stdout);
#endif
    long long a, b;
    if (scanf("%lld %lld", &a, &b) != 2) return 1;
    printf("%lld\n", a + b);
}
