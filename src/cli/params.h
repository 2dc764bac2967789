// Collecting CLI arguments into the query core's Params, under the same keys the
// HTTP API uses, so both front ends bind through the same functions.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpq/request.h"

namespace gpq::cli {

// Adds an option (or a positional, when `flag` has no leading '-') whose text is stored
// as (*params)[key].
inline CLI::Option* add_param(CLI::App& cmd, const std::string& flag, const std::string& key,
                              const std::shared_ptr<Params>& params, const std::string& help) {
  return cmd.add_option_function<std::string>(
      flag, [params, key](const std::string& value) { (*params)[key] = value; }, help);
}

// The names of a fixed list as CLI11 checks a choice among them (CLI::IsMember).
inline std::vector<std::string> choices(const std::vector<std::string_view>& names) {
  return {names.begin(), names.end()};
}

// A boolean switch that stores "true" under `key` when given.
inline CLI::Option* add_switch(CLI::App& cmd, const std::string& flag, const std::string& key,
                               const std::shared_ptr<Params>& params, const std::string& help) {
  return cmd.add_flag_callback(
      flag, [params, key] { (*params)[key] = "true"; }, help);
}

// --as-of, for the commands that answer as the archive was known at an instant.
inline CLI::Option* add_as_of(CLI::App& cmd, const std::shared_ptr<Params>& params) {
  return add_param(cmd, "--as-of", "as_of", params,
                   "Answer with what was published at or before this time (ISO 8601, jd:, "
                   "unix:): the versions then current");
}

// Adds `member` to the `include` list, as `include=quality,coverage` would over HTTP.
inline void include_member(Params& params, std::string_view member) {
  std::string& list = params["include"];
  list += list.empty() ? "" : ",";
  list += member;
}

// --quality (`include=quality`), for the commands that print sets: each set's quality flags.
inline CLI::Option* add_quality(CLI::App& cmd, const std::shared_ptr<Params>& params) {
  return cmd.add_flag_callback(
      "--quality", [params] { include_member(*params, "quality"); },
      "Each set's quality flags (stale, decayed, outlier, reissued, future_epoch, sgp4_xp, "
      "not_sgp4, analyst) in json, csv and table");
}

// --coverage (`include=coverage`), for the answers over the whole catalog: how much of it the
// answer stands on, in json's meta, else a line on stderr.
inline CLI::Option* add_coverage(CLI::App& cmd, const std::shared_ptr<Params>& params) {
  return cmd.add_flag_callback(
      "--coverage", [params] { include_member(*params, "coverage"); },
      "How much of the catalog the answer stands on: objects in orbit, how many have a set "
      "within 1, 3 and 30 days, each source's last sync (json's meta, else on stderr)");
}

// --allow-stale, for state, ephemeris and passes: propagate a stale set, or after the decay.
inline CLI::Option* add_allow_stale(CLI::App& cmd, const std::shared_ptr<Params>& params) {
  return add_switch(cmd, "--allow-stale", "allow_stale", params,
                    "Propagate a set more than 30 days from the instant, or after the object's "
                    "decay, instead of refusing");
}

// --tle-layout, for the commands that can print tle and 2le.
inline CLI::Option* add_tle_layout(CLI::App& cmd, const std::shared_ptr<Params>& params) {
  return add_param(cmd, "--tle-layout", "tle_layout", params,
                   "TLE lines as their source wrote them (source, the default) or in "
                   "CelesTrak's canonical layout (canonical)");
}

}  // namespace gpq::cli
