#include "support/fake_upstream.h"

#include <chrono>
#include <functional>

#include <httplib.h>

namespace gpq::test {
namespace {

std::string etag_of(const std::string& body) {
  return "\"" + std::to_string(std::hash<std::string>{}(body)) + "\"";
}

std::string content_type_of(const std::string& target) {
  if (target.find("FORMAT=csv") != std::string::npos || target.ends_with(".csv")) {
    return "text/csv";
  }
  return target.find("/format/json") != std::string::npos ? "application/json" : "text/plain";
}

const char* const kViolation =
    "{\"error\":\"You've violated your query rate limit. Please refer to our Acceptable Use "
    "Policy (https://www.space-track.org/documentation#/user_agree) for more information.\"}";

void answer_rate_limit(Misbehaviour how, httplib::Response& res) {
  if (how == Misbehaviour::status_429) {
    res.status = 429;
    res.set_header("Retry-After", "1");
    res.set_content("Too Many Requests", "text/plain");
  } else {
    res.status = 500;
    res.set_content(kViolation, "application/json");
  }
}

}  // namespace

FakeUpstream::FakeUpstream() : server_(std::make_unique<httplib::Server>()) {
  server_->set_keep_alive_timeout(1);
  server_->Post("/ajaxauth/login", [this](const httplib::Request& req, httplib::Response& res) {
    const Misbehaviour trouble = take_trouble("/ajaxauth/login");
    const std::lock_guard lock(mutex_);
    ++seen_["/ajaxauth/login"];
    if (log_spacetrack("/ajaxauth/login")) {
      answer_rate_limit(Misbehaviour::rate_limit_500, res);
      return;
    }
    if (trouble == Misbehaviour::status_500) {
      res.status = 500;
      res.set_content("Internal Server Error", "text/plain");
      return;
    }
    if (trouble == Misbehaviour::status_429 || trouble == Misbehaviour::rate_limit_500) {
      answer_rate_limit(trouble, res);
      return;
    }
    if (!identity_.empty() && req.get_param_value("identity") == identity_ &&
        req.get_param_value("password") == password_) {
      res.set_header("Set-Cookie", "chocolatechip=" + session_ + "; path=/; HttpOnly");
      res.set_content("\"\"", "application/json");
    } else {
      res.set_content("{\"Login\":\"Failed\"}", "application/json");
    }
  });
  server_->set_pre_routing_handler([this](const httplib::Request& req, httplib::Response& res) {
    if (req.method != "GET") {
      return httplib::Server::HandlerResponse::Unhandled;
    }
    std::string target = req.path;
    if (!req.params.empty()) {
      std::string query;
      for (const auto& [name, value] : req.params) {
        query += (query.empty() ? "?" : "&") + name + "=" + value;
      }
      target += query;
    }
    const Misbehaviour trouble = take_trouble(target);
    std::string body;
    {
      const std::lock_guard lock(mutex_);
      ++seen_[target];
      if ((target.starts_with("/basicspacedata/") || target.starts_with("/ajaxauth/")) &&
          log_spacetrack(target)) {
        answer_rate_limit(Misbehaviour::rate_limit_500, res);
        return httplib::Server::HandlerResponse::Handled;
      }
      if (target == "/ajaxauth/logout") {
        session_ += "x";  // the cookie no longer works
        res.set_content("\"Successfully logged out\"", "application/json");
        return httplib::Server::HandlerResponse::Handled;
      }
      if (target.starts_with("/basicspacedata/") &&
          req.get_header_value("Cookie").find("chocolatechip=" + session_) == std::string::npos) {
        res.status = 401;
        res.set_content("{\"error\":\"You must be logged in to complete this action\"}",
                        "application/json");
        return httplib::Server::HandlerResponse::Handled;
      }
      const auto found = bodies_.find(target);
      if (found == bodies_.end()) {
        res.status = 404;
        res.set_content("No such resource: " + target, "text/plain");
        return httplib::Server::HandlerResponse::Handled;
      }
      body = found->second;
    }
    const std::string etag = etag_of(body);
    switch (trouble) {
      case Misbehaviour::status_500:
        res.status = 500;
        res.set_content("Internal Server Error", "text/plain");
        return httplib::Server::HandlerResponse::Handled;
      case Misbehaviour::status_403:
        res.status = 403;
        res.set_content("Forbidden", "text/plain");
        return httplib::Server::HandlerResponse::Handled;
      case Misbehaviour::status_429:
      case Misbehaviour::rate_limit_500:
        answer_rate_limit(trouble, res);
        return httplib::Server::HandlerResponse::Handled;
      case Misbehaviour::not_updated_403:
        res.status = 403;
        res.set_content("GP data has not updated since your last successful download of " + target +
                            " at 2026-11-23 06:00:00 UTC. Data is updated once every "
                            "2 hours.",
                        "text/plain");
        return httplib::Server::HandlerResponse::Handled;
      case Misbehaviour::expired_session: {
        const std::lock_guard lock(mutex_);
        session_ += "x";  // the old cookie no longer works
        res.status = 401;
        res.set_content("{\"error\":\"You must be logged in to complete this action\"}",
                        "application/json");
        return httplib::Server::HandlerResponse::Handled;
      }
      case Misbehaviour::truncated_body:
        body.resize(body.size() / 2);
        break;
      case Misbehaviour::cut_mid_body: {
        const std::size_t total = body.size();
        res.set_content_provider(total, content_type_of(target),
                                 [body](std::size_t offset, std::size_t, httplib::DataSink& sink) {
                                   if (offset >= body.size() / 2) {
                                     return false;  // the connection is dropped here
                                   }
                                   sink.write(body.data(), body.size() / 2);
                                   return true;
                                 });
        return httplib::Server::HandlerResponse::Handled;
      }
      case Misbehaviour::slow_trickle:
        res.set_content_provider(body.size(), content_type_of(target),
                                 [body](std::size_t offset, std::size_t, httplib::DataSink& sink) {
                                   std::this_thread::sleep_for(std::chrono::milliseconds(200));
                                   sink.write(body.data() + offset, 1);
                                   return true;
                                 });
        return httplib::Server::HandlerResponse::Handled;
      case Misbehaviour::none:
        break;
    }
    if (req.get_header_value("If-None-Match") == etag) {
      res.status = 304;
      return httplib::Server::HandlerResponse::Handled;
    }
    res.set_header("ETag", etag);
    res.set_content(body, content_type_of(target));
    return httplib::Server::HandlerResponse::Handled;
  });
  port_ = server_->bind_to_any_port("127.0.0.1");
  thread_ = std::thread([this] { server_->listen_after_bind(); });
  while (!server_->is_running()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

FakeUpstream::~FakeUpstream() {
  server_->stop();
  thread_.join();
}

std::string FakeUpstream::url() const {
  return "http://127.0.0.1:" + std::to_string(port_);
}

void FakeUpstream::serve(const std::string& target, std::string body) {
  const std::lock_guard lock(mutex_);
  bodies_[target] = std::move(body);
}

void FakeUpstream::misbehave(const std::string& prefix, Misbehaviour how, int times) {
  const std::lock_guard lock(mutex_);
  troubles_[prefix] = {how, times};
}

void FakeUpstream::accept_login(const std::string& identity, const std::string& password) {
  const std::lock_guard lock(mutex_);
  identity_ = identity;
  password_ = password;
}

int FakeUpstream::requests(const std::string& prefix) const {
  const std::lock_guard lock(mutex_);
  int count = 0;
  for (const auto& [target, n] : seen_) {
    count += target.starts_with(prefix) ? n : 0;
  }
  return count;
}

std::vector<ReceivedRequest> FakeUpstream::spacetrack_log() const {
  const std::lock_guard lock(mutex_);
  return spacetrack_log_;
}

int FakeUpstream::violations() const {
  const std::lock_guard lock(mutex_);
  return violations_;
}

bool FakeUpstream::log_spacetrack(const std::string& target) {
  const auto now = std::chrono::steady_clock::now();
  spacetrack_log_.push_back({target, now});
  int last_minute = 0;
  int last_hour = 0;
  for (const ReceivedRequest& earlier : spacetrack_log_) {
    last_minute += now - earlier.at < std::chrono::minutes(1) ? 1 : 0;
    last_hour += now - earlier.at < std::chrono::hours(1) ? 1 : 0;
  }
  // Space-Track allows fewer than 30 a minute and 300 an hour.
  const bool over = last_minute >= 30 || last_hour >= 300;
  violations_ += over ? 1 : 0;
  return over;
}

Misbehaviour FakeUpstream::take_trouble(const std::string& target) {
  const std::lock_guard lock(mutex_);
  for (auto& [prefix, trouble] : troubles_) {
    if (target.starts_with(prefix) && trouble.times != 0 && trouble.how != Misbehaviour::none) {
      if (trouble.times > 0) {
        --trouble.times;
      }
      return trouble.how;
    }
  }
  return Misbehaviour::none;
}

}  // namespace gpq::test
