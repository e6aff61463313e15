// Displays (list, tuple, set, dict) and unpacking assignments, as CPython 3.11's
// starunpack_helper, unpack_helper and compiler_dict build them.
#include "pyvm/CodeGenerator.h"
#include "pyvm/FrozenSetConstant.h"

namespace mlsyslab::pyvm {

using cfg::op;

namespace {

bool allConstant(const ast::ExprList& list, std::size_t begin, std::size_t end) {
    for (std::size_t index = begin; index < end; ++index) {
        if (!list[index] || !std::holds_alternative<ast::ConstantExpr>(list[index]->node)) return false;
    }
    return true;
}

const Constant& constantOf(const ast::Expr& node) { return std::get<ast::ConstantExpr>(node.node).value; }

}  // namespace

// `pushed` items are already on the stack (a call's callable, for instance). Three or more
// constants become one constant tuple that extends an empty container.
void CodeGenerator::starUnpack(const ast::ExprList& elements, int pushed, int build, int add, int extend,
                               bool tuple) {
    const std::size_t count = elements.size();
    if (count > 2 && allConstant(elements, 0, count)) {
        Constant::Tuple folded;
        for (const auto& element : elements) folded.push_back(constantOf(*element));
        if (tuple && pushed == 0) {
            loadConstant(Constant{folded});
            return;
        }
        emit(build, pushed);
        Constant value{folded};
        if (add == op(Opcode::SET_ADD)) value = makeFrozenSet(std::move(folded));
        loadConstant(value);
        emit(extend, 1);
        if (tuple) emit(op(Opcode::LIST_TO_TUPLE));
        return;
    }
    const bool big = count + static_cast<std::size_t>(pushed) > kStackUseGuideline;
    bool seenStar = false;
    for (const auto& element : elements) {
        if (std::holds_alternative<ast::Starred>(element->node)) seenStar = true;
    }
    if (!seenStar && !big) {
        for (const auto& element : elements) expression(*element);
        emit(tuple ? op(Opcode::BUILD_TUPLE) : build, static_cast<int>(count) + pushed);
        return;
    }
    bool built = false;
    if (big) {
        emit(build, pushed);
        built = true;
    }
    for (std::size_t index = 0; index < count; ++index) {
        const ast::Expr& element = *elements[index];
        if (const auto* starred = std::get_if<ast::Starred>(&element.node)) {
            if (!built) {
                emit(build, static_cast<int>(index) + pushed);
                built = true;
            }
            expression(*starred->value);
            emit(extend, 1);
        } else {
            expression(element);
            if (built) emit(add, 1);
        }
    }
    if (tuple) emit(op(Opcode::LIST_TO_TUPLE));
}

// unpack_helper + assignment_helper: `a, *b, c = ...` is UNPACK_EX (before | after << 8).
void CodeGenerator::unpackAssignment(const ast::ExprList& elements) {
    const std::size_t count = elements.size();
    bool seenStar = false;
    for (std::size_t index = 0; index < count; ++index) {
        if (!std::holds_alternative<ast::Starred>(elements[index]->node)) continue;
        if (seenStar) {
            fail("multiple starred expressions in assignment");
            return;
        }
        if (index >= (1u << 8)) {
            fail("too many expressions in star-unpacking assignment");
            return;
        }
        emit(op(Opcode::UNPACK_EX), static_cast<int>(index + ((count - index - 1) << 8)));
        seenStar = true;
    }
    if (!seenStar) emit(op(Opcode::UNPACK_SEQUENCE), static_cast<int>(count));
    for (const auto& element : elements) {
        if (const auto* starred = std::get_if<ast::Starred>(&element->node)) {
            expression(*starred->value);
        } else {
            expression(*element);
        }
    }
}

void CodeGenerator::subDictionary(const ast::Dict& node, std::size_t begin, std::size_t end) {
    const std::size_t count = end - begin;
    const bool big = count * 2 > kStackUseGuideline;
    if (count > 1 && !big && allConstant(node.keys, begin, end)) {
        for (std::size_t index = begin; index < end; ++index) expression(*node.values[index]);
        Constant::Tuple keys;
        for (std::size_t index = begin; index < end; ++index) keys.push_back(constantOf(*node.keys[index]));
        loadConstant(Constant{keys});
        emit(op(Opcode::BUILD_CONST_KEY_MAP), static_cast<int>(count));
        return;
    }
    if (big) emit(op(Opcode::BUILD_MAP), 0);
    for (std::size_t index = begin; index < end; ++index) {
        expression(*node.keys[index]);
        expression(*node.values[index]);
        if (big) emit(op(Opcode::MAP_ADD), 1);
    }
    if (!big) emit(op(Opcode::BUILD_MAP), static_cast<int>(count));
}

// compiler_dict: runs of key/value pairs become maps that `**other` parts update.
void CodeGenerator::dictionary(const ast::Dict& node) {
    const std::size_t count = node.values.size();
    bool haveDict = false;
    std::size_t elements = 0;
    for (std::size_t index = 0; index < count; ++index) {
        const bool unpacking = node.keys[index] == nullptr;
        if (unpacking) {
            if (elements > 0) {
                subDictionary(node, index - elements, index);
                if (haveDict) emit(op(Opcode::DICT_UPDATE), 1);
                haveDict = true;
                elements = 0;
            }
            if (!haveDict) {
                emit(op(Opcode::BUILD_MAP), 0);
                haveDict = true;
            }
            expression(*node.values[index]);
            emit(op(Opcode::DICT_UPDATE), 1);
        } else if (elements * 2 > kStackUseGuideline) {
            subDictionary(node, index - elements, index + 1);
            if (haveDict) emit(op(Opcode::DICT_UPDATE), 1);
            haveDict = true;
            elements = 0;
        } else {
            ++elements;
        }
    }
    if (elements > 0) {
        subDictionary(node, count - elements, count);
        if (haveDict) emit(op(Opcode::DICT_UPDATE), 1);
        haveDict = true;
    }
    if (!haveDict) emit(op(Opcode::BUILD_MAP), 0);
}

}  // namespace mlsyslab::pyvm
