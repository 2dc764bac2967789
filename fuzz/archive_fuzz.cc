// An import file as `gpq sync --from` reads one: written to a scratch file, opened with its
// .gz/.xz undone (open_file), its kind sniffed (detect_kind), then parsed, or, for a zip or tar
// (plain, .tar.gz, .tar.xz), walked member by member through libarchive with the archive rules
// (import_archive): nested archives, members' own compression, refusals, the expansion budget.
// Everything it reports must be printable: the CLI prints it as it is.
#include <fmt/core.h>

#include "gpq/error.h"

#include "checked_sink.h"
#include "core/printable_text.h"
#include "fuzz_input.h"
#include "scratch_dir.h"
#include "sync/archive_import.h"

namespace {

using gpq::fuzz::broken;

void require_printable(const std::vector<std::string>& lines) {
  for (const std::string& line : lines) {
    if (gpq::text_field_problem("report", line)) {
      broken(fmt::format("an import report line is not printable: {}", line));
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::filesystem::path path = gpq::fuzz::scratch_dir() / "input";
  gpq::fuzz::write_file(path, gpq::fuzz::as_text(data, size));
  gpq::fuzz::CheckedSink sink;
  gpq::sync::ImportSummary summary;
  const gpq::sync::ParseOptions options{std::nullopt, gpq::TimePoint::from_unix_micros(0)};
  gpq::sync::ImportContext context{sink, summary, options};
  try {
    gpq::sync::PeekedStream in(gpq::sync::open_file(path));
    const gpq::sync::FileKind kind = gpq::sync::detect_kind(in.head());
    if (gpq::sync::is_archive(kind)) {
      (void)gpq::sync::import_archive(context, path, in, kind);
    } else {
      gpq::sync::parse_detected(kind, in, options, sink);
    }
  } catch (const gpq::Error& error) {
    if (error.code() != gpq::Errc::bad_request) {
      broken(fmt::format("an import threw {}", error.what()));
    }
    summary.failed_files.emplace_back(error.what());
  }
  require_printable(summary.failed_files);
  require_printable(summary.refused_members);
  require_printable(summary.unknown_files);
  sink.finish();
  return 0;
}
