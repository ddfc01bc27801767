# pushing-boxes, the plain solution: a breadth-first search over box states, and for each
# state a breadth-first search of the keeper's walks.
#
# Idea. What matters after a push is where the box is and which way it was pushed (the
# keeper then stands on the cell the box just left): a box state. From a state, a push in
# direction D needs the keeper to walk, around the box, to the cell behind it: one BFS of
# the keeper from where he stands, the box counting as a wall, gives the shortest walk to
# all four pushing sides at once. The box states are searched first-in first-out, each with
# its cost (pushes, walks). There are at most 4 x N x M box states, each running one
# keeper BFS over at most N x M cells: O((N x M)^2) per map, which for 20 x 20 is at most
# 1,600 BFSs of 400 cells.
#
# Which plan. The statement fixes the answer among equal plans (rules 1 to 4): walks by the
# keeper's BFS trying n, s, w, e and keeping the first parent of each cell; pushes tried N,
# S, W, E; a state found again takes the new cost only if it is strictly smaller (and keeps
# its place in the queue); the answer is the box-on-T state of smallest cost, the first
# taken from the queue among equals. Costs compare pushes first, then walks: fewest pushes
# is the goal, walks only break ties.
#
# Speed in Python: a flat grid with a border of walls, collections.deque, the keeper's walks
# kept as lengths during the search and written out only for the pushes of the answer.
import sys
from collections import deque

WALKS = "nswe"
PUSHES = "NSWE"


def main():
    lines = sys.stdin.buffer.read().split(b"\n")
    out = []
    at = 0
    case = 0
    while True:
        n, m = map(int, lines[at].split())
        if n == 0 and m == 0:
            break
        case += 1
        out.append("Maze #%d\n%s\n\n" % (case, solve(lines[at + 1 : at + 1 + n], m)))
        at += 1 + n
    sys.stdout.write("".join(out))


def solve(rows, m):
    # Cell (r, c), 0-based, is index (r + 1) * width + c + 1 inside a border of walls.
    width = m + 2
    grid = b"#" * width + b"".join(b"#" + row + b"#" for row in rows) + b"#" * width
    wall = [ch == ord("#") for ch in grid]
    floor = bytearray(not w for w in wall)
    keeper, box, target = grid.index(b"S"), grid.index(b"B"), grid.index(b"T")
    # Walking direction k (n, s, w, e) moves the keeper by step[k]. To push the box in
    # direction k the keeper stands at box - step[k] and the box moves to box + step[k].
    step = (-width, width, -1, 1)

    def walks(start, box, wanted):
        """The keeper's BFS from start, the box a wall, until every cell of wanted is
        reached: how[cell] = the walk's last move into cell (the first parent kept),
        dist[cell] = the walk's length (-1: not reached)."""
        free = bytearray(floor)  # 1: floor not reached yet
        free[start] = free[box] = 0
        dist = [-1] * len(grid)
        how = [-1] * len(grid)
        dist[start] = 0
        left = len(wanted) - (start in wanted)
        queue = deque([start])
        pop, push = queue.popleft, queue.append
        north, south, west, east = step
        while left and queue:
            v = pop()
            d = dist[v] + 1
            # The four moves written out, in the order n, s, w, e (a loop over them
            # costs a quarter more time, and this limit is 1 s).
            w = v + north
            if free[w]:
                free[w] = 0
                dist[w], how[w] = d, 0
                push(w)
                left -= w in wanted
            w = v + south
            if free[w]:
                free[w] = 0
                dist[w], how[w] = d, 1
                push(w)
                left -= w in wanted
            w = v + west
            if free[w]:
                free[w] = 0
                dist[w], how[w] = d, 2
                push(w)
                left -= w in wanted
            w = v + east
            if free[w]:
                free[w] = 0
                dist[w], how[w] = d, 3
                push(w)
                left -= w in wanted
        return dist, how

    def walk_text(start, end, box):
        """The walk from start to end as the keeper's BFS chooses it, e.g. "nnw"."""
        _, how = walks(start, box, {end})
        moves = []
        while end != start:
            moves.append(WALKS[how[end]])
            end -= step[how[end]]
        return "".join(reversed(moves))

    # A box state is (box cell, direction of the last push) = 4 * cell + k. For each:
    # cost = (pushes, walks), and where it came from: the previous state and the keeper's
    # cell before the walk (for the first pushes: the start, and no previous state).
    cost, came = {}, {}
    queue = deque()
    def sides(box):
        """The cells the keeper must reach to push the box at box: k -> cell, for the
        directions whose pushing side and cell ahead are floor."""
        return {k: box - step[k] for k in range(4)
                if floor[box - step[k]] and floor[box + step[k]]}

    ways = sides(box)
    dist, _ = walks(keeper, box, set(ways.values()))
    for k, side in ways.items():  # the first pushes, N, S, W, E
        if dist[side] < 0:
            continue
        ahead = box + step[k]
        state = 4 * ahead + k
        cost[state] = (1, dist[side])
        came[state] = (None, keeper)
        queue.append(state)

    best, end = None, None
    while queue:
        state = queue.popleft()
        here, last = divmod(state, 4)
        pushes, walked = cost[state]
        if here == target and (best is None or cost[state] < best):
            best, end = cost[state], state
        # The keeper stands where the box was before the last push.
        stand = here - step[last]
        ways = sides(here)
        dist, _ = walks(stand, here, set(ways.values()))
        for k, side in ways.items():  # N, S, W, E
            if dist[side] < 0:
                continue
            ahead = here + step[k]
            new = (pushes + 1, walked + dist[side])
            nxt = 4 * ahead + k
            if nxt not in cost:
                cost[nxt] = new
                came[nxt] = (state, stand)
                queue.append(nxt)
            elif new < cost[nxt]:  # strictly better: take it, keep the queue place
                cost[nxt] = new
                came[nxt] = (state, stand)

    if end is None:
        return "Impossible."
    # Walk back from the answer's state, writing each push after the walk before it.
    parts = []
    state = end
    while state is not None:
        here, k = divmod(state, 4)
        previous, stand = came[state]
        box_before = here - step[k]
        parts.append(walk_text(stand, box_before - step[k], box_before) + PUSHES[k])
        state = previous
    return "".join(reversed(parts))


main()
