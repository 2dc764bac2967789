// Clients that hold connections without finishing a request: 1,000 that trickle their heads a
// byte a second or sit idle on keep-alive must not keep `gpq serve` from answering a normal
// client within a second, and must not hold its threads. Heads too slow get 408, too large
// 431/414, one address beyond its share of connections 503; pipelined requests are answered in
// order.
#include <arpa/inet.h>
#include <chrono>
#include <fstream>
#include <netinet/in.h>
#include <string>
#include <sys/resource.h>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/served_world.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

const std::string kHead = "GET /api/v1/gp/25544 HTTP/1.1\r\nHost: 127.0.0.1\r\n";

int connect_to(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (fd >= 0 && ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  const timeval limit{5, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
  return fd;
}

bool send_all(int fd, const std::string& bytes) {
  return ::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
}

// Reads until the server closes or is quiet for the socket's timeout.
std::string read_all(int fd) {
  std::string text;
  char buffer[16384];
  for (ssize_t n; (n = ::recv(fd, buffer, sizeof buffer, 0)) > 0;) {
    text.append(buffer, static_cast<std::size_t>(n));
  }
  return text;
}

// Reads one answer of a kept-alive connection: its head, then Content-Length bytes.
std::string read_answer(int fd) {
  std::string text;
  char buffer[16384];
  for (;;) {
    const std::size_t end = text.find("\r\n\r\n");
    if (end != std::string::npos) {
      const std::size_t at = text.find("Content-Length: ");
      const std::size_t length = at == std::string::npos ? 0 : std::stoul(text.substr(at + 16));
      if (text.size() >= end + 4 + length) {
        return text;
      }
    }
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      return text;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

int status_of(const std::string& answer) {
  return answer.starts_with("HTTP/1.1 ") ? std::stoi(answer.substr(9, 3)) : 0;
}

int threads_of(pid_t pid) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("Threads:")) {
      return std::stoi(line.substr(8));
    }
  }
  return -1;
}

class SlowClientsTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    rlimit limit{};
    ::getrlimit(RLIMIT_NOFILE, &limit);
    limit.rlim_cur = limit.rlim_max;  // this process holds the 1,000 connections
    ::setrlimit(RLIMIT_NOFILE, &limit);
  }

  void SetUp() override {
    ASSERT_EQ(run_gpq({"--db", db_.string(), "--quiet", "sync", "--from",
                       std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.csv"})
                  .exit_code,
              0);
  }

  void serve(std::vector<std::string> args) {
    args.emplace_back("--no-auth");
    args.insert(args.end(), kUnlimited.begin(), kUnlimited.end());
    server_ = std::make_unique<ServeProcess>(db_, args);
  }

  // A normal client on a new connection: answered 200 within a second.
  void expect_normal_client_served() {
    const auto start = Clock::now();
    ApiClient client(server_->host(), server_->port());
    EXPECT_EQ(client.get("/api/v1/gp/25544").status, 200);
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(1));
  }

  void TearDown() override {
    for (const int fd : held_) {
      ::close(fd);
    }
  }

  TempDir dir_;
  fs::path db_ = dir_.path() / "gpq.db";
  std::unique_ptr<ServeProcess> server_;
  std::vector<int> held_;
};

TEST_F(SlowClientsTest, AThousandTricklingAndIdleConnectionsHoldNoThread) {
  serve({"--threads", "16", "--keep-alive", "60"});
  expect_normal_client_served();
  const int idle_threads = threads_of(server_->pid());
  // 500 kept-alive connections that asked once and now sit idle, 500 that trickle a head.
  for (int i = 0; i < 500; ++i) {
    const int fd = connect_to(server_->port());
    ASSERT_GE(fd, 0) << "connection " << i;
    ASSERT_TRUE(send_all(fd, kHead + "\r\n"));
    ASSERT_EQ(status_of(read_answer(fd)), 200) << "connection " << i;
    held_.push_back(fd);
  }
  std::vector<int> tricklers;
  for (int i = 0; i < 500; ++i) {
    const int fd = connect_to(server_->port());
    ASSERT_GE(fd, 0) << "trickler " << i;
    ASSERT_TRUE(send_all(fd, "GET /api/v1/gp/25544 HTTP/1.1\r\n"));
    tricklers.push_back(fd);
    held_.push_back(fd);
  }
  // Three seconds of trickling, a byte a second each, while a normal client asks.
  for (int second = 0; second < 3; ++second) {
    for (const int fd : tricklers) {
      send_all(fd, "X");
    }
    expect_normal_client_served();
    std::this_thread::sleep_for(std::chrono::milliseconds(700));
  }
  // The connections hold descriptors, not threads.
  EXPECT_LE(threads_of(server_->pid()), idle_threads + 2);
  // The idle ones still work.
  ASSERT_TRUE(send_all(held_[0], kHead + "\r\n"));
  const std::string again = read_answer(held_[0]);
  EXPECT_EQ(status_of(again), 200) << again.substr(0, 300);
}

