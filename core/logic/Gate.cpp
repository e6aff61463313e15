#include "logic/Gate.h"

#include <array>
#include <cctype>

namespace mlsyslab::logic {

namespace {

struct GateKindInfo {
    GateKind kind;
    std::string_view name;
};

constexpr std::array<GateKindInfo, 8> kGateKinds = {{
    {GateKind::And, "AND"},
    {GateKind::Or, "OR"},
    {GateKind::Xor, "XOR"},
    {GateKind::Not, "NOT"},
    {GateKind::Nand, "NAND"},
    {GateKind::Nor, "NOR"},
    {GateKind::Xnor, "XNOR"},
    {GateKind::Buf, "BUF"},
}};

bool equalIgnoringCase(std::string_view left, std::string_view right) {
    if (left.size() != right.size()) return false;
    for (std::size_t index = 0; index < left.size(); ++index) {
        const auto leftChar = static_cast<unsigned char>(left[index]);
        const auto rightChar = static_cast<unsigned char>(right[index]);
        if (std::toupper(leftChar) != std::toupper(rightChar)) return false;
    }
    return true;
}

bool isSingleInput(GateKind kind) { return kind == GateKind::Not || kind == GateKind::Buf; }

}  // namespace

std::string_view gateKindName(GateKind kind) {
    for (const GateKindInfo& info : kGateKinds) {
        if (info.kind == kind) return info.name;
    }
    return "?";
}

std::optional<GateKind> parseGateKind(std::string_view name) {
    for (const GateKindInfo& info : kGateKinds) {
        if (equalIgnoringCase(info.name, name)) return info.kind;
    }
    return std::nullopt;
}

int minimumInputs(GateKind kind) { return isSingleInput(kind) ? 1 : 2; }

int maximumInputs(GateKind kind) { return isSingleInput(kind) ? 1 : kMaxGateInputs; }

bool evaluateGate(GateKind kind, std::span<const bool> inputs) {
    bool all = true;
    bool any = false;
    bool parity = false;
    for (const bool input : inputs) {
        all = all && input;
        any = any || input;
        parity = parity != input;
    }
    switch (kind) {
        case GateKind::And:
            return all;
        case GateKind::Or:
            return any;
        case GateKind::Xor:
            return parity;
        case GateKind::Not:
            return !any;
        case GateKind::Nand:
            return !all;
        case GateKind::Nor:
            return !any;
        case GateKind::Xnor:
            return !parity;
        case GateKind::Buf:
            return any;
    }
    return false;
}

}  // namespace mlsyslab::logic
