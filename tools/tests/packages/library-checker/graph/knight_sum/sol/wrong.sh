awk '{ print $1 - $2 }'
