// A stand-in written for this test: the checker below needs only these.
#include <cstdio>
#include <cstdlib>
static long read_num(const char* p) { FILE* f = std::fopen(p, "r"); long x = 0; if (!f || std::fscanf(f, "%ld", &x) != 1) { std::printf("FAIL cannot read %s\n", p); std::exit(3); } std::fclose(f); return x; }
