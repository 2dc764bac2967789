// GET /api/v1/changes: the change stream replicas pull (docs/REPLICAS.md), for a key of
// scope replication (admission checks it). Translates the parameters and streams what
// storage reads; gzip when the replica takes it.
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>
#include <optional>

#include "http/api/endpoints.h"

namespace httplib {
struct Request;
struct Response;
}  // namespace httplib

namespace gpq::http {

// The longest long poll (`wait`): a replica asks again after it.
inline constexpr int kMaxChangeWaitSeconds = 60;

// Sets up `res` to stream the changes of the database at `path`; or, for parameters that
// are not valid, returns the 400 reply to send instead.
// A long poll ends early once `stopping` is set (the server is shutting down). `while_open` is
// held until the stream ends (the server counts open streams with it).
std::optional<Reply> stream_changes(const httplib::Request& req, httplib::Response& res,
                                    const std::filesystem::path& path,
                                    const std::atomic<bool>& stopping,
                                    std::shared_ptr<void> while_open = nullptr);

}  // namespace gpq::http
