# check.py INPUT OUTPUT ANSWER, testlib's exit codes: 0 accepted, 1 wrong answer,
# 2 presentation error, 3 the checker failed (a bad answer file).
import sys


def verdict(code, message):
    print(message)
    sys.exit(code)


def numbers(path, who):
    try:
        with open(path) as f:
            return [list(map(int, line.split())) for line in f.read().strip().splitlines()]
    except ValueError:
        verdict(2 if who == "output" else 3, f"{who}: not all numbers")


n, r1, c1, r2, c2 = numbers(sys.argv[1], "input")[0]
out, ans = numbers(sys.argv[2], "output"), numbers(sys.argv[3], "answer")
if not ans or len(ans[0]) != 1:
    verdict(3, "answer: no move count")
if not out or len(out[0]) != 1:
    verdict(2, "output: the first line must be one number")
best, k = ans[0][0], out[0][0]
if k != best:
    verdict(1, f"{k} moves, but the fewest is {best}")
if k == -1:
    verdict(0 if len(out) == 1 else 2, "unreachable" if len(out) == 1 else "output: -1 alone")
route = out[1:]
if len(route) != k + 1 or any(len(square) != 2 for square in route):
    verdict(2, f"output: expected {k + 1} squares `r c` after the count")
if route[0] != [r1, c1] or route[-1] != [r2, c2]:
    verdict(1, "the route must go from the start to the target")
for i, ((a, b), (c, d)) in enumerate(zip(route, route[1:]), 1):
    if not (1 <= c <= n and 1 <= d <= n):
        verdict(1, f"move {i} leaves the board at ({c}, {d})")
    if sorted((abs(a - c), abs(b - d))) != [1, 2]:
        verdict(1, f"move {i} from ({a}, {b}) to ({c}, {d}) is not a knight's move")
verdict(0, f"ok, {k} moves")
