#pragma once

#include "lesson/Lesson.h"

namespace mlsyslab::lesson {

// The order lessons appear in a course: by part, then by `order` (lessons without one after
// those with one), then by id. Both the app's lesson browser and `lesson list` use it.
bool comesBeforeInCourse(const LessonInfo& a, const LessonInfo& b);

}  // namespace mlsyslab::lesson
