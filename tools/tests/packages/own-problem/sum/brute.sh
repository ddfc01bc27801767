read a b; s=$a; i=0; while [ $i -lt $b ]; do s=$((s+1)); i=$((i+1)); done; echo $s
