#include "gpu/DeviceYaml.h"

#include <yaml-cpp/yaml.h>

#include <charconv>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>

#include "common/Concat.h"
#include "common/Suggestion.h"
#include "gpu/DeviceChecks.h"
#include "gpu/DeviceFields.h"

namespace mlsyslab::gpu {

namespace {

std::string scalarText(const YAML::Node& value) {
    if (value.IsScalar()) return concat("'", value.Scalar(), "'");
    if (value.IsSequence()) return "a list";
    if (value.IsMap()) return "a map";
    return "nothing";
}

bool isIdentifier(const std::string& text) {
    if (text.empty()) return false;
    for (std::size_t index = 0; index < text.size(); ++index) {
        const char c = text[index];
        const bool letterOrDigit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
        if (!letterOrDigit && (index == 0 || (c != '-' && c != '_'))) return false;
    }
    return true;
}

// Reads the YAML map into a DeviceModel, stopping at the first problem; remembers where each
// value was written so that a contradiction between two numbers points at one of them.
class DeviceReader {
public:
    explicit DeviceReader(std::string_view fileName) : fileName_(fileName) {}

    Result<DeviceModel> read(const YAML::Node& root) {
        DeviceModel device;
        if (!readKeys(root, device)) return Result<DeviceModel>::failure(error_);
        if (const auto found = findDeviceInconsistency(device)) {
            return Result<DeviceModel>::failure(
                positioned(marks_.at(found->key), concat(found->key, ": ", found->message)));
        }
        return device;
    }

    std::string positioned(const YAML::Mark& mark, std::string_view message) const {
        const bool known = !mark.is_null() && mark.line >= 0 && mark.column >= 0;
        return concat(fileName_, ":", std::to_string(known ? mark.line + 1 : 1), ":",
                      std::to_string(known ? mark.column + 1 : 1), ": ", message);
    }

private:
    bool fail(const YAML::Mark& mark, std::string_view message) {
        error_ = positioned(mark, message);
        return false;
    }

    bool readKeys(const YAML::Node& root, DeviceModel& device) {
        if (!root.IsMap()) {
            return fail(root.Mark(),
                        "a device file is a map of keys, one per line, like "
                        "'sm_count: 132' (docs/gpu-devices.md lists them)");
        }
        const std::vector<std::string>& known = deviceFieldKeys();
        for (const auto& entry : root) {
            const YAML::Node& key = entry.first;
            if (!key.IsScalar()) return fail(key.Mark(), "a key must be a plain word");
            const std::string& name = key.Scalar();
            const DeviceField* field = fieldNamed(name);
            if (field == nullptr) {
                std::string message = concat("unknown key '", name, "'");
                if (const auto suggestion = closestMatch(name, known)) {
                    message += concat("; did you mean '", *suggestion, "'?");
                } else {
                    message += concat(" (keys: ", keyList(known), ")");
                }
                return fail(key.Mark(), message);
            }
            if (marks_.contains(name))
                return fail(key.Mark(), concat("'", name, "' is given twice"));
            // A missing value ("sm_count:") has yaml-cpp's mark on the next token; the key is
            // clearer.
            const YAML::Mark mark = entry.second.IsNull() ? key.Mark() : entry.second.Mark();
            marks_.emplace(name, mark);
            if (!readField(*field, entry.second, mark, device)) return false;
        }
        for (const DeviceField& field : deviceFields()) {
            if (!marks_.contains(std::string(field.key))) {
                return fail(root.Mark(), concat("missing '", field.key, "' (", field.meaning, ")"));
            }
        }
        return true;
    }

    static const DeviceField* fieldNamed(std::string_view name) {
        for (const DeviceField& field : deviceFields()) {
            if (field.key == name) return &field;
        }
        return nullptr;
    }

