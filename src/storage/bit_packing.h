// The primitives of the block encoding (block_codec.h): LEB128 varints, zigzag, and
// fixed-width bit packing, least significant bit first.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace gpq::storage {

static_assert(std::endian::native == std::endian::little,
              "blocks are read with little-endian loads");

inline std::uint64_t zigzag(std::int64_t value) noexcept {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}
inline std::int64_t unzigzag(std::uint64_t value) noexcept {
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

// Bits needed for every value in 0..span (0 for span 0).
inline int bit_width_of(std::uint64_t span) noexcept {
  return static_cast<int>(std::bit_width(span));
}

inline void put_varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

// Appends values of `width` bits (0..64) to a byte string; flush() pads the last byte.
class BitWriter {
 public:
  explicit BitWriter(std::string& out) : out_(out) {}
  void put(std::uint64_t value, int width) {
    for (int written = 0; written < width;) {
      const int room = 64 - used_;
      const int take = width - written < room ? width - written : room;
      const std::uint64_t part = take == 64 ? value : (value >> written) & ((1ULL << take) - 1);
      word_ |= part << used_;  // used_ < 64: a full word was spilled
      used_ += take;
      written += take;
      if (used_ == 64) {
        spill(8);
      }
    }
  }
  void flush() { spill((used_ + 7) / 8); }

 private:
  void spill(int bytes) {
    for (int i = 0; i < bytes; ++i) {
      out_.push_back(static_cast<char>(word_ >> (8 * i)));
    }
    word_ = 0;
    used_ = 0;
  }
  std::string& out_;
  std::uint64_t word_ = 0;
  int used_ = 0;
};

// Reads what BitWriter and put_varint wrote. Reading past the end sets failed() and returns
// zeros, so that a damaged block is detected once, after decoding, not at every step.
class ByteReader {
 public:
  explicit ByteReader(std::string_view bytes) : bytes_(bytes) {}

  std::uint64_t varint() {
    std::uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= bytes_.size()) {
        failed_ = true;
        return 0;
      }
      const auto byte = static_cast<std::uint8_t>(bytes_[at_++]);
      value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
      if ((byte & 0x80) == 0) {
        return value;
      }
    }
    failed_ = true;
    return 0;
  }
  std::uint8_t byte() {
    if (at_ >= bytes_.size()) {
      failed_ = true;
      return 0;
    }
    return static_cast<std::uint8_t>(bytes_[at_++]);
  }
  // The next `count` values of `width` bits, then the reader moves past their bytes.
  template <typename Visit>
  void unpack(std::size_t count, int width, Visit&& visit) {
    const std::size_t bytes = (count * static_cast<std::size_t>(width) + 7) / 8;
    if (bytes > bytes_.size() - at_) {
      failed_ = true;
      return;
    }
    const auto* data = reinterpret_cast<const std::uint8_t*>(bytes_.data() + at_);
    const std::uint64_t mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
    std::size_t bit = 0;
    for (std::size_t i = 0; i < count; ++i, bit += static_cast<std::size_t>(width)) {
      const std::size_t first = bit / 8;
      const int offset = static_cast<int>(bit % 8);
      std::uint64_t word = 0;
      if (width <= 56 && first + 8 <= bytes) {
        std::memcpy(&word, data + first, 8);  // little-endian: see the static_assert above
        word >>= offset;
      } else {
        // Near the end or wider than 56 bits: a byte at a time.
        std::size_t at = bit;
        for (int got = 0; got < width;) {
          const int shift = static_cast<int>(at % 8);
          const int take = 8 - shift < width - got ? 8 - shift : width - got;
          word |= static_cast<std::uint64_t>((data[at / 8] >> shift) & ((1U << take) - 1)) << got;
          got += take;
          at += static_cast<std::size_t>(take);
        }
      }
      visit(i, word & mask);
    }
    at_ += bytes;
  }
  bool failed() const { return failed_; }
  bool at_end() const { return at_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
  bool failed_ = false;
};

}  // namespace gpq::storage
