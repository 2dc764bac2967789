// A byte-level scanner: tracks strings and escapes so braces inside names do not
// count, keeps only the bytes of the innermost open object.
#include "sync/parse/json_object_splitter.h"

#include <string>

namespace gpq::sync {

void split_json_objects(ByteStream& in,
                        const std::function<void(std::string_view, std::uint64_t)>& object,
                        const std::function<void(std::uint64_t, std::string_view)>& problem,
                        JsonObjectSplitterLimits limits) {
  std::string buffer;
  std::string chunk(1 << 16, '\0');
  bool in_string = false;
  bool escaped = false;
  int depth = 0;
  bool candidate = false;  // an open object with nothing nested so far
  int candidate_depth = 0;
  int ignored_depth = 0;  // a record holding an object or array: nothing inside it is read
  std::size_t candidate_start = 0;  // in buffer
  std::uint64_t candidate_line = 0;
  std::uint64_t line = 1;
  for (;;) {
    const std::size_t got = in.read(chunk.data(), chunk.size());
    if (got == 0) {
      break;
    }
    // Keep only the open candidate's bytes from earlier chunks.
    if (candidate) {
      buffer.erase(0, candidate_start);
      candidate_start = 0;
    } else {
      buffer.clear();
    }
    const std::size_t base = buffer.size();
    buffer.append(chunk.data(), got);
    for (std::size_t i = base; i < buffer.size(); ++i) {
      const char c = buffer[i];
      if (c == '\n') {
        ++line;
      }
      // Checked on every byte, strings included, so that an unclosed quote cannot grow the
      // buffer past the limit.
      if (candidate && i + 1 - candidate_start > limits.max_object_bytes) {
        problem(candidate_line, "JSON object larger than 1 MiB");
        ignored_depth = candidate_depth;
        candidate = false;
      }
      if (in_string) {
        if (escaped) {
          escaped = false;
        } else if (c == '\\') {
          escaped = true;
        } else if (c == '"') {
          in_string = false;
        }
        continue;
      }
      switch (c) {
        case '"':
          in_string = true;
          break;
        case '{':
        case '[':
          ++depth;
          // An object inside an array is a record, and records are flat: one holding an
          // object or array is reported, not dropped unseen. A top-level object holding
          // one is a wrapper ({"data":[...]}).
          if (candidate && candidate_depth > 1) {
            problem(candidate_line, "JSON object holding an object or array (records are flat)");
            ignored_depth = candidate_depth;
            candidate = false;
          } else if (c == '{' && ignored_depth == 0) {
            candidate = true;
            candidate_depth = depth;
            candidate_start = i;
            candidate_line = line;
          } else {
            candidate = false;
          }
          break;
        case '}':
          if (candidate && depth == candidate_depth) {
            object(std::string_view(buffer).substr(candidate_start, i + 1 - candidate_start),
                   candidate_line);
            candidate = false;
          }
          if (depth == ignored_depth) {
            ignored_depth = 0;
          }
          --depth;
          break;
        case ']':
          --depth;
          break;
        default:
          break;
      }
    }
  }
  if (candidate) {
    problem(candidate_line, "JSON object cut off at the end of the file");
  }
}

}  // namespace gpq::sync
