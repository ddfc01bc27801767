// A stand-in written for these tests, not testlib: what gen.cpp and check.cpp use.
#include <cstdio>
#include <cstdlib>
static unsigned long long rnd_state = 88172645463325252ULL;
static void rnd_seed(unsigned long long s) { rnd_state ^= s * 0x9E3779B97F4A7C15ULL; }
static int rnd_next(int lo, int hi) {
  rnd_state ^= rnd_state << 13; rnd_state ^= rnd_state >> 7; rnd_state ^= rnd_state << 17;
  return lo + (int)(rnd_state % (unsigned long long)(hi - lo + 1));
}
static bool read_long(const char* path, long* x) {
  FILE* f = std::fopen(path, "r");
  if (!f) { std::printf("FAIL cannot open %s\n", path); std::exit(3); }
  bool ok = std::fscanf(f, "%ld", x) == 1;
  std::fclose(f);
  return ok;
}
