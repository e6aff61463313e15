#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace mlsyslab::gpu {

// A warp scheduler's choice, as in GPGPU-Sim: each policy only orders the warps it owns; the
// scheduler then issues the first one in that order that is ready.
struct WarpCandidate {
    int slot = 0;                   // the warp's slot on its SM
    std::int64_t launchOrder = 0;   // smaller = older (assigned to the SM earlier)
};

class SchedulerPolicy {
public:
    virtual ~SchedulerPolicy() = default;
    virtual std::string_view name() const = 0;  // "lrr", "gto"
    // The slots of `warps` in the order the scheduler tries them, written into `order` (cleared
    // first; the simulator reuses it every cycle, so ordering allocates nothing). `warps` in
    // slot order; `lastIssuedSlot` is this scheduler's previous issue (-1 at first).
    virtual void orderWarps(std::span<const WarpCandidate> warps, int lastIssuedSlot,
                            std::vector<int>& order) const = 0;
    // The same order as a new vector.
    std::vector<int> orderWarps(const std::vector<WarpCandidate>& warps, int lastIssuedSlot) const;
};

// Loose round robin: start after the warp that issued last, wrap around.
std::unique_ptr<SchedulerPolicy> makeLooseRoundRobin();
// Greedy then oldest: keep issuing from the last warp while it can; otherwise the oldest.
std::unique_ptr<SchedulerPolicy> makeGreedyThenOldest();
// "lrr" or "gto"; nullptr for anything else.
std::unique_ptr<SchedulerPolicy> makeSchedulerPolicy(std::string_view name);

}  // namespace mlsyslab::gpu
