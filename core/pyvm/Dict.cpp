#include "pyvm/Containers.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

// CPython's dict starts with 8 slots and keeps the table at most 2/3 full.
constexpr std::size_t kMinimumSlots = 8;
constexpr int kPerturbShift = 5;

// Where `key` sits in `dict.index`, or -1: probes like CPython (i = 5i + 1 + perturb).
// `found` tells whether the slot returned holds the key or is the empty slot that ends the chain.
std::int64_t probe(Runtime& runtime, const DictObject& dict, const Value& key, std::int64_t hash,
                   bool& found) {
    found = false;
    const std::size_t mask = dict.index.size() - 1;
    auto perturb = static_cast<std::uint64_t>(hash);
    std::size_t slot = static_cast<std::size_t>(hash) & mask;
    while (true) {
        const std::int32_t entryIndex = dict.index[slot];
        if (entryIndex < 0) return static_cast<std::int64_t>(slot);
        const DictObject::Entry& entry = dict.entries[static_cast<std::size_t>(entryIndex)];
        if (!entry.key.isNull() && entry.hash == hash) {
            if (isSame(entry.key, key)) {
                found = true;
                return static_cast<std::int64_t>(slot);
            }
            const int same = equals(runtime, entry.key, key);
            if (same < 0) return -1;
            if (same == 1) {
                found = true;
                return static_cast<std::int64_t>(slot);
            }
        }
        perturb >>= kPerturbShift;
        slot = (slot * 5 + 1 + static_cast<std::size_t>(perturb)) & mask;
    }
}

// Drops deleted entries and rebuilds the index with room for `wanted` live entries.
void rebuild(DictObject& dict, std::size_t wanted) {
    std::size_t slots = kMinimumSlots;
    while (slots * 2 < wanted * 3 + 3) slots *= 2;
    if (dict.liveCount != static_cast<std::int64_t>(dict.entries.size())) {
        std::vector<DictObject::Entry> live;
        live.reserve(static_cast<std::size_t>(dict.liveCount));
        for (DictObject::Entry& entry : dict.entries) {
            if (!entry.key.isNull()) live.push_back(std::move(entry));
        }
        dict.entries = std::move(live);
    }
    dict.index.assign(slots, -1);
    const std::size_t mask = slots - 1;
    for (std::size_t i = 0; i < dict.entries.size(); ++i) {
        auto perturb = static_cast<std::uint64_t>(dict.entries[i].hash);
        std::size_t slot = static_cast<std::size_t>(dict.entries[i].hash) & mask;
        while (dict.index[slot] >= 0) {
            perturb >>= kPerturbShift;
            slot = (slot * 5 + 1 + static_cast<std::size_t>(perturb)) & mask;
        }
        dict.index[slot] = static_cast<std::int32_t>(i);
    }
}

}  // namespace

void reindexDict(DictObject& dict) { rebuild(dict, static_cast<std::size_t>(dict.liveCount)); }

Value* DictObject::find(Runtime& runtime, const Value& key) {
    std::int64_t keyHash;
    if (!hash(runtime, key, keyHash)) return nullptr;
    if (index.empty()) return nullptr;
    bool found;
    const std::int64_t slot = probe(runtime, *this, key, keyHash, found);
    if (!found) return nullptr;
    return &entries[static_cast<std::size_t>(index[static_cast<std::size_t>(slot)])].value;
}

bool DictObject::set(Runtime& runtime, const Value& key, Value value) {
    std::int64_t keyHash;
    if (!hash(runtime, key, keyHash)) return false;
    if (!index.empty()) {
        bool found;
        const std::int64_t slot = probe(runtime, *this, key, keyHash, found);
        if (slot < 0) return false;
        if (found) {
            entries[static_cast<std::size_t>(index[static_cast<std::size_t>(slot)])].value =
                std::move(value);
            return true;
        }
    }
    if (index.empty() || (entries.size() + 1) * 3 > index.size() * 2) {
        rebuild(*this, static_cast<std::size_t>(liveCount) + 1);
    }
    bool found;
    const std::int64_t slot = probe(runtime, *this, key, keyHash, found);
    if (slot < 0) return false;
    index[static_cast<std::size_t>(slot)] = static_cast<std::int32_t>(entries.size());
    entries.push_back(Entry{key, std::move(value), keyHash});
    ++liveCount;
    return true;
}

bool DictObject::erase(Runtime& runtime, const Value& key) {
    std::int64_t keyHash;
    if (!hash(runtime, key, keyHash)) return false;
    if (index.empty()) return false;
    bool found;
    const std::int64_t slot = probe(runtime, *this, key, keyHash, found);
    if (!found) return false;
    // The slot keeps pointing at the emptied entry, so probe chains through it stay intact.
    Entry& entry = entries[static_cast<std::size_t>(index[static_cast<std::size_t>(slot)])];
    entry.key = Value();
    entry.value = Value();
    --liveCount;
    return true;
}

}  // namespace mlsyslab::pyvm
