#include "support/daemon_process.h"

#include <arpa/inet.h>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <netinet/in.h>
#include <regex>
#include <signal.h>
#include <sstream>
#include <stdexcept>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

#include <gtest/gtest.h>

#include "support/process.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

sockaddr_in loopback(int port) {
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return address;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

int free_loopback_port() {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address = loopback(0);
  socklen_t size = sizeof address;
  if (bind(fd, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr*>(&address), &size) != 0) {
    close(fd);
    throw std::runtime_error("no free port");
  }
  close(fd);
  return ntohs(address.sin_port);
}

std::string find_program(const std::string& program) {
  std::string path = std::getenv("PATH") != nullptr ? std::getenv("PATH") : "";
  path += ":/usr/sbin:/sbin:/usr/local/sbin";
  std::stringstream dirs(path);
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir) / program;
    if (!dir.empty() && access(candidate.c_str(), X_OK) == 0) {
      return candidate.string();
    }
  }
  ADD_FAILURE() << program << " is not installed; run scripts/setup.sh (it installs redis-server "
                << "and haproxy for the fleet tests)";
  throw std::runtime_error(program + " missing");
}

bool wait_for_port(int port, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (std::chrono::steady_clock::now() < deadline) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    const sockaddr_in address = loopback(port);
    const bool open = connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0;
    close(fd);
    if (open) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

DaemonProcess::DaemonProcess(std::vector<std::string> argv, fs::path log) : log_(std::move(log)) {
  pid_ = fork();
  if (pid_ == 0) {
    const int null_fd = open("/dev/null", O_RDONLY);
    const int log_fd = open(log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    dup2(null_fd, STDIN_FILENO);
    dup2(log_fd, STDOUT_FILENO);
    dup2(log_fd, STDERR_FILENO);
    std::vector<char*> raw;
    for (std::string& arg : argv) {
      raw.push_back(arg.data());
    }
    raw.push_back(nullptr);
    execv(raw[0], raw.data());
    _exit(127);
  }
}

DaemonProcess::~DaemonProcess() {
  stop();
}

void DaemonProcess::signal(int number) const {
  if (pid_ > 0) {
    kill(pid_, number);
  }
}

void DaemonProcess::stop() {
  if (pid_ <= 0) {
    return;
  }
  stop_child(pid_, std::chrono::seconds(10));
  pid_ = -1;
}

std::string DaemonProcess::log_text() const {
  return read_file(log_);
}

RedisServer::RedisServer(fs::path dir, int port) : dir_(std::move(dir)), port_(port) {
  fs::create_directories(dir_);
  start();
}

void RedisServer::start() {
  process_ = std::make_unique<DaemonProcess>(
      std::vector<std::string>{find_program("redis-server"), "--port", std::to_string(port_),
                               "--bind", "127.0.0.1", "--dir", dir_.string(), "--save", "",
                               "--appendonly", "yes", "--appendfsync", "always", "--daemonize",
                               "no", "--loglevel", "warning"},
      dir_ / "redis.log");
  if (!wait_for_port(port_, 10)) {
    ADD_FAILURE() << "redis-server did not start: " << process_->log_text();
    throw std::runtime_error("redis-server did not start");
  }
}

void RedisServer::pause() const {
  process_->signal(SIGSTOP);
}
void RedisServer::resume() const {
  process_->signal(SIGCONT);
}

Haproxy::Haproxy(const fs::path& dir, int port, const std::vector<int>& backends,
                 const std::vector<std::pair<std::string, std::string>>& overrides)
    : socket_(dir / "haproxy.sock"), port_(port) {
  fs::create_directories(dir);
  // The packaged configuration, with this test's ports, socket, and no syslog.
  const fs::path packaged =
      fs::path(GPQ_TEST_DATA_DIR).parent_path().parent_path() / "packaging/haproxy/gpq.cfg";
  std::istringstream lines(read_file(packaged));
  std::ostringstream config;
  bool servers_written = false;  // in the backend being read
  for (std::string line; std::getline(lines, line);) {
    const std::string trimmed = std::regex_replace(line, std::regex("^\\s+"), "");
    if (trimmed.starts_with("backend ")) {
      servers_written = false;
    }
    if (trimmed.starts_with("server ") && !servers_written) {
      for (std::size_t i = 0; i < backends.size(); ++i) {
        config << "    server gpq" << i + 1 << " 127.0.0.1:" << backends[i] << '\n';
      }
      servers_written = true;
    }
    if (trimmed.starts_with("log ") || trimmed.starts_with("server ")) {
      continue;
    }
    for (const auto& [start, replacement] : overrides) {
      if (trimmed.starts_with(start)) {
        line = "    " + replacement;
      }
    }
    if (trimmed.starts_with("stats socket ")) {
      line = "    stats socket " + socket_.string() + " mode 600 level admin";
    } else if (trimmed.starts_with("bind ")) {
      line = "    bind 127.0.0.1:" + std::to_string(port);
    }
    config << line << '\n';
  }
  const fs::path config_path = dir / "haproxy.cfg";
  std::ofstream(config_path) << config.str();
  process_ = std::make_unique<DaemonProcess>(
      std::vector<std::string>{find_program("haproxy"), "-db", "-f", config_path.string()},
      dir / "haproxy.log");
  if (!wait_for_port(port_, 10)) {
    ADD_FAILURE() << "haproxy did not start: " << process_->log_text();
    throw std::runtime_error("haproxy did not start");
  }
}

std::string Haproxy::command(const std::string& line) const {
  const int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strncpy(address.sun_path, socket_.c_str(), sizeof address.sun_path - 1);
  if (connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
    close(fd);
    return "cannot connect to " + socket_.string();
  }
  const std::string text = line + "\n";
  (void)!write(fd, text.data(), text.size());
  std::string answer;
  char buffer[4096];
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) {
    answer.append(buffer, static_cast<std::size_t>(n));
  }
  close(fd);
  return answer;
}

}  // namespace gpq::test
