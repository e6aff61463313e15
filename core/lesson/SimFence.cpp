#include "lesson/SimFence.h"

#include <exception>
#include <string>
#include <utility>

#include "lesson/TextLines.h"
#include "lesson/YamlLoading.h"

namespace mlsyslab::lesson {

namespace {

std::string knownKindsList(const SimKindRegistry& kinds) {
    std::string list;
    for (const std::string& name : kinds.names()) list += (list.empty() ? "" : ", ") + name;
    return list.empty() ? "none" : list;
}

std::string stateText(const Fence& fence) {
    std::string state;
    for (std::string_view line : fence.body) {
        state += line;
        state += '\n';
    }
    return state;
}

// Reads the state with the kind, reporting each problem at its real file position. A kind
// should report, not throw; if one throws anyway, the lesson is refused with a message instead
// of taking the app down.
SimState readState(const SimKind& kind, const YAML::Node& state, const YamlPlacement& placement,
                   DiagnosticSink& diagnostics) {
    try {
        SimStateReading reading = kind.read(state);
        for (const StateProblem& problem : reading.problems) {
            const FilePosition position = filePositionOf(problem.mark, placement);
            diagnostics.add({problem.severity, position.line, position.column, problem.message});
        }
        return std::move(reading.state);
    } catch (const std::exception& error) {
        diagnostics.error(
            placement.fallbackLine, placement.fallbackColumn,
            "the '" + kind.name + "' simulator could not check its state: " + error.what());
        return {};
    }
}

}  // namespace

std::optional<SimBlock> parseSimFence(const Fence& fence, const SimKindRegistry& kinds,
                                      DiagnosticSink& diagnostics) {
    if (fence.words.size() < 2) {
        diagnostics.error(
            fence.line, fence.opening.column(),
            "a sim fence needs a kind: ```sim KIND (known kinds: " + knownKindsList(kinds) + ")");
        return std::nullopt;
    }
    const InfoWord& kindWord = fence.words[1];
    const SimKind* kind = kinds.find(kindWord.text);
    if (kind == nullptr) {
        std::string message = "unknown simulator kind " + text::quoted(kindWord.text);
        if (const auto suggestion = kinds.suggest(kindWord.text)) {
            message += "; did you mean '" + *suggestion + "'?";
        } else {
            message += " (known kinds: " + knownKindsList(kinds) + ")";
        }
        diagnostics.error(fence.line, kindWord.column, std::move(message));
        return std::nullopt;
    }
    if (fence.words.size() > 2) {
        diagnostics.warning(fence.line, fence.words[2].column,
                            "words after the simulator kind are ignored: " +
                                text::quoted(fence.opening.info.substr(
                                    static_cast<std::size_t>(fence.words[2].column) - 1 -
                                    fence.opening.infoOffset)));
    }

    SimBlock block;
    block.kind = kind->name;
    block.stateYaml = stateText(fence);
    block.fenceLine = fence.line;
    block.bodyFirstLine = fence.line + 1;

    YamlPlacement placement;
    placement.firstLine = block.bodyFirstLine;
    // yaml-cpp may point one line past the body ("end of input"): that is the closing fence.
    placement.lastLine = fence.closingLine;
    placement.fallbackLine = fence.line;
    placement.fallbackColumn = fence.opening.column();
    if (const auto state = loadYaml(block.stateYaml, "sim state", placement, diagnostics)) {
        block.state = readState(*kind, *state, placement, diagnostics);
    }
    return block;
}

}  // namespace mlsyslab::lesson
