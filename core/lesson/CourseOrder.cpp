#include "lesson/CourseOrder.h"

#include <limits>
#include <tuple>

namespace mlsyslab::lesson {

namespace {
constexpr double kUnordered = std::numeric_limits<double>::infinity();
}  // namespace

bool comesBeforeInCourse(const LessonInfo& a, const LessonInfo& b) {
    const auto key = [](const LessonInfo& info) {
        return std::make_tuple(info.part, info.order.value_or(kUnordered), info.id);
    };
    return key(a) < key(b);
}

}  // namespace mlsyslab::lesson
