// The reply to an admitted request: kept replies reused while the data generation holds,
// others computed by the endpoint functions, every exception turned into an error reply.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include <httplib.h>

#include "gpq/query_service.h"

#include "http/api/endpoints.h"
#include "http/api/generation_watch.h"
#include "http/api/reply_cache.h"
#include "http/api/routes.h"

namespace gpq::http {

// What answer() gives: the reply, the ETag of its body when its status is 200, and whether it
// came from the reply cache.
struct Answer {
  Reply reply;
  std::string etag;
  bool cached = false;
};

// The reply cache's figures since start, for the metrics.
struct CacheFigures {
  std::uint64_t hits = 0;
  std::uint64_t misses = 0;
  std::size_t bytes = 0;
};

class Responder {
 public:
  // `core` must outlive this object. `public_url` (may be empty) is the base of pagination
  // links.
  Responder(const QueryService& core, std::string public_url, ApiSettings settings);

  // Before the first answer(): the server's own URL, the base of pagination links when there
  // is neither public_url nor a Host header, and the start of the generation watch's thread.
  void start(std::string listen_url);

  // Thread-safe once start() has returned. Never throws for a failure of the query: a 4xx
  // of the core becomes its error reply, anything else a 500 (internal_error).
  Answer answer(const httplib::Request& req, const Route& route);
  // Any thread.
  CacheFigures cache_figures();

 private:
  // The reply kept for this request, or null when replies of its endpoint are not kept or the
  // generation is unknown; a miss is computed and kept (errors are not). `hit`: it was kept.
  std::shared_ptr<const CachedReply> cached(const httplib::Request& req, const Route& route,
                                            bool& hit);
  Reply compute(const httplib::Request& req, const Route& route);

  const QueryService& core_;
  std::string public_url_;
  ApiSettings settings_;
  std::string listen_url_;
  ReplyCache replies_;
  std::atomic<std::uint64_t> hits_{0};
  std::atomic<std::uint64_t> misses_{0};
  std::unique_ptr<GenerationWatch> generation_;  // from start()
};

// The 500 reply; `detail` goes to stderr (the server's log), never to the client.
Reply internal_error(std::string_view detail);

}  // namespace gpq::http
