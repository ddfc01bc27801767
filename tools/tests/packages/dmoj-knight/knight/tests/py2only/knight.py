# Python 2 only: a print statement.
print 0
