# sorted() with keys: tuples, lambdas, reverse, and stability for multi-pass sorts.
gpus = [
    ("A100", 2020, 80, 312),
    ("H100", 2022, 80, 989),
    ("V100", 2017, 32, 125),
    ("L4", 2023, 24, 121),
    ("T4", 2018, 16, 65),
    ("H200", 2024, 141, 989),
]
print("by name:", [g[0] for g in sorted(gpus)])
print("by year:", [g[0] for g in sorted(gpus, key=lambda g: g[1])])
print("by memory desc:", [g[0] for g in sorted(gpus, key=lambda g: g[2], reverse=True)])
print("by tflops then memory:", [g[0] for g in sorted(gpus, key=lambda g: (-g[3], -g[2]))])
by_memory = sorted(gpus, key=lambda g: g[2])
stable = sorted(by_memory, key=lambda g: g[3] > 200)
print("stable two-pass:", [(g[0], g[2]) for g in stable])
numbers = [5, -3, 2, -8, 7, 0, -1]
print(sorted(numbers), sorted(numbers, key=abs), sorted(numbers, reverse=True))
words = ["Tensor", "cache", "Bank", "alu", "DRAM"]
print(sorted(words), sorted(words, key=str.lower), sorted(words, key=len))
numbers.sort()
print("in place:", numbers)
numbers.reverse()
print("reversed:", numbers)
print("min/max with key:", min(gpus, key=lambda g: g[3])[0], max(gpus, key=lambda g: g[2])[0])
print(list(reversed(sorted("dcba"))))
