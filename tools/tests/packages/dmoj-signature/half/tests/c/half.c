/* A C submission for the same handler. */
int half(int x) { return x / 2; }
