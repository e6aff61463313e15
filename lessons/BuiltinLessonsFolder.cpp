#include "lessons/BuiltinLessons.h"

namespace mlsyslab::course {

std::string_view builtinLessonsSourceFolder() { return MLSYSLAB_LESSONS_SOURCE_FOLDER; }

}  // namespace mlsyslab::course
