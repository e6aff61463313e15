#include "pyvm/Containers.h"
#include "pyvm/Operations.h"

namespace mlsyslab::pyvm {

namespace {

// A frozenset constant (`x in {1, 2}`) becomes a set, so membership hashes as CPython's does
// (`[1] in {1}` raises `unhashable type: 'list'`); its items are constants, which always hash.
Value setOf(const std::vector<Value>& items) {
    struct ConstantRuntime final : Runtime {
        Value call(const Value&, const CallArguments&) override { return Value(); }
    } runtime;
    Value set = newSet();
    for (const Value& item : items) setAdd(runtime, set.as<SetObject>(), item);
    return set;
}

}  // namespace

Value fromConstant(const Constant& constant) {
    struct Convert {
        Value operator()(const Constant::None&) const { return Value::none(); }
        Value operator()(const Constant::Ellipsis&) const { return Value::ellipsis(); }
        Value operator()(bool value) const { return Value::boolean(value); }
        Value operator()(std::int64_t value) const { return Value::integer(value); }
        Value operator()(double value) const { return Value::real(value); }
        Value operator()(const std::string& text) const { return newStr(text); }
        Value operator()(const Constant::Tuple& items) const {
            std::vector<Value> values;
            values.reserve(items.size());
            for (const Constant& item : items) values.push_back(fromConstant(item));
            if (frozenSet) return setOf(values);
            return newTuple(std::move(values));
        }
        Value operator()(const Constant::Code& code) const {
            return Value::make<CodeValueObject>(code);
        }
        bool frozenSet;
    };
    return std::visit(Convert{constant.isFrozenSet}, constant.value);
}

}  // namespace mlsyslab::pyvm
