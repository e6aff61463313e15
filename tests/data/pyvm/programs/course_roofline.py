# The roofline model: attainable FLOP/s = min(peak, bandwidth * arithmetic intensity).
PEAK_TFLOPS = 989.0       # H100 SXM dense BF16 tensor core (NVIDIA datasheet)
BANDWIDTH_TBPS = 3.35     # H100 SXM HBM3

def attainable(intensity):
    return min(PEAK_TFLOPS, BANDWIDTH_TBPS * intensity)

ridge = PEAK_TFLOPS / BANDWIDTH_TBPS
print(f"ridge point: {ridge:.1f} FLOP/byte")

def matmul_intensity(n, bytes_per_element=2):
    flops = 2 * n * n * n
    traffic = 3 * n * n * bytes_per_element
    return flops / traffic

kernels = [("vector add", 1 / 12), ("dot product", 2 / 8), ("softmax", 5 / 8)]
for n in [64, 256, 1024, 4096]:
    kernels.append((f"matmul {n}", matmul_intensity(n)))
for name, intensity in kernels:
    perf = attainable(intensity)
    bound = "memory" if intensity < ridge else "compute"
    print(f"{name:<12} AI {intensity:9.3f} -> {perf:8.2f} TFLOP/s ({bound}-bound, {perf / PEAK_TFLOPS:.1%} of peak)")
for intensity in [1, 10, 100, 1000]:
    bar = "#" * int(attainable(intensity) / PEAK_TFLOPS * 40)
    print(f"{intensity:5d} |{bar}")
