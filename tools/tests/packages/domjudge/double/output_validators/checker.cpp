#include "testlib.h"
int main(int, char** argv) {
  std::FILE* a = std::fopen(argv[2], "r");
  return verdict(read_long(stdin) == read_long(a));
}