    bool readField(const DeviceField& field, const YAML::Node& value, const YAML::Mark& mark,
                   DeviceModel& device) {
        switch (field.kind) {
            case DeviceFieldKind::Identifier:
            case DeviceFieldKind::Text:
                return readText(field, value, mark, device);
            case DeviceFieldKind::WholeNumber:
                return readWholeNumber(field, value, mark, device);
            case DeviceFieldKind::Decimal:
                return readDecimal(field, value, mark, device);
        }
        return false;
    }

    bool readText(const DeviceField& field, const YAML::Node& value, const YAML::Mark& mark,
                  DeviceModel& device) {
        const bool identifier = field.kind == DeviceFieldKind::Identifier;
        const bool ok = value.IsScalar() && !value.Scalar().empty() &&
                        (!identifier || isIdentifier(value.Scalar()));
        if (!ok) {
            return fail(
                mark, concat("'", field.key, "' must be ",
                             identifier ? "lower-case letters, digits, '-' and '_'" : "text", " (",
                             field.meaning, "), not ", scalarText(value)));
        }
        device.*std::get<std::string DeviceModel::*>(field.member) = value.Scalar();
        return true;
    }

    bool readWholeNumber(const DeviceField& field, const YAML::Node& value, const YAML::Mark& mark,
                         DeviceModel& device) {
        const auto maximum = static_cast<std::int64_t>(field.maximum);
        std::int64_t number = 0;
        const std::string text = value.IsScalar() ? value.Scalar() : std::string();
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (!value.IsScalar() || text.empty() || error != std::errc() ||
            end != text.data() + text.size()) {
            return fail(mark, concat("'", field.key, "' must be a whole number (", field.meaning,
                                     "), not ", scalarText(value)));
        }
        if (number < field.minimum || number > maximum) {
            return fail(mark,
                        concat("'", field.key, "' is ", text, "; it must be from ",
                               std::to_string(field.minimum), " to ", std::to_string(maximum)));
        }
        if (std::holds_alternative<int DeviceModel::*>(field.member)) {
            device.*std::get<int DeviceModel::*>(field.member) = static_cast<int>(number);
        } else {
            device.*std::get<std::int64_t DeviceModel::*>(field.member) = number;
        }
        return true;
    }

    bool readDecimal(const DeviceField& field, const YAML::Node& value, const YAML::Mark& mark,
                     DeviceModel& device) {
        double number = 0;
        const std::string text = value.IsScalar() ? value.Scalar() : std::string();
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        if (!value.IsScalar() || text.empty() || error != std::errc() ||
            end != text.data() + text.size() || !std::isfinite(number)) {
            return fail(mark, concat("'", field.key, "' must be a number (", field.meaning,
                                     "), not ", scalarText(value)));
        }
        if (number <= 0 || number > field.maximum) {
            return fail(mark, concat("'", field.key, "' is ", text,
                                     "; it must be greater than 0 and at most 1e9"));
        }
        device.*std::get<double DeviceModel::*>(field.member) = number;
        return true;
    }

    std::string_view fileName_;
    std::string error_;
    std::map<std::string, YAML::Mark, std::less<>> marks_;
};

}  // namespace

Result<DeviceModel> parseDeviceYaml(std::string_view text, const std::string& fileName) {
    DeviceReader reader(fileName);
    YAML::Node root;
    try {
        root = YAML::Load(std::string(text));
    } catch (const YAML::Exception& error) {
        return Result<DeviceModel>::failure(
            reader.positioned(error.mark, concat("invalid YAML: ", error.msg)));
    }
    try {
        return reader.read(root);
    } catch (const YAML::Exception& error) {
        return Result<DeviceModel>::failure(reader.positioned(error.mark, error.msg));
    }
}

Result<DeviceModel> loadDeviceFile(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return Result<DeviceModel>::failure(concat(path, ": cannot open the device file"));
    std::ostringstream text;
    text << file.rdbuf();
    if (file.bad()) return Result<DeviceModel>::failure(concat(path, ": cannot read the file"));
    return parseDeviceYaml(text.str(), path);
}

}  // namespace mlsyslab::gpu
