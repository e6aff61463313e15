# Float division by zero: a speedup against a time that rounds to zero.
times = [2.5, 1.25, 0.5, 0.0]
baseline = 10.0
for t in times:
    print(f"time {t}: speedup", baseline / t)
