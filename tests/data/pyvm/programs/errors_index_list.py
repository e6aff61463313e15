# Reading one past the end of a list.
registers = [0] * 4
for i in range(len(registers)):
    registers[i] = i * i
    print("r" + str(i), "=", registers[i])
print(registers[len(registers)])
