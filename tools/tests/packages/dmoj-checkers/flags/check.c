/* A bridged checker of DMOJ's default type (input, output, answer; exit 0 or 1) that has
   a main only when its `flags` reach the compiler: built without -DWANTED it cannot link. */
#include <stdio.h>

#ifdef WANTED
int main(int argc, char **argv) {
    long got, want;
    FILE *out = fopen(argv[2], "r"), *ans = fopen(argv[3], "r");
    if (argc < 4 || !out || !ans || fscanf(ans, "%ld", &want) != 1) return 2;
    return fscanf(out, "%ld", &got) == 1 && got == want ? 0 : 1;
}
#endif
