/* A manager that never opens its ends of the FIFOs: it reads its input and sleeps. */
#include <cstdio>
#include <unistd.h>

int main(void) {
    long long n;
    if (scanf("%lld", &n) != 1)
        return 1;
    for (;;)
        pause();
}
