#pragma once

#include <QWidget>

#include "lesson/Lesson.h"

namespace mlsyslab::widgets {

// The factory registered for ```sim pyvm: the lesson's state (PyVmKind), run on the lesson VM.
// Kept apart from PyVmWidget so the widget links without the VM in tests that bring their own
// runner.
QWidget* createPyVmSimWidget(const lesson::SimBlock& block, QWidget* parent);

}  // namespace mlsyslab::widgets
