read x; [ $((x % 2)) -eq 0 ] || { echo "odd: $x" >&2; exit 1; }
