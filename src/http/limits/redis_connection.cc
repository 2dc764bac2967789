#include "http/limits/redis_connection.h"

#include <hiredis/hiredis.h>
#include <sys/time.h>

#include <fmt/core.h>

namespace gpq::http {
namespace {

timeval timeval_of(std::chrono::milliseconds duration) {
  timeval value{};
  value.tv_sec = static_cast<decltype(value.tv_sec)>(duration.count() / 1000);
  value.tv_usec = static_cast<decltype(value.tv_usec)>((duration.count() % 1000) * 1000);
  return value;
}

RedisReply convert(const redisReply& raw) {
  RedisReply reply;
  switch (raw.type) {
    case REDIS_REPLY_INTEGER:
      reply.type = RedisReply::Type::integer;
      reply.integer = raw.integer;
      break;
    case REDIS_REPLY_STRING:
      reply.type = RedisReply::Type::text;
      reply.text.assign(raw.str, raw.len);
      break;
    case REDIS_REPLY_STATUS:
      reply.type = RedisReply::Type::status;
      reply.text.assign(raw.str, raw.len);
      break;
    case REDIS_REPLY_ERROR:
      reply.type = RedisReply::Type::error;
      reply.text.assign(raw.str, raw.len);
      break;
    case REDIS_REPLY_ARRAY:
      reply.type = RedisReply::Type::array;
      reply.elements.reserve(raw.elements);
      for (std::size_t i = 0; i < raw.elements; ++i) {
        reply.elements.push_back(convert(*raw.element[i]));
      }
      break;
    default:
      reply.type = RedisReply::Type::nil;
  }
  return reply;
}

}  // namespace

RedisConnection::RedisConnection(const RedisEndpoint& endpoint, RedisTimeouts timeouts)
    : address_(endpoint.display) {
  const timeval connect_timeout = timeval_of(timeouts.connect);
  context_ = endpoint.socket_path.empty()
                 ? redisConnectWithTimeout(endpoint.host.c_str(), endpoint.port, connect_timeout)
                 : redisConnectUnixWithTimeout(endpoint.socket_path.c_str(), connect_timeout);
  if (context_ == nullptr || context_->err != 0) {
    const std::string why = context_ != nullptr ? context_->errstr : "out of memory";
    redisFree(context_);
    context_ = nullptr;
    throw RedisUnavailable(fmt::format("Redis at {}: {}", address_, why));
  }
  redisSetTimeout(context_, timeval_of(timeouts.command));
  if (!endpoint.password.empty()) {
    if (endpoint.user.empty()) {
      checked({"AUTH", endpoint.password});
    } else {
      checked({"AUTH", endpoint.user, endpoint.password});
    }
  }
  if (endpoint.database != 0) {
    const std::string database = std::to_string(endpoint.database);
    checked({"SELECT", database});
  }
}

RedisConnection::~RedisConnection() {
  redisFree(context_);
}

RedisReply RedisConnection::command(const std::vector<std::string_view>& args) {
  if (broken_) {
    throw RedisUnavailable(fmt::format("Redis at {}: connection broken", address_));
  }
  std::vector<const char*> pointers;
  std::vector<std::size_t> lengths;
  pointers.reserve(args.size());
  lengths.reserve(args.size());
  for (const std::string_view arg : args) {
    pointers.push_back(arg.data());
    lengths.push_back(arg.size());
  }
  auto* raw = static_cast<redisReply*>(
      redisCommandArgv(context_, static_cast<int>(args.size()), pointers.data(), lengths.data()));
  if (raw == nullptr) {
    // hiredis cannot reuse a context after an I/O error or a timeout: the reply may still come.
    broken_ = true;
    throw RedisUnavailable(fmt::format("Redis at {}: {}", address_,
                                       context_->err != 0 ? context_->errstr : "no reply"));
  }
  RedisReply reply = convert(*raw);
  freeReplyObject(raw);
  return reply;
}

RedisReply RedisConnection::checked(const std::vector<std::string_view>& args) {
  RedisReply reply = command(args);
  if (reply.is_error()) {
    throw RedisUnavailable(fmt::format("Redis at {}: {}", address_, reply.text));
  }
  return reply;
}

std::unique_ptr<RedisConnection> RedisPool::lease() {
  {
    const std::lock_guard lock(mutex_);
    if (std::chrono::steady_clock::now() < retry_at_) {
      throw RedisUnavailable(fmt::format("Redis at {}: down, retrying shortly", endpoint_.display));
    }
    if (!idle_.empty()) {
      std::unique_ptr<RedisConnection> connection = std::move(idle_.back());
      idle_.pop_back();
      return connection;
    }
  }
  try {
    return std::make_unique<RedisConnection>(endpoint_, timeouts_);
  } catch (const RedisUnavailable&) {
    failed();
    throw;
  }
}

void RedisPool::succeeded(std::unique_ptr<RedisConnection> connection) {
  const std::lock_guard lock(mutex_);
  failures_in_a_row_ = 0;
  if (!connection->broken()) {
    idle_.push_back(std::move(connection));
  }
}

void RedisPool::failed() {
  constexpr int kFailuresBeforeBackoff = 3;
  const std::lock_guard lock(mutex_);
  if (++failures_in_a_row_ < kFailuresBeforeBackoff) {
    return;
  }
  retry_at_ = std::chrono::steady_clock::now() + backoff_;
  // Connections made before the outage may be to a server that restarted since: start afresh.
  idle_.clear();
}

}  // namespace gpq::http
