def compose(f, g):
    def h(x):
        return f(g(x))
    return h

def inc(x):
    return x + 1

def double(x):
    return x * 2

print(compose(inc, double)(5), compose(double, inc)(5))
print(inc(double(inc(1))))
fs = [inc, double]
print([f(3) for f in fs])
print(fs[1](fs[0](0)))
