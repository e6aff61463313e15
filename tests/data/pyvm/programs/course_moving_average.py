# Smoothing a signal: a moving average with a running sum, and an exponential average.
signal = [3, 5, 2, 8, 6, 9, 4, 7, 10, 12, 8, 6]

def moving_average(values, window):
    result = []
    running = 0
    for i, v in enumerate(values):
        running += v
        if i >= window:
            running -= values[i - window]
        if i >= window - 1:
            result.append(running / window)
    return result

def ema(values, alpha):
    smoothed = [values[0]]
    for v in values[1:]:
        smoothed.append(alpha * v + (1 - alpha) * smoothed[-1])
    return smoothed

print("signal:", signal)
for window in [2, 3, 4]:
    averages = moving_average(signal, window)
    print(f"window {window}:", [round(a, 2) for a in averages])
for alpha in [0.5, 0.1]:
    print(f"ema {alpha}:", [f"{s:.3f}" for s in ema(signal, alpha)])
direct = [sum(signal[i:i + 3]) / 3 for i in range(len(signal) - 2)]
print("direct == running:", direct == moving_average(signal, 3))
