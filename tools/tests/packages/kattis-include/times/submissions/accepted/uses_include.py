from times import times
print(times(int(input())))
