// Bytes a stranger on the network may send `gpq serve`, written on a raw socket: framing meant
// to smuggle a second request, absurd header counts and sizes, NUL bytes and invalid UTF-8 in
// paths and parameters, a parameter repeated 10,000 times, a 1 MB query string. Each gets a
// clear 4xx, the server stays up, and a normal client is answered at once meanwhile. And XML
// that declares entities is refused on import.
#include <arpa/inet.h>
#include <chrono>
#include <csignal>
#include <fstream>
#include <netinet/in.h>
#include <string>
#include <sys/socket.h>
#include <unistd.h>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

struct RawAnswer {
  std::string text;  // everything the server sent before closing or going quiet
  int status() const { return text.starts_with("HTTP/1.1 ") ? std::stoi(text.substr(9, 3)) : 0; }
  int answers() const {
    int count = 0;
    for (std::size_t at = text.find("HTTP/1.1 "); at != std::string::npos;
         at = text.find("HTTP/1.1 ", at + 1)) {
      ++count;
    }
    return count;
  }
};

// Sends `bytes` as they are and reads until the server closes or is quiet for a second.
RawAnswer send_raw(int port, const std::string& bytes) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  RawAnswer answer;
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return answer;
  }
  const timeval quiet{1, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &quiet, sizeof quiet);
  ::setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &quiet, sizeof quiet);
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n <= 0) {
      break;  // the server may close before reading all of an over-long request
    }
    sent += static_cast<std::size_t>(n);
  }
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      break;
    }
    answer.text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return answer;
}

std::string request(const std::string& target, const std::string& headers = {}) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n" + headers +
         "Connection: close\r\n\r\n";
}

class HostileHttpTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_EQ(run_gpq({"--db", db_.string(), "--quiet", "sync", "--from",
                       std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.csv"})
                  .exit_code,
              0);
    server_ = std::make_unique<ServeProcess>(db_, std::vector<std::string>{"--no-auth"});
  }

  // A normal request, answered at once whatever came before.
  void expect_normal_client_served() {
    ApiClient client(server_->host(), server_->port());
    const auto start = std::chrono::steady_clock::now();
    EXPECT_EQ(client.get("/api/v1/gp/25544").status, 200);
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
  }

  void expect_json_error(const RawAnswer& answer, int status, const std::string& words) {
    EXPECT_EQ(answer.status(), status) << answer.text.substr(0, 400);
    EXPECT_NE(answer.text.find("application/json"), std::string::npos);
    EXPECT_NE(answer.text.find(words), std::string::npos) << answer.text.substr(0, 600);
  }

  TempDir dir_;
  fs::path db_ = dir_.path() / "gpq.db";
  std::unique_ptr<ServeProcess> server_;
};

TEST_F(HostileHttpTest, ConflictingFramingIsRefusedAndSmugglesNothing) {
  const std::string smuggled = "GET /api/v1/gp/99999 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string body = "0\r\n\r\n" + smuggled;
  const RawAnswer both =
      send_raw(server_->port(),
               "GET /api/v1/gp/25544 HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: " +
                   std::to_string(body.size()) + "\r\nTransfer-Encoding: chunked\r\n\r\n" + body);
  expect_json_error(both, 400, "both Transfer-Encoding and Content-Length");
  EXPECT_EQ(both.answers(), 1) << "the smuggled request was answered: " << both.text;
  const RawAnswer twice = send_raw(
      server_->port(), request("/api/v1/gp/25544", "Content-Length: 0\r\nContent-Length: 5\r\n"));
  EXPECT_EQ(twice.status(), 400) << twice.text.substr(0, 300);
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, ABodyCannotSmuggleARequest) {
  // gpq reads no request content. A body left unread was answered as the connection's next
  // request, where a proxy in front had forwarded it as content.
  const std::string smuggled = "GET /api/v1/gp/99999 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  const std::string head = " /api/v1/gp/25544 HTTP/1.1\r\nHost: 127.0.0.1\r\n";
  const std::string length = "Content-Length: " + std::to_string(smuggled.size()) + "\r\n";
  const RawAnswer get = send_raw(server_->port(), "GET" + head + length + "\r\n" + smuggled);
  expect_json_error(get, 400, "a GET request carries no content");
  EXPECT_EQ(get.answers(), 1) << "the smuggled request was answered: " << get.text;
  const RawAnswer chunked = send_raw(
      server_->port(), "HEAD" + head + "Transfer-Encoding: chunked\r\n\r\n" +
                           fmt::format("{:x}\r\n", smuggled.size()) + smuggled + "\r\n0\r\n\r\n");
  EXPECT_EQ(chunked.status(), 400) << chunked.text.substr(0, 300);
  EXPECT_EQ(chunked.answers(), 1) << chunked.text;
  // Lengths that are no number frame nothing a proxy and gpq would agree on.
  for (const std::string value : {"-1", "+5", "0x5", "5, 5"}) {
    const RawAnswer odd = send_raw(
        server_->port(), "GET" + head + "Content-Length: " + value + "\r\n\r\n" + smuggled);
    EXPECT_EQ(odd.status(), 400) << value << ": " << odd.text.substr(0, 300);
    EXPECT_EQ(odd.answers(), 1) << value << ": " << odd.text;
  }
  // Other methods keep their 405, and their connection closes.
  const RawAnswer post = send_raw(server_->port(), "POST" + head + length + "\r\n" + smuggled);
  expect_json_error(post, 405, "method POST is not allowed");
  EXPECT_EQ(post.answers(), 1) << "the smuggled request was answered: " << post.text;
  // Content-Length: 0 announces no content.
  EXPECT_EQ(
      send_raw(server_->port(), request("/api/v1/gp/25544", "Content-Length: 0\r\n")).status(),
      200);
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, AHostOrAKeySentTwiceIsRefused) {
  expect_json_error(
      send_raw(server_->port(), request("/api/v1/gp/25544", "Host: other.example\r\n")), 400,
      "may carry Host once");
  const RawAnswer keys = send_raw(
      server_->port(), request("/api/v1/gp/25544", "X-Api-Key: gpq_a\r\nX-Api-Key: gpq_b\r\n"));
  expect_json_error(keys, 400, "may carry X-Api-Key once");
  EXPECT_EQ(keys.answers(), 1);
  expect_normal_client_served();
}

