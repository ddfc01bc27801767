# check.sh CODE INPUT OUTPUT ANSWER: says something, ends with CODE
case $1 in
 0) echo ok;;
 1) echo "wrong answer: expected $(cat $4), found $(cat $3)";;
2) echo 'presentation error: extra spaces' >&2;;
 3) echo 'checker failed: cannot read answer';;
7) echo 'points 0.5 half of it';;
esac
exit $1
