#include <stdio.h>
#include <time.h>

int main(void) {
    long n;
    if (scanf("%ld", &n) != 1) return 1;
    /* Case 2 (8) takes 0.6 s of CPU: x 2 (ac_to_time_limit) it sets a limit above the least
       (1 s), so its further runs could lower the limit and are run. */
    if (n == 8)
        while (clock() < CLOCKS_PER_SEC * 6 / 10) {
        }
    printf("%ld\n", n);
    return 0;
}