// Links to the next and previous pages are built from Host: anything but host[:port] is a
// 400, so that no link a shared cache keeps points elsewhere.
TEST_F(HostileHttpTest, AHostThatIsNotHostAndPortIsRefused) {
  const auto with_host = [](const std::string& host) {
    return "GET /api/v1/gp?per_page=1&page=2 HTTP/1.1\r\nHost: " + host +
           "\r\nConnection: close\r\n\r\n";
  };
  for (const std::string host :
       {"evil>; rel=\"next\", <http://attacker/x", "a b", "example.org:0", "example.org:65536",
        "example.org:", "example.org:80x", "[::1", "[zz]", "user@example.org", "h/x", "h?x"}) {
    SCOPED_TRACE(host);
    const RawAnswer answer = send_raw(server_->port(), with_host(host));
    expect_json_error(answer, 400, "Host header must be host[:port]");
    EXPECT_EQ(answer.text.find("attacker"), std::string::npos);
  }
  for (const std::string host : {"example.org", "example.org:8080", "127.0.0.1:1", "[::1]:8080",
                                 "[2001:db8::1]", "gpq_serve-1.internal"}) {
    SCOPED_TRACE(host);
    const RawAnswer answer = send_raw(server_->port(), with_host(host));
    EXPECT_EQ(answer.status(), 200) << answer.text.substr(0, 400);
    EXPECT_NE(answer.text.find("\"prev\":\"http://" + host + "/api/v1/gp?"), std::string::npos)
        << answer.text.substr(0, 800);
  }
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, AnUnreadableRequestIsAnsweredOnceAndClosesTheConnection) {
  // After a request line httplib cannot read, the lines that follow were answered as
  // requests of their own on the same connection.
  const RawAnswer method = send_raw(server_->port(), "BREW /api/v1/gp HTTP/1.1\r\nHost: x\r\n\r\n");
  expect_json_error(method, 400, "could not be read");
  EXPECT_EQ(method.answers(), 1) << method.text;
  EXPECT_NE(method.text.find("Connection: close"), std::string::npos) << method.text;
  const RawAnswer version =
      send_raw(server_->port(), "GET /api/v1/gp/25544 HTTP/2.0\r\nHost: x\r\n\r\n");
  expect_json_error(version, 400, "could not be read");
  EXPECT_EQ(version.answers(), 1) << version.text;
  // A header line without its colon, or with a blank before it, is refused, not skipped.
  for (const std::string line : {"Host 127.0.0.1", "Transfer-Encoding : chunked", " folded"}) {
    SCOPED_TRACE(line);
    const RawAnswer bad = send_raw(server_->port(), request("/api/v1/gp/25544", line + "\r\n"));
    expect_json_error(bad, 400, "could not be read");
    EXPECT_EQ(bad.answers(), 1) << bad.text;
  }
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, BlankLinesBeforeARequestAreSkipped) {
  const RawAnswer answer = send_raw(server_->port(), "\r\n\r\n" + request("/api/v1/gp/25544"));
  EXPECT_EQ(answer.status(), 200) << answer.text.substr(0, 300);
  EXPECT_EQ(answer.answers(), 1);
}

