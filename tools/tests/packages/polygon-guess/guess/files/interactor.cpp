#include "testlib.h"
int main(int, char** argv) {
  long n, secret, guess, count = 0;
  FILE* in = std::fopen(argv[1], "r");
  if (!in || std::fscanf(in, "%ld %ld", &n, &secret) != 2) return 3;
  std::printf("%ld\n", n);
  std::fflush(stdout);
  while (std::scanf("%ld", &guess) == 1) {
    count++;
    if (guess == secret) {
      std::printf("=\n");
      std::fflush(stdout);
      FILE* out = std::fopen(argv[2], "w");
      if (!out) { std::fprintf(stderr, "FAIL cannot write %s\n", argv[2]); return 3; }
      std::fprintf(out, "%ld\n", count);
      std::fclose(out);
      return 0;
    }
    std::printf(guess < secret ? "higher\n" : "lower\n");
    std::fflush(stdout);
  }
  std::fprintf(stderr, "wrong answer no guess was right\n");
  return 1;
}
