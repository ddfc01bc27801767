# gen/generatore.sh: no #! line and not executable, as in many task repositories.
echo "$1 $2"
