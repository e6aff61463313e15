#pragma once

#include "pyvm/Frame.h"
#include "pyvm/Interpreter.h"
#include "pyvm/Value.h"

namespace mlsyslab::pyvm {

// LOAD_GLOBAL / LOAD_NAME / STORE_NAME / STORE_GLOBAL / DELETE_*: the module namespace and the
// builtins, through the per-name caches of PreparedCode (the module's locals are its globals, and
// the lesson subset has no class bodies, so LOAD_NAME never looks anywhere else).
struct GlobalNames {
    // The value bound to co_names[nameIndex], or nullptr after raising NameError.
    static const Value* load(Interpreter& vm, Frame& frame, int nameIndex) {
        NameCache& cache = const_cast<PreparedCode*>(frame.code)->nameCaches[nameIndex];
        if (cache.globalsVersion == vm.globalsVersion_) {
            DictObject* dict = cache.inBuiltins ? vm.builtinsDict_ : frame.globals;
            if (static_cast<std::size_t>(cache.index) < dict->entries.size()) {
                DictObject::Entry& entry = dict->entries[static_cast<std::size_t>(cache.index)];
                if (entry.key.object() == cache.key.object()) return &entry.value;
            }
        }
        return loadSlow(vm, frame, nameIndex);
    }
    static bool store(Interpreter& vm, Frame& frame, int nameIndex, Value value) {
        NameCache& cache = const_cast<PreparedCode*>(frame.code)->nameCaches[nameIndex];
        if (cache.globalsVersion == vm.globalsVersion_ && !cache.inBuiltins &&
            static_cast<std::size_t>(cache.index) < frame.globals->entries.size()) {
            DictObject::Entry& entry =
                frame.globals->entries[static_cast<std::size_t>(cache.index)];
            if (entry.key.object() == cache.key.object()) {
                entry.value = std::move(value);
                return true;
            }
        }
        return storeSlow(vm, frame, nameIndex, std::move(value));
    }
    static bool erase(Interpreter& vm, Frame& frame, int nameIndex);

private:
    static const Value* loadSlow(Interpreter& vm, Frame& frame, int nameIndex);
    static bool storeSlow(Interpreter& vm, Frame& frame, int nameIndex, Value value);
};

}  // namespace mlsyslab::pyvm
