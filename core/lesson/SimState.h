#pragma once

#include <any>
#include <memory>
#include <utility>

namespace mlsyslab::lesson {

// The validated state of one sim block, in its kind's own type (BitsState, CacheState, ...).
// The lesson reader makes it once, from the fence's YAML; a view receives it typed and never
// reads the YAML again. Immutable and shared, so copies of a lesson share their states.
class SimState {
public:
    SimState() = default;

    template <typename State>
    static SimState of(State state) {
        SimState made;
        made.value_ = std::make_shared<const std::any>(std::move(state));
        return made;
    }

    bool empty() const { return value_ == nullptr; }

    // The state when it is a State; nullptr when it is empty or another kind's.
    template <typename State>
    const State* as() const {
        return value_ == nullptr ? nullptr : std::any_cast<State>(value_.get());
    }

private:
    std::shared_ptr<const std::any> value_;
};

}  // namespace mlsyslab::lesson
