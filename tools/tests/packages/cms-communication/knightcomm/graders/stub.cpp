#include "knight.h"
#include <cstdio>
#include <cstdlib>
int main(int argc, char **argv) {
    int id = argc > 1 ? atoi(argv[1]) : -1, n, r1, c1, r2, c2;
    if (scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 0;
    printf("%d %d\n", id, knight(n, r1, c1, r2, c2));
    fflush(stdout);
}
