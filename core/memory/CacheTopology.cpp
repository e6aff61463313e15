#include "memory/CacheTopology.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <system_error>

namespace mlsyslab::memory {

namespace {

namespace fs = std::filesystem;

std::string_view trimmed(std::string_view text) {
    const auto isSpace = [](char character) {
        return character == ' ' || character == '\t' || character == '\n' || character == '\r';
    };
    while (!text.empty() && isSpace(text.front())) text.remove_prefix(1);
    while (!text.empty() && isSpace(text.back())) text.remove_suffix(1);
    return text;
}

std::optional<std::string> readFirstLine(const fs::path& file) {
    std::ifstream stream(file);
    std::string line;
    if (!stream || !std::getline(stream, line)) return std::nullopt;
    return std::string(trimmed(line));
}

std::optional<int> readSmallNumber(const fs::path& file) {
    const auto text = readFirstLine(file);
    if (!text || text->empty() || text->size() > 9) return std::nullopt;
    int value = 0;
    for (const char character : *text) {
        if (character < '0' || character > '9') return std::nullopt;
        value = value * 10 + (character - '0');
    }
    return value;
}

std::optional<CacheType> parseCacheType(std::string_view text) {
    if (text == "Data") return CacheType::Data;
    if (text == "Instruction") return CacheType::Instruction;
    if (text == "Unified") return CacheType::Unified;
    return std::nullopt;
}

// One index* folder, or nothing when its level, type or size is missing or unreadable.
std::optional<CacheInfo> readCache(const fs::path& folder) {
    const auto level = readSmallNumber(folder / "level");
    const auto typeText = readFirstLine(folder / "type");
    const auto sizeText = readFirstLine(folder / "size");
    if (!level || !typeText || !sizeText) return std::nullopt;
    const auto type = parseCacheType(*typeText);
    const auto size = parseSysfsSize(*sizeText);
    if (!type || !size || *level < 1) return std::nullopt;
    CacheInfo cache;
    cache.level = *level;
    cache.type = *type;
    cache.sizeBytes = *size;
    cache.ways = readSmallNumber(folder / "ways_of_associativity").value_or(0);
    cache.lineBytes = readSmallNumber(folder / "coherency_line_size").value_or(0);
    return cache;
}

// index0, index1, ..., index10 in numeric order (a plain sort would put index10 second).
std::vector<fs::path> indexFolders(const fs::path& cacheFolder) {
    std::map<int, fs::path> byNumber;
    std::error_code error;
    for (const auto& entry : fs::directory_iterator(cacheFolder, error)) {
        const std::string name = entry.path().filename().string();
        if (!name.starts_with("index") || name.size() == 5) continue;
        const std::string digits = name.substr(5);
        if (!std::all_of(digits.begin(), digits.end(),
                         [](char character) { return character >= '0' && character <= '9'; }) ||
            digits.size() > 4) {
            continue;
        }
        byNumber[std::stoi(digits)] = entry.path();
    }
    std::vector<fs::path> folders;
    for (const auto& [number, folder] : byNumber) folders.push_back(folder);
    return folders;
}

std::string readCpuModel(const fs::path& cpuInfo) {
    std::ifstream stream(cpuInfo);
    std::string line;
    while (std::getline(stream, line)) {
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos) continue;
        if (trimmed(std::string_view(line).substr(0, colon)) == "model name") {
            return std::string(trimmed(std::string_view(line).substr(colon + 1)));
        }
    }
    return "";
}

}  // namespace

std::vector<CacheInfo> CacheTopology::dataCaches() const {
    std::map<int, CacheInfo> byLevel;
    for (const CacheInfo& cache : caches) {
        if (cache.type == CacheType::Instruction) continue;
        byLevel.try_emplace(cache.level, cache);  // the first listed, if a level has two
    }
    std::vector<CacheInfo> result;
    for (const auto& [level, cache] : byLevel) result.push_back(cache);
    return result;
}

std::string_view cacheTypeName(CacheType type) {
    switch (type) {
        case CacheType::Data:
            return "Data";
        case CacheType::Instruction:
            return "Instruction";
        case CacheType::Unified:
            return "Unified";
    }
    return "Unified";
}

std::optional<std::uint64_t> parseSysfsSize(std::string_view text) {
    text = trimmed(text);
    std::uint64_t multiplier = 1;
    if (!text.empty()) {
        switch (text.back()) {
            case 'K':
                multiplier = 1024;
                break;
            case 'M':
                multiplier = 1024 * 1024;
                break;
            case 'G':
                multiplier = 1024 * 1024 * 1024;
                break;
            default:
                break;
        }
        if (multiplier != 1) text.remove_suffix(1);
    }
    // Twelve digits are a terabyte of cache, far beyond any: no overflow below.
    if (text.empty() || text.size() > 12) return std::nullopt;
    std::uint64_t value = 0;
    for (const char character : text) {
        if (character < '0' || character > '9') return std::nullopt;
        value = value * 10 + std::uint64_t(character - '0');
    }
    return value * multiplier;
}

CacheTopology readCacheTopology(const std::filesystem::path& root) {
    CacheTopology topology;
    topology.cpuModel = readCpuModel(root / "proc" / "cpuinfo");
    const fs::path cacheFolder = root / "sys" / "devices" / "system" / "cpu" / "cpu0" / "cache";
    for (const fs::path& folder : indexFolders(cacheFolder)) {
        if (const auto cache = readCache(folder)) topology.caches.push_back(*cache);
    }
    return topology;
}

}  // namespace mlsyslab::memory
