awk -v seed="$1" 'BEGIN { srand(seed); print int(rand() * 100), int(rand() * 10) }'
