# robot-maze, the plain solution: a breadth-first search from the start.
#
# Idea. A BFS visits cells in order of their distance from the start, so the first time
# it reaches a cell it has found a shortest route to it; remembering where it came from
# (the parent) lets us walk back from the finish. O(R x C) time and memory.
#
# Which route. From each cell we try the moves in the statement's order U, D, L, R and
# record the parent only when a cell is reached for the first time. Then the queue holds
# every layer sorted by the routes' move sequences, and each cell keeps the
# lexicographically smallest shortest route: the first parent to reach it is the one
# whose own route sorts first. Recording the parent later (when the cell is taken from the
# queue, or again at every visit) breaks exactly this.
#
# Speed in Python: read all input at once, keep the grid in one flat bytearray with a
# border of walls (no bounds checks), use collections.deque (list.pop(0) is linear),
# and write the answer with a single join.
import sys
from collections import deque


def main():
    data = sys.stdin.buffer.read().split()
    rows, cols, r1, c1, r2, c2 = map(int, data[:6])
    # Cell (r, c), 1-based, is index r * width + c: row 0, row rows + 1, column 0 and
    # column cols + 1 are the border, so the 1-based coordinates come back by divmod.
    width = cols + 2
    wall = b"\x01" * width
    to_bytes = bytes.maketrans(b"01", b"\x00\x01")
    # blocked[i] is 1 for a wall, the border or a cell already reached.
    blocked = bytearray(wall)
    for row in data[6 : 6 + rows]:
        blocked += b"\x01" + row.translate(to_bytes) + b"\x01"
    blocked += wall
    start = r1 * width + c1
    finish = r2 * width + c2

    # The start may be a wall: the robot stands there and can still leave it.
    parent = [-1] * len(blocked)
    blocked[start] = 1
    queue = deque([start])
    pop, push = queue.popleft, queue.append
    up, down, left, right = -width, width, -1, 1  # the statement's order: U < D < L < R
    while queue:
        v = pop()
        for w in (v + up, v + down, v + left, v + right):
            if not blocked[w]:
                blocked[w] = 1
                parent[w] = v
                push(w)

    if finish != start and parent[finish] < 0:
        sys.stdout.write("-1\n")
        return
    route = [finish]
    while route[-1] != start:
        route.append(parent[route[-1]])
    route.reverse()
    sys.stdout.write("".join("%d %d\n" % divmod(v, width) for v in route))


main()
