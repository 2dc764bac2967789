// A byte-level scanner: tracks strings and escapes so braces inside names do not
// count, keeps only the bytes of the innermost open object.
#include "sync/parse/json_object_splitter.h"

#include <string>

namespace gpq::sync {
namespace {

using ObjectFn = std::function<void(std::string_view, std::uint64_t)>;
using ProblemFn = std::function<void(std::uint64_t, std::string_view)>;

class Splitter {
 public:
  Splitter(const ObjectFn& object, const ProblemFn& problem, JsonObjectSplitterLimits limits)
      : object_(object), problem_(problem), limits_(limits) {}

  // Scans the next bytes of the document.
  void feed(std::string_view chunk) {
    // Keep only the open candidate's bytes from earlier chunks.
    if (candidate_) {
      buffer_.erase(0, candidate_start_);
      candidate_start_ = 0;
    } else {
      buffer_.clear();
    }
    const std::size_t base = buffer_.size();
    buffer_.append(chunk);
    for (std::size_t i = base; i < buffer_.size(); ++i) {
      scan(i);
    }
  }

  void finish() {
    if (candidate_) {
      problem_(candidate_line_, "JSON object cut off at the end of the file");
    }
  }

 private:
  void scan(std::size_t i) {
    const char c = buffer_[i];
    if (c == '\n') {
      ++line_;
    }
    // Checked on every byte, strings included, so that an unclosed quote cannot grow the
    // buffer past the limit.
    if (candidate_ && i + 1 - candidate_start_ > limits_.max_object_bytes) {
      drop_candidate("JSON object larger than 1 MiB");
    }
    if (in_string_) {
      scan_string(c);
      return;
    }
    switch (c) {
      case '"':
        in_string_ = true;
        break;
      case '{':
      case '[':
        open(c, i);
        break;
      case '}':
        close_object(i);
        break;
      case ']':
        --depth_;
        break;
      default:
        break;
    }
  }

  void scan_string(char c) {
    if (escaped_) {
      escaped_ = false;
    } else if (c == '\\') {
      escaped_ = true;
    } else if (c == '"') {
      in_string_ = false;
    }
  }

  void open(char c, std::size_t i) {
    ++depth_;
    // An object inside an array is a record, and records are flat: one holding an object or
    // array is reported, not dropped unseen. A top-level object holding one is a wrapper
    // ({"data":[...]}).
    if (candidate_ && candidate_depth_ > 1) {
      drop_candidate("JSON object holding an object or array (records are flat)");
    } else if (c == '{' && ignored_depth_ == 0) {
      candidate_ = true;
      candidate_depth_ = depth_;
      candidate_start_ = i;
      candidate_line_ = line_;
    } else {
      candidate_ = false;
    }
  }

  void close_object(std::size_t i) {
    if (candidate_ && depth_ == candidate_depth_) {
      object_(std::string_view(buffer_).substr(candidate_start_, i + 1 - candidate_start_),
              candidate_line_);
      candidate_ = false;
    }
    if (depth_ == ignored_depth_) {
      ignored_depth_ = 0;
    }
    --depth_;
  }

  // Reports the open candidate and skips everything inside it.
  void drop_candidate(std::string_view why) {
    problem_(candidate_line_, why);
    ignored_depth_ = candidate_depth_;
    candidate_ = false;
  }

  const ObjectFn& object_;
  const ProblemFn& problem_;
  JsonObjectSplitterLimits limits_;
  std::string buffer_;
  bool in_string_ = false;
  bool escaped_ = false;
  int depth_ = 0;
  bool candidate_ = false;  // an open object with nothing nested so far
  int candidate_depth_ = 0;
  int ignored_depth_ = 0;  // a record holding an object or array: nothing inside it is read
  std::size_t candidate_start_ = 0;  // in buffer_
  std::uint64_t candidate_line_ = 0;
  std::uint64_t line_ = 1;
};

}  // namespace

void split_json_objects(ByteStream& in, const ObjectFn& object, const ProblemFn& problem,
                        JsonObjectSplitterLimits limits) {
  Splitter splitter(object, problem, limits);
  std::string chunk(1 << 16, '\0');
  for (;;) {
    const std::size_t got = in.read(chunk.data(), chunk.size());
    if (got == 0) {
      break;
    }
    splitter.feed(std::string_view(chunk.data(), got));
  }
  splitter.finish();
}

}  // namespace gpq::sync
