# Looking up a key that is not there.
latency = {"L1": 4, "L2": 12, "L3": 40}
for level in ["L1", "L2", "L3"]:
    print(level, latency[level])
print(latency.get("L4", "no L4"))
print(latency["L4"])