TEST_F(HostileHttpTest, ASecondServerCannotTakeThePortInUse) {
  Interruption safety;  // a second server that did bind would serve until stopped
  safety.after = std::chrono::seconds(5);
  safety.signal = SIGTERM;
  const ProcessResult second =
      run_gpq_interrupted({"--db", db_.string(), "serve", "--no-auth", "--listen",
                           "127.0.0.1:" + std::to_string(server_->port())},
                          safety);
  EXPECT_FALSE(second.signalled) << second.err;
  EXPECT_EQ(second.exit_code, 2);
  EXPECT_NE(second.err.find("port " + std::to_string(server_->port()) + ": in use"),
            std::string::npos)
      << second.err;
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, AbsurdHeadersAreRefused) {
  std::string many;
  for (int i = 0; i < 10'000; ++i) {
    many += "X-Header-" + std::to_string(i) + ": x\r\n";
  }
  expect_json_error(send_raw(server_->port(), request("/api/v1/gp/25544", many)), 431,
                    "at most 100 headers");
  const RawAnswer huge = send_raw(
      server_->port(), request("/api/v1/gp/25544", "X-Big: " + std::string(100'000, 'a') + "\r\n"));
  EXPECT_GE(huge.status(), 400) << huge.text.substr(0, 300);
  EXPECT_LT(huge.status(), 500) << huge.text.substr(0, 300);
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, NulBytesAndInvalidUtf8AreClearErrors) {
  expect_json_error(send_raw(server_->port(), request("/api/v1/gp/255%0044")), 400, "error");
  expect_json_error(send_raw(server_->port(), request("/api/v1/gp?search=%FF%FE")), 400,
                    "not UTF-8");
  expect_json_error(send_raw(server_->port(), request("/api/v1/gp?search=ISS%00")), 400,
                    "control character");
  const RawAnswer group = send_raw(server_->port(), request("/api/v1/gp?group=%C0%AF"));
  expect_json_error(group, 400, "is not a group");
  EXPECT_EQ(group.text.find("\xC0\xAF"), std::string::npos) << "raw bytes are never echoed";
  const RawAnswer path = send_raw(server_->port(), request("/api/v1/gp/%FF%FE/history"));
  EXPECT_GE(path.status(), 400);
  EXPECT_LT(path.status(), 500);
  EXPECT_EQ(path.text.find("\xFF\xFE"), std::string::npos) << "raw bytes are never echoed";
  expect_normal_client_served();
}

TEST_F(HostileHttpTest, RepeatedAndHugeQueriesAreRefused) {
  std::string repeated = "/api/v1/gp?group=stations";
  for (int i = 0; i < 10'000; ++i) {
    repeated += "&group=stations";
  }
  const RawAnswer many = send_raw(server_->port(), request(repeated));
  EXPECT_EQ(many.status(), 414) << many.text.substr(0, 300);
  const RawAnswer huge =
      send_raw(server_->port(), request("/api/v1/gp?search=" + std::string(1 << 20, 'A')));
  EXPECT_EQ(huge.status(), 414) << huge.text.substr(0, 300);
  expect_normal_client_served();
}

TEST(HostileXmlTest, XmlDeclaringEntitiesIsRefused) {
  TempDir dir;
  std::ifstream in(std::string(GPQ_TEST_DATA_DIR) + "/sync/iss_2026-09-23.xml");
  std::string xml((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t first_line = xml.find('\n') + 1;
  ASSERT_TRUE(xml.starts_with("<?xml "));
  const std::string prolog = xml.substr(0, first_line);
  const std::string body = xml.substr(first_line);
  const std::string external =
      prolog + "<!DOCTYPE ndm [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n" + body;
  std::string laughs = "<!DOCTYPE ndm [<!ENTITY a \"aaaaaaaaaa\">";
  for (char name = 'b'; name <= 'j'; ++name) {
    laughs += std::string("<!ENTITY ") + name + " \"";
    for (int i = 0; i < 10; ++i) {
      laughs += std::string("&") + static_cast<char>(name - 1) + ";";
    }
    laughs += "\">";
  }
  laughs += "]>\n";
  for (const auto& [name, text] :
       {std::pair{"external.xml", external}, std::pair{"laughs.xml", prolog + laughs + body}}) {
    SCOPED_TRACE(name);
    const fs::path file = dir.path() / name;
    std::ofstream(file) << text;
    const ProcessResult result =
        run_gpq({"--db", (dir.path() / "gpq.db").string(), "sync", "--from", file.string()});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("document type declaration"), std::string::npos) << result.err;
    EXPECT_NE(result.out.find("0 sets read"), std::string::npos) << result.out;
  }
}

}  // namespace
}  // namespace gpq::test
