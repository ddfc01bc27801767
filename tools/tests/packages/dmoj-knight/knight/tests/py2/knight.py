import sys
from collections import deque
data = sys.stdin.read().split()
n = int(data[0])
q = data[1:]
moves = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
for i in range(0, len(q), 4):
    r1, c1, r2, c2 = map(int, q[i:i + 4])
    if n == 0:
        print(0)
        continue
    d = {(r1, c1): 0}
    todo = deque([(r1, c1)])
    while todo:
        r, c = todo.popleft()
        for dr, dc in moves:
            a, b = r + dr, c + dc
            if 1 <= a <= n and 1 <= b <= n and (a, b) not in d:
                d[(a, b)] = d[(r, c)] + 1
                todo.append((a, b))
    print(d.get((r2, c2), -1))
