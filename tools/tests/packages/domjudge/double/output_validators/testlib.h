#include <cstdio>
#include <cstdlib>
inline long read_long(std::FILE* f) { long x; if (std::fscanf(f, "%ld", &x) != 1) std::exit(43); return x; }
inline int verdict(bool ok) { return ok ? 42 : 43; }
