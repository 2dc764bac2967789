#include "support/api_client.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <unistd.h>

#include <gtest/gtest.h>
#include <httplib.h>

#include "format/json_writer.h"

namespace gpq::test {
namespace {

bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string lower(std::string text) {
  for (char& c : text) {
    c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return text;
}

}  // namespace

std::string HttpResult::header(std::string_view name) const {
  for (const auto& [key, value] : headers) {
    if (same_name(key, name)) {
      return value;
    }
  }
  return {};
}

bool HttpResult::has_header(std::string_view name) const {
  return std::any_of(headers.begin(), headers.end(),
                     [&](const auto& h) { return same_name(h.first, name); });
}

ApiClient::ApiClient(const std::string& host, int port, std::string api_key)
    : client_(std::make_unique<httplib::Client>(host, port)), key_(std::move(api_key)) {
  client_->set_url_encode(false);
  client_->set_keep_alive(true);
  client_->set_read_timeout(30, 0);
}

ApiClient::~ApiClient() = default;

void ApiClient::keep_raw_bodies() {
  client_->set_decompress(false);
  raw_ = true;
}

HttpResult ApiClient::get(const std::string& target, const HeaderList& headers) {
  return request("GET", target, headers);
}

HttpResult ApiClient::request(const std::string& method, const std::string& target,
                              const HeaderList& headers) {
  httplib::Request req;
  req.method = method;
  req.path = target;
  if (!key_.empty()) {
    req.headers.emplace("X-Api-Key", key_);
  }
  for (const auto& [name, value] : headers) {
    req.headers.emplace(name, value);
  }
  HttpResult result;
  if (auto res = client_->send(req)) {
    result.status = res->status;
    result.body = res->body;
    for (const auto& [name, value] : res->headers) {
      result.headers.emplace_back(name, value);
    }
  }
  record(method, target, result);
  return result;
}

void ApiClient::record(const std::string& method, const std::string& target,
                       const HttpResult& result) {
  const char* dir = std::getenv("GPQ_RESPONSE_LOG_DIR");
  if (dir == nullptr || *dir == '\0' || result.status == 0 || raw_) {
    return;  // raw gzip bodies are not text
  }
  const std::size_t question = target.find('?');
  std::string line = "{\"method\":";
  json::append_string(method, line);
  line += ",\"path\":";
  json::append_string(target.substr(0, question), line);
  line += ",\"query\":";
  json::append_string(question == std::string::npos ? "" : target.substr(question + 1), line);
  line += ",\"status\":" + std::to_string(result.status) + ",\"headers\":{";
  bool first = true;
  for (const auto& [name, value] : result.headers) {
    line += first ? "" : ",";
    first = false;
    json::append_string(lower(name), line);
    line += ':';
    json::append_string(value, line);
  }
  line += "},\"body\":";
  json::append_string(result.body, line);
  line += "}\n";
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
  std::ofstream(std::string(dir) + "/responses-" + std::to_string(getpid()) + ".jsonl",
                std::ios::app)
      << line;
}

std::string fetch_url(const std::string& url) {
  const std::regex parts(R"(http://([0-9.]+):([0-9]+)(/.*))");
  std::smatch match;
  if (!std::regex_match(url, match, parts)) {
    ADD_FAILURE() << "not a URL: " << url;
    return {};
  }
  httplib::Client client(match[1].str(), std::stoi(match[2]));
  const auto result = client.Get(match[3].str());
  if (!result || result->status != 200) {
    ADD_FAILURE() << "GET " << url << " failed";
    return {};
  }
  return result->body;
}

}  // namespace gpq::test
