// `gpq sync`: import local files (--from), or bring the mirror up to date from the
// upstreams: CelesTrak always (unless --source says otherwise), Space-Track when credentials
// are configured. One sync at a time per database.

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <vector>

#include <fmt/core.h>

#include "cli/config_file.h"
#include "cli/context.h"
#include "cli/progress_line.h"
#include "gpq/error.h"
#include "gpq/format.h"
#include "storage/database.h"
#include "sync/importer.h"
#include "sync/sync_lock.h"
#include "sync/upstream/celestrak.h"
#include "sync/upstream/spacetrack.h"

namespace gpq::cli {
namespace {

struct SyncArgs {
  std::vector<std::string> paths;
  std::string source;
  std::optional<std::string> config;
  std::string celestrak_url;
  std::string spacetrack_url;
  bool force = false;
  bool wait = false;
  bool history = false;
  std::string since;
  int history_days = 1;
  int retries = -1;  // -1: each source's default
  int timeout = 600;
};

void print_summary(const sync::ImportSummary& s, bool verbose) {
  fmt::print("Imported {} file(s), {} bytes: {} sets read, {} added, {} updated, {} unchanged; "
             "{} catalog records; {} records skipped.\n",
             s.files_imported, s.bytes, s.sets_read, s.sets_added, s.sets_updated,
             s.sets_unchanged, s.catalog_records, s.records_skipped);
  for (const sync::SkippedRecord& skip : s.skips) {
    fmt::print("  skipped {}:{}: {}\n", skip.file, skip.line, skip.reason);
  }
  if (!verbose && s.records_skipped > s.skips.size()) {
    fmt::print("  ... and {} more (--verbose lists them all)\n",
               s.records_skipped - s.skips.size());
  }
  for (const std::string& file : s.unknown_files) {
    fmt::print("  not imported (unknown format): {}\n", file);
  }
}

void import_files(Context& ctx, const SyncArgs& args) {
  sync::ImportOptions options;
  if (!args.source.empty()) {
    options.forced_source = parse_data_source(args.source);
  }
  options.max_reported_skips = ctx.verbose() ? 0 : 20;
  const std::vector<std::filesystem::path> targets(args.paths.begin(), args.paths.end());
  const sync::SyncLock lock(ctx.database_path(), args.wait);
  sync::Importer importer(ctx.database_for_writing(), options);
  ProgressLine progress(ctx.quiet());
  const sync::ImportSummary summary =
      importer.run(targets, [&progress](const sync::ImportSummary& so_far) {
        const double rate = progress.rate(static_cast<double>(so_far.sets_read));
        progress.show(fmt::format(
            "importing: {} sets read ({:.0f} sets/s), {} added, {} file(s) done, {}",
            so_far.sets_read, rate, so_far.sets_added, so_far.files_imported,
            human_bytes(static_cast<std::int64_t>(so_far.bytes))));
      });
  progress.clear();
  if (!ctx.quiet()) {
    print_summary(summary, ctx.verbose());
  }
  for (const std::string& failure : summary.failed_files) {
    fmt::print(stderr, "gpq: {}\n", failure);
  }
  if (!summary.failed_files.empty()) {
    fail(Errc::bad_request, "{} file(s) could not be read completely",
         summary.failed_files.size());
  }
}

// Sets a source has read so far, written or not, for the progress rate.
std::uint64_t sets_seen(const storage::RunCounts& counts) {
  return counts.sets_added + counts.sets_updated + counts.sets_unchanged;
}

std::string_view outcome_word(sync::ResourceOutcome outcome) {
  switch (outcome) {
    case sync::ResourceOutcome::downloaded:
      return "downloaded";
    case sync::ResourceOutcome::not_modified:
      return "not modified";
    case sync::ResourceOutcome::fresh:
      return "asked recently, skipped";
    case sync::ResourceOutcome::failed:
      return "FAILED";
  }
  return "";
}

void print_report(const sync::SourceReport& r) {
  fmt::print("{}: {} ({} downloaded, {} not modified, {} skipped as fresh, {} failed): {} sets "
             "added, {} updated, {} unchanged, {} catalog records changed, {} bytes\n",
             r.source, storage::to_string(r.outcome), r.downloaded, r.not_modified, r.fresh,
             r.failed, r.counts.sets_added, r.counts.sets_updated, r.counts.sets_unchanged,
             r.counts.catalog_records, r.counts.bytes);
}

// The password from the environment, the config file, or a file the config file names.
std::optional<std::string> spacetrack_password(const ConfigFile& config) {
  if (auto password = config.get("spacetrack_password", "SPACETRACK_PASSWORD")) {
    return password;
  }
  if (auto file = config.get("spacetrack_password_file")) {
    std::ifstream in(*file);
    std::string password;
    if (!in || !std::getline(in, password)) {
      fail(Errc::bad_request, "spacetrack_password_file {} cannot be read", *file);
    }
    return password;
  }
  return std::nullopt;
}

// A whole number from the config file, or Error{bad_request} naming the key.
std::optional<int> config_int(const ConfigFile& config, const std::string& key) {
  const auto text = config.get(key);
  if (!text) {
    return std::nullopt;
  }
  int value = 0;
  const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (text->empty() || error != std::errc() || end != text->data() + text->size()) {
    fail(Errc::bad_request, "{} in {}: expected a whole number, got \"{}\"", key,
         config.path().string(), *text);
  }
  return value;
}

// The budget keys of the config file, brought within what Space-Track allows.
sync::BudgetLimits spacetrack_limits(const ConfigFile& config) {
  sync::BudgetLimits wanted;
  if (auto seconds = config_int(config, "spacetrack_min_interval_seconds")) {
    wanted.min_interval = std::chrono::seconds(*seconds);
  }
  wanted.per_minute = config_int(config, "spacetrack_per_minute").value_or(wanted.per_minute);
  wanted.per_hour = config_int(config, "spacetrack_per_hour").value_or(wanted.per_hour);
  wanted.per_day = config_int(config, "spacetrack_per_day").value_or(wanted.per_day);
  std::vector<std::string> notes;
  const sync::BudgetLimits limits = sync::clamp_to_spacetrack(wanted, notes);
  for (const std::string& note : notes) {
    fmt::print(stderr, "gpq: warning: {}: {}\n", config.path().string(), note);
  }
  return limits;
}

void sync_upstreams(Context& ctx, const SyncArgs& args) {
  const ConfigFile config = ConfigFile::load(args.config);
  const bool want_celestrak = args.source.empty() || args.source == "celestrak";
  const bool want_spacetrack = args.source.empty() || args.source == "spacetrack";
  const auto identity = config.get("spacetrack_identity", "SPACETRACK_IDENTITY");
  const auto password = spacetrack_password(config);
  if (args.source == "spacetrack" && (!identity || !password)) {
    fail(Errc::bad_request,
         "Space-Track needs an account: set SPACETRACK_IDENTITY and SPACETRACK_PASSWORD, or "
         "spacetrack_identity and spacetrack_password_file in {}",
         config.path().empty() ? std::string("~/.config/gpq/config.toml") : config.path().string());
  }
  if (args.history && (!identity || !password)) {
    fail(Errc::bad_request, "--history reads Space-Track, which needs an account (see --help)");
  }
  const auto database = ctx.database_path();
  const sync::SyncLock lock(database, args.wait);
  storage::Database& db = ctx.database_for_writing();
  ProgressLine line(ctx.quiet());
  std::size_t resources = 0;
  std::uint64_t sets_before = 0;  // of the sources already done
  const sync::ResourceProgress progress = [&](const sync::SourceReport& report,
                                              const std::string& resource,
                                              sync::ResourceOutcome outcome) {
    ++resources;
    if (ctx.verbose()) {
      line.clear();
      fmt::print(stderr, "{} {}: {} ({} sets added so far, {} bytes)\n", report.source, resource,
                 outcome_word(outcome), report.counts.sets_added, report.counts.bytes);
    }
    const std::uint64_t sets = sets_before + sets_seen(report.counts);
    line.show(fmt::format("{}: {} resource(s), last {} ({}); {} sets ({:.0f} sets/s), {}",
                          report.source, resources, resource, outcome_word(outcome), sets,
                          line.rate(static_cast<double>(sets)),
                          human_bytes(static_cast<std::int64_t>(report.counts.bytes))));
  };
  std::vector<sync::SourceReport> reports;
  if (want_celestrak) {
    sync::CelestrakOptions options;
    options.base_url = !args.celestrak_url.empty()
                           ? args.celestrak_url
                           : config.get("celestrak_url", "GPQ_CELESTRAK_URL").value_or(options.base_url);
    options.force = args.force;
    options.timeout = std::chrono::seconds(args.timeout);
    if (args.retries >= 0) {
      options.retries = args.retries;
    }
    if (auto minutes = config.get("celestrak_min_interval_minutes")) {
      options.min_interval = std::chrono::minutes(std::max(1, std::atoi(minutes->c_str())));
    }
    reports.push_back(sync::sync_celestrak(db, options, progress));
    sets_before += sets_seen(reports.back().counts);
  }
  if (want_spacetrack && identity && password) {
    sync::SpacetrackOptions options;
    options.base_url = !args.spacetrack_url.empty()
                           ? args.spacetrack_url
                           : config.get("spacetrack_url", "GPQ_SPACETRACK_URL").value_or(options.base_url);
    options.identity = *identity;
    options.password = *password;
    options.force = args.force;
    options.timeout = std::chrono::seconds(args.timeout);
    options.history_days = args.history_days;
    options.limits = spacetrack_limits(config);
    options.notice = [&ctx, &line](const std::string& message) {
      if (ctx.verbose()) {
        line.clear();
        fmt::print(stderr, "spacetrack: {}\n", message);
      }
      line.show("spacetrack: " + message);
    };
    if (args.retries >= 0) {
      options.retries = args.retries;
    }
    if (args.history) {
      options.history_since = parse_date("since", args.since.empty() ? "2004-01-01" : args.since);
    }
    reports.push_back(sync::sync_spacetrack(db, options, progress));
  }
  line.clear();
  std::size_t failed = 0;
  for (const sync::SourceReport& report : reports) {
    if (!ctx.quiet()) {
      print_report(report);
    }
    for (const std::string& error : report.errors) {
      fmt::print(stderr, "gpq: {}\n", error);
    }
    failed += report.outcome == storage::RunOutcome::ok ? 0 : 1;
  }
  if (failed > 0) {
    fail(Errc::upstream, "{} of {} source(s) did not sync completely (see gpq status)", failed,
         reports.size());
  }
}

}  // namespace

void add_sync_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("sync", kSyncDescription);
  auto args = std::make_shared<SyncArgs>();
  cmd->add_option("--from", args->paths, "Import these files or directories (3LE/TLE/2LE, OMM "
                                         "JSON, CSV, XML, KVN, SATCAT CSV/JSON; .gz and .xz too)")
      ->type_name("PATH")
      ->expected(1, -1);
  cmd->add_option("--source", args->source,
                  "With --from: where the files came from. Without: sync only this upstream")
      ->check(CLI::IsMember({"spacetrack", "celestrak", "source_a", "source_b"}));
  cmd->add_option("--config", args->config, "Configuration file (default: $GPQ_CONFIG, else "
                                            "$XDG_CONFIG_HOME/gpq/config.toml, else "
                                            "/etc/gpq/config.toml)");
  cmd->add_option("--celestrak-url", args->celestrak_url,
                  "CelesTrak base URL (default https://celestrak.org; or $GPQ_CELESTRAK_URL)");
  cmd->add_option("--spacetrack-url", args->spacetrack_url,
                  "Space-Track base URL (default https://www.space-track.org; or "
                  "$GPQ_SPACETRACK_URL)");
  cmd->add_flag("--force", args->force,
                "Ask even for resources asked recently (CelesTrak: 2 h; Space-Track gp: 1 h, "
                "satcat: once a day after 17:00 UTC; complete --history windows)");
  cmd->add_flag("--wait", args->wait, "Wait for another sync of the same database to finish");
  cmd->add_flag("--history", args->history,
                "Space-Track: back-fill gp_history from --since (complete windows are kept; "
                "re-run to continue)");
  cmd->add_option("--since", args->since, "Start of the --history back-fill (default 2004-01-01)");
  cmd->add_option("--history-days", args->history_days, "Days of CREATION_DATE per request")
      ->check(CLI::Range(1, 31))
      ->capture_default_str();
  cmd->add_option("--retries", args->retries,
                  "Retries after a failed request (CelesTrak: transport failures only)")
      ->check(CLI::Range(0, 10))
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  cmd->add_option("--timeout", args->timeout, "Seconds allowed for one download")
      ->check(CLI::Range(1, 86400))
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->capture_default_str();
  cmd->footer(
      "Examples:\n"
      "  gpq sync                               CelesTrak, and Space-Track if configured\n"
      "  gpq --quiet sync                       from cron: errors only, exit 4 on failure\n"
      "  gpq sync --source spacetrack --history --since 2020-01-01\n"
      "  gpq sync --from ~/Downloads/active.csv\n"
      "  gpq sync --from history/ --source spacetrack");
  cmd->callback([&ctx, args] {
    if (!args->paths.empty()) {
      import_files(ctx, *args);
      return;
    }
    if (args->source == "source_a") {
      args->source = "spacetrack";
    } else if (args->source == "source_b") {
      args->source = "celestrak";
    }
    sync_upstreams(ctx, *args);
  });
}

}  // namespace gpq::cli
