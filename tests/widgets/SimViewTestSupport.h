#pragma once

// Building a simulator's view the way the lesson player does: the fence's YAML read by its
// kind, then the registered view made from the typed state.
#include <yaml-cpp/yaml.h>

#include <QWidget>
#include <string>

#include "common/SimWidgetRegistry.h"
#include "lesson/KindSpec.h"
#include "lesson/Lesson.h"

namespace mlsyslab::testing {

// The block the lesson reader makes for ```sim KIND with this body: the kind's reading, with
// defaults where a field is wrong, and no state at all when the YAML does not parse.
inline lesson::SimBlock simBlock(const std::string& kind, const std::string& yaml) {
    lesson::SimBlock block{kind, yaml, 1, 2, {}};
    const lesson::SimKindRegistry kinds = lesson::builtinSimKinds();
    if (const lesson::SimKind* found = kinds.find(kind)) {
        try {
            block.state = found->read(YAML::Load(yaml)).state;
        } catch (const YAML::Exception&) {
        }
    }
    return block;
}

// The built-in view of that block, or nullptr for an unknown kind.
inline QWidget* createView(const std::string& kind, const std::string& yaml, QWidget* parent) {
    return widgets::builtinSimWidgets().create(simBlock(kind, yaml), parent);
}

}  // namespace mlsyslab::testing
