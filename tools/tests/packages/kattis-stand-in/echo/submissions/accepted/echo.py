import time

n = int(input())
# Case 2 (8) takes 0.6 s of CPU, as echo.c does.
if n == 8:
    while time.process_time() < 0.6:
        pass
print(n)
