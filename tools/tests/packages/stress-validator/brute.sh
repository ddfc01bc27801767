read x; echo $x
