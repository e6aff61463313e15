grid = [[1, 2, 3], [4, 5, 6]]
print(grid[1][2], grid[0][-1])
grid[0][1] = 20
grid[1][0] += 40
print(grid)
d = {"a": {"b": [1, 2]}}
d["a"]["b"][1] = 99
print(d)
i = 1
print(grid[i - 1][i + 1], grid[-i][::-1])
