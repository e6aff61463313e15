#include "cli/JsonText.h"

namespace mlsyslab::cli {

void appendJsonString(std::string& out, std::string_view text) {
    static constexpr char kHexDigits[] = "0123456789abcdef";
    out += '"';
    for (const char character : text) {
        switch (character) {
            case '"':
                out += "\\\"";
                break;
            case '\\':
                out += "\\\\";
                break;
            case '\n':
                out += "\\n";
                break;
            case '\t':
                out += "\\t";
                break;
            case '\r':
                out += "\\r";
                break;
            case '\b':
                out += "\\b";
                break;
            case '\f':
                out += "\\f";
                break;
            default:
                if (static_cast<unsigned char>(character) < 0x20) {
                    out += "\\u00";
                    out += kHexDigits[(character >> 4) & 0xF];
                    out += kHexDigits[character & 0xF];
                } else {
                    out += character;
                }
        }
    }
    out += '"';
}

}  // namespace mlsyslab::cli
