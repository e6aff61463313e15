#include "pyvm/Iterators.h"

#include "common/Concat.h"
#include "pyvm/Operations.h"
#include "pyvm/SetOrder.h"
#include "pyvm/SourceCharacters.h"
#include "pyvm/Utf8.h"

namespace mlsyslab::pyvm {
namespace {

// list_iterator and tuple_iterator: an index into the sequence, which a list may grow under it.
class SequenceIterator final : public IteratorObject {
public:
    explicit SequenceIterator(Value sequence) : sequence_(std::move(sequence)) {}
    Value next(Runtime&) override {
        if (sequence_.isNull()) return Value();
        const std::vector<Value>& items = sequence_.kind() == Kind::List
                                              ? sequence_.as<ListObject>().items
                                              : sequence_.as<TupleObject>().items;
        if (index_ < items.size()) return items[index_++];
        sequence_ = Value();  // exhausted for good, as CPython drops its reference
        return Value();
    }
    std::string_view typeName() const override {
        return isList_ ? "list_iterator" : "tuple_iterator";
    }

private:
    Value sequence_;
    bool isList_ = sequence_.kind() == Kind::List;
    std::size_t index_ = 0;
};

class ListReverseIterator final : public IteratorObject {
public:
    explicit ListReverseIterator(Value list)
        : list_(std::move(list)),
          index_(static_cast<std::int64_t>(list_.as<ListObject>().items.size()) - 1) {}
    Value next(Runtime&) override {
        const std::vector<Value>& items = list_.as<ListObject>().items;
        if (index_ >= 0 && index_ < static_cast<std::int64_t>(items.size())) {
            return items[static_cast<std::size_t>(index_--)];
        }
        index_ = -1;
        return Value();
    }
    std::string_view typeName() const override { return "list_reverseiterator"; }

private:
    Value list_;
    std::int64_t index_;
};

class RangeIterator final : public IteratorObject {
public:
    RangeIterator(std::int64_t start, std::int64_t step, std::int64_t length)
        : next_(start), step_(step), remaining_(length) {}
    Value next(Runtime&) override {
        if (remaining_ <= 0) return Value();
        const std::int64_t current = next_;
        --remaining_;
        if (remaining_ > 0) next_ += step_;
        return Value::integer(current);
    }
    std::string_view typeName() const override { return "range_iterator"; }

private:
    std::int64_t next_, step_, remaining_;
};

class StrIterator final : public IteratorObject {
public:
    explicit StrIterator(Value text) : text_(std::move(text)) {}
    Value next(Runtime&) override {
        const std::string& text = text_.as<StrObject>().text;
        if (position_ >= text.size()) return Value();
        const DecodedCharacter character = decodeCharacter(text, position_);
        Value item = newStr(text.substr(position_, character.lengthBytes));
        position_ += character.lengthBytes;
        return item;
    }
    std::string_view typeName() const override {
        return text_.as<StrObject>().ascii ? "str_ascii_iterator" : "str_iterator";
    }

private:
    Value text_;
    std::size_t position_ = 0;
};

// The `reversed` object CPython makes for sequences without their own __reversed__ (str, tuple).
class ReversedIterator final : public IteratorObject {
public:
    ReversedIterator(Value sequence, std::int64_t length)
        : sequence_(std::move(sequence)), index_(length - 1) {}
    Value next(Runtime& runtime) override {
        if (index_ < 0) return Value();
        return subscript(runtime, sequence_, Value::integer(index_--));
    }
    std::string_view typeName() const override { return "reversed"; }

private:
    Value sequence_;
    std::int64_t index_;
};

class DictIterator final : public IteratorObject {
public:
    DictIterator(Value dict, DictViewObject::Which which, bool reversed)
        : dict_(std::move(dict)),
          which_(which),
          reversed_(reversed),
          expectedSize_(dict_.as<DictObject>().size()),
          position_(reversed ? static_cast<std::int64_t>(dict_.as<DictObject>().entries.size()) - 1
                             : 0) {}
    Value next(Runtime& runtime) override {
        if (finished_) return Value();
        const DictObject& dict = dict_.as<DictObject>();
        if (dict.size() != expectedSize_) {
            finished_ = true;
            return runtime.raise("RuntimeError", "dictionary changed size during iteration");
        }
        const auto count = static_cast<std::int64_t>(dict.entries.size());
        while (position_ >= 0 && position_ < count) {
            const DictObject::Entry& entry = dict.entries[static_cast<std::size_t>(position_)];
            position_ += reversed_ ? -1 : 1;
            if (entry.key.isNull()) continue;
            switch (which_) {
                case DictViewObject::Which::Keys:
                    return entry.key;
                case DictViewObject::Which::Values:
                    return entry.value;
                case DictViewObject::Which::Items:
                    return newTuple({entry.key, entry.value});
            }
        }
        finished_ = true;
        return Value();
    }
    std::string_view typeName() const override {
        static constexpr std::string_view forward[] = {"dict_keyiterator", "dict_valueiterator",
                                                       "dict_itemiterator"};
        static constexpr std::string_view backward[] = {
            "dict_reversekeyiterator", "dict_reversevalueiterator", "dict_reverseitemiterator"};
        return (reversed_ ? backward : forward)[static_cast<int>(which_)];
    }

private:
    Value dict_;
    DictViewObject::Which which_;
    bool reversed_;
    std::int64_t expectedSize_;
    std::int64_t position_;
    bool finished_ = false;
};

class SetIterator final : public IteratorObject {
public:
    explicit SetIterator(Value set)
        : set_(std::move(set)),
          order_(setIterationOrder(set_.as<SetObject>())),
          expectedSize_(set_.as<SetObject>().members.size()) {}
    Value next(Runtime& runtime) override {
        if (finished_) return Value();
        if (set_.as<SetObject>().members.size() != expectedSize_) {
            finished_ = true;
            return runtime.raise("RuntimeError", "Set changed size during iteration");
        }
        if (index_ < order_.size()) return order_[index_++];
        finished_ = true;
        return Value();
    }
    std::string_view typeName() const override { return "set_iterator"; }

private:
    Value set_;
    std::vector<Value> order_;
    std::int64_t expectedSize_;
    std::size_t index_ = 0;
    bool finished_ = false;
};

class EnumerateIterator final : public IteratorObject {
public:
    EnumerateIterator(Value iterator, std::int64_t start)
        : iterator_(std::move(iterator)), count_(start) {}
    Value next(Runtime& runtime) override {
        Value item = iterNext(runtime, iterator_);
        if (item.isNull()) return item;
        return newTuple({Value::integer(count_++), std::move(item)});
    }
    std::string_view typeName() const override { return "enumerate"; }

private:
    Value iterator_;
    std::int64_t count_;
};

class ZipIterator final : public IteratorObject {
public:
    explicit ZipIterator(std::vector<Value> iterators) : iterators_(std::move(iterators)) {}
    Value next(Runtime& runtime) override {
        if (iterators_.empty()) return Value();
        std::vector<Value> items;
        items.reserve(iterators_.size());
        for (const Value& iterator : iterators_) {
            Value item = iterNext(runtime, iterator);
            if (item.isNull()) return item;
            items.push_back(std::move(item));
        }
        return newTuple(std::move(items));
    }
    std::string_view typeName() const override { return "zip"; }

private:
    std::vector<Value> iterators_;
};

class MapIterator final : public IteratorObject {
public:
    MapIterator(Value function, std::vector<Value> iterators)
        : function_(std::move(function)), iterators_(std::move(iterators)) {}
    Value next(Runtime& runtime) override {
        std::vector<Value> arguments;
        arguments.reserve(iterators_.size());
        for (const Value& iterator : iterators_) {
            Value item = iterNext(runtime, iterator);
            if (item.isNull()) return item;
            arguments.push_back(std::move(item));
        }
        return runtime.call(function_, CallArguments{arguments, {}, {}});
    }
    std::string_view typeName() const override { return "map"; }

private:
    Value function_;
    std::vector<Value> iterators_;
};

class FilterIterator final : public IteratorObject {
public:
    FilterIterator(Value function, Value iterator)
        : function_(std::move(function)), iterator_(std::move(iterator)) {}
    Value next(Runtime& runtime) override {
        while (true) {
            Value item = iterNext(runtime, iterator_);
            if (item.isNull()) return item;
            if (function_.kind() == Kind::None) {
                if (isTrue(item)) return item;
                continue;
            }
            const Value arguments[] = {item};
            const Value verdict = runtime.call(function_, CallArguments{arguments, {}, {}});
            if (verdict.isNull()) return verdict;
            if (isTrue(verdict)) return item;
        }
    }
    std::string_view typeName() const override { return "filter"; }

private:
    Value function_;
    Value iterator_;
};

}  // namespace

Value makeEnumerate(Value iterator, std::int64_t start) {
    return Value::make<EnumerateIterator>(std::move(iterator), start);
}
Value makeZip(std::vector<Value> iterators) {
    return Value::make<ZipIterator>(std::move(iterators));
}
Value makeMap(Value function, std::vector<Value> iterators) {
    return Value::make<MapIterator>(std::move(function), std::move(iterators));
}
Value makeFilter(Value function, Value iterator) {
    return Value::make<FilterIterator>(std::move(function), std::move(iterator));
}

Value makeReversed(Runtime& runtime, const Value& sequence) {
    switch (sequence.kind()) {
        case Kind::List:
            return Value::make<ListReverseIterator>(sequence);
        case Kind::Range: {
            const RangeObject& range = sequence.as<RangeObject>();
            const std::int64_t length = range.length();
            // The last item, reached without overflow: start + (length - 1) * step stays in range.
            const std::int64_t last =
                length == 0 ? range.start : range.start + (length - 1) * range.step;
            return Value::make<RangeIterator>(last, -range.step, length);
        }
        case Kind::Str:
            return Value::make<ReversedIterator>(sequence, sequence.as<StrObject>().length);
        case Kind::Tuple:
            return Value::make<ReversedIterator>(
                sequence, static_cast<std::int64_t>(sequence.as<TupleObject>().items.size()));
        case Kind::Dict:
            return Value::make<DictIterator>(sequence, DictViewObject::Which::Keys, true);
        case Kind::DictView: {
            const DictViewObject& view = sequence.as<DictViewObject>();
            return Value::make<DictIterator>(view.dict, view.which, true);
        }
        default:
            return runtime.raise("TypeError",
                                 concat("'", typeName(sequence), "' object is not reversible"));
    }
}

Value getIter(Runtime& runtime, const Value& iterable) {
    switch (iterable.kind()) {
        case Kind::List:
        case Kind::Tuple:
            return Value::make<SequenceIterator>(iterable);
        case Kind::Str:
            return Value::make<StrIterator>(iterable);
        case Kind::Range: {
            const RangeObject& range = iterable.as<RangeObject>();
            return Value::make<RangeIterator>(range.start, range.step, range.length());
        }
        case Kind::Dict:
            return Value::make<DictIterator>(iterable, DictViewObject::Which::Keys, false);
        case Kind::DictView: {
            const DictViewObject& view = iterable.as<DictViewObject>();
            return Value::make<DictIterator>(view.dict, view.which, false);
        }
        case Kind::Set:
            return Value::make<SetIterator>(iterable);
        case Kind::Iterator:
            return iterable;
        default:
            return runtime.raise("TypeError",
                                 concat("'", typeName(iterable), "' object is not iterable"));
    }
}

Value iterNext(Runtime& runtime, const Value& iterator) {
    if (iterator.kind() != Kind::Iterator) {
        return runtime.raise("TypeError",
                             concat("'", typeName(iterator), "' object is not an iterator"));
    }
    return iterator.as<IteratorObject>().next(runtime);
}

}  // namespace mlsyslab::pyvm
