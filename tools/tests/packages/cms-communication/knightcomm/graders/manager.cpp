#include <cstdio>
#include <vector>
#include <queue>
int knight(int n, int r1, int c1, int r2, int c2) {
    std::vector<int> d(n * n, -1);
    std::queue<int> q;
    d[r1 * n + c1] = 0;
    q.push(r1 * n + c1);
    int dr[] = {1, 2, -1, -2, 1, 2, -1, -2}, dc[] = {2, 1, 2, 1, -2, -1, -2, -1};
    while (!q.empty()) {
        int v = q.front(); q.pop();
        for (int k = 0; k < 8; k++) {
            int r = v / n + dr[k], c = v % n + dc[k];
            if (r >= 0 && r < n && c >= 0 && c < n && d[r * n + c] < 0) {
                d[r * n + c] = d[v] + 1;
                q.push(r * n + c);
            }
        }
    }
    return d[r2 * n + c2];
}

// CMS's Communication manager: MANAGER U0_TO_M M_TO_U0 U1_TO_M M_TO_U1 < INPUT; it
// answers as a CMS checker. It opens its way to each copy first, as CMS's managers do.
int main(int argc, char **argv) {
    int n, r1, c1, r2, c2;
    if (argc != 5 || scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    FILE *to[2], *from[2];
    for (int i = 0; i < 2; i++) {
        to[i] = fopen(argv[2 + 2 * i], "w");
        from[i] = fopen(argv[1 + 2 * i], "r");
    }
    for (int i = 0; i < 2; i++) {
        fprintf(to[i], "%d %d %d %d %d\n", n, r1, c1, r2, c2);
        fflush(to[i]);
    }
    int want = knight(n, r1, c1, r2, c2), right = 1;
    for (int i = 0; i < 2; i++) {
        int id = -1, got = -1;
        if (fscanf(from[i], "%d %d", &id, &got) != 2 || id != i || got != want) right = 0;
    }
    printf("%d\n", right);
    fprintf(stderr, right ? "translate:success\n" : "translate:wrong\n");
}
