// The gzip and xz decoders behind open_decompressed() (input.h): each reads its compressed
// bytes from another stream, so a file and an archive member decompress alike.
#pragma once

#include <memory>
#include <string>

#include "sync/input.h"

namespace gpq::sync {

// gzip, one member or several concatenated (`cat a.gz b.gz`); bytes after the last member
// that do not start another are ignored, as gzip does.
std::unique_ptr<ByteStream> decompress_gzip(std::unique_ptr<ByteStream> source,
                                            const std::string& name);
// xz, streams concatenated. Refuses a stream whose decoder would need more than 256 MiB.
std::unique_ptr<ByteStream> decompress_xz(std::unique_ptr<ByteStream> source,
                                          const std::string& name);

}  // namespace gpq::sync
