#include "pyvm/Value.h"

#include <cstdio>

#include "pyvm/ObjectIdentity.h"
#include "pyvm/Runtime.h"
#include "pyvm/SourceCharacters.h"

namespace mlsyslab::pyvm {
namespace {

// Per thread because a VM runs on one thread and the sandbox bounds each run on its own.
thread_local std::int64_t liveObjectCount = 0;
thread_local std::uint64_t nextSerial = 0;

// A made-up heap base, so `at 0x7f...` looks like the addresses CPython prints; 64 bytes per
// object keeps neighbouring objects visibly apart.
constexpr std::uint64_t kFakeHeapBase = 0x7f3a10000000ULL;
constexpr std::uint64_t kFakeObjectStride = 0x40;

}  // namespace

Object::Object(Kind kind) : kind_(kind), serial_(nextSerial++) { ++liveObjectCount; }

Object::~Object() { --liveObjectCount; }

std::int64_t Runtime::liveObjects() { return liveObjectCount; }

std::uint64_t fakeAddress(const Object& object) {
    return kFakeHeapBase + object.serial() * kFakeObjectStride;
}

std::string addressText(const Object& object) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "0x%llx",
                  static_cast<unsigned long long>(fakeAddress(object)));
    return buffer;
}

StrObject::StrObject(std::string utf8) : Object(Kind::Str), text(std::move(utf8)) {
    for (const char byte : text) {
        if (static_cast<unsigned char>(byte) >= 0x80) ascii = false;
        if (!isUtf8Continuation(byte)) ++length;
    }
}

Value newStr(std::string text) { return Value::make<StrObject>(std::move(text)); }
Value newTuple(std::vector<Value> items) { return Value::make<TupleObject>(std::move(items)); }
Value newList(std::vector<Value> items) { return Value::make<ListObject>(std::move(items)); }
Value newDict() { return Value::make<DictObject>(); }

std::int64_t RangeObject::length() const {
    // Computed in unsigned arithmetic: stop - start can leave int64 for extreme bounds.
    if (step > 0 && start < stop) {
        const auto span = static_cast<std::uint64_t>(stop) - static_cast<std::uint64_t>(start);
        return static_cast<std::int64_t>((span - 1) / static_cast<std::uint64_t>(step) + 1);
    }
    if (step < 0 && start > stop) {
        const auto span = static_cast<std::uint64_t>(start) - static_cast<std::uint64_t>(stop);
        const auto stride = static_cast<std::uint64_t>(0) - static_cast<std::uint64_t>(step);
        return static_cast<std::int64_t>((span - 1) / stride + 1);
    }
    return 0;
}

}  // namespace mlsyslab::pyvm
