sleep 0.1
exit 0
