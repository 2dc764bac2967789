#include "cli/import_report.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

namespace gpq::cli {
namespace {

// 12345 as "12,345": line numbers of large files read at a glance.
std::string grouped(std::uint64_t number) {
  std::string digits = std::to_string(number);
  for (std::size_t at = digits.size(); at > 3; at -= 3) {
    digits.insert(at - 3, ",");
  }
  return digits;
}

// The first lines of a list the user reads, as with skipped records: an archive of a thousand
// files of another kind is not a thousand lines.
constexpr std::size_t kListedWithoutVerbose = 20;

void print_list(std::FILE* stream, std::string_view prefix, const std::vector<std::string>& items,
                bool verbose) {
  const std::size_t shown = verbose ? items.size() : std::min(items.size(), kListedWithoutVerbose);
  for (std::size_t i = 0; i < shown; ++i) {
    fmt::print(stream, "{}{}\n", prefix, items[i]);
  }
  if (shown < items.size()) {
    fmt::print(stream, "{}... and {} more (--verbose lists them all)\n", prefix,
               items.size() - shown);
  }
}

}  // namespace

void print_import_summary(const sync::ImportSummary& s, bool verbose) {
  fmt::print(
      "Imported {} file(s){}, {} bytes: {} sets read, {} added, {} updated, {} unchanged; "
      "{} catalog records; {} records skipped{}.\n",
      s.files_imported,
      s.members_imported > 0 ? fmt::format(" ({} archive members)", s.members_imported) : "",
      s.bytes, s.sets_read, s.sets_added, s.sets_updated, s.sets_unchanged, s.catalog_records,
      s.records_skipped,
      s.refused_members.empty()
          ? ""
          : fmt::format("; {} archive members refused", s.refused_members.size()));
  for (const sync::SkippedRecord& skip : s.skips) {
    fmt::print("  skipped {} line {}: {}\n", skip.file, grouped(skip.line), skip.reason);
  }
  if (!verbose && s.records_skipped > s.skips.size()) {
    fmt::print("  ... and {} more (--verbose lists them all)\n",
               s.records_skipped - s.skips.size());
  }
  print_list(stdout, "  not imported (unknown format): ", s.unknown_files, verbose);
}

void print_import_problems(const sync::ImportSummary& s, bool verbose) {
  print_list(stderr, "gpq: ", s.failed_files, verbose);
  print_list(stderr, "gpq: ", s.refused_members, verbose);
}

}  // namespace gpq::cli
