# swap-game, the plain solution: one breadth-first search from the sorted board over all
# 9! = 362,880 boards, then one look-up per board.
#
# Idea. A swap can be undone by the same swap, so the fewest swaps from a board to the
# sorted one equals the fewest from the sorted one to the board. One BFS from the sorted
# board therefore gives every board's answer at once, whatever the number of boards: a
# search per board (the seed's way) repeats the same work for each of them. The BFS visits
# 9! boards and tries 12 swaps from each: about 4.4 million steps. No tie-break here:
# the answers are numbers.
#
# Speed in Python: 4.4 million steps of Python code take about 2 s, too slow for the 1 s
# limit, so the steps are done by C code a layer at a time:
# - A board is kept as where each number stands: pos[v] = the cell of number v + 1. Swapping
#   the numbers in cells i and j then swaps the *values* i and j in pos, which
#   bytes.translate does with a 256-byte table, on a whole layer of boards in one call.
# - pos[8] follows from pos[0..7] (the one cell left), and two values a, b (0..8) fit one
#   byte as 9a + b; so a board is 4 bytes, a layer is one array("I") of them, and each
#   board is a small int in a set.
# - Every swap changes the parity of the permutation, so a board's neighbours lie in the
#   layer before it or the layer after: a new layer is the neighbours minus the previous one.
import sys
from array import array

# Cells 0..8 in reading order; two cells share a side.
SWAPS = [(0, 1), (1, 2), (3, 4), (4, 5), (6, 7), (7, 8),
         (0, 3), (3, 6), (1, 4), (4, 7), (2, 5), (5, 8)]


def table(i, j):
    """The translate table of the swap of cells i and j, for bytes 9a + b."""
    swap = list(range(9))
    swap[i], swap[j] = j, i
    t = bytearray(range(256))
    for a in range(9):
        for b in range(9):
            t[9 * a + b] = 9 * swap[a] + swap[b]
    return bytes(t)


def key(pos):
    """A board's 4-byte key as an int, from pos[0..7] (little-endian, as array("I") reads it)."""
    return ((9 * pos[0] + pos[1]) | (9 * pos[2] + pos[3]) << 8
            | (9 * pos[4] + pos[5]) << 16 | (9 * pos[6] + pos[7]) << 24)


def main():
    # Every number is one digit: the boards are 9 bytes each, 0..8 after the translate.
    digits = b"".join(sys.stdin.buffer.read().split())
    boards = digits.translate(bytes.maketrans(b"123456789", bytes(range(9))))
    tables = [table(i, j) for i, j in SWAPS]

    # The BFS, a layer at a time: layers[d] holds the boards d swaps from the sorted one.
    layers = [{key(range(8))}]
    previous = set()
    while layers[-1]:
        keys = array("I", layers[-1]).tobytes()
        moved = b"".join([keys.translate(t) for t in tables])
        found = set(memoryview(moved).cast("I"))
        found -= previous
        previous = layers[-1]
        layers.append(found)

    out = []
    pos = [0] * 9
    for b in range(0, len(boards), 9):
        for cell in range(9):
            pos[boards[b + cell]] = cell
        k = key(pos)
        out.append(next(d for d, layer in enumerate(layers) if k in layer))
    sys.stdout.write("".join("%d\n" % x for x in out))


main()
