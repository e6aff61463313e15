# Fixed-point quantization of weights: scale, round to nearest even, clamp to int8, dequantize.
def quantize(values, scale, low=-128, high=127):
    result = []
    for v in values:
        q = round(v / scale)
        if q < low:
            q = low
        elif q > high:
            q = high
        result.append(q)
    return result

def dequantize(codes, scale):
    return [q * scale for q in codes]

weights = [0.5, -1.25, 0.033, 2.0, -0.75, 0.999, 3.7, -4.2, 0.0, 1.5]
max_abs = max([abs(w) for w in weights])
scale = max_abs / 127
print("max |w| =", max_abs, "scale =", scale)
codes = quantize(weights, scale)
print("int8 codes:", codes)
restored = dequantize(codes, scale)
for w, q, r in zip(weights, codes, restored):
    print(f"{w:7.3f} -> {q:5d} -> {r:8.5f} error {abs(w - r):.5f}")
print("max error:", round(max([abs(w - r) for w, r in zip(weights, restored)]), 6))
print("round half to even:", [round(x) for x in [0.5, 1.5, 2.5, 3.5, -0.5, -1.5]])
print("round to 2 places:", round(2.675, 2), round(1.005, 2), round(0.125, 2))
fixed_scale = 0.1
print("clamped:", quantize([10.0, 20.0, -30.0], fixed_scale))
q4 = quantize(weights, max_abs / 7, -8, 7)
print("int4 codes:", q4)
print("int4 restored:", [round(x, 3) for x in dequantize(q4, max_abs / 7)])
