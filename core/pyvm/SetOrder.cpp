#include "pyvm/SetOrder.h"

#include <cstdint>

namespace mlsyslab::pyvm {
namespace {

// setobject.c's constants.
constexpr std::size_t kMinimumSize = 8;
constexpr std::size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;
constexpr std::size_t kLargeSetUsed = 50000;

struct Table {
    std::vector<std::int64_t> slots;  // entry index into the members, -1 empty
    std::size_t mask() const { return slots.size() - 1; }
};

// set_insert_clean and the free-slot search of set_add_entry: the same walk for a new key.
void place(Table& table, std::int64_t entry, std::int64_t hash) {
    const std::size_t mask = table.mask();
    auto perturb = static_cast<std::uint64_t>(hash);
    std::size_t slot = static_cast<std::uint64_t>(hash) & mask;
    while (true) {
        if (table.slots[slot] < 0) {
            table.slots[slot] = entry;
            return;
        }
        if (slot + kLinearProbes <= mask) {
            for (std::size_t step = 1; step <= kLinearProbes; ++step) {
                if (table.slots[slot + step] < 0) {
                    table.slots[slot + step] = entry;
                    return;
                }
            }
        }
        perturb >>= kPerturbShift;
        slot = (slot * 5 + 1 + static_cast<std::size_t>(perturb)) & mask;
    }
}

void resize(Table& table, const std::vector<DictObject::Entry>& entries, std::size_t minimumUsed) {
    std::size_t size = kMinimumSize;
    while (size <= minimumUsed) size <<= 1;
    Table grown{std::vector<std::int64_t>(size, -1)};
    for (const std::int64_t entry : table.slots) {
        if (entry >= 0) place(grown, entry, entries[static_cast<std::size_t>(entry)].hash);
    }
    table = std::move(grown);
}

}  // namespace

std::vector<Value> setIterationOrder(const SetObject& set) {
    const std::vector<DictObject::Entry>& entries = set.members.entries;
    Table table{std::vector<std::int64_t>(kMinimumSize, -1)};
    std::size_t used = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i].key.isNull()) continue;
        place(table, static_cast<std::int64_t>(i), entries[i].hash);
        ++used;
        // set_add_entry grows the table once it is 60% full (fill * 5 >= mask * 3).
        if (used * 5 >= table.mask() * 3) {
            resize(table, entries, used > kLargeSetUsed ? used * 2 : used * 4);
        }
    }
    std::vector<Value> ordered;
    ordered.reserve(used);
    for (const std::int64_t entry : table.slots) {
        if (entry >= 0) ordered.push_back(entries[static_cast<std::size_t>(entry)].key);
    }
    return ordered;
}

}  // namespace mlsyslab::pyvm
