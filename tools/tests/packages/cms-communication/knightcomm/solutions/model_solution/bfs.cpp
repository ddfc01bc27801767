#include "knight.h"
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
