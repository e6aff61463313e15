#include "numeric/lesson/WidthField.h"

#include <algorithm>
#include <string>

#include "numeric/BitPatternText.h"

namespace mlsyslab::lesson::kinds {

std::optional<int> readWidthField(const StateField& field, std::span<const int> allowedWidths,
                                  std::vector<StateProblem>& problems) {
    constexpr int kWidestReadable = 64;
    if (field.value.IsScalar()) {
        const auto parsed = numeric::parseUnsignedText(field.value.Scalar(), kWidestReadable);
        if (parsed && parsed->unsignedValue() <= kWidestReadable) {
            const int width = static_cast<int>(parsed->unsignedValue());
            if (std::find(allowedWidths.begin(), allowedWidths.end(), width) !=
                allowedWidths.end()) {
                return width;
            }
        }
    }
    std::vector<std::string> names;
    for (const int width : allowedWidths) names.push_back(std::to_string(width));
    addStateError(problems, field.problemMark(),
                  concat("width must be ", listInWords(names, "or")));
    return std::nullopt;
}

}  // namespace mlsyslab::lesson::kinds
