# f-strings: conversions, widths, alignment, precision, signs, percentages and separators.
name = "H100"
sms = 132
clock = 1.98
util = 0.8734
big = 1234567890
print(f"{name} has {sms} SMs")
print(f"{name!r} {name!s} {name!a}")
print(f"[{clock:>8.3f}] [{clock:<8.2f}] [{clock:^8.1f}]")
print(f"{sms:08b} {sms:#x} {sms:#o} {sms:X}")
print(f"{util:.1%} {util:.3%} {1:%}")
print(f"{big:,} {big:_} {-big:,}")
print(f"{3.14159:e} {3.14159:.2e} {1e-7:g} {123456789.0:g} {0.0001:g}")
print(f"{42:5d}|{42:<5d}|{42:^5d}|{42:05d}|{-42:05d}")
print(f"{'x':*>5}{'y':-<5}{'z':.^5}")
width = 10
precision = 4
print(f"{clock:{width}.{precision}f}|")
values = [1, 22, 333]
print(f"{values} {values!r} {len(values)=}")
print(f"{sms * 4} warp schedulers, {sms * 4 * 32} lanes")
print(f"{'nested ' + name.lower()}")
print(f"{{literal braces}} {sms}")
print(f"{True} {None} {1.5:.0f} {2.5:.0f} {-0.0:.1f}")
print(f"{1234.5678:,.2f} {0.5:.0%} {1/3:.10f}")
for i, v in enumerate([0.1, 0.25, 12.5]):
    print(f"row {i:02d}: {v:8.3f} {v!r:>6}")
