#include "testlib.h"
int main(int, char** argv) {
  long got = read_num(argv[2]), want = read_num(argv[3]);
  if (got != want) { std::printf("wrong answer expected %ld, found %ld\n", want, got); return 1; }
  std::printf("ok\n");
  return 0;
}
