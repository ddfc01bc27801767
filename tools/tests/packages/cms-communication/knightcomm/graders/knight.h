int knight(int n, int r1, int c1, int r2, int c2);
