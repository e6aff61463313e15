#pragma once

#include <string_view>

#include "pyvm/Runtime.h"

namespace mlsyslab::pyvm {

// Counts how deep repr, comparison and hashing have descended into nested containers, so a list
// nested ten thousand deep raises RecursionError as in CPython instead of overflowing the C++
// stack. `activity` completes CPython's message: "while getting the repr of an object",
// "in comparison".
class NestingGuard {
public:
    NestingGuard(Runtime& runtime, std::string_view activity);
    ~NestingGuard();
    NestingGuard(const NestingGuard&) = delete;
    NestingGuard& operator=(const NestingGuard&) = delete;

    bool tooDeep() const { return tooDeep_; }

private:
    bool tooDeep_ = false;
};

}  // namespace mlsyslab::pyvm
