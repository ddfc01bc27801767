// The function the handler calls, and a main of its own for trying it alone, which DMOJ's
// signature grader renames so that the handler's main is the program's.
#include <cstdio>

long twice(long x) { return 2 * x; }

int main() {
    std::printf("%ld\n", twice(21));
    return 0;
}
