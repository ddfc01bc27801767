import sys
n = int(open(sys.argv[1]).read())
got = sys.stdin.read().split()
sys.exit(42 if got == [str(n * {{factor}})] else 43)
