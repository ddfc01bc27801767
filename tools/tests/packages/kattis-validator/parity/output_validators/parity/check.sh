#!/bin/sh
# INPUT ANSWER FEEDBACK_DIR FLAGS < OUTPUT
sleep 0.2
read x
[ "$4" = even ] || exit 1
if [ $((x % 2)) -eq 0 ]; then exit 42; fi
echo "$x is odd" > "$3/judgemessage.txt"
exit 43
