/* A handler in C, whose submissions may be C++: DMOJ builds it in the submission's
   language, so its call to half() links to a C++ definition. */
#include <stdio.h>
#include "header.h"

int main(void) {
    int x;
    while (scanf("%d", &x) == 1) printf("%d\n", half(x));
    return 0;
}
