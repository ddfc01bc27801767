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
int main() {
    FILE *in = fopen("input.txt", "r"), *out = fopen("output.txt", "w");
    int n, r1, c1, r2, c2;
    if (!in || fscanf(in, "%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
    fprintf(out, "%d\n", knight(n, r1, c1, r2, c2));
}
