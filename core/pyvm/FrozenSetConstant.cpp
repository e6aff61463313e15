#include "pyvm/FrozenSetConstant.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <vector>

namespace mlsyslab::pyvm {
namespace {

// CPython's numeric hash (Python/pyhash.c): values modulo the Mersenne prime 2**61 - 1.
constexpr int kHashBits = 61;
constexpr std::uint64_t kHashModulus = (std::uint64_t{1} << kHashBits) - 1;
constexpr int kSetMinimumSize = 8;  // PySet_MINSIZE
constexpr std::size_t kLinearProbes = 9;
constexpr int kPerturbShift = 5;

std::int64_t fixMinusOne(std::int64_t hash) { return hash == -1 ? -2 : hash; }

std::int64_t hashInteger(std::int64_t value) {
    const std::uint64_t magnitude = value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    const auto reduced = static_cast<std::int64_t>(magnitude % kHashModulus);
    return fixMinusOne(value < 0 ? -reduced : reduced);
}

std::optional<std::int64_t> hashDouble(double value) {
    if (std::isnan(value)) return std::nullopt;
    if (std::isinf(value)) return value > 0 ? 314159 : -314159;
    int exponent = 0;
    double mantissa = std::frexp(value, &exponent);
    int sign = 1;
    if (mantissa < 0) {
        sign = -1;
        mantissa = -mantissa;
    }
    std::uint64_t hash = 0;
    while (mantissa != 0.0) {
        hash = ((hash << 28) & kHashModulus) | hash >> (kHashBits - 28);
        mantissa *= 268435456.0;  // 2**28
        exponent -= 28;
        const auto whole = static_cast<std::uint64_t>(mantissa);
        mantissa -= static_cast<double>(whole);
        hash += whole;
        if (hash >= kHashModulus) hash -= kHashModulus;
    }
    exponent = exponent >= 0 ? exponent % kHashBits : kHashBits - 1 - ((-1 - exponent) % kHashBits);
    hash = ((hash << exponent) & kHashModulus) | hash >> (kHashBits - exponent);
    hash = hash * static_cast<std::uint64_t>(static_cast<std::int64_t>(sign));
    return fixMinusOne(static_cast<std::int64_t>(hash));
}

std::optional<std::int64_t> hashOf(const Constant& item) {
    if (const auto* flag = std::get_if<bool>(&item.value)) return *flag ? 1 : 0;
    if (const auto* integer = std::get_if<std::int64_t>(&item.value)) return hashInteger(*integer);
    if (const auto* number = std::get_if<double>(&item.value)) return hashDouble(*number);
    return std::nullopt;
}

std::optional<double> numericValue(const Constant& item) {
    if (const auto* flag = std::get_if<bool>(&item.value)) return *flag ? 1.0 : 0.0;
    if (const auto* integer = std::get_if<std::int64_t>(&item.value)) return static_cast<double>(*integer);
    if (const auto* number = std::get_if<double>(&item.value)) return *number;
    return std::nullopt;
}

// Python's == across the constant types a set can hold: 1 == 1.0 == True.
bool pythonEqual(const Constant& a, const Constant& b) {
    const auto left = numericValue(a);
    const auto right = numericValue(b);
    if (left && right) return *left == *right;
    if (left || right) return false;
    return sameConstant(a, b);
}

struct Slot {
    const Constant* key = nullptr;
    std::int64_t hash = 0;
};

void insertClean(std::vector<Slot>& table, const Slot& slot) {
    const std::size_t mask = table.size() - 1;
    auto perturb = static_cast<std::uint64_t>(slot.hash);
    std::size_t index = static_cast<std::size_t>(slot.hash) & mask;
    for (;;) {
        if (table[index].key == nullptr) {
            table[index] = slot;
            return;
        }
        if (index + kLinearProbes <= mask) {
            for (std::size_t probe = 1; probe <= kLinearProbes; ++probe) {
                if (table[index + probe].key == nullptr) {
                    table[index + probe] = slot;
                    return;
                }
            }
        }
        perturb >>= kPerturbShift;
        index = (index * 5 + 1 + perturb) & mask;
    }
}

void resize(std::vector<Slot>& table, std::size_t minimumUsed) {
    std::size_t size = kSetMinimumSize;
    while (size <= minimumUsed) size <<= 1;
    std::vector<Slot> fresh(size);
    for (const Slot& slot : table) {
        if (slot.key != nullptr) insertClean(fresh, slot);
    }
    table = std::move(fresh);
}

}  // namespace

Constant makeFrozenSet(Constant::Tuple items) {
    bool allNumeric = true;
    for (const auto& item : items) {
        if (!hashOf(item)) allNumeric = false;
    }
    Constant::Tuple ordered;
    if (!allNumeric) {
        for (const auto& item : items) {
            bool duplicate = false;
            for (const auto& kept : ordered) duplicate = duplicate || pythonEqual(kept, item);
            if (!duplicate) ordered.push_back(item);
        }
    } else {
        // set_add_entry: linear probes, then perturbed jumps; grow x4 when 3/5 full.
        std::vector<Slot> table(kSetMinimumSize);
        std::size_t fill = 0;
        for (const auto& item : items) {
            const std::int64_t hash = *hashOf(item);
            const std::size_t mask = table.size() - 1;
            auto perturb = static_cast<std::uint64_t>(hash);
            std::size_t index = static_cast<std::size_t>(hash) & mask;
            bool placed = false;
            while (!placed) {
                const std::size_t probes = index + kLinearProbes <= mask ? kLinearProbes : 0;
                for (std::size_t probe = 0; probe <= probes && !placed; ++probe) {
                    Slot& slot = table[index + probe];
                    if (slot.key == nullptr) {
                        slot = Slot{&item, hash};
                        ++fill;
                        placed = true;
                    } else if (slot.hash == hash && pythonEqual(*slot.key, item)) {
                        placed = true;  // already present
                    }
                }
                if (!placed) {
                    perturb >>= kPerturbShift;
                    index = (index * 5 + 1 + perturb) & mask;
                }
            }
            if (fill * 5 >= mask * 3) resize(table, fill * 4);
        }
        for (const Slot& slot : table) {
            if (slot.key != nullptr) ordered.push_back(*slot.key);
        }
    }
    Constant result{std::move(ordered)};
    result.isFrozenSet = true;
    return result;
}

}  // namespace mlsyslab::pyvm
