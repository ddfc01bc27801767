# chase, the plain solution: a breadth-first search from the monster S.
#
# Idea. A BFS visits cells in order of their distance from S, so the first time it reaches
# a cell it has found a shortest way there: the distance of E is the answer. For --path we
# also remember each cell's parent, the cell it was first reached from, and walk back from
# E. O(R x C) time and memory.
#
# Which path. Moves are tried in the statement's order down, up, right, left, and a cell's
# parent is recorded only when the cell is reached for the first time. The queue then holds
# each layer sorted by the cells' move sequences, so every cell keeps the lexicographically
# smallest shortest path under D < U < R < L: its first parent is the one whose own path
# sorts first.
#
# Speed in Python: read all input at once, one flat bytearray with a border of walls (no
# bounds checks), collections.deque.
import sys
from collections import deque


def main():
    want_path = "--path" in sys.argv[1:]
    lines = sys.stdin.buffer.read().split(b"\n")
    while lines and lines[-1] == b"":
        lines.pop()
    # A first line of two whole numbers is the header "R C"; a row never holds a digit.
    first = lines[0].split(b" ")
    if len(first) == 2 and first[0].isdigit() and first[1].isdigit():
        rows = lines[1 : 1 + int(first[0])]
    else:
        rows = lines
    # Rows come written together ("S..#") or spaced ("S . . #"): drop the spaces.
    rows = [row.replace(b" ", b"") for row in rows]
    height, cols = len(rows), len(rows[0])

    # Cell (r, c), 0-based, is index (r + 1) * width + c + 1 inside a border of walls.
    width = cols + 2
    grid = bytearray(b"#" * width)
    for row in rows:
        grid += b"#" + row + b"#"
    grid += b"#" * width
    start, goal = grid.index(b"S"), grid.index(b"E")

    # blocked[i] is 1 for a wall or a cell already reached.
    blocked = bytearray(grid.translate(bytes.maketrans(b".#SE", b"\x00\x01\x00\x00")))
    dist = [-1] * len(grid)
    parent = [-1] * len(grid)
    dist[start] = 0
    blocked[start] = 1
    queue = deque([start])
    pop, push = queue.popleft, queue.append
    down, up, right, left = width, -width, 1, -1  # the statement's order: D < U < R < L
    while queue:
        v = pop()
        if v == goal:
            break
        d = dist[v] + 1
        for w in (v + down, v + up, v + right, v + left):
            if not blocked[w]:
                blocked[w] = 1
                dist[w] = d
                parent[w] = v
                push(w)

    if not want_path:
        sys.stdout.write("%d\n" % dist[goal])
        return
    if dist[goal] < 0:
        sys.stdout.write("\n")  # an empty line: E cannot be reached
        return
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    sys.stdout.write(
        " ".join("(%d, %d)" % (v // width - 1, v % width - 1) for v in path) + "\n"
    )


main()
