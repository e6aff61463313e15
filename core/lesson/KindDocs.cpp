#include "lesson/KindDocs.h"

namespace mlsyslab::lesson {

std::vector<std::string> fieldTableLines(const SimKind& kind) {
    std::vector<std::string> lines = {"| Field | Default | Value |", "|-------|---------|-------|"};
    for (const FieldSchema& field : kind.fields) {
        // An empty default leaves its cell empty: "| `trace` | | instead of a pattern ... |".
        const std::string defaultCell = field.defaultText.empty() ? " " : " " + field.defaultText + " ";
        lines.push_back("| `" + field.name + "` |" + defaultCell + "| " + field.doc + " |");
    }
    return lines;
}

}  // namespace mlsyslab::lesson
