#include "gpu/SchedulerPolicy.h"

#include <algorithm>

namespace mlsyslab::gpu {

std::vector<int> SchedulerPolicy::orderWarps(const std::vector<WarpCandidate>& warps,
                                             int lastIssuedSlot) const {
    std::vector<int> order;
    orderWarps(std::span<const WarpCandidate>(warps), lastIssuedSlot, order);
    return order;
}

namespace {

// GPGPU-Sim's lrr_scheduler::order_warps: the warps after the one that issued last, then
// around from the start, so every ready warp gets its turn.
class LooseRoundRobin final : public SchedulerPolicy {
public:
    using SchedulerPolicy::orderWarps;
    std::string_view name() const override { return "lrr"; }
    void orderWarps(std::span<const WarpCandidate> warps, int lastIssuedSlot,
                    std::vector<int>& order) const override {
        // `warps` is in slot order: the first slot past the last issued one starts the round.
        const auto start =
            std::upper_bound(warps.begin(), warps.end(), lastIssuedSlot,
                             [](int slot, const WarpCandidate& warp) { return slot < warp.slot; });
        order.resize(warps.size());
        int* next = order.data();
        for (auto warp = start; warp != warps.end(); ++warp) *next++ = warp->slot;
        for (auto warp = warps.begin(); warp != start; ++warp) *next++ = warp->slot;
    }
};

// GPGPU-Sim's gto_scheduler::order_warps: the warp that issued last first (greedy), then the
// others oldest first (smallest launch order; the slot breaks ties). A warp keeps the scheduler
// until it stalls, which keeps its data in the cache and lets older warps finish first.
class GreedyThenOldest final : public SchedulerPolicy {
public:
    using SchedulerPolicy::orderWarps;
    std::string_view name() const override { return "gto"; }
    void orderWarps(std::span<const WarpCandidate> warps, int lastIssuedSlot,
                    std::vector<int>& order) const override {
        order.clear();
        // Insertion sort of positions in `warps` by age: a scheduler owns a handful of warps,
        // mostly in age order already, and sorting in place needs no allocation.
        for (int index = 0; index < static_cast<int>(warps.size()); ++index) {
            order.push_back(index);
            std::size_t position = order.size() - 1;
            while (position > 0 && isOlder(warps[static_cast<std::size_t>(index)],
                                           warps[static_cast<std::size_t>(order[position - 1])])) {
                order[position] = order[position - 1];
                --position;
            }
            order[position] = index;
        }
        for (int& entry : order) entry = warps[static_cast<std::size_t>(entry)].slot;
        const auto greedy = std::find(order.begin(), order.end(), lastIssuedSlot);
        if (greedy != order.end()) std::rotate(order.begin(), greedy, greedy + 1);
    }

private:
    static bool isOlder(const WarpCandidate& warp, const WarpCandidate& other) {
        return warp.launchOrder != other.launchOrder ? warp.launchOrder < other.launchOrder
                                                     : warp.slot < other.slot;
    }
};

}  // namespace

std::unique_ptr<SchedulerPolicy> makeLooseRoundRobin() {
    return std::make_unique<LooseRoundRobin>();
}

std::unique_ptr<SchedulerPolicy> makeGreedyThenOldest() {
    return std::make_unique<GreedyThenOldest>();
}

std::unique_ptr<SchedulerPolicy> makeSchedulerPolicy(std::string_view name) {
    if (name == "lrr") return makeLooseRoundRobin();
    if (name == "gto") return makeGreedyThenOldest();
    return nullptr;
}

}  // namespace mlsyslab::gpu
