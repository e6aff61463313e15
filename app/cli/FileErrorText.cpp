#include "cli/FileErrorText.h"

#include <string_view>

#include "common/Concat.h"

namespace mlsyslab::cli {

namespace {

bool isDigit(char character) { return character >= '0' && character <= '9'; }

// Where "LINE:COL:" ends at the start of `text`, or npos when it does not start so.
std::size_t endOfPosition(std::string_view text) {
    std::size_t position = 0;
    for (int number = 0; number < 2; ++number) {
        const std::size_t digitsStart = position;
        while (position < text.size() && isDigit(text[position])) ++position;
        if (position == digitsStart || position >= text.size() || text[position] != ':') {
            return std::string_view::npos;
        }
        ++position;
    }
    return position;
}

// " message" as it follows a colon: with exactly one space before it.
std::string spaced(std::string_view message) {
    while (message.starts_with(' ')) message.remove_prefix(1);
    return concat(" ", message);
}

}  // namespace

std::string fileErrorText(const std::string& path, const std::string& message) {
    const std::string prefix = concat(path, ":");
    if (!message.starts_with(prefix)) return concat(path, ": error:", spaced(message));
    const std::string_view rest = std::string_view(message).substr(prefix.size());
    const std::size_t position = endOfPosition(rest);
    if (position == std::string_view::npos) return concat(path, ": error:", spaced(rest));
    return concat(prefix, rest.substr(0, position), " error:", spaced(rest.substr(position)));
}

}  // namespace mlsyslab::cli
