x = input()
print(x if x == '42' else 0)
