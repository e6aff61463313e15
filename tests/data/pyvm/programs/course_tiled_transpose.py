# Transposing a matrix naively and in tiles: the same result, a different access order.
N = 6
TILE = 3
matrix = [[r * N + c for c in range(N)] for r in range(N)]
naive = [[0] * N for _ in range(N)]
order_naive = []
for r in range(N):
    for c in range(N):
        naive[c][r] = matrix[r][c]
        order_naive.append(c * N + r)
tiled = [[0] * N for _ in range(N)]
order_tiled = []
for rr in range(0, N, TILE):
    for cc in range(0, N, TILE):
        for r in range(rr, rr + TILE):
            for c in range(cc, cc + TILE):
                tiled[c][r] = matrix[r][c]
                order_tiled.append(c * N + r)
print("same result:", naive == tiled)
for row in tiled:
    print(" ".join([f"{v:2d}" for v in row]))
print("naive write order:", order_naive[:12])
print("tiled write order:", order_tiled[:12])

def distinct_rows_touched(order, window):
    return [len(set([address // N for address in order[i:i + window]])) for i in range(0, len(order), window)]

print("rows written per 9 writes, naive:", distinct_rows_touched(order_naive, 9))
print("rows written per 9 writes, tiled:", distinct_rows_touched(order_tiled, 9))
