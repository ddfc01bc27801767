# A checker in the manner of testlib's, for DMOJ's testlib bridge: `CHECKER INPUT OUTPUT
# ANSWER`; an output `ok` is accepted (exit 0), a number N is worth N points (exit 7 with
# `points N` on stderr, as testlib's quitp(N) prints it), anything else is wrong (exit 1).
import sys

words = open(sys.argv[2]).read().split()
said = words[0] if words else ""
if said == "ok":
    sys.exit(0)
if said.replace(".", "").isdigit():
    print(f"{said} points, as asked")
    sys.stderr.write(f"points {said}")
    sys.exit(7)
print(f"`{said}` is neither ok nor a number")
sys.exit(1)
