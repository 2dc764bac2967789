// Where CLI results go: stdout in large writes, the default format for a
// terminal or a pipe, and the streaming of long lists in flat memory.
#pragma once

#include <cstdio>
#include <exception>
#include <functional>
#include <optional>
#include <string>

#include "gpq/format.h"
#include "gpq/query.h"

#include "events/set_quality.h"

namespace gpq::cli {

bool stdout_is_terminal();
// Columns of the terminal on stdout ($COLUMNS, then the tty), 100 when unknown.
int terminal_width();

// Colours only on a terminal, and never when NO_COLOR is set (no-color.org) or TERM=dumb.
bool stdout_wants_colour();

// Ends the process when stdout cannot be written: quietly (exit 0) for a closed pipe, else
// with a one-line message and exit code 1 (a full disk must never look like success).
[[noreturn]] void output_failed();
// Flushes stdout and calls output_failed() when anything written to it was lost.
void finish_output();

// Buffers output and writes it to stdout whenever it passes a threshold.
class Printer {
 public:
  Printer() { buffer_.reserve(kFlushBytes * 2); }
  // What is still buffered goes out unless an error is on its way: a failed command
  // prints its one-line error and no half document.
  ~Printer() {
    if (std::uncaught_exceptions() == exceptions_at_start_) {
      flush();
    }
  }
  Printer(const Printer&) = delete;
  Printer& operator=(const Printer&) = delete;
  Printer(Printer&&) = delete;
  Printer& operator=(Printer&&) = delete;

  std::string& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= kFlushBytes) {
      flush();
    }
  }
  void flush();

 private:
  static constexpr std::size_t kFlushBytes = 64 * 1024;
  std::string buffer_;
  int exceptions_at_start_ = std::uncaught_exceptions();
};

// Runs a list query and prints its rows in `format` as they arrive. `run` calls the
// query core with the visitor it is given and returns the pagination facts.
// `judge`: each set with its quality flags (--quality); may be null. `coverage` (--coverage):
// json's meta.coverage, else report_coverage()'s line.
using SetListRun = std::function<PageInfo(const SetVisitor&)>;
void print_set_list(Format format, TleLayout tle_layout, const SetListRun& run,
                    const HistoryMeta* meta, events::SetQualityJudge* judge = nullptr,
                    const std::optional<Coverage>& coverage = std::nullopt);

using CatalogListRun = std::function<PageInfo(const CatalogVisitor&)>;
void print_catalog_list(Format format, const CatalogListRun& run,
                        const std::optional<Coverage>& coverage = std::nullopt);

// An answer's coverage where its format has no place for it (all but json): one line on
// stderr, so that stdout stays the answer alone.
void report_coverage(Format format, const std::optional<Coverage>& coverage);

void print_set(Format format, TleLayout tle_layout, const ElementSet& set,
               events::SetQualityJudge* judge = nullptr);
void print_catalog_record(Format format, const CatalogRecord& record);

// A whole answer's style on this stdout: the terminal's width and colours, a line end after
// JSON.
AnswerStyle terminal_style(TleLayout tle_layout, bool quality = false);

}  // namespace gpq::cli
