echo 'brute: out of ideas' >&2; exit 3
