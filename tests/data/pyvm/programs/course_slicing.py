# Slicing: start, stop, step, negative indices, copies, and assignment through slices.
data = list(range(10))
print(data[2:5], data[:3], data[7:], data[-3:], data[:-7])
print(data[::2], data[1::2], data[::-1], data[8:2:-2])
print(data[-100:100] == data, data[5:2], data[3:3])
text = "matrix multiply"
print(text[:6], text[7:], text[::-1], text[::3])
print(text[-8:], text[1:-1])
copy = data[:]
copy[0] = 99
print("original:", data[:3], "copy:", copy[:3])
window = 3
for start in range(0, len(data) - window + 1, 2):
    chunk = data[start:start + window]
    print(f"window at {start}: {chunk} sum={sum(chunk)}")
data[2:5] = ["a", "b"]
print(data)
data[:2] = []
print(data)
del data[::2]
print(data)
t = (10, 20, 30, 40, 50)
print(t[1:4], t[::-2], type(t[1:3]))
print("tiles:", [list(range(16))[i:i + 4] for i in range(0, 16, 4)])
