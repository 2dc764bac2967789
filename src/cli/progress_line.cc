#include "cli/progress_line.h"

#include <cstdio>
#include <string>
#include <sys/ioctl.h>
#include <unistd.h>

namespace gpq::cli {
namespace {

constexpr auto kMinInterval = std::chrono::milliseconds(100);

std::size_t stderr_width() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 1) {
    return size.ws_col - 1U;  // the last column would wrap on some terminals
  }
  return 79;
}

}  // namespace

ProgressLine::ProgressLine(bool quiet)
    : enabled_(!quiet && isatty(STDERR_FILENO) == 1), started_(std::chrono::steady_clock::now()) {}

ProgressLine::~ProgressLine() {
  clear();
}

void ProgressLine::show(std::string_view text) {
  if (!enabled_) {
    return;
  }
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_shown_ < kMinInterval) {
    return;
  }
  last_shown_ = now;
  shown_ = true;
  std::string line = "\r";
  line += text.substr(0, stderr_width());
  line += "\x1b[K";  // erase what a longer previous line left
  std::fwrite(line.data(), 1, line.size(), stderr);
  std::fflush(stderr);
}

void ProgressLine::clear() {
  if (shown_) {
    std::fputs("\r\x1b[K", stderr);
    std::fflush(stderr);
    shown_ = false;
  }
}

double ProgressLine::rate(double count) const {
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - started_;
  return elapsed.count() > 0 ? count / elapsed.count() : 0.0;
}

}  // namespace gpq::cli
