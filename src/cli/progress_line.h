// One self-overwriting status line on stderr for long runs (imports, syncs). It shows only
// when stderr is a terminal and --quiet was not given, so cron mail and pipes stay clean.
#pragma once

#include <chrono>
#include <string_view>

namespace gpq::cli {

class ProgressLine {
 public:
  explicit ProgressLine(bool quiet);
  ~ProgressLine();  // clears the line
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;
  ProgressLine(ProgressLine&&) = delete;
  ProgressLine& operator=(ProgressLine&&) = delete;

  // Replaces the line with `text`, cut to the terminal width; at most ten times a second.
  void show(std::string_view text);

  // Removes the line, so that ordinary output can follow.
  void clear();

  // Sets per second since the line was created.
  double rate(double count) const;

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point started_;
  std::chrono::steady_clock::time_point last_shown_;
};

}  // namespace gpq::cli
