# Towers of Hanoi: recursion with a depth that shows in the indentation.
moves = []

def hanoi(n, source, target, spare, depth=0):
    if n == 0:
        return
    hanoi(n - 1, source, spare, target, depth + 1)
    moves.append((n, source, target))
    print("  " * depth + f"move disk {n} {source} -> {target}")
    hanoi(n - 1, spare, target, source, depth + 1)

hanoi(3, "A", "C", "B")
print("moves:", len(moves))
for n in range(1, 11):
    moves = []
    pegs = {"A": list(range(n, 0, -1)), "B": [], "C": []}
    count = 0
    def solve(k, s, t, o):
        global count
        if k == 0:
            return
        solve(k - 1, s, o, t)
        pegs[t].append(pegs[s].pop())
        count += 1
        solve(k - 1, o, t, s)
    solve(n, "A", "C", "B")
    print(f"{n} disks: {count} moves (2^n - 1 = {2 ** n - 1}), C = {pegs['C'][:3]}...")
