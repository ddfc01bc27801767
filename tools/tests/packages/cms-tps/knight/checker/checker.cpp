#include <cstdio>
// CMS's protocol: checker INPUT ANSWER OUTPUT; the score on stdout, the message on stderr.
int main(int argc, char **argv) {
    FILE *ans = fopen(argv[2], "r"), *out = fopen(argv[3], "r");
    long want, got;
    if (fscanf(ans, "%ld", &want) != 1) return 1;
    if (fscanf(out, "%ld", &got) != 1) { printf("0\n"); fprintf(stderr, "translate:wrong\n"); return 0; }
    if (got == want) { printf("1\n"); fprintf(stderr, "translate:success\n"); }
    else if (got == want + 1) { printf("0.5\n"); fprintf(stderr, "one move too many\n"); }
    else { printf("0\n"); fprintf(stderr, "expected %ld, got %ld\n", want, got); }
}