TEST_F(SlowClientsTest, AHeadTooSlowIs408AndTheConnectionCloses) {
  serve({"--timeout", "2"});
  const int fd = connect_to(server_->port());
  ASSERT_GE(fd, 0);
  held_.push_back(fd);
  const auto start = Clock::now();
  ASSERT_TRUE(send_all(fd, "GET /api/v1/gp/25544 HTTP/1.1\r\n"));
  // A byte a second: each arrives well within any per-read timeout, the head never ends.
  std::string answer;
  for (int i = 0; i < 6 && answer.empty(); ++i) {
    send_all(fd, "X");
    const timeval second{1, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &second, sizeof second);
    char buffer[4096];
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n > 0) {
      answer.assign(buffer, static_cast<std::size_t>(n));
    }
  }
  const auto waited = Clock::now() - start;
  EXPECT_EQ(status_of(answer), 408) << answer;
  EXPECT_NE(answer.find("\"error\":\"RequestTimeout\""), std::string::npos) << answer;
  EXPECT_GE(waited, std::chrono::milliseconds(1900));
  EXPECT_LT(waited, std::chrono::milliseconds(3500));
  expect_normal_client_served();
}

TEST_F(SlowClientsTest, OverLongHeaderLinesAre431AndRequestLines414) {
  serve({});
  const int header = connect_to(server_->port());
  ASSERT_GE(header, 0);
  held_.push_back(header);
  ASSERT_TRUE(send_all(header, kHead + "X-Long: " + std::string(9000, 'a') + "\r\n\r\n"));
  const std::string refused = read_all(header);
  EXPECT_EQ(status_of(refused), 431) << refused.substr(0, 300);
  EXPECT_NE(refused.find("RequestHeaderFieldsTooLarge"), std::string::npos);
  EXPECT_NE(refused.find("Connection: close"), std::string::npos);
  // Refused on its first 8 KiB, not read to its end: a header line that never ends.
  const int endless = connect_to(server_->port());
  ASSERT_GE(endless, 0);
  held_.push_back(endless);
  ASSERT_TRUE(send_all(endless, kHead + "X-Long: " + std::string(20000, 'a')));
  EXPECT_EQ(status_of(read_all(endless)), 431);
  const int line = connect_to(server_->port());
  ASSERT_GE(line, 0);
  held_.push_back(line);
  ASSERT_TRUE(send_all(line, "GET /api/v1/gp?search=" + std::string(9000, 'a')));
  EXPECT_EQ(status_of(read_all(line)), 414);
  expect_normal_client_served();
}

TEST_F(SlowClientsTest, OneAddressBeyondItsShareGets503) {
  serve({"--max-connections-per-address", "8"});
  for (int i = 0; i < 8; ++i) {
    const int fd = connect_to(server_->port());
    ASSERT_GE(fd, 0);
    held_.push_back(fd);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));  // all eight accepted
  const int ninth = connect_to(server_->port());
  ASSERT_GE(ninth, 0);
  held_.push_back(ninth);
  const std::string refused = read_all(ninth);
  EXPECT_EQ(status_of(refused), 503) << refused;
  EXPECT_NE(refused.find("TooManyConnections"), std::string::npos);
  EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos);
  // One closes: the address has room again.
  ::close(held_.front());
  held_.erase(held_.begin());
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  expect_normal_client_served();
}

TEST_F(SlowClientsTest, PipelinedRequestsAreAnsweredInOrder) {
  serve({});
  const int fd = connect_to(server_->port());
  ASSERT_GE(fd, 0);
  held_.push_back(fd);
  ASSERT_TRUE(send_all(fd, kHead + "\r\n" +
                               "GET /api/v1/gp/99999 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n" + kHead +
                               "Connection: close\r\n\r\n"));
  const std::string answers = read_all(fd);
  const std::size_t first = answers.find("HTTP/1.1 200");
  const std::size_t second = answers.find("HTTP/1.1 404");
  const std::size_t third = answers.find("HTTP/1.1 200", second);
  EXPECT_EQ(first, 0U) << answers.substr(0, 300);
  EXPECT_NE(second, std::string::npos);
  EXPECT_NE(third, std::string::npos);
}

}  // namespace
}  // namespace gpq::test
