#include "testlib.h"
#include <string>
int main(int argc, char** argv) {
  int n = std::atoi(argv[1]);
  for (int i = 1; i <= 3; i++) {
    FILE* f = std::fopen(std::to_string(i).c_str(), "w");
    int m = n + i - 1;
    std::fprintf(f, "%d 1 1 %d %d\n", m, m, m);
    std::fclose(f);
  }
  rnd_next(0, 0);
}
