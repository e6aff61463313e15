#include "pyvm/GlobalNames.h"

#include "common/Concat.h"

namespace mlsyslab::pyvm {

namespace {

// The index of the entry whose value `found` points at, or -1 when it is not one of `dict`'s.
std::int32_t entryIndex(const DictObject& dict, const Value* found) {
    if (dict.entries.empty()) return -1;
    const auto* first = reinterpret_cast<const char*>(&dict.entries.front().value);
    const auto offset = reinterpret_cast<const char*>(found) - first;
    if (offset < 0 || offset % static_cast<std::ptrdiff_t>(sizeof(DictObject::Entry)) != 0)
        return -1;
    const auto index = offset / static_cast<std::ptrdiff_t>(sizeof(DictObject::Entry));
    if (index >= static_cast<std::ptrdiff_t>(dict.entries.size())) return -1;
    return static_cast<std::int32_t>(index);
}

void remember(NameCache& cache, const DictObject& dict, const Value* found, bool inBuiltins,
              std::uint64_t version) {
    const std::int32_t index = entryIndex(dict, found);
    if (index < 0) return;
    cache.globalsVersion = version;
    cache.index = index;
    cache.inBuiltins = inBuiltins;
    cache.key = dict.entries[static_cast<std::size_t>(index)].key;
}

}  // namespace

const Value* GlobalNames::loadSlow(Interpreter& vm, Frame& frame, int nameIndex) {
    const Value& name = frame.code->names[static_cast<std::size_t>(nameIndex)];
    NameCache& cache =
        const_cast<PreparedCode*>(frame.code)->nameCaches[static_cast<std::size_t>(nameIndex)];
    if (Value* found = frame.globals->find(vm, name)) {
        remember(cache, *frame.globals, found, false, vm.globalsVersion_);
        return found;
    }
    if (vm.hasError()) return nullptr;
    if (Value* found = vm.builtinsDict_->find(vm, name)) {
        remember(cache, *vm.builtinsDict_, found, true, vm.globalsVersion_);
        return found;
    }
    if (vm.hasError()) return nullptr;
    const std::string& text = frame.code->code->names[static_cast<std::size_t>(nameIndex)];
    vm.raiseNameError(frame, text, concat("name '", text, "' is not defined"));
    return nullptr;
}

bool GlobalNames::storeSlow(Interpreter& vm, Frame& frame, int nameIndex, Value value) {
    const Value& name = frame.code->names[static_cast<std::size_t>(nameIndex)];
    const std::int64_t before = frame.globals->size();
    if (!frame.globals->set(vm, name, std::move(value))) return false;
    if (frame.globals->size() != before) ++vm.globalsVersion_;
    NameCache& cache =
        const_cast<PreparedCode*>(frame.code)->nameCaches[static_cast<std::size_t>(nameIndex)];
    if (Value* found = frame.globals->find(vm, name)) {
        remember(cache, *frame.globals, found, false, vm.globalsVersion_);
    }
    return !vm.hasError();
}

bool GlobalNames::erase(Interpreter& vm, Frame& frame, int nameIndex) {
    const Value& name = frame.code->names[static_cast<std::size_t>(nameIndex)];
    const bool erased = frame.globals->erase(vm, name);
    if (vm.hasError()) return false;
    if (!erased) {
        const std::string& text = frame.code->code->names[static_cast<std::size_t>(nameIndex)];
        vm.raiseNameError(frame, text, concat("name '", text, "' is not defined"));
        return false;
    }
    ++vm.globalsVersion_;
    return true;
}

}  // namespace mlsyslab::pyvm
