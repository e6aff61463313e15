// The normalized disassembly of DESIGN §4: what tests/data/pyvm/make_goldens.py prints from
// CPython 3.11's dis module.
#include <array>
#include <string>
#include <vector>

#include "common/Concat.h"
#include "pyvm/Compiler.h"

namespace mlsyslab::pyvm {
namespace {

// dis's _nb_ops symbols, in NB_* order (the in-place ones add '=').
constexpr std::array<const char*, 13> kBinaryOperatorSymbols = {
    "+", "&", "//", "<<", "@", "*", "%", "|", "**", ">>", "-", "/", "^"};
constexpr std::array<const char*, 6> kComparisonSymbols = {"<", "<=", "==", "!=", ">", ">="};
constexpr std::array<const char*, 4> kMakeFunctionFlagNames = {"defaults", "kwdefaults", "annotations", "closure"};
constexpr std::array<const char*, 4> kConversionNames = {"", "str", "repr", "ascii"};

// Opcodes below this take no argument (CPython's HAVE_ARGUMENT).
constexpr int kHaveArgument = 90;

const std::string& nameAt(const std::vector<std::string>& names, int index) {
    static const std::string unknown = "?";
    return index >= 0 && static_cast<std::size_t>(index) < names.size() ? names[index] : unknown;
}

std::string localName(const CodeObject& code, int index) {
    if (index < 0 || static_cast<std::size_t>(index) >= code.localsPlus.size()) return "?";
    return code.localsPlus[index].name;
}

// Inline CACHE entries after each opcode in CPython 3.11 (opcode._inline_cache_entries): they
// count in the byte offsets that jump arguments are made of.
int cacheEntries(Opcode opcode) {
    switch (opcode) {
        case Opcode::BINARY_SUBSCR: return 4;
        case Opcode::STORE_SUBSCR: return 1;
        case Opcode::UNPACK_SEQUENCE: return 1;
        case Opcode::STORE_ATTR: return 4;
        case Opcode::LOAD_ATTR: return 4;
        case Opcode::COMPARE_OP: return 2;
        case Opcode::LOAD_GLOBAL: return 5;
        case Opcode::BINARY_OP: return 1;
        case Opcode::LOAD_METHOD: return 10;
        case Opcode::PRECALL: return 1;
        case Opcode::CALL: return 4;
        default: return 0;
    }
}

bool isBackwardJump(Opcode opcode) {
    return opcode == Opcode::JUMP_BACKWARD || opcode == Opcode::POP_JUMP_BACKWARD_IF_FALSE ||
           opcode == Opcode::POP_JUMP_BACKWARD_IF_TRUE || opcode == Opcode::POP_JUMP_BACKWARD_IF_NONE ||
           opcode == Opcode::POP_JUMP_BACKWARD_IF_NOT_NONE;
}

int extendedArgCount(int oparg) { return (oparg > 0xFFFFFF) + (oparg > 0xFFFF) + (oparg > 0xFF); }

// CPython writes an argument above 255 with EXTENDED_ARG prefixes, and dis lists them as
// instructions of their own. A jump's argument is a distance in code units (caches included),
// so prefixes and distances are settled together, as assemble_jump_offsets does.
struct ExtendedLayout {
    std::vector<int> oparg;         // the argument CPython encodes
    std::vector<int> prefixes;      // EXTENDED_ARGs before each instruction
    std::vector<int> displayIndex;  // where each instruction's first line is in dis's listing
};

ExtendedLayout layOut(const CodeObject& code) {
    const std::size_t count = code.code.size();
    ExtendedLayout layout{std::vector<int>(count), std::vector<int>(count, 0), std::vector<int>(count, 0)};
    for (std::size_t index = 0; index < count; ++index) {
        if (!isJump(code.code[index].op)) layout.prefixes[index] = extendedArgCount(code.code[index].arg);
        layout.oparg[index] = code.code[index].arg;
    }
    std::vector<int> offset(count + 1, 0);
    for (bool changed = true; changed;) {
        for (std::size_t index = 0; index < count; ++index) {
            offset[index + 1] = offset[index] + layout.prefixes[index] + 1 + cacheEntries(code.code[index].op);
        }
        changed = false;
        for (std::size_t index = 0; index < count; ++index) {
            const Instruction& instruction = code.code[index];
            if (!isJump(instruction.op)) continue;
            const int target = offset[static_cast<std::size_t>(instruction.arg)];
            const int after = offset[index + 1];
            layout.oparg[index] = isBackwardJump(instruction.op) ? after - target : target - after;
            const int prefixes = extendedArgCount(layout.oparg[index]);
            if (prefixes != layout.prefixes[index]) {
                layout.prefixes[index] = prefixes;
                changed = true;
            }
        }
    }
    int line = 0;
    for (std::size_t index = 0; index < count; ++index) {
        layout.displayIndex[index] = line;
        line += layout.prefixes[index] + 1;
    }
    return layout;
}

void appendDisassembly(const CodeObject& code, std::string& text) {
    text += concat("== ", code.name, "\n");
    const ExtendedLayout layout = layOut(code);
    for (std::size_t index = 0; index < code.code.size(); ++index) {
        const Instruction& instruction = code.code[index];
        // dis shows each prefix with the argument accumulated so far.
        for (int prefix = layout.prefixes[index]; prefix > 0; --prefix) {
            text += concat("EXTENDED_ARG ", std::to_string(layout.oparg[index] >> (8 * prefix)), "\n");
        }
        text += opcodeName(instruction.op);
        if (isJump(instruction.op)) {
            text += concat(" to #", std::to_string(layout.displayIndex[static_cast<std::size_t>(instruction.arg)]));
        } else if (static_cast<int>(instruction.op) >= kHaveArgument) {
            const std::string repr = argumentRepr(code, instruction);
            text += ' ';
            text += repr.empty() ? std::to_string(instruction.arg) : repr;
        }
        text += '\n';
    }
    for (const Constant& constant : code.consts) {
        if (const auto* nested = std::get_if<Constant::Code>(&constant.value); nested && *nested) {
            appendDisassembly(**nested, text);
        }
    }
}

}  // namespace

std::string argumentRepr(const CodeObject& code, const Instruction& instruction) {
    const int arg = instruction.arg;
    if (isJump(instruction.op)) return concat("to #", std::to_string(arg));
    switch (instruction.op) {
        case Opcode::LOAD_CONST:
            if (arg < 0 || static_cast<std::size_t>(arg) >= code.consts.size()) return "";
            return constantRepr(code.consts[arg]);
        case Opcode::LOAD_GLOBAL:
            return (arg & 1) ? concat("NULL + ", nameAt(code.names, arg >> 1)) : nameAt(code.names, arg >> 1);
        case Opcode::LOAD_NAME:
        case Opcode::STORE_NAME:
        case Opcode::DELETE_NAME:
        case Opcode::LOAD_ATTR:
        case Opcode::STORE_ATTR:
        case Opcode::LOAD_METHOD:
        case Opcode::STORE_GLOBAL:
        case Opcode::DELETE_GLOBAL:
            return nameAt(code.names, arg);
        case Opcode::LOAD_FAST:
        case Opcode::STORE_FAST:
        case Opcode::DELETE_FAST:
        case Opcode::MAKE_CELL:
        case Opcode::LOAD_CLOSURE:
        case Opcode::LOAD_DEREF:
        case Opcode::STORE_DEREF:
        case Opcode::DELETE_DEREF:
            return localName(code, arg);
        case Opcode::COMPARE_OP:
            return arg >= 0 && arg < static_cast<int>(kComparisonSymbols.size()) ? kComparisonSymbols[arg] : "";
        case Opcode::FORMAT_VALUE: {
            std::string repr = kConversionNames[arg & 0x3];
            if (arg & 0x4) repr += repr.empty() ? "with format" : ", with format";
            return repr;
        }
        case Opcode::MAKE_FUNCTION: {
            std::string repr;
            for (std::size_t bit = 0; bit < kMakeFunctionFlagNames.size(); ++bit) {
                if (!(arg & (1 << bit))) continue;
                if (!repr.empty()) repr += ", ";
                repr += kMakeFunctionFlagNames[bit];
            }
            return repr;
        }
        case Opcode::BINARY_OP: {
            const int inplace = static_cast<int>(BinaryOpArg::InplaceOffset);
            if (arg >= 0 && arg < inplace) return kBinaryOperatorSymbols[arg];
            if (arg >= inplace && arg < 2 * inplace) return concat(kBinaryOperatorSymbols[arg - inplace], "=");
            return "";
        }
        default:
            return "";  // KW_NAMES included: dis only resolves LOAD_CONST's constant
    }
}

std::string disassemble(const CodeObject& code) {
    std::string text;
    appendDisassembly(code, text);
    return text;
}

}  // namespace mlsyslab::pyvm
