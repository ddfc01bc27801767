// A C++ submission (a template, which C has not) for a handler written in C.
template <typename T> T halved(T x) { return x / 2; }
int half(int x) { return halved(x); }
