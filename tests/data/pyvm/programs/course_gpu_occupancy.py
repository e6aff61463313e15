# GPU occupancy arithmetic: how many blocks fit on one SM under each limit.
SM_LIMITS = {"warps": 64, "registers": 65536, "shared_memory": 228 * 1024, "blocks": 32}
WARP_SIZE = 32

def occupancy(block_size, regs_per_thread, smem_per_block):
    warps_per_block = (block_size + WARP_SIZE - 1) // WARP_SIZE
    limits = {
        "warps": SM_LIMITS["warps"] // warps_per_block,
        "registers": SM_LIMITS["registers"] // (regs_per_thread * warps_per_block * WARP_SIZE),
        "shared_memory": SM_LIMITS["shared_memory"] // smem_per_block if smem_per_block else SM_LIMITS["blocks"],
        "blocks": SM_LIMITS["blocks"],
    }
    blocks = min(limits.values())
    limiters = [name for name, value in limits.items() if value == blocks]
    active_warps = blocks * warps_per_block
    return blocks, active_warps, active_warps / SM_LIMITS["warps"], limiters, limits

configs = [(256, 32, 0), (256, 64, 0), (128, 32, 48 * 1024), (1024, 16, 0), (96, 40, 8192), (64, 255, 0)]
for block, regs, smem in configs:
    blocks, warps, fraction, limiters, limits = occupancy(block, regs, smem)
    print(f"block {block:4d} regs {regs:3d} smem {smem:6d}: {blocks:2d} blocks, {warps:2d} warps, {fraction:.1%} limited by {', '.join(limiters)}")
    print("   per-limit blocks:", limits)
best = max([(occupancy(b, 32, 0)[2], b) for b in [32, 64, 96, 128, 192, 256, 384, 512, 768, 1024]])
print("best block size at 32 regs:", best[1], f"({best[0]:.0%})")
