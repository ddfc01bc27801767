#include "testlib.h"
int main(int, char** argv) { int n = std::atoi(argv[1]); rnd_seed(std::atoll(argv[2])); std::printf("%d %d\n", n, rnd_next(1, n)); }
