// How many connections the process may hold: each is a descriptor.
#pragma once

#include <cstddef>

namespace gpq::http {

// Raises the soft open-file limit to the hard one and returns the descriptors left for
// connections, less a reserve for the database, its readers, logs and upstream sockets.
std::size_t connection_descriptors();

}  // namespace gpq::http
