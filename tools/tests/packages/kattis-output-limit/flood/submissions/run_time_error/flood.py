# Ends in time having written 9 MiB, past the 8 MiB output limit problemtools applies by
# default: an OLE, which the Kattis format counts as a run-time error.
import sys
sys.stdout.write("x" * (9 << 20))
