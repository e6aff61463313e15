#pragma once

#include <QWidget>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/SimWidgetRegistry.h"
#include "lesson/KindSpec.h"
#include "lesson/Lesson.h"

namespace mlsyslab::widgets {

// Builds the widget of one ```sim fence from its (already validated) block.
using SimWidgetFactory = std::function<QWidget*(const lesson::SimBlock& block, QWidget* parent)>;

// The Qt half of the simulator kinds: kind name -> the view that shows it. The other half, the
// kind itself, is declared beside its engine in core (lesson/KindSpec.h), so that headless tools
// can read lessons.
class SimWidgetRegistry {
public:
    // False (and nothing changes) when a factory of that name is already registered.
    bool add(std::string name, SimWidgetFactory factory);
    bool contains(std::string_view name) const;
    std::vector<std::string> names() const;  // sorted
    // nullptr when no factory has that name.
    QWidget* create(const lesson::SimBlock& block, QWidget* parent) const;

private:
    std::map<std::string, SimWidgetFactory, std::less<>> factories_;
};

// Every view registered with SimView, by its kind's name.
SimWidgetRegistry builtinSimWidgets();

// Records how to add one built-in view; SimView calls it.
void registerBuiltinView(std::function<void(SimWidgetRegistry&)> addView);

// The common case of a view: a widget built from its kind's state and a parent.
template <typename Widget, typename State>
QWidget* createWidget(const State& state, QWidget* parent) {
    return new Widget(state, parent);
}

// Registers the view of a kind with the built-in ones, in one line beside the view:
//   const SimView kView(lesson::kinds::coalescingKind, createWidget<CoalescingWidget>);
// The view receives the typed state the kind read; the compiler checks that the view takes the
// kind's state type. Nothing is built during static initialization: the kind is asked for its
// name only when builtinSimWidgets() runs.
template <typename State>
class SimView {
public:
    using Create = QWidget* (*)(const State& state, QWidget* parent);

    SimView(const lesson::KindSpec<State>& (*kind)(), Create create) {
        registerBuiltinView([kind, create](SimWidgetRegistry& registry) {
            registry.add(kind().name,
                         [create](const lesson::SimBlock& block, QWidget* parent) -> QWidget* {
                             if (block.state.empty()) return create(State{}, parent);
                             const State* state = block.state.as<State>();
                             return state != nullptr ? create(*state, parent) : nullptr;
                         });
        });
    }
};

}  // namespace mlsyslab::widgets
