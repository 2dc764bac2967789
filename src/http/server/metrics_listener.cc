#include "http/server/metrics_listener.h"

#include <chrono>

#include <fmt/core.h>

#include "gpq/error.h"

namespace gpq::http {

// The media type of the text exposition format.
constexpr const char* kExpositionType = "text/plain; version=0.0.4; charset=utf-8";

MetricsListener::MetricsListener(const std::string& host, int port, Exposition exposition) {
  server_.Get("/metrics", [exposition = std::move(exposition)](const httplib::Request&,
                                                               httplib::Response& res) {
    res.set_content(exposition(), kExpositionType);
  });
  const int bound =
      port == 0 ? server_.bind_to_any_port(host) : (server_.bind_to_port(host, port) ? port : -1);
  if (bound < 0) {
    fail(Errc::bad_request,
         "--metrics-listen: cannot listen on {} port {}: in use, or not an "
         "address here",
         host, port);
  }
  const bool v6 = host.find(':') != std::string::npos;
  url_ = fmt::format("http://{}{}{}:{}/metrics", v6 ? "[" : "", host, v6 ? "]" : "", bound);
  thread_ = std::thread([this] { server_.listen_after_bind(); });
  // stop() does nothing to a server not yet running, which would then never return.
  while (!server_.is_running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

MetricsListener::~MetricsListener() {
  server_.stop();
  if (thread_.joinable()) {
    thread_.join();
  }
}

}  // namespace gpq::http
