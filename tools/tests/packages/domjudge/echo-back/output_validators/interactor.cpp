#include "testlib.h"
int main(int, char** argv) {
  std::FILE* in = std::fopen(argv[1], "r");
  long x = read_long(in);
  std::printf("%ld\n", x); std::fflush(stdout);
  return verdict(read_long(stdin) == x + 1);
}
