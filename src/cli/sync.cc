// `gpq sync`: import local files (--from), or bring the mirror up to date from the
// upstreams. Which upstreams run, and how, is sync::plan_sync()'s decision (sync/sync_plan.h);
// this file translates the flags and prints the progress and the reports. One sync at a time
// per database.

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "gpq/error.h"
#include "gpq/format.h"
#include "gpq/time.h"

#include "cli/config_file.h"
#include "cli/context.h"
#include "cli/import_report.h"
#include "cli/params.h"
#include "cli/progress_line.h"
#include "core/signal_stopper.h"
#include "core/stop_request.h"
#include "storage/change_applier.h"
#include "storage/database.h"
#include "storage/sync_lock.h"
#include "sync/importer.h"
#include "sync/peer_pull.h"
#include "sync/sync_plan.h"

namespace gpq::cli {
namespace {

// The flags of `gpq sync`: the upstream ones go to sync::plan_sync() as they are.
struct SyncArgs {
  std::vector<std::string> paths;
  std::optional<std::string> published_at;  // with --from
  std::string peer;                         // --from-peer
  std::optional<std::string> peer_key_file;
  bool follow = false;
  bool full = false;
  bool gzip = false;
  std::optional<std::string> config;
  bool wait = false;
  sync::SyncRequest request;
};

// From here on SIGINT and SIGTERM end the sync between two transactions (installed before
// any thread starts, so that every thread leaves them to the stopper); a second one ends it
// at once, as SIGKILL would: the transaction in flight rolls back.
SignalStopper stop_between_transactions() {
  return SignalStopper([](int signal) {
    if (process_stop_request().requested()) {
      std::_Exit(128 + signal);
    }
    process_stop_request().request(signal);
  });
}

void import_files(Context& ctx, const SyncArgs& args) {
  sync::ImportOptions options;
  if (!args.request.source.empty()) {
    options.forced_source = parse_data_source(args.request.source);
  }
  options.max_reported_skips = ctx.verbose() ? 0 : 20;
  if (args.published_at) {
    options.published_at = parse_date("--published-at", *args.published_at);
  }
  const std::vector<std::filesystem::path> targets(args.paths.begin(), args.paths.end());
  const storage::SyncLock lock(ctx.database_path(), args.wait);
  storage::refuse_if_follower(ctx.database_for_writing());
  const SignalStopper stopper = stop_between_transactions();
  sync::Importer importer(ctx.database_for_writing(), options);
  ProgressLine progress(ctx.quiet());
  const sync::ImportSummary summary =
      importer.run(targets, [&progress](const sync::ImportSummary& so_far) {
        const double rate = progress.rate(static_cast<double>(so_far.sets_read));
        // The name last: a long path is what the terminal's width cuts.
        progress.show(fmt::format(
            "importing: {} sets read ({:.0f} sets/s), {} added, {} file(s) done, {}; {}",
            so_far.sets_read, rate, so_far.sets_added, so_far.files_imported,
            human_bytes(static_cast<std::int64_t>(so_far.bytes)), so_far.current));
      });
  progress.clear();
  if (!ctx.quiet()) {
    print_import_summary(summary, ctx.verbose());
  }
  print_import_problems(summary, ctx.verbose());
  if (!summary.failed_files.empty() || !summary.refused_members.empty()) {
    std::vector<std::string> parts;
    if (!summary.failed_files.empty()) {
      parts.push_back(fmt::format("{} file(s) or archive member(s) could not be read completely",
                                  summary.failed_files.size()));
    }
    if (!summary.refused_members.empty()) {
      parts.push_back(fmt::format("{} archive member(s) refused", summary.refused_members.size()));
    }
    fail(Errc::bad_request, "{}", parts.size() == 1 ? parts[0] : parts[0] + "; " + parts[1]);
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
  fmt::print(
      "{}: {} ({} downloaded, {} not modified, {} skipped as fresh, {} failed): {} sets "
      "added, {} updated, {} unchanged, {} catalog records changed, {} bytes\n",
      r.source, storage::to_string(r.outcome), r.downloaded, r.not_modified, r.fresh, r.failed,
      r.counts.sets_added, r.counts.sets_updated, r.counts.sets_unchanged, r.counts.catalog_records,
      r.counts.bytes);
}

// A progress line over every source of the run: the sets of the sources already done are
// kept when the next one starts.
sync::ResourceProgress upstream_progress(const Context& ctx, ProgressLine& line) {
  struct Tally {
    std::size_t resources = 0;
    std::string source;
    std::uint64_t sets_before = 0;  // of the sources already done
    std::uint64_t sets_of_source = 0;
  };
  auto tally = std::make_shared<Tally>();
  return [&ctx, &line, tally](const sync::SourceReport& report, const std::string& resource,
                              sync::ResourceOutcome outcome) {
    if (report.source != tally->source) {
      tally->sets_before += tally->sets_of_source;
      tally->source = report.source;
    }
    tally->sets_of_source = sets_seen(report.counts);
    ++tally->resources;
    if (ctx.verbose()) {
      line.clear();
      fmt::print(stderr, "{} {}: {} ({} sets added so far, {} bytes)\n", report.source, resource,
                 outcome_word(outcome), report.counts.sets_added, report.counts.bytes);
    }
    const std::uint64_t sets = tally->sets_before + tally->sets_of_source;
    line.show(fmt::format("{}: {} resource(s), last {} ({}); {} sets ({:.0f} sets/s), {}",
                          report.source, tally->resources, resource, outcome_word(outcome), sets,
                          line.rate(static_cast<double>(sets)),
                          human_bytes(static_cast<std::int64_t>(report.counts.bytes))));
  };
}

// The configuration file as the sync plan asks it.
sync::SyncConfig config_lookup(const ConfigFile& config) {
  sync::SyncConfig lookup;
  lookup.get = [&config](const std::string& key, const char* environment) {
    return environment != nullptr ? config.get(key, environment) : config.get(key);
  };
  lookup.path = config.path().string();
  return lookup;
}

// The replication key: --peer-key-file, else $GPQ_PEER_KEY or peer.key in the config file.
std::string peer_key(const SyncArgs& args) {
  std::optional<std::string> key;
  if (args.peer_key_file) {
    std::ifstream file(*args.peer_key_file);
    std::string line;
    if (!file || !std::getline(file, line)) {
      fail(Errc::bad_request, "--peer-key-file {}: cannot read a key from it", *args.peer_key_file);
    }
    key = line;
  } else {
    key = ConfigFile::load_and_warn(args.config).get("peer.key", "GPQ_PEER_KEY");
  }
  while (key && !key->empty() && std::isspace(static_cast<unsigned char>(key->back())) != 0) {
    key->pop_back();
  }
  if (!key || key->empty()) {
    fail(Errc::bad_request,
         "--from-peer needs the peer's replication key: --peer-key-file FILE, $GPQ_PEER_KEY or "
         "peer.key in the config file (make one on the peer with `gpq keys create --scope "
         "replication`)");
  }
  return *key;
}

void print_pull(const sync::PeerPullReport& pull, const std::string& peer) {
  fmt::print(
      "{}: generation {}{}: {} sets in {} blocks, {} rows, {} removed blocks; {} in "
      "{:.2f} s\n",
      peer, pull.start.generation, pull.start.after == 0 ? " (whole mirror)" : "", pull.totals.sets,
      pull.totals.blocks, pull.totals.rows, pull.totals.removed_blocks,
      human_bytes(static_cast<std::int64_t>(pull.bytes)), pull.seconds);
}

// One pull, or with --follow one after another: each waits at the peer (a long poll) until
// it has a newer generation, so that a replica follows within a second of the commit.
void follow_peer(Context& ctx, const SyncArgs& args) {
  sync::PeerPullOptions options;
  options.url = args.peer;
  options.key = peer_key(args);
  options.gzip = args.gzip;
  const storage::SyncLock lock(ctx.database_path(), args.wait);
  const SignalStopper stopper = stop_between_transactions();
  storage::Database& db = ctx.database_for_writing();
  if (!args.follow) {
    const sync::PeerPullReport pull =
        sync::pull_from_peer(db, options, &process_stop_request(), args.full);
    if (!ctx.quiet()) {
      print_pull(pull, args.peer);
    }
    return;
  }
  sync::follow_peer(
      db, options, process_stop_request(), args.full,
      [&](const sync::PeerPullReport& pull) {
        if (!ctx.quiet() && (pull.totals.rows > 0 || ctx.verbose())) {
          print_pull(pull, args.peer);
          std::fflush(stdout);  // a follower's log is read as it goes
        }
      },
      [](const Error& error) {
        fmt::print(stderr, "gpq: {} (again in {} s)\n", error.what(), sync::kFollowRetrySeconds);
      });
}

void sync_upstreams(Context& ctx, const SyncArgs& args) {
  const ConfigFile config = ConfigFile::load_and_warn(args.config);
  sync::SyncPlan plan = sync::plan_sync(args.request, config_lookup(config));
  for (const std::string& warning : plan.warnings) {
    fmt::print(stderr, "gpq: warning: {}\n", warning);
  }
  const storage::SyncLock lock(ctx.database_path(), args.wait);
  storage::refuse_if_follower(ctx.database_for_writing());
  const SignalStopper stopper = stop_between_transactions();
  storage::Database& db = ctx.database_for_writing();
  ProgressLine line(ctx.quiet());
  const auto notice = [&ctx, &line](std::string_view upstream, const std::string& message) {
    if (ctx.verbose()) {
      line.clear();
      fmt::print(stderr, "{}: {}\n", upstream, message);
    }
    line.show(fmt::format("{}: {}", upstream, message));
  };
  const std::vector<sync::SourceReport> reports =
      sync::run_sync(db, std::move(plan), upstream_progress(ctx, line), notice);
  line.clear();
  for (const sync::SourceReport& report : reports) {
    if (!ctx.quiet()) {
      print_report(report);
    }
    for (const std::string& error : report.errors) {
      fmt::print(stderr, "gpq: {}\n", error);
    }
  }
  sync::fail_if_incomplete(reports);
}

// What to sync from: files, a peer (and how to follow it), or the upstreams of --source.
void add_input_options(CLI::App& cmd, SyncArgs& args) {
  cmd.add_option("--from", args.paths,
                 "Import these files or directories (3LE/TLE/2LE, OMM "
                 "JSON, CSV, XML, KVN, SATCAT CSV/JSON; .gz and .xz too; zip and tar "
                 "archives of them)")
      ->type_name("PATH")
      ->expected(1, -1);
  cmd.add_option("--published-at", args.published_at,
                 "With --from: when the files' sets were published (ISO 8601, jd:, unix:), for "
                 "snapshots collected earlier; sets with a CREATION_DATE keep theirs")
      ->type_name("TIME");
  cmd.add_option("--from-peer", args.peer,
                 "Follow this gpq server (http://host:port): pull what changed since the last "
                 "pull through its change stream (docs/REPLICAS.md)")
      ->type_name("URL");
  cmd.add_option("--peer-key-file", args.peer_key_file,
                 "With --from-peer: a file holding the peer's replication key (else "
                 "$GPQ_PEER_KEY, or peer.key in the config file)")
      ->type_name("FILE");
  cmd.add_flag("--follow", args.follow,
               "With --from-peer: keep pulling, each pull waiting at the peer for its next "
               "generation");
  cmd.add_flag("--gzip", args.gzip,
               "With --from-peer: ask for the stream gzipped (about 5% smaller, the sets "
               "travel packed already; for slow links)");
  cmd.add_flag("--full", args.full,
               "With --from-peer: pull the whole mirror again (after the peer's database was "
               "replaced)");
  cmd.add_option("--source", args.request.source,
                 "With --from: where the files came from. Without: sync only this upstream")
      ->check(CLI::IsMember(choices(data_source_spellings())));
}

// How the upstreams are asked: configuration, URLs, what to ask again, and their patience.
void add_upstream_options(CLI::App& cmd, SyncArgs& args) {
  cmd.add_option("--config", args.config,
                 "Configuration file (default: $GPQ_CONFIG, else "
                 "$XDG_CONFIG_HOME/gpq/config.toml, else "
                 "/etc/gpq/config.toml)");
  for (const sync::Upstream& upstream : sync::upstreams()) {
    cmd.add_option(fmt::format("--{}-url", upstream.name),
                   args.request.urls[std::string(upstream.name)], std::string(upstream.url_help));
  }
  cmd.add_flag("--force", args.request.force,
               "Ask even for resources asked recently (CelesTrak: 2 h; Space-Track gp: 1 h, "
               "satcat: once a day after 17:00 UTC; complete --history windows)");
  cmd.add_flag("--wait", args.wait, "Wait for another sync of the same database to finish");
  cmd.add_flag("--history", args.request.history,
               "Space-Track: back-fill gp_history from --since (complete windows are kept; "
               "re-run to continue)");
  cmd.add_option("--since", args.request.since,
                 "Start of the --history back-fill (default 2004-01-01)");
  cmd.add_option("--history-days", args.request.history_days, "Days of CREATION_DATE per request")
      ->check(CLI::Range(1, 31))
      ->capture_default_str();
  cmd.add_option("--retries", args.request.retries,
                 "Retries after a failed request (CelesTrak: transport failures only)")
      ->check(CLI::Range(0, 10))
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  cmd.add_option("--timeout", args.request.timeout, "Seconds allowed for one download")
      ->check(CLI::Range(1, 86400))
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast)
      ->capture_default_str();
}

void run_sync_command(Context& ctx, const SyncArgs& args) {
  if (!args.peer.empty()) {
    if (!args.paths.empty()) {
      fail(Errc::bad_request, "--from-peer and --from cannot go together");
    }
    follow_peer(ctx, args);
    return;
  }
  if (args.follow || args.full || args.gzip || args.peer_key_file) {
    fail(Errc::bad_request, "--follow, --full, --gzip and --peer-key-file go with --from-peer");
  }
  if (args.published_at && args.paths.empty()) {
    fail(Errc::bad_request, "--published-at goes with --from");
  }
  if (!args.paths.empty()) {
    import_files(ctx, args);
    return;
  }
  sync_upstreams(ctx, args);
}

}  // namespace

void add_sync_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("sync", kSyncDescription);
  auto args = std::make_shared<SyncArgs>();
  add_input_options(*cmd, *args);
  add_upstream_options(*cmd, *args);
  cmd->footer(
      "Examples:\n"
      "  gpq sync                               CelesTrak, and Space-Track if configured\n"
      "  gpq --quiet sync                       from cron: errors only, exit 4 on failure\n"
      "  gpq sync --source spacetrack --history --since 2020-01-01\n"
      "  gpq sync --from ~/Downloads/active.csv\n"
      "  gpq sync --from history/ --source spacetrack\n"
      "  gpq sync --from-peer http://primary:8080 --follow   a replica, following the primary");
  cmd->callback([&ctx, args] { run_sync_command(ctx, *args); });
}

}  // namespace gpq::cli
