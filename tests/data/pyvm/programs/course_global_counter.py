# Global state: a module-level counter changed through `global`, and what happens without it.
calls = 0
log = []

def record(event):
    global calls
    calls += 1
    log.append(f"{calls}:{event}")

def read_only():
    return calls * 10

def shadow():
    calls = -1
    return calls

for event in ["load", "store", "load", "flush"]:
    record(event)
print("calls:", calls)
print("log:", log)
print("read_only:", read_only())
print("shadow:", shadow(), "global still", calls)

total_bytes = 0
def transfer(size):
    global total_bytes
    total_bytes = total_bytes + size
    return total_bytes

for size in [64, 128, 64, 32]:
    print("transferred so far:", transfer(size))
print("average:", total_bytes / len(log))

def reset():
    global calls, log
    calls = 0
    log = []

reset()
record("again")
print(calls, log)
