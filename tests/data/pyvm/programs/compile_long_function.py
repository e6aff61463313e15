def process(values):
    total = 0
    evens = []
    odds = []
    for v in values:
        if v % 2 == 0:
            evens.append(v)
            total += v
        else:
            odds.append(v)
            total -= v
        if v > 100:
            print("big", v)
        elif v > 50:
            print("medium", v)
        elif v > 20:
            print("small", v)
        else:
            print("tiny", v)
        if len(evens) > 3 and len(odds) > 3:
            print("balanced")
        while total > 1000:
            total -= 1000
            print("wrapped")
    summary = {"total": total, "evens": evens, "odds": odds}
    labels = [f"{k}={summary[k]}" for k in summary]
    first, *rest = labels
    print(first, len(rest))
    return summary

print(process([1, 2, 3, 4, 25, 60, 200, 7, 8, 9, 10, 11, 12]))
