// NameError and AttributeError with CPython 3.11's "Did you mean" appended, as its traceback
// printer adds it to the last line of the report.
#include <string_view>
#include <vector>

#include "common/Concat.h"
#include "pyvm/Interpreter.h"
#include "pyvm/NameSuggestions.h"
#include "pyvm/Operations.h"
#include "pyvm/PythonNames.h"

namespace mlsyslab::pyvm {

namespace {

// What a script's module namespace holds before its first line runs, in CPython's order.
constexpr std::string_view kModuleDunders[] = {"__name__",     "__doc__",  "__package__",
                                               "__loader__",   "__spec__", "__annotations__",
                                               "__builtins__", "__file__", "__cached__"};

}  // namespace

void Interpreter::raiseNameError(const Frame& frame, const std::string& name, std::string message) {
    std::vector<std::string_view> localNames;
    const CodeObject& code = *frame.code->code;
    if (&frame != &frames_[0]) {
        for (const LocalSlot& slot : code.localsPlus) {
            if ((slot.kind & LocalSlot::Local) != 0) localNames.push_back(slot.name);
        }
    }
    std::vector<std::string_view> globalNames(std::begin(kModuleDunders), std::end(kModuleDunders));
    for (const DictObject::Entry& entry : frame.globals->entries) {
        if (entry.key.kind() != Kind::Str) continue;
        const std::string& key = entry.key.as<StrObject>().text;
        if (key == "__name__" || key == "__builtins__") continue;
        globalNames.push_back(key);
    }
    if (auto suggestion = suggestNameError(name, localNames, globalNames)) {
        message += didYouMean(*suggestion);
    }
    raise("NameError", std::move(message));
}

void Interpreter::addAttributeSuggestion(const Value& object, const std::string& name) {
    if (!hasError() || error().type != "AttributeError") return;
    const std::string_view type = typeName(object);
    if (error().message != concat("'", type, "' object has no attribute '", name, "'")) return;
    const std::vector<std::string_view>* candidates = cpythonDir(type);
    if (candidates == nullptr) return;
    if (auto suggestion = closestName(name, *candidates)) {
        PyError pending = *takeError();
        raise(pending.type, pending.message + didYouMean(*suggestion));
    }
}

}  // namespace mlsyslab::pyvm
