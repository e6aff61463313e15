#include "pyvm/Sorting.h"

#include <algorithm>
#include <numeric>

#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {
namespace {

// CPython sorts runs shorter than this by binary insertion alone.
constexpr std::size_t kInsertionSortLimit = 64;
constexpr std::size_t kRunLength = 32;

class Sorter {
public:
    Sorter(Runtime& runtime, const std::vector<Value>& keys) : runtime_(runtime), keys_(keys) {}

    // `keys[a] < keys[b]`; after an error every answer is false so the sort just finishes.
    bool less(std::size_t a, std::size_t b) {
        if (failed_) return false;
        const Value result =
            compare(runtime_, static_cast<int>(CompareOpArg::Less), keys_[a], keys_[b]);
        if (result.isNull()) {
            failed_ = true;
            return false;
        }
        return isTrue(result);
    }
    bool failed() const { return failed_; }

    // count_run + binarysort of listsort(): a leading ascending (or strictly descending, then
    // reversed) run, then binary insertion of the rest.
    void sortShort(std::vector<std::size_t>& order, std::size_t begin, std::size_t end) {
        if (end - begin < 2) return;
        std::size_t runEnd = begin + 1;
        if (less(order[runEnd], order[runEnd - 1])) {
            for (++runEnd; runEnd < end && less(order[runEnd], order[runEnd - 1]); ++runEnd) {
            }
            std::reverse(order.begin() + static_cast<std::ptrdiff_t>(begin),
                         order.begin() + static_cast<std::ptrdiff_t>(runEnd));
        } else {
            for (++runEnd; runEnd < end && !less(order[runEnd], order[runEnd - 1]); ++runEnd) {
            }
        }
        for (std::size_t start = runEnd; start < end && !failed_; ++start) {
            const std::size_t pivot = order[start];
            std::size_t low = begin, high = start;
            while (low < high) {
                const std::size_t middle = low + (high - low) / 2;
                if (less(pivot, order[middle]))
                    high = middle;
                else
                    low = middle + 1;
            }
            for (std::size_t p = start; p > low; --p) order[p] = order[p - 1];
            order[low] = pivot;
        }
    }

    // Stable merge of two sorted neighbours: the right item goes first only when strictly less.
    void merge(std::vector<std::size_t>& order, std::size_t begin, std::size_t middle,
               std::size_t end) {
        std::vector<std::size_t> merged;
        merged.reserve(end - begin);
        std::size_t left = begin, right = middle;
        while (left < middle && right < end) {
            if (less(order[right], order[left]))
                merged.push_back(order[right++]);
            else
                merged.push_back(order[left++]);
        }
        merged.insert(merged.end(), order.begin() + static_cast<std::ptrdiff_t>(left),
                      order.begin() + static_cast<std::ptrdiff_t>(middle));
        merged.insert(merged.end(), order.begin() + static_cast<std::ptrdiff_t>(right),
                      order.begin() + static_cast<std::ptrdiff_t>(end));
        std::copy(merged.begin(), merged.end(), order.begin() + static_cast<std::ptrdiff_t>(begin));
    }

    void sort(std::vector<std::size_t>& order) {
        const std::size_t count = order.size();
        if (count < kInsertionSortLimit) {
            sortShort(order, 0, count);
            return;
        }
        for (std::size_t begin = 0; begin < count && !failed_; begin += kRunLength) {
            sortShort(order, begin, std::min(begin + kRunLength, count));
        }
        for (std::size_t width = kRunLength; width < count && !failed_; width *= 2) {
            for (std::size_t begin = 0; begin + width < count && !failed_; begin += 2 * width) {
                merge(order, begin, begin + width, std::min(begin + 2 * width, count));
            }
        }
    }

private:
    Runtime& runtime_;
    const std::vector<Value>& keys_;
    bool failed_ = false;
};

}  // namespace

bool sortValues(Runtime& runtime, std::vector<Value>& items, const Value& key, bool reverse) {
    std::vector<Value> working = items;
    std::vector<Value> keys;
    if (!key.isNull() && key.kind() != Kind::None) {
        keys.reserve(working.size());
        for (const Value& item : working) {
            const Value arguments[] = {item};
            Value computed = runtime.call(key, CallArguments{arguments, {}, {}});
            if (computed.isNull()) return false;
            keys.push_back(std::move(computed));
        }
    } else {
        keys = working;
    }
    // Reversing before and after keeps equal items in their original order (listsort does this).
    if (reverse) {
        std::reverse(working.begin(), working.end());
        std::reverse(keys.begin(), keys.end());
    }
    std::vector<std::size_t> order(working.size());
    std::iota(order.begin(), order.end(), 0);
    Sorter sorter(runtime, keys);
    sorter.sort(order);
    if (sorter.failed()) return false;
    std::vector<Value> sorted;
    sorted.reserve(order.size());
    for (const std::size_t index : order) sorted.push_back(std::move(working[index]));
    if (reverse) std::reverse(sorted.begin(), sorted.end());
    items = std::move(sorted);
    return true;
}

}  // namespace mlsyslab::pyvm
