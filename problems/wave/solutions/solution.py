# wave, the plain solution: the wave (Lee) algorithm, a breadth-first search from s.
#
# Idea. The wave numbers every cell with its distance from s, layer by layer: a BFS. The
# number of f is the length of a shortest path; walking back from f, always to a
# neighbour numbered one less, follows one. O(n x m) time and memory.
#
# Which path. The statement fixes the walk back: from f, each time the first neighbour in
# the order up, right, down, left whose number is one less. So we keep the numbers (not
# parents: the parent the BFS found first is often another cell) and walk back by them.
#
# Speed in Python: read all input at once, one flat bytearray with a border of walls (no
# bounds checks), collections.deque.
import sys
from collections import deque


def main():
    data = sys.stdin.buffer.read().split()
    n, m = int(data[0]), int(data[1])
    # Cell (i, j), 0-based, is index (i + 1) * width + j + 1 inside a border of walls.
    width = m + 2
    grid = bytearray(b"#" * width)
    for row in data[2 : 2 + n]:
        grid += b"#" + row + b"#"
    grid += b"#" * width
    start, finish = grid.index(b"s"), grid.index(b"f")

    # The wave: dist[i] is the number of moves from s (-1: not reached; walls stay -1).
    blocked = bytearray(grid.translate(bytes.maketrans(b".#sf", b"\x00\x01\x00\x00")))
    dist = [-1] * len(grid)
    dist[start] = 0
    blocked[start] = 1
    queue = deque([start])
    pop, push = queue.popleft, queue.append
    up, right, down, left = -width, 1, width, -1
    while queue:
        v = pop()
        d = dist[v] + 1
        for w in (v + up, v + right, v + down, v + left):
            if not blocked[w]:
                blocked[w] = 1
                dist[w] = d
                push(w)

    if dist[finish] < 0:
        sys.stdout.write("-1\n")
        return
    # The walk back from f, first neighbour in the order up, right, down, left one step
    # closer to s; every cell stepped on before s becomes a star.
    v = finish
    while dist[v] > 1:
        d = dist[v] - 1
        for w in (v + up, v + right, v + down, v + left):
            if dist[w] == d:
                v = w
                break
        grid[v] = ord("*")
    out = [b"%d" % dist[finish]]
    for i in range(1, n + 1):
        out.append(grid[i * width + 1 : i * width + 1 + m])
    sys.stdout.buffer.write(b"\n".join(out) + b"\n")


main()
