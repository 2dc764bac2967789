#include "cli/config_file.h"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "gpq/error.h"

#include "core/printable_text.h"

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

// Every key any command reads (docs/SYNC.md, docs/SERVE.md, docs/REPLICAS.md).
constexpr std::array<std::string_view, 12> kKnownKeys = {
    "celestrak_url",
    "celestrak_min_interval_minutes",
    "spacetrack_url",
    "spacetrack_identity",
    "spacetrack_password",
    "spacetrack_password_file",
    "spacetrack_min_interval_seconds",
    "spacetrack_per_minute",
    "spacetrack_per_hour",
    "spacetrack_per_day",
    "redis.url",
    "peer.key",
};

bool known(const std::string& key) {
  return std::find(kKnownKeys.begin(), kKnownKeys.end(), key) != kKnownKeys.end();
}

// The files looked for when none is named: the first that exists is read.
std::vector<std::filesystem::path> candidates() {
  std::vector<std::filesystem::path> paths;
  if (auto config_home = environment("XDG_CONFIG_HOME")) {
    paths.push_back(std::filesystem::path(*config_home) / "gpq" / "config.toml");
  } else if (auto home = environment("HOME")) {
    paths.push_back(std::filesystem::path(*home) / ".config" / "gpq" / "config.toml");
  }
  paths.emplace_back("/etc/gpq/config.toml");
  return paths;
}

// The file named by --config or $GPQ_CONFIG, which must be there (a typo in a timer's
// environment would otherwise run the sync without its credentials), else the first of the
// usual places that exists; empty when there is none.
std::filesystem::path file_to_read(const std::optional<std::string>& explicit_path) {
  std::optional<std::string> named = explicit_path;
  std::string_view naming = "--config";
  if (!named) {
    named = environment("GPQ_CONFIG");
    naming = "$GPQ_CONFIG";
  }
  if (named) {
    std::error_code ignored;
    const std::filesystem::file_status status = std::filesystem::status(*named, ignored);
    if (!std::filesystem::exists(status)) {
      fail(Errc::bad_request, "{} {}: no such file", naming, *named);
    }
    // A directory read as a file reads as empty: the sync would go on without the settings.
    // Other files that are not regular are streams to read (/dev/null, `<(...)`).
    if (std::filesystem::is_directory(status)) {
      fail(Errc::bad_request, "{} {}: a directory, not a file", naming, *named);
    }
    return *named;
  }
  for (const auto& path : candidates()) {
    std::error_code ignored;
    if (std::filesystem::is_regular_file(path, ignored)) {
      return path;
    }
  }
  return {};
}

}  // namespace

ConfigFile ConfigFile::load(const std::optional<std::string>& explicit_path) {
  ConfigFile config;
  config.path_ = file_to_read(explicit_path);
  if (!config.path_.empty()) {
    config.read_settings();
  }
  return config;
}

void ConfigFile::read_settings() {
  std::ifstream in(path_);
  if (!in) {
    fail(Errc::bad_request, "{}: cannot be read ({})", path_.string(), std::strerror(errno));
  }
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    line = trimmed(line);
    if (line.empty() || line.front() == '#') {
      continue;
    }
    if (line.front() == '[') {
      fail(Errc::bad_request,
           "{}:{}: tables such as {} are not read; write each key whole, as in "
           "redis.url = \"...\" or spacetrack_identity = \"...\"",
           path_.string(), number, excerpt(line));
    }
    const std::size_t equals = line.find('=');
    std::string value = equals == std::string::npos ? "" : trimmed(line.substr(equals + 1));
    const bool quoted = value.size() >= 2 && value.front() == '"' && value.back() == '"';
    if (equals == std::string::npos || !quoted) {
      fail(Errc::bad_request, "{}:{}: write settings as key = \"value\"", path_.string(), number);
    }
    const std::string key = trimmed(line.substr(0, equals));
    const auto [first, added] =
        settings_.emplace(key, Setting{value.substr(1, value.size() - 2), number});
    if (!added) {
      fail(Errc::bad_request, "{}:{}: {} is set twice (first on line {})", path_.string(), number,
           excerpt(key), first->second.line);
    }
    if (!known(key)) {
      warnings_.push_back(
          fmt::format("{}:{}: unknown key '{}' is ignored", path_.string(), number, excerpt(key)));
    }
  }
}

ConfigFile ConfigFile::load_and_warn(const std::optional<std::string>& explicit_path) {
  ConfigFile config = load(explicit_path);
  for (const std::string& warning : config.warnings_) {
    fmt::print(stderr, "gpq: warning: {}\n", warning);
  }
  return config;
}

std::optional<std::string> ConfigFile::get(const std::string& key) const {
  const auto found = settings_.find(key);
  return found == settings_.end() ? std::nullopt : std::optional<std::string>(found->second.value);
}

std::optional<std::string> ConfigFile::get(const std::string& key, const char* variable) const {
  if (auto value = environment(variable)) {
    return value;
  }
  return get(key);
}

}  // namespace gpq::cli
