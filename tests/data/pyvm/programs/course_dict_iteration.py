# Dicts keep insertion order: keys, values, items, updates, deletes and re-inserts.
latency = {"L1": 4, "L2": 12, "L3": 40}
latency["DRAM"] = 200
for level in latency:
    print(level, latency[level])
print(list(latency.keys()))
print(list(latency.values()))
print(list(latency.items()))
latency["L2"] = 14
print("update keeps position:", list(latency))
del latency["L1"]
latency["L1"] = 5
print("re-insert goes last:", list(latency))
print(latency)
print("L3" in latency, "L4" in latency, len(latency))
print(latency.get("L4"), latency.get("L4", -1))
sizes = dict(L1=32, L2=256)
sizes.update({"L3": 8192, "L1": 48})
print(sizes)
removed = sizes.pop("L2")
print("popped", removed, "left", sizes)
ordered = sorted(latency.items(), key=lambda kv: kv[1])
print("by latency:", ordered)
inverse = {}
for key, value in latency.items():
    inverse[value] = key
print(inverse)
total = 0
for key, value in sorted(latency.items()):
    total += value
    print(f"{key:>5}: {value:4d} cumulative {total}")
nested = {"gpu": {"sm": 132, "l2_mb": 50}, "cpu": {"cores": 16}}
for device, specs in nested.items():
    print(device, specs, list(specs))
