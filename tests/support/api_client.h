// A real HTTP client for the API (cpp-httplib), one keep-alive connection. Every exchange
// is also appended to $GPQ_RESPONSE_LOG_DIR/responses-<pid>.jsonl when that is set, so
// that tests/openapi/validate.mjs can check each response against api/openapi.json.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace httplib {
class Client;
}

namespace gpq::test {

using HeaderList = std::vector<std::pair<std::string, std::string>>;

struct HttpResult {
  int status = 0;      // 0: no response (connection failed)
  HeaderList headers;  // names as sent by the server
  std::string body;    // decompressed unless raw bodies were asked for

  // The first header of that name (any case), or "".
  std::string header(std::string_view name) const;
  bool has_header(std::string_view name) const;
};

class ApiClient {
 public:
  ApiClient(const std::string& host, int port, std::string api_key = {});
  ~ApiClient();
  ApiClient(const ApiClient&) = delete;
  ApiClient& operator=(const ApiClient&) = delete;
  ApiClient(ApiClient&&) = delete;
  ApiClient& operator=(ApiClient&&) = delete;

  // `target` is a path and query, already percent-encoded ("/api/v1/gp?search=ISS").
  HttpResult get(const std::string& target, const HeaderList& headers = {});
  HttpResult request(const std::string& method, const std::string& target,
                     const HeaderList& headers = {});

  // Keep gzip bodies as sent (default: decompressed).
  void keep_raw_bodies();
  void set_key(std::string key) { key_ = std::move(key); }

 private:
  void record(const std::string& method, const std::string& target, const HttpResult& result);

  std::unique_ptr<httplib::Client> client_;
  std::string key_;
  bool raw_ = false;
};

// The body of a GET of an absolute http://HOST:PORT/PATH URL outside the API (a server's
// /metrics, its page), not recorded for the OpenAPI check; "" and a test failure when it
// does not answer 200.
std::string fetch_url(const std::string& url);

}  // namespace gpq::test
