print(int('12'), int('-3'), int('0o17', 0))
print(int('twelve'))
