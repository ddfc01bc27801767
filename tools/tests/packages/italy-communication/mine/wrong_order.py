# Opens the FIFO it should write (its first) for reading, first: the manager, which writes
# its own first FIFO first, waits for it as it waits for the manager.
import sys

with open(sys.argv[1]) as f:
    print(f.read())
