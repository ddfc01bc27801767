read x; if [ $x -gt 50 ]; then echo $((x + 1)); else echo $x; fi
