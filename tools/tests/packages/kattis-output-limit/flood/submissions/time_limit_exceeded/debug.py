# A debug print left in a loop that never ends: it writes far past the 8 MiB output limit
# before its time runs out, and problemtools calls it a TLE (it checks the output's size only
# after a run that ended in time).
n = int(input())
while True:
    print("still looking at", n)
