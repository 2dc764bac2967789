// `gpq sync`: for now, import local files (--from); the upstream download path
// joins the same command.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <vector>

#include <fmt/core.h>

#include "cli/context.h"
#include "gpq/error.h"
#include "sync/importer.h"

namespace gpq::cli {
namespace {

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

}  // namespace

void add_sync_command(CLI::App& app, Context& ctx) {
  CLI::App* cmd = app.add_subcommand("sync", "Update the mirror from files (--from) or upstreams");
  auto paths = std::make_shared<std::vector<std::string>>();
  auto source = std::make_shared<std::string>();
  cmd->add_option("--from", *paths, "Import these files or directories (3LE/TLE/2LE, OMM JSON, "
                                    "CSV, XML, KVN, SATCAT CSV/JSON; .gz and .xz too)")
      ->type_name("PATH")
      ->expected(1, -1);
  cmd->add_option("--source", *source, "Where the files came from: spacetrack or celestrak")
      ->check(CLI::IsMember({"spacetrack", "celestrak", "source_a", "source_b"}));
  cmd->footer(
      "Examples:\n"
      "  gpq sync --from ~/Downloads/active.csv\n"
      "  gpq sync --from history/ --source spacetrack\n"
      "  gpq sync --from satcat.json.xz gp.xml.gz");
  cmd->callback([&ctx, paths, source] {
    if (paths->empty()) {
      fail(Errc::bad_request, "nothing to do: give --from PATH (upstream sync is not built yet)");
    }
    sync::ImportOptions options;
    if (!source->empty()) {
      options.forced_source = parse_data_source(*source);
    }
    options.max_reported_skips = ctx.verbose() ? 0 : 20;
    const std::vector<std::filesystem::path> targets(paths->begin(), paths->end());
    sync::Importer importer(ctx.database_for_writing(), options);
    const sync::ImportSummary summary = importer.run(targets);
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
  });
}

}  // namespace gpq::cli
