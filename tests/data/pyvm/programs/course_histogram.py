# A text histogram of latencies: bins by integer division, bars of '#'.
latencies = [12, 15, 11, 40, 42, 13, 200, 14, 41, 39, 12, 16, 210, 44, 13, 12, 198, 15]
bin_width = 25
bins = {}
for value in latencies:
    start = value // bin_width * bin_width
    bins[start] = bins.get(start, 0) + 1
for start in sorted(bins):
    count = bins[start]
    print(f"{start:4d}-{start + bin_width - 1:<4d} {'#' * count} {count}")
print("samples:", len(latencies), "min:", min(latencies), "max:", max(latencies))
ordered = sorted(latencies)
for p in [50, 90, 99]:
    index = min(len(ordered) - 1, p * len(ordered) // 100)
    print(f"p{p}: {ordered[index]}")
counts = [0] * 5
for value in latencies:
    counts[min(value // 50, 4)] += 1
print(counts)
scale = max(counts)
for row in range(scale, 0, -1):
    print("".join(["  #" if c >= row else "   " for c in counts]))
print("".join([f"{i * 50:>3}"[-3:] for i in range(5)]))
