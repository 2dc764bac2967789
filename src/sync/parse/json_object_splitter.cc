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
          ++depth;
          candidate = true;
          candidate_depth = depth;
          candidate_start = i;
          candidate_line = line;
          break;
        case '[':
          ++depth;
          candidate = false;
          break;
        case '}':
          if (candidate && depth == candidate_depth) {
            object(std::string_view(buffer).substr(candidate_start, i + 1 - candidate_start),
                   candidate_line);
            candidate = false;
          }
          --depth;
          break;
        case ']':
          --depth;
          break;
        default:
          break;
      }
      if (candidate && i + 1 - candidate_start > limits.max_object_bytes) {
        problem(candidate_line, "JSON object larger than 1 MiB");
        candidate = false;
      }
    }
  }
  if (candidate) {
    problem(candidate_line, "JSON object cut off at the end of the file");
  }
}

}  // namespace gpq::sync
