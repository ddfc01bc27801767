def times(n):
    return n * {{factor}}
