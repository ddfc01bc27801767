#include "testlib.h"
int main(int, char** argv) {
  long count;
  if (!read_long(argv[2], &count)) { std::printf("FAIL no count\n"); return 3; }
  if (count > 10) { std::printf("wrong answer %ld guesses, more than 10\n", count); return 1; }
  std::printf("ok %ld guesses\n", count);
  return 0;
}
