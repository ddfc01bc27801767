# A "fast" solution: BFS with a table of moves... that forgot one of the eight.
import sys
from collections import deque

n, r1, c1, r2, c2 = map(int, sys.stdin.read().split())
MOVES = [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2)]
dist = {(r1, c1): 0}
prev = {}
queue = deque([(r1, c1)])
while queue:
    r, c = queue.popleft()
    for dr, dc in MOVES:
        nr, nc = r + dr, c + dc
        if 1 <= nr <= n and 1 <= nc <= n and (nr, nc) not in dist:
            dist[(nr, nc)] = dist[(r, c)] + 1
            prev[(nr, nc)] = (r, c)
            queue.append((nr, nc))
if (r2, c2) not in dist:
    print(-1)
else:
    route = [(r2, c2)]
    while route[-1] != (r1, c1):
        route.append(prev[route[-1]])
    print(len(route) - 1)
    print("\n".join(f"{r} {c}" for r, c in reversed(route)))
