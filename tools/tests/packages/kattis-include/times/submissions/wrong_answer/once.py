print(int(input()) * ({{max_n}} // 1000))
