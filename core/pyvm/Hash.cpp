#include <cmath>

#include "common/Concat.h"
#include "pyvm/NestingGuard.h"
#include "pyvm/ObjectIdentity.h"
#include "pyvm/Operations.h"

// hash() as CPython 3.11 computes it for numbers, tuples and ranges (so a set of ints iterates in
// CPython's order and hash(1.5) prints the same number); str hashes are CPython's only in being
// stable within a run (CPython randomizes them per process anyway).
namespace mlsyslab::pyvm {
namespace {

// Numbers hash modulo the Mersenne prime 2^61 - 1 (sys.hash_info.modulus).
constexpr int kHashBits = 61;
constexpr std::uint64_t kHashModulus = (1ULL << kHashBits) - 1;
constexpr std::int64_t kHashInfinity = 314159;
// tuplehash's xxHash constants (Objects/tupleobject.c).
constexpr std::uint64_t kXxPrime1 = 11400714785074694791ULL;
constexpr std::uint64_t kXxPrime2 = 14029467366897019727ULL;
constexpr std::uint64_t kXxPrime5 = 2870177450012600261ULL;
constexpr std::uint64_t kTupleLengthMangle = 3527539ULL;
constexpr std::int64_t kTupleHashForMinusOne = 1546275796;
// FNV-1a, for str.
constexpr std::uint64_t kFnvOffset = 14695981039346656037ULL;
constexpr std::uint64_t kFnvPrime = 1099511628211ULL;

std::int64_t avoidMinusOne(std::int64_t value) { return value == -1 ? -2 : value; }

std::int64_t hashInt(std::int64_t value) {
    const std::uint64_t size =
        value < 0 ? 0ULL - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    const auto reduced = static_cast<std::int64_t>(size % kHashModulus);
    return avoidMinusOne(value < 0 ? -reduced : reduced);
}

// CPython's _Py_HashPointer on the fake address.
std::int64_t hashIdentity(std::uint64_t address) {
    const std::uint64_t rotated = (address >> 4) | (address << 60);
    return avoidMinusOne(static_cast<std::int64_t>(rotated));
}

// CPython's _Py_HashDouble: 28 bits of the mantissa at a time, reduced modulo 2^61 - 1.
std::int64_t hashFloat(double value) {
    if (std::isinf(value)) return value > 0 ? kHashInfinity : -kHashInfinity;
    if (std::isnan(value)) return 0;  // CPython hashes NaN by identity; a float here has none
    int exponent;
    double mantissa = std::frexp(value, &exponent);
    int sign = 1;
    if (mantissa < 0) {
        sign = -1;
        mantissa = -mantissa;
    }
    std::uint64_t hashed = 0;
    while (mantissa != 0.0) {
        hashed = ((hashed << 28) & kHashModulus) | hashed >> (kHashBits - 28);
        mantissa *= 268435456.0;  // 2^28
        exponent -= 28;
        const auto integerPart = static_cast<std::uint64_t>(mantissa);
        mantissa -= static_cast<double>(integerPart);
        hashed += integerPart;
        if (hashed >= kHashModulus) hashed -= kHashModulus;
    }
    exponent = exponent >= 0 ? exponent % kHashBits : kHashBits - 1 - ((-1 - exponent) % kHashBits);
    hashed = ((hashed << exponent) & kHashModulus) | hashed >> (kHashBits - exponent);
    hashed *= static_cast<std::uint64_t>(static_cast<std::int64_t>(sign));
    return avoidMinusOne(static_cast<std::int64_t>(hashed));
}

std::int64_t hashText(const StrObject& text) {
    if (text.cachedHash != -1) return text.cachedHash;
    std::uint64_t hashed = kFnvOffset;
    for (const char byte : text.text) {
        hashed ^= static_cast<unsigned char>(byte);
        hashed *= kFnvPrime;
    }
    text.cachedHash = avoidMinusOne(static_cast<std::int64_t>(hashed));
    return text.cachedHash;
}

std::int64_t combineTuple(const std::vector<std::int64_t>& lanes) {
    std::uint64_t accumulator = kXxPrime5;
    for (const std::int64_t lane : lanes) {
        accumulator += static_cast<std::uint64_t>(lane) * kXxPrime2;
        accumulator = (accumulator << 31) | (accumulator >> 33);
        accumulator *= kXxPrime1;
    }
    accumulator += lanes.size() ^ (kXxPrime5 ^ kTupleLengthMangle);
    if (accumulator == static_cast<std::uint64_t>(-1)) return kTupleHashForMinusOne;
    return static_cast<std::int64_t>(accumulator);
}

bool hashTuple(Runtime& runtime, const TupleObject& tuple, std::int64_t& out) {
    NestingGuard guard(runtime, "while calling a Python object");
    if (guard.tooDeep()) return false;
    std::vector<std::int64_t> lanes;
    lanes.reserve(tuple.items.size());
    for (const Value& item : tuple.items) {
        std::int64_t lane;
        if (!hash(runtime, item, lane)) return false;
        lanes.push_back(lane);
    }
    out = combineTuple(lanes);
    return true;
}

// range_hash: the tuple (len, start, step), with start and step None where they do not matter.
std::int64_t hashRange(const RangeObject& range) {
    const std::int64_t length = range.length();
    constexpr std::int64_t kNoneHashStandIn = 0x5bd1e995;  // any fixed value: None's hash
    const std::int64_t start = length == 0 ? kNoneHashStandIn : hashInt(range.start);
    const std::int64_t step = length <= 1 ? kNoneHashStandIn : hashInt(range.step);
    return combineTuple({hashInt(length), start, step});
}

}  // namespace

bool hash(Runtime& runtime, const Value& value, std::int64_t& out) {
    switch (value.kind()) {
        case Kind::Int:
        case Kind::Bool:
            out = hashInt(value.asInt());
            return true;
        case Kind::Float: {
            const double real = value.asFloat();
            out = hashFloat(real);
            return true;
        }
        case Kind::Str:
            out = hashText(value.as<StrObject>());
            return true;
        case Kind::Tuple:
            return hashTuple(runtime, value.as<TupleObject>(), out);
        case Kind::Range:
            out = hashRange(value.as<RangeObject>());
            return true;
        case Kind::None:
            out = 0x5bd1e995;
            return true;
        case Kind::Ellipsis:
            out = 0x2f6b1a3c;
            return true;
        case Kind::List:
        case Kind::Dict:
        case Kind::Set:
        case Kind::Slice:
            runtime.raise("TypeError", concat("unhashable type: '", typeName(value), "'"));
            return false;
        case Kind::DictView:
            if (value.as<DictViewObject>().which != DictViewObject::Which::Values) {
                runtime.raise("TypeError", concat("unhashable type: '", typeName(value), "'"));
                return false;
            }
            out = hashIdentity(fakeAddress(*value.object()));
            return true;
        case Kind::Null:
            out = 0;
            return true;
        default:
            out = hashIdentity(fakeAddress(*value.object()));
            return true;
    }
}

}  // namespace mlsyslab::pyvm
