#include "common/SimWidgetRegistry.h"

namespace mlsyslab::widgets {

bool SimWidgetRegistry::add(std::string name, SimWidgetFactory factory) {
    return factories_.emplace(std::move(name), std::move(factory)).second;
}

bool SimWidgetRegistry::contains(std::string_view name) const {
    return factories_.find(name) != factories_.end();
}

std::vector<std::string> SimWidgetRegistry::names() const {
    std::vector<std::string> result;
    for (const auto& [name, factory] : factories_) result.push_back(name);
    return result;
}

QWidget* SimWidgetRegistry::create(const lesson::SimBlock& block, QWidget* parent) const {
    const auto found = factories_.find(block.kind);
    return found == factories_.end() ? nullptr : found->second(block, parent);
}

}  // namespace mlsyslab::widgets

namespace mlsyslab::widgets {

namespace {

// Filled while the program starts, one entry per SimView; a function-local static, so it
// exists before the first view's registration whatever order the files are initialized in.
std::vector<std::function<void(SimWidgetRegistry&)>>& declaredViews() {
    static std::vector<std::function<void(SimWidgetRegistry&)>> declared;
    return declared;
}

}  // namespace

void registerBuiltinView(std::function<void(SimWidgetRegistry&)> addView) {
    declaredViews().push_back(std::move(addView));
}

SimWidgetRegistry builtinSimWidgets() {
    SimWidgetRegistry registry;
    for (const auto& addView : declaredViews()) addView(registry);
    return registry;
}

}  // namespace mlsyslab::widgets
