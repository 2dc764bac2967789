#include "cli/config_file.h"

#include <cstdlib>
#include <fstream>
#include <vector>

#include "gpq/error.h"

namespace gpq::cli {
namespace {

std::optional<std::string> environment(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? std::optional<std::string>(value) : std::nullopt;
}

std::string trimmed(const std::string& text) {
  const std::size_t first = text.find_first_not_of(" \t\r");
  if (first == std::string::npos) {
    return {};
  }
  return text.substr(first, text.find_last_not_of(" \t\r") - first + 1);
}

std::vector<std::filesystem::path> candidates() {
  std::vector<std::filesystem::path> paths;
  if (auto file = environment("GPQ_CONFIG")) {
    paths.emplace_back(*file);
  }
  if (auto config_home = environment("XDG_CONFIG_HOME")) {
    paths.push_back(std::filesystem::path(*config_home) / "gpq" / "config.toml");
  } else if (auto home = environment("HOME")) {
    paths.push_back(std::filesystem::path(*home) / ".config" / "gpq" / "config.toml");
  }
  paths.emplace_back("/etc/gpq/config.toml");
  return paths;
}

}  // namespace

ConfigFile ConfigFile::load(const std::optional<std::string>& explicit_path) {
  ConfigFile config;
  if (explicit_path) {
    if (!std::filesystem::exists(*explicit_path)) {
      fail(Errc::bad_request, "--config {}: no such file", *explicit_path);
    }
    config.path_ = *explicit_path;
  } else {
    for (const auto& path : candidates()) {
      std::error_code ignored;
      if (std::filesystem::is_regular_file(path, ignored)) {
        config.path_ = path;
        break;
      }
    }
  }
  if (config.path_.empty()) {
    return config;
  }
  std::ifstream in(config.path_);
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = trimmed(line);
    if (line.empty() || line.front() == '#') {
      continue;
    }
    const std::size_t equals = line.find('=');
    std::string value = equals == std::string::npos ? "" : trimmed(line.substr(equals + 1));
    const bool quoted = value.size() >= 2 && value.front() == '"' && value.back() == '"';
    if (equals == std::string::npos || !quoted) {
      fail(Errc::bad_request, "{}:{}: write settings as key = \"value\"",
           config.path_.string(), number);
    }
    config.values_[trimmed(line.substr(0, equals))] = value.substr(1, value.size() - 2);
  }
  return config;
}

std::optional<std::string> ConfigFile::get(const std::string& key) const {
  const auto found = values_.find(key);
  return found == values_.end() ? std::nullopt : std::optional<std::string>(found->second);
}

std::optional<std::string> ConfigFile::get(const std::string& key, const char* variable) const {
  if (auto value = environment(variable)) {
    return value;
  }
  return get(key);
}

}  // namespace gpq::cli
