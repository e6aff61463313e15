// Calls, as CPython 3.11 compiles them: PUSH_NULL + callable or LOAD_METHOD, the arguments,
// KW_NAMES for keywords, PRECALL/CALL; CALL_FUNCTION_EX when * or ** unpacking is involved.
#include "common/Concat.h"
#include "pyvm/CodeGenerator.h"

namespace mlsyslab::pyvm {

using cfg::op;

bool CodeGenerator::validKeywords(const std::vector<ast::Keyword>& keywords) {
    for (std::size_t index = 0; index < keywords.size(); ++index) {
        if (!keywords[index].arg) continue;
        for (std::size_t other = index + 1; other < keywords.size(); ++other) {
            if (keywords[other].arg && *keywords[other].arg == *keywords[index].arg) {
                setLocation(keywords[other].where);
                fail(concat("keyword argument repeated: ", *keywords[index].arg));
                return false;
            }
        }
    }
    return true;
}

void CodeGenerator::call(const ast::Call& node) {
    if (!validKeywords(node.keywords)) return;
    if (methodCall(node)) return;
    const cfg::SourceSpan callWhere = unit().where;
    setLocation(node.func->where);
    emit(op(Opcode::PUSH_NULL));
    unit().where = callWhere;
    expression(*node.func);
    callArguments(0, node.args, node.keywords);
}

// maybe_optimize_method_call: `obj.name(args)` loads the method and its object in one step.
bool CodeGenerator::methodCall(const ast::Call& node) {
    const auto* method = std::get_if<ast::Attribute>(&node.func->node);
    if (!method || method->ctx != ast::Context::Load) return false;
    const std::size_t argumentCount = node.args.size();
    const std::size_t keywordCount = node.keywords.size();
    if (argumentCount + keywordCount + (keywordCount != 0 ? 1 : 0) >= kStackUseGuideline) return false;
    for (const auto& argument : node.args) {
        if (std::holds_alternative<ast::Starred>(argument->node)) return false;
    }
    for (const auto& keyword : node.keywords) {
        if (!keyword.arg) return false;
    }
    const cfg::SourceSpan callWhere = unit().where;
    expression(*method->value);
    setLocation(node.func->where);
    moveStartToAttribute(*node.func);
    emit(op(Opcode::LOAD_METHOD), indexOf(unit().names, method->attr));
    for (const auto& argument : node.args) expression(*argument);
    if (keywordCount > 0) {
        for (const auto& keyword : node.keywords) expression(*keyword.value);
        keywordNames(node.keywords);
    }
    unit().where = callWhere;
    moveStartToAttribute(*node.func);
    const auto count = static_cast<int>(argumentCount + keywordCount);
    emit(op(Opcode::PRECALL), count);
    emit(op(Opcode::CALL), count);
    return true;
}

void CodeGenerator::keywordNames(const std::vector<ast::Keyword>& keywords) {
    Constant::Tuple names;
    for (const auto& keyword : keywords) names.push_back(Constant{*keyword.arg});
    emit(op(Opcode::KW_NAMES), constantIndex(unit().consts, Constant{names}));
}

void CodeGenerator::subKeywordArguments(const std::vector<ast::Keyword>& keywords, std::size_t begin,
                                        std::size_t end) {
    const std::size_t count = end - begin;
    const bool big = count * 2 > kStackUseGuideline;
    if (count > 1 && !big) {
        for (std::size_t index = begin; index < end; ++index) expression(*keywords[index].value);
        Constant::Tuple names;
        for (std::size_t index = begin; index < end; ++index) names.push_back(Constant{*keywords[index].arg});
        loadConstant(Constant{names});
        emit(op(Opcode::BUILD_CONST_KEY_MAP), static_cast<int>(count));
        return;
    }
    if (big) emitNoLine(op(Opcode::BUILD_MAP), 0);
    for (std::size_t index = begin; index < end; ++index) {
        loadConstant(Constant{*keywords[index].arg});
        expression(*keywords[index].value);
        if (big) emitNoLine(op(Opcode::MAP_ADD), 1);
    }
    if (!big) emit(op(Opcode::BUILD_MAP), static_cast<int>(count));
}

// compiler_call_helper: `pushed` arguments are already on the stack.
void CodeGenerator::callArguments(int pushed, const ast::ExprList& args, const std::vector<ast::Keyword>& keywords) {
    if (!validKeywords(keywords)) return;
    const std::size_t argumentCount = args.size();
    const std::size_t keywordCount = keywords.size();
    bool simple = argumentCount + keywordCount * 2 <= kStackUseGuideline;
    for (const auto& argument : args) {
        if (std::holds_alternative<ast::Starred>(argument->node)) simple = false;
    }
    for (const auto& keyword : keywords) {
        if (!keyword.arg) simple = false;
    }
    if (simple) {
        for (const auto& argument : args) expression(*argument);
        if (keywordCount > 0) {
            for (const auto& keyword : keywords) expression(*keyword.value);
            keywordNames(keywords);
        }
        const auto count = pushed + static_cast<int>(argumentCount + keywordCount);
        emit(op(Opcode::PRECALL), count);
        emit(op(Opcode::CALL), count);
        return;
    }
    // Positional arguments as one tuple...
    if (pushed == 0 && argumentCount == 1 && std::holds_alternative<ast::Starred>(args[0]->node)) {
        expression(*std::get<ast::Starred>(args[0]->node).value);
    } else {
        starUnpack(args, pushed, op(Opcode::BUILD_LIST), op(Opcode::LIST_APPEND), op(Opcode::LIST_EXTEND), true);
    }
    // ...then keyword arguments as one dict.
    if (keywordCount > 0) {
        bool haveDict = false;
        std::size_t seen = 0;
        for (std::size_t index = 0; index < keywordCount; ++index) {
            if (keywords[index].arg) {
                ++seen;
                continue;
            }
            if (seen > 0) {
                subKeywordArguments(keywords, index - seen, index);
                if (haveDict) emit(op(Opcode::DICT_MERGE), 1);
                haveDict = true;
                seen = 0;
            }
            if (!haveDict) {
                emit(op(Opcode::BUILD_MAP), 0);
                haveDict = true;
            }
            expression(*keywords[index].value);
            emit(op(Opcode::DICT_MERGE), 1);
        }
        if (seen > 0) {
            subKeywordArguments(keywords, keywordCount - seen, keywordCount);
            if (haveDict) emit(op(Opcode::DICT_MERGE), 1);
        }
    }
    emit(op(Opcode::CALL_FUNCTION_EX), keywordCount > 0 ? 1 : 0);
}

}  // namespace mlsyslab::pyvm
