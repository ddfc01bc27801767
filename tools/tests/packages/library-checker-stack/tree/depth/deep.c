#include <stdio.h>
static long down(long n) { volatile char frame[64]; frame[0] = (char)n; if (n == 0) return 0; return down(n - 1) + 1 + frame[0] * 0; }
int main(void) { long n; if (scanf("%ld", &n) != 1) return 1; printf("%ld\n", down(n)); return 0; }
