// The configuration file (ConfigFile::load, flat TOML) and what `gpq sync` makes of it
// (plan_sync: URLs, the Space-Track account, the budget keys, the CelesTrak interval), for a
// plain sync and a --history one. A password file the input names is read from a scratch file
// instead, so that the target never reads a path the input chose.
#include <fmt/core.h>

#include "gpq/error.h"

#include "cli/config_file.h"
#include "core/printable_text.h"
#include "fuzz_input.h"
#include "scratch_dir.h"
#include "sync/sync_plan.h"

namespace {

using gpq::fuzz::broken;

void require_bad_request(const gpq::Error& error) {
  if (error.code() != gpq::Errc::bad_request) {
    broken(fmt::format("the configuration threw {}", error.what()));
  }
}

void plan(const gpq::cli::ConfigFile& config, const std::filesystem::path& password) {
  gpq::sync::SyncConfig lookup;
  lookup.get = [&](const std::string& key, const char* environment) {
    const auto value = environment != nullptr ? config.get(key, environment) : config.get(key);
    return key == "spacetrack_password_file" && value
               ? std::optional<std::string>(password.string())
               : value;
  };
  lookup.path = config.path().string();
  for (const bool history : {false, true}) {
    gpq::sync::SyncRequest request;
    request.history = history;
    try {
      (void)gpq::sync::plan_sync(request, lookup);
    } catch (const gpq::Error& error) {
      require_bad_request(error);
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path path = gpq::fuzz::scratch_dir() / "config.toml";
  static const std::filesystem::path password = [] {
    auto file = gpq::fuzz::scratch_dir() / "password";
    gpq::fuzz::write_file(file, "secret\n");
    return file;
  }();
  gpq::fuzz::write_file(path, gpq::fuzz::as_text(data, size));
  try {
    plan(gpq::cli::ConfigFile::load(path.string()), password);
  } catch (const gpq::Error& error) {
    require_bad_request(error);
  }
  return 0;
}
