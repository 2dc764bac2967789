// The configuration file: flat TOML, `key = "value"` lines and `#` comments, looked up at
// --config, $GPQ_CONFIG, $XDG_CONFIG_HOME/gpq/config.toml, ~/.config/gpq/config.toml, then
// /etc/gpq/config.toml (the first that exists). Flags win over the environment, and the
// environment over the file.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace gpq::cli {

class ConfigFile {
 public:
  // Reads the first file that exists (`explicit_path` must exist when given). Throws
  // Error{bad_request} naming the file and line of anything it cannot read.
  static ConfigFile load(const std::optional<std::string>& explicit_path);

  // The value of `key`, or std::nullopt.
  std::optional<std::string> get(const std::string& key) const;
  // The environment variable if set and not empty, else the file's `key`.
  std::optional<std::string> get(const std::string& key, const char* environment) const;

  const std::filesystem::path& path() const { return path_; }  // empty: no file

 private:
  std::filesystem::path path_;
  std::map<std::string, std::string> values_;
};

}  // namespace gpq::cli
