#include "pyvm/PreparedCode.h"

#include "pyvm/Operations.h"
#include "pyvm/StackEffect.h"

namespace mlsyslab::pyvm {

PreparedCode::PreparedCode(std::shared_ptr<const CodeObject> source) : code(std::move(source)) {
    instructions.reserve(code->code.size());
    for (const Instruction& instruction : code->code) {
        instructions.push_back({instruction.op, instruction.arg});
    }
    constants.reserve(code->consts.size());
    for (const Constant& constant : code->consts) constants.push_back(fromConstant(constant));
    names.reserve(code->names.size());
    for (const std::string& name : code->names) names.push_back(newStr(name));
    nameCaches.resize(code->names.size());
    localsPlusCount = static_cast<int>(code->localsPlus.size());
    maxStack = maxStackDepth(*code);
    for (const LocalSlot& slot : code->localsPlus) {
        if (slot.kind == LocalSlot::Cell) ++plainCellCount;
    }
}

}  // namespace mlsyslab::pyvm
