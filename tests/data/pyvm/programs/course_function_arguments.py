# Function arguments: defaults, keywords, *args, **kwargs, and keyword-only parameters.
def launch(kernel, grid, block=256, *, shared_bytes=0, stream="default"):
    threads = grid * block
    return f"{kernel}<<<{grid}, {block}, {shared_bytes}, {stream}>>> {threads} threads"

print(launch("saxpy", 40))
print(launch("saxpy", 40, 128))
print(launch("gemm", grid=132, block=384, shared_bytes=49152))
print(launch(block=64, kernel="reduce", grid=8, stream="s1"))

def total(*values):
    print("  got", len(values), "values:", values)
    return sum(values)

print(total())
print(total(1, 2, 3))
numbers = [4, 5, 6]
print(total(*numbers))
print(total(0, *numbers, 10))

def describe(name, **options):
    parts = [f"{key}={value!r}" for key, value in options.items()]
    return name + "(" + ", ".join(parts) + ")"

print(describe("Linear", in_features=512, out_features=10, bias=True))
settings = {"lr": 0.001, "momentum": 0.9}
print(describe("SGD", **settings))
print(describe("Adam", **settings, eps=1e-8))

def append_to(item, target=None):
    if target is None:
        target = []
    target.append(item)
    return target

print(append_to(1), append_to(2), append_to(3, [0]))

def power(base, exponent=2):
    return base ** exponent

print([power(b) for b in range(5)], power(2, 10), power(exponent=3, base=3))
