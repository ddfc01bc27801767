// Reads numbers and prints what the submission's twice() makes of each.
#include <cstdio>
#include "header.h"

#ifndef SIGNATURE_GRADER
#error "DMOJ builds a signature grader's handler with SIGNATURE_GRADER defined"
#endif

int main() {
    long x;
    while (std::scanf("%ld", &x) == 1) std::printf("%ld\n", twice(x));
    return 0;
}
