# Slow but sure: a plain BFS over the board with parent links.
import sys
from collections import deque

n, r1, c1, r2, c2 = map(int, sys.stdin.read().split())
moves = [(dr, dc) for dr in (-2, -1, 1, 2) for dc in (-2, -1, 1, 2) if abs(dr) != abs(dc)]
parent = {(r1, c1): None}
queue = deque([(r1, c1)])
while queue:
    r, c = queue.popleft()
    for dr, dc in moves:
        nxt = (r + dr, c + dc)
        if 1 <= nxt[0] <= n and 1 <= nxt[1] <= n and nxt not in parent:
            parent[nxt] = (r, c)
            queue.append(nxt)
if (r2, c2) not in parent:
    print(-1)
else:
    route, at = [], (r2, c2)
    while at is not None:
        route.append(at)
        at = parent[at]
    print(len(route) - 1)
    for r, c in reversed(route):
        print(r, c)
