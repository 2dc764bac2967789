// Output for the CLI: the same writers as the HTTP API, streamed to stdout.
#include "cli/output.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/core.h>

#include "gpq/error.h"

namespace gpq::cli {
namespace {

constexpr int kDefaultWidth = 100;

}  // namespace

bool stdout_is_terminal() {
  return isatty(STDOUT_FILENO) == 1;
}

int terminal_width() {
  if (const char* columns = std::getenv("COLUMNS")) {
    const int value = std::atoi(columns);
    if (value > 20) {
      return value;
    }
  }
  winsize size{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) {
    return size.ws_col;
  }
  return kDefaultWidth;
}

bool stdout_wants_colour() {
  const char* no_colour = std::getenv("NO_COLOR");
  const char* term = std::getenv("TERM");
  return stdout_is_terminal() && (no_colour == nullptr || *no_colour == '\0') &&
         (term == nullptr || std::string_view(term) != "dumb");
}

void output_failed() {
  const int error = errno;
  if (error == EPIPE) {
    std::exit(0);  // a closed pipe (`gpq history ... | head`) ends the output quietly
  }
  fmt::print(stderr, "gpq: cannot write the output: {}\n", std::strerror(error));
  std::exit(exit_code(Errc::internal));
}

void finish_output() {
  if (std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    output_failed();
  }
}

void Printer::flush() {
  if (!buffer_.empty()) {
    const std::size_t size = buffer_.size();
    const std::size_t written = std::fwrite(buffer_.data(), 1, size, stdout);
    buffer_.clear();
    if (written != size || std::fflush(stdout) != 0) {
      output_failed();
    }
  }
}

AnswerStyle terminal_style(TleLayout tle_layout, bool quality) {
  return {.tle_layout = tle_layout,
          .table_width = terminal_width(),
          .table_colour = stdout_wants_colour(),
          .newline_after_json = true,
          .quality = quality,
          .coverage = std::nullopt};
}

void report_coverage(Format format, const std::optional<Coverage>& coverage) {
  if (coverage && format != Format::json) {
    fmt::print(stderr, "gpq: coverage at {}: {}\n", format_iso8601_millis(coverage->instant),
               coverage_line(*coverage));
  }
}

void print_set_list(Format format, TleLayout tle_layout, const SetListRun& run,
                    const HistoryMeta* meta, events::SetQualityJudge* judge,
                    const std::optional<Coverage>& coverage) {
  Printer printer;
  std::string& out = printer.buffer();
  AnswerStyle style = terminal_style(tle_layout, judge != nullptr);
  style.coverage = coverage;
  SetPageWriter writer(format, style);
  writer.begin(out);
  const PageInfo page = run([&](const ElementSet& set) {
    if (judge != nullptr) {
      writer.set(set, judge->flags(set), out);
    } else {
      writer.set(set, out);
    }
    printer.maybe_flush();
  });
  writer.end(page, {}, meta, out);
  report_coverage(format, coverage);
  // The TLE writers leave out a set they cannot carry (tle_output_problem()); the list goes on
  // and a warning on stderr names them (exit 0, as docs/DECISIONS.md "Output" says).
  if (const OmittedSets& omitted = writer.omitted(); omitted.count > 0) {
    fmt::print(stderr, "gpq: warning: {}\n", omitted.warning());
  }
}

void print_catalog_list(Format format, const CatalogListRun& run,
                        const std::optional<Coverage>& coverage) {
  Printer printer;
  std::string& out = printer.buffer();
  AnswerStyle style = terminal_style(TleLayout::source);
  style.coverage = coverage;
  CatalogPageWriter writer(format, style);
  writer.begin(out);
  const PageInfo page = run([&](const CatalogRecord& record) {
    writer.record(record, out);
    printer.maybe_flush();
  });
  writer.end(page, {}, out);
  report_coverage(format, coverage);
}

void print_set(Format format, TleLayout tle_layout, const ElementSet& set,
               events::SetQualityJudge* judge) {
  Printer printer;
  if (judge != nullptr) {
    write_set_answer(format, set, judge->flags(set), terminal_style(tle_layout, true),
                     printer.buffer());
  } else {
    write_set_answer(format, set, terminal_style(tle_layout), printer.buffer());
  }
}

void print_catalog_record(Format format, const CatalogRecord& record) {
  Printer printer;
  write_catalog_record_answer(format, record, terminal_style(TleLayout::source), printer.buffer());
}

}  // namespace gpq::cli
