#include "format/process_log.h"

#include <atomic>
#include <cstdio>
#include <string>

#include "gpq/time.h"

#include "format/json_writer.h"

namespace gpq {
namespace {

std::atomic<LogFormat> format{LogFormat::text};

}  // namespace

void set_process_log_format(LogFormat chosen) {
  format.store(chosen, std::memory_order_relaxed);
}

LogFormat process_log_format() {
  return format.load(std::memory_order_relaxed);
}

void log_message(std::string_view level, std::string_view text) {
  std::string line;
  if (process_log_format() == LogFormat::json) {
    line += "{\"time\":";
    json::append_time(system_now(), line);
    line += ",\"level\":";
    json::append_string(level, line);
    line += ",\"message\":";
    json::append_string(text, line);
    line += "}\n";
  } else {
    line += "gpq serve: ";
    line += text;
    line += '\n';
  }
  // One write, so that lines of two threads never interleave.
  std::fwrite(line.data(), 1, line.size(), stderr);
}

}  // namespace gpq
