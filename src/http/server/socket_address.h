// A socket address as text and port, for the access log and httplib's request fields.
#pragma once

#include <string>
#include <sys/socket.h>

namespace gpq::http {

struct AddressText {
  std::string ip;  // empty for a family other than IPv4 and IPv6
  int port = 0;
};

AddressText address_text(const sockaddr_storage& address);

}  // namespace gpq::http
