import sys


def positive(text):
    n = int(text)
    if n <= 0:
        raise ValueError(f"N must be positive, got {n}")
    return n


def check(path):
    with open(path) as f:
        return positive(f.read())


check(sys.argv[1])
