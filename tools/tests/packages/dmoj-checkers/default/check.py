# A checker for DMOJ's default bridge: `CHECKER INPUT OUTPUT ANSWER`, exit 0 for an output
# `ok`, 1 for `no`, and 2 (which that bridge does not know: an internal error) for `pe`.
import sys

said = open(sys.argv[2]).read().split()
sys.exit({"ok": 0, "no": 1}.get(said[0] if said else "", 2))
