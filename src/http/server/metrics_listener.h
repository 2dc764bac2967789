// /metrics on an address of its own (`gpq serve --metrics-listen`): Prometheus scrapes it
// without a key, so it belongs on an address only the monitoring reaches. One thread serving
// one path; its requests never meet the API's limits or its log.
#pragma once

#include <functional>
#include <string>
#include <thread>

#include <httplib.h>

namespace gpq::http {

class MetricsListener {
 public:
  // The exposition, written when a scrape comes (any thread).
  using Exposition = std::function<std::string()>;

  // Binds `host`:`port` (0: any free port) and serves at once. Throws Error{bad_request} when
  // the address cannot be bound.
  MetricsListener(const std::string& host, int port, Exposition exposition);
  // Stops serving and joins its thread.
  ~MetricsListener();
  MetricsListener(const MetricsListener&) = delete;
  MetricsListener& operator=(const MetricsListener&) = delete;
  MetricsListener(MetricsListener&&) = delete;
  MetricsListener& operator=(MetricsListener&&) = delete;

  // "http://127.0.0.1:9464/metrics"
  const std::string& url() const { return url_; }

 private:
  httplib::Server server_;
  std::string url_;
  std::thread thread_;
};

}  // namespace gpq::http
