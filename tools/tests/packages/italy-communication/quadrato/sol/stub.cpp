/* The stub of quadrato (CMS's fifo_io): its arguments are the manager's FIFOs the other way
 * round, so the question comes on its second and the answer goes on its first. */
#include <cstdio>

long long quadrato(long long n);

int main(int argc, char **argv) {
    long long n;
    FILE *hear, *tell;
    if (argc < 3)
        return 2;
    hear = fopen(argv[2], "r");
    tell = fopen(argv[1], "w");
    if (!hear || !tell || fscanf(hear, "%lld", &n) != 1)
        return 1;
    fprintf(tell, "%lld\n", quadrato(n));
    fflush(tell);
    return 0;
}
