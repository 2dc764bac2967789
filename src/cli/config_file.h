// The configuration file: flat TOML, `key = "value"` lines and `#` comments, looked up at
// --config, $GPQ_CONFIG, $XDG_CONFIG_HOME/gpq/config.toml, ~/.config/gpq/config.toml, then
// /etc/gpq/config.toml (the first that exists). Flags win over the environment, and the
// environment over the file.
#pragma once

#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpq::cli {

class ConfigFile {
 public:
  // Reads the first file that exists (`explicit_path` must exist when given). Throws
  // Error{bad_request} naming the file and line of anything it cannot read, or of a key set
  // twice.
  static ConfigFile load(const std::optional<std::string>& explicit_path);
  // load(), then each warning printed to standard error: what every command uses.
  static ConfigFile load_and_warn(const std::optional<std::string>& explicit_path);

  // The value of `key`, or std::nullopt.
  std::optional<std::string> get(const std::string& key) const;
  // The environment variable if set and not empty, else the file's `key`.
  std::optional<std::string> get(const std::string& key, const char* environment) const;

  const std::filesystem::path& path() const { return path_; }  // empty: no file
  // One line per key gpq does not know (a misspelt key would otherwise go unnoticed).
  const std::vector<std::string>& warnings() const { return warnings_; }

 private:
  // Reads `key = "value"` lines from path_ into settings_ (unknown keys into warnings_).
  void read_settings();

  std::filesystem::path path_;
  struct Setting {
    std::string value;
    int line = 0;  // where it was set, for the message of a key set twice
  };
  std::map<std::string, Setting> settings_;
  std::vector<std::string> warnings_;
};

}  // namespace gpq::cli
