/* The manager of quadrato, written as older CMS managers are: it reads input.txt in its
 * working folder (not stdin), asks on its FIRST FIFO and reads the answer on its SECOND,
 * opening them in that order. Score on stdout, message on stderr. */
#include <csignal>
#include <cstdio>

int main(int argc, char **argv) {
    long long n, got;
    FILE *in, *ask, *hear;
    signal(SIGPIPE, SIG_IGN); /* a program that is gone is its verdict, not ours */
    if (argc < 3) {
        fprintf(stderr, "usage: manager FIFO FIFO\n");
        return 1;
    }
    in = fopen("input.txt", "r");
    if (!in || fscanf(in, "%lld", &n) != 1) {
        fprintf(stderr, "no number in input.txt\n");
        return 1;
    }
    ask = fopen(argv[1], "w");
    hear = fopen(argv[2], "r");
    if (!ask || !hear) {
        fprintf(stderr, "cannot open the FIFOs\n");
        return 1;
    }
    fprintf(ask, "%lld\n", n);
    fflush(ask);
    if (fscanf(hear, "%lld", &got) != 1) {
        printf("0.0\n");
        fprintf(stderr, "no answer\n");
    } else if (got == n * n) {
        printf("1.0\n");
        fprintf(stderr, "the square\n");
    } else {
        printf("0.0\n");
        fprintf(stderr, "%lld is not the square of %lld\n", got, n);
    }
    return 0;
}
