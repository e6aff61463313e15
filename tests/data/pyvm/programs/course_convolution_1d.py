# 1D convolution (as deep learning does it: cross-correlation) with padding and stride.
def conv1d(signal, kernel, stride=1, padding=0):
    padded = [0] * padding + signal + [0] * padding
    out = []
    for start in range(0, len(padded) - len(kernel) + 1, stride):
        acc = 0
        for k, weight in enumerate(kernel):
            acc += padded[start + k] * weight
        out.append(acc)
    return out

signal = [1, 2, 3, 4, 5, 6, 7, 8]
edge = [-1, 0, 1]
blur = [1, 2, 1]
print("edge:", conv1d(signal, edge))
print("blur:", conv1d(signal, blur))
print("blur padded:", conv1d(signal, blur, padding=1))
print("stride 2:", conv1d(signal, blur, stride=2))
print("stride 3 pad 2:", conv1d(signal, edge, 3, 2))
for size in [8, 16, 32]:
    for k in [3, 5]:
        out_len = (size + 2 * 1 - k) // 1 + 1
        print(f"input {size:2d} kernel {k}: output {out_len}, multiply-adds {out_len * k}")
step = [0, 0, 0, 1, 1, 1, 1, 0, 0]
print("edges of a step:", conv1d(step, edge))
print("normalized blur:", [v / 4 for v in conv1d(step, blur)])
