#pragma once

#include <nlohmann/json.hpp>
#include <string>

namespace mlsyslab::cli {

// Every JSON document the CLI prints is built as a Json and written by jsonLine: one way to
// write JSON. Objects keep their members in the order they are added, the order docs/cli.md
// lists them.
using Json = nlohmann::ordered_json;

// `value` on one line, no newline, with a space after each `,` and `:` between items, as
// Python's json.dumps writes it: {"sectors": 5, "lines": [0, 1]}. nlohmann/json writes
// everything else: strings with `"`, `\` and control characters escaped and UTF-8 kept as it is,
// numbers in the shortest form that reads back as the same double. Text that is not valid UTF-8
// (a lone surrogate the VM encoded, a stray byte in a name) has each bad sequence replaced by
// U+FFFD, so the line is always JSON (RFC 8259 §8.1) and writing it never throws.
std::string jsonLine(const Json& value);

// A computed double: an integral value as a JSON integer (100, not 100.0) as the shortest decimal
// has it, any other the shortest decimal that reads back as the same double (0.1, 1e-07), and
// null for NaN and infinity, which JSON cannot hold.
Json jsonNumber(double value);

// A measured double rounded to `decimals` places, exactly the double that C's "%.*f" text of it
// reads back as; written like any double (3.1, 2.0), and null when not finite.
Json jsonRounded(double value, int decimals);

}  // namespace mlsyslab::cli
