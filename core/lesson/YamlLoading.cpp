#include "lesson/YamlLoading.h"

#include <algorithm>
#include <exception>
#include <string>

#include "lesson/YamlNesting.h"

namespace mlsyslab::lesson {

namespace {

// yaml-cpp's reasons for a flow collection it reached the end of without its closing bracket.
bool isUnclosedFlowReason(const std::string& reason) {
    return reason == YAML::ErrorMsg::END_OF_SEQ_FLOW || reason == YAML::ErrorMsg::END_OF_MAP_FLOW;
}

}  // namespace

FilePosition filePositionOf(const YAML::Mark& mark, const YamlPlacement& placement) {
    if (mark.is_null() || mark.line < 0 || mark.column < 0) {
        return {placement.fallbackLine, placement.fallbackColumn};
    }
    const long long line = static_cast<long long>(placement.firstLine) + mark.line;
    if (line > placement.lastLine) return {placement.lastLine, 1};
    return {static_cast<int>(std::max<long long>(line, placement.firstLine)), mark.column + 1};
}

std::optional<YAML::Node> loadYaml(std::string_view yaml, std::string_view what,
                                   const YamlPlacement& placement, DiagnosticSink& diagnostics) {
    const std::string prefix = "invalid YAML in " + std::string(what) + ": ";
    const auto report = [&](const YAML::Mark& mark, const std::string& reason) {
        const FilePosition position = filePositionOf(mark, placement);
        diagnostics.error(position.line, position.column, prefix + reason);
    };
    if (const auto tooDeep = findTooDeepNesting(yaml, kMaxYamlNesting)) {
        report(*tooDeep,
               "nested too deeply (more than " + std::to_string(kMaxYamlNesting) + " levels)");
        return std::nullopt;
    }
    try {
        return YAML::Load(std::string(yaml));
    } catch (const YAML::Exception& error) {
        // yaml-cpp notices an unclosed '[' or '{' only where it gives up, often the end of the
        // input (the closing fence); the bracket left open is where the mistake is.
        const auto unclosed =
            isUnclosedFlowReason(error.msg) ? findUnclosedBracket(yaml) : std::nullopt;
        if (unclosed) {
            report(unclosed->mark,
                   std::string("this '") + unclosed->bracket + "' is never closed; end the " +
                       (unclosed->bracket == '[' ? "list with ']'" : "map with '}'"));
        } else {
            report(error.mark, error.msg);
        }
    } catch (const std::exception& error) {
        report(YAML::Mark::null_mark(), error.what());
    } catch (...) {
        report(YAML::Mark::null_mark(), "unreadable");
    }
    return std::nullopt;
}

}  // namespace mlsyslab::lesson
