# Wrong on secret/1, endless on secret/2: problemtools stops the group at the wrong answer
# (on_reject: break, the legacy default), so it never sees the time limit exceeded.
n = int(input())
if n == 1:
    print(0)
elif n == 2:
    while True:
        pass
else:
    print(n)
