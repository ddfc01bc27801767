# gen.py SEED: one random input, the same for the same seed (the judge appends the seed).
import random
import sys

rng = random.Random(int(sys.argv[-1]))
n = rng.randint(1, 8)
print(n, *(rng.randint(1, n) for _ in range(4)))
