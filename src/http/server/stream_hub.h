// The open event streams of /api/v1/stream (docs/STREAM.md), on one thread of their own: a
// stream holds a socket and a buffer here, never a worker thread, so a thousand followers cost
// a thousand descriptors. The hub looks for new change events every 100 ms, renders each
// once, and writes it, as a chunk of the answer, to every stream whose filter admits it.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>

#include "gpq/change_event.h"
#include "gpq/query_service.h"

namespace gpq::http {

struct StreamLimits {
  std::chrono::milliseconds keep_alive{15'000};  // a comment when nothing was sent this long
  std::size_t per_key = 10;                      // streams a key may hold open at once
  std::size_t buffered_bytes = 4 << 20;          // a client further behind is closed
};

// Where a new stream starts.
struct StreamStart {
  std::int64_t key = 0;  // 0: no key (--no-auth)
  ChangeFilter filter;
  std::optional<std::int64_t> last_event_id;  // none: from the next change on
};

class StreamHub {
 public:
  // `database` is read on a connection of the hub's own; `core` renders the events and must
  // outlive the hub.
  StreamHub(const std::filesystem::path& database, const QueryService& core, StreamLimits limits);
  ~StreamHub();  // stops the thread and ends every stream
  StreamHub(const StreamHub&) = delete;
  StreamHub& operator=(const StreamHub&) = delete;
  StreamHub(StreamHub&&) = delete;
  StreamHub& operator=(StreamHub&&) = delete;

  void start();
  // Ends every stream with the chunked answer's last chunk, and stops the thread.
  void stop();

  // Whether `key` may open one more stream.
  bool admits(std::int64_t key) const;
  // Takes over `fd` (non-blocking), whose answer's head (chunked) has been written.
  void adopt(int fd, StreamStart start);
  // Streams open now; any thread.
  std::size_t open() const noexcept;

 private:
  class Loop;
  std::unique_ptr<Loop> loop_;
};

}  // namespace gpq::http
