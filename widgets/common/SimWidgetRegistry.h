#pragma once

#include <QWidget>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "lesson/Lesson.h"

namespace mlsyslab::widgets {

// Builds the widget of one ```sim fence from its (already validated) block.
using SimWidgetFactory = std::function<QWidget*(const lesson::SimBlock& block, QWidget* parent)>;

// The Qt half of a simulator kind: name -> widget factory. The other half, the state
// validator, lives in core (lesson/SimKindRegistry.h) so that headless tools can use it.
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

}  // namespace mlsyslab::widgets
