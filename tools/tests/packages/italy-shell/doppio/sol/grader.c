#include <stdio.h>

long long doppio(long long n);

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1) return 1;
    printf("%lld\n", doppio(n));
    return 0;
}
