awk '{ print $1 + $2 + ($1 > 50) }'
