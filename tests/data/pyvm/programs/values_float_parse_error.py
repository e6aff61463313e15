print(float('1.5e3'), float('.5'), float('5.'))
print(float('1.2.3'))
