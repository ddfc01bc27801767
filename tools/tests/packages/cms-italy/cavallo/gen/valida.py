#!/usr/bin/env python3
import sys
n, a, b, c, d = map(int, open(sys.argv[1]).read().split())
assert all(0 <= x < n for x in (a, b, c, d))
