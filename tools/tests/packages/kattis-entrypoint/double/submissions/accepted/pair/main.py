import a_helper_free
print(a_helper_free.double(int(input())))
