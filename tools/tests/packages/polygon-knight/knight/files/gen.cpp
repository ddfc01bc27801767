#include "testlib.h"
int main(int argc, char** argv) {
  if (argc != 3) { std::fprintf(stderr, "usage: gen N SEED\n"); return 1; }
  int n = std::atoi(argv[1]);
  rnd_seed(std::atoll(argv[2]));
  int a = rnd_next(1, n), b = rnd_next(1, n), c = rnd_next(1, n), d = rnd_next(1, n);
  std::printf("%d %d %d %d %d\n", n, a, b, c, d);
}
