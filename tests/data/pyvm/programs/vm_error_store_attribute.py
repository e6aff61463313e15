value = 5
value.real_part = 3
