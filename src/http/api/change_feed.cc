#include "http/api/change_feed.h"

#include <chrono>
#include <exception>
#include <memory>
#include <string>

#include <fmt/core.h>
#include <httplib.h>

#include "core/request_output.h"
#include "http/api/compression.h"
#include "storage/change_reader.h"

namespace gpq::http {
namespace {

// A whole number >= 0 from parameter `name` (absent: 0), or the 400 that says what it must be.
std::optional<std::int64_t> whole_param(const httplib::Request& req, const char* name,
                                        std::int64_t most, std::optional<Reply>& refusal) {
  if (!req.has_param(name)) {
    return 0;
  }
  const std::optional<std::int64_t> value = detail::parse_whole(req.get_param_value(name));
  if (!value || *value > most) {
    refusal =
        error_reply(Errc::bad_request,
                    fmt::format("parameter '{}' must be a whole number from 0 to {}", name, most));
    return std::nullopt;
  }
  return value;
}

}  // namespace

std::optional<Reply> stream_changes(const httplib::Request& req, httplib::Response& res,
                                    const std::filesystem::path& path,
                                    const std::atomic<bool>& stopping,
                                    std::shared_ptr<void> while_open) {
  constexpr std::int64_t kLargest = 999'999'999'999'999'999;
  std::optional<Reply> refusal;
  const auto after = whole_param(req, "after", kLargest, refusal);
  const auto runs_from = whole_param(req, "runs_from", kLargest, refusal);
  const auto wait = whole_param(req, "wait", kMaxChangeWaitSeconds, refusal);
  if (refusal) {
    return refusal;
  }
  const storage::ChangeRequest request{*after, *runs_from};
  const bool gzip = accepts_gzip(req.get_header_value("Accept-Encoding"));
  if (gzip) {
    res.set_header("Content-Encoding", "gzip");
  }
  res.set_header("Cache-Control", "no-store");
  res.set_chunked_content_provider(
      "application/vnd.gpq.changes",
      [path, request, gzip, &stopping, wait = std::chrono::seconds(*wait),
       while_open = std::move(while_open)](std::size_t, httplib::DataSink& sink) {
        try {
          if (wait.count() > 0) {
            storage::wait_for_generation(path, request.after, wait,
                                         [&stopping] { return stopping.load(); });
          }
          std::unique_ptr<GzipWriter> packer = gzip ? std::make_unique<GzipWriter>() : nullptr;
          bool gone = false;
          const auto emit = [&](std::string_view piece) {
            const std::string_view bytes = packer ? packer->add(piece) : piece;
            gone = !bytes.empty() && !sink.write(bytes.data(), bytes.size());
            return !gone;
          };
          storage::read_changes(path, request, emit);
          if (gone) {
            return false;
          }
          if (packer) {
            const std::string_view rest = packer->finish();
            if (!sink.write(rest.data(), rest.size())) {
              return false;
            }
          }
          sink.done();
          return true;
        } catch (const std::exception&) {
          // Cut short without the stream's end frame: the replica applies nothing.
          return false;
        }
      });
  return std::nullopt;
}

}  // namespace gpq::http
