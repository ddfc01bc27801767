#include <cstdio>
int main() {
  long n, lo = 1, hi, m;
  char said[16];
  if (std::scanf("%ld", &n) != 1) return 1;
  hi = n;
  for (;;) {
    m = lo;
    std::printf("%ld\n", m);
    std::fflush(stdout);
    if (std::scanf("%15s", said) != 1 || said[0] == '=') return 0;
    if (said[0] == 'h') lo = m + 1; else hi = m - 1;
  }
}
