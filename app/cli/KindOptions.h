#pragma once

#include <yaml-cpp/yaml.h>

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/CommandLine.h"
#include "lesson/SimKindRegistry.h"

namespace mlsyslab::cli {

// A command-line option that is a field of a simulator kind: `gpu occupancy --block-size` is the
// occupancy kind's `block_size`. The option's value is read by the kind's own field reader, so its
// type, range, message and help line are the lesson field's, and a lesson and the CLI cannot
// disagree on what the parameter may be (docs/lesson-format.md lists the fields).
struct KindOption {
    std::string option;      // "--block-size"
    std::string field;       // "block_size"
    std::string valueName;   // "B", as the help line shows the value
    bool commaList = false;  // "0,4,8" is the YAML list [0, 4, 8]
    bool required = false;   // the command needs it, where a lesson has a default
};

// Takes the options given out of the arguments and returns them as the YAML map a lesson's
// ```sim block would hold, in the options' order: the text of each is the field's scalar (or
// list) exactly, so the kind's readers see what the user typed.
YAML::Node takeKindOptions(Arguments& arguments, std::span<const KindOption> options);

// True when `option` is one of the options: an unknown option that is one of them was given twice.
bool isKindOption(std::span<const KindOption> options, std::string_view option);

// The first problem the kind found in the options, worded for the command line: the field's name
// becomes the option's ("--stride must be a whole number from ...", with ", not 'TEXT'" after a
// rule the value broke). A warning counts too: an option the command would ignore is a mistake.
// Nothing when the options are good.
std::optional<std::string> firstOptionProblem(const std::vector<lesson::StateProblem>& problems,
                                              std::span<const KindOption> options,
                                              const YAML::Node& given);

// The options' help lines, "  --stride S       custom: elements between ...", each from the
// field's doc in the kind's schema (without Markdown's code marks), wrapped to 80 columns.
std::string kindOptionHelp(const lesson::SimKind& kind, std::span<const KindOption> options);

}  // namespace mlsyslab::cli
