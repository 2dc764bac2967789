// How `gpq serve` writes its logs (--access-log-format): one line of text, or one JSON object
// per line with stable field names (docs/SERVE.md "Logs"). The server's own messages (an error
// it recovers from, keys read again) go to stderr the same way: `gpq serve: TEXT`, or
// {"time":"...","level":"error","message":"TEXT"}.
#pragma once

#include <cstdint>
#include <string_view>

namespace gpq {

enum class LogFormat : std::uint8_t { text, json };

// Once, before the server's threads start.
void set_process_log_format(LogFormat format);
LogFormat process_log_format();

// One message of the server about itself; `level` is "info" or "error". Any thread: a message
// is written whole.
void log_message(std::string_view level, std::string_view text);

}  // namespace gpq
