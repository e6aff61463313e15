#include "pyvm/BytecodeListing.h"

#include <algorithm>

namespace mlsyslab::widgets {

namespace {

void collectCodes(const std::shared_ptr<const pyvm::CodeObject>& code,
                  std::vector<std::shared_ptr<const pyvm::CodeObject>>& codes) {
    codes.push_back(code);
    for (const pyvm::Constant& constant : code->consts) {
        if (const auto* nested = std::get_if<pyvm::Constant::Code>(&constant.value)) {
            if (*nested) collectCodes(*nested, codes);
        }
    }
}

}  // namespace

BytecodeListing buildListing(const std::shared_ptr<const pyvm::CodeObject>& module,
                             const DescribeInstruction& describe) {
    BytecodeListing listing;
    if (!module) return listing;
    collectCodes(module, listing.codes);
    for (int section = 0; section < int(listing.codes.size()); ++section) {
        const pyvm::CodeObject& code = *listing.codes[std::size_t(section)];
        BytecodeRow header;
        header.kind = BytecodeRow::Kind::Header;
        header.section = section;
        header.opname = "== " + code.name;
        listing.rows.push_back(header);
        const int firstRow = int(listing.rows.size());
        int previousLine = -1;
        std::vector<int> jumpTargets;
        for (int index = 0; index < int(code.code.size()); ++index) {
            const pyvm::Instruction& instruction = code.code[std::size_t(index)];
            const InstructionText text = describe(code, instruction);
            BytecodeRow row;
            row.section = section;
            row.instruction = index;
            if (instruction.line != previousLine) row.line = instruction.line;
            previousLine = instruction.line;
            row.opname = std::string(pyvm::opcodeName(instruction.op));
            // DESIGN §4: an argument with an empty argrepr shows the number (RESUME 0, CALL 2).
            row.argument = text.argument;
            if (row.argument.empty() && instruction.op >= pyvm::Opcode(90)) {
                row.argument = std::to_string(instruction.arg);  // HAVE_ARGUMENT is 90
            }
            if (text.jumps && instruction.arg >= 0 && instruction.arg < int(code.code.size())) {
                row.jumpTargetRow = firstRow + instruction.arg;
                jumpTargets.push_back(instruction.arg);
            }
            listing.rows.push_back(row);
        }
        for (const int target : jumpTargets) {
            listing.rows[std::size_t(firstRow + target)].jumpTarget = true;
        }
    }
    return listing;
}

int BytecodeListing::rowOf(const pyvm::CodeObject* code, int instruction) const {
    if (code == nullptr) return -1;
    auto found = std::find_if(codes.begin(), codes.end(),
                              [code](const auto& listed) { return listed.get() == code; });
    if (found == codes.end()) {
        found = std::find_if(codes.begin(), codes.end(), [code](const auto& listed) {
            return listed->qualname == code->qualname && listed->firstLine == code->firstLine;
        });
    }
    if (found == codes.end()) return -1;
    const int section = int(found - codes.begin());
    for (int row = 0; row < int(rows.size()); ++row) {
        const BytecodeRow& candidate = rows[std::size_t(row)];
        if (candidate.section == section && candidate.instruction == instruction) return row;
    }
    return -1;
}

std::string BytecodeListing::rowText(int row) const {
    if (row < 0 || row >= int(rows.size())) return {};
    const BytecodeRow& shown = rows[std::size_t(row)];
    if (shown.kind == BytecodeRow::Kind::Header) return shown.opname;
    std::string text = std::to_string(shown.instruction) + " " + shown.opname;
    if (!shown.argument.empty()) text += " " + shown.argument;
    return text;
}

}  // namespace mlsyslab::widgets
