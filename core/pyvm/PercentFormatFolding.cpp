#include "pyvm/PercentFormatFolding.h"

#include <vector>

#include "common/Concat.h"

namespace mlsyslab::pyvm {
namespace {

// One piece of the format: literal text (with %% already made %), or a conversion unit.
struct Piece {
    bool isUnit = false;
    std::string text;  // the literal, or the unit's format spec (">10", ".3")
    char conversion = 's';
};

constexpr int kMaxDigits = 9;  // longer widths and precisions are left to run time

// simple_format_arg_parse + parse_format in ast_opt.c: reads the unit after a '%'.
bool parseUnit(const std::string& format, std::size_t& position, Piece& unit) {
    auto next = [&](char& character) {
        if (position >= format.size()) return false;
        character = format[position++];
        return true;
    };
    char character = 0;
    bool leftJustify = false;
    for (;;) {
        if (!next(character)) return false;
        if (character == '-') {
            leftJustify = true;
        } else if (character != '+' && character != ' ' && character != '#' && character != '0') {
            break;
        }
    }
    int width = -1;
    int precision = -1;
    if (character >= '0' && character <= '9') {
        width = 0;
        int digits = 0;
        while (character >= '0' && character <= '9') {
            width = width * 10 + (character - '0');
            if (++digits > kMaxDigits) return false;
            if (!next(character)) return false;
        }
    }
    if (character == '.') {
        if (!next(character)) return false;
        precision = 0;
        int digits = 0;
        while (character >= '0' && character <= '9') {
            precision = precision * 10 + (character - '0');
            if (++digits > kMaxDigits) return false;
            if (!next(character)) return false;
        }
    }
    if (character != 's' && character != 'r' && character != 'a') return false;
    unit.isUnit = true;
    unit.conversion = character;
    if (!leftJustify && width > 0) unit.text += '>';
    if (width >= 0) unit.text += std::to_string(width);
    if (precision >= 0) unit.text += concat(".", std::to_string(precision));
    return true;
}

// The literal parts have no location of their own in CPython (line -1).
ast::ExprPtr stringConstant(std::string text) {
    auto node = std::make_unique<ast::Expr>();
    node->node = ast::ConstantExpr{Constant{std::move(text)}};
    node->where = ast::Location{-1, -1, -1, -1};
    return node;
}

}  // namespace

std::optional<ast::JoinedStr> percentFormatAsFString(const std::string& format, ast::ExprList& items) {
    std::vector<Piece> pieces;
    std::size_t position = 0;
    std::size_t units = 0;
    for (;;) {
        Piece literal;
        while (position < format.size()) {
            if (format[position] != '%') {
                literal.text += format[position++];
            } else if (position + 1 < format.size() && format[position + 1] == '%') {
                literal.text += '%';
                position += 2;
            } else {
                break;
            }
        }
        if (!literal.text.empty()) pieces.push_back(literal);
        if (position >= format.size()) break;
        if (units >= items.size()) return std::nullopt;  // more units than items
        ++position;                                        // the '%'
        Piece unit;
        if (!parseUnit(format, position, unit)) return std::nullopt;
        pieces.push_back(unit);
        ++units;
    }
    if (units < items.size()) return std::nullopt;  // more items than units

    ast::JoinedStr joined;
    std::size_t item = 0;
    for (auto& piece : pieces) {
        if (!piece.isUnit) {
            joined.values.push_back(stringConstant(std::move(piece.text)));
            continue;
        }
        ast::FormattedValue formatted;
        ast::ExprPtr value = std::move(items[item++]);
        const ast::Location valueWhere = value->where;
        formatted.value = std::move(value);
        formatted.conversion = piece.conversion;
        if (!piece.text.empty()) {
            auto spec = std::make_unique<ast::Expr>();
            ast::JoinedStr specText;
            specText.values.push_back(stringConstant(std::move(piece.text)));
            spec->node = std::move(specText);
            spec->where = ast::Location{-1, -1, -1, -1};
            formatted.formatSpec = std::move(spec);
        }
        auto node = std::make_unique<ast::Expr>();
        node->node = std::move(formatted);
        node->where = valueWhere;
        joined.values.push_back(std::move(node));
    }
    return joined;
}

}  // namespace mlsyslab::pyvm
