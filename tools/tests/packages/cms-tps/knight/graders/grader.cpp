#include "knight.h"
#include <cstdio>
int main() {
    int n, r1, c1, r2, c2;
    if (scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    printf("%d\n", knight(n, r1, c1, r2, c2));
}
