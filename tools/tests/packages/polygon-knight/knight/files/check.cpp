#include "testlib.h"
int main(int, char** argv) {
  long got, want;
  if (!read_long(argv[3], &want)) { std::printf("FAIL the answer is not a number\n"); return 3; }
  if (!read_long(argv[2], &got)) { std::printf("wrong output format expected a number\n"); return 2; }
  if (got != want) { std::printf("wrong answer expected %ld, found %ld\n", want, got); return 1; }
  std::printf("ok %ld moves\n", got);
  return 0;
}
