#include "storage/change_codec.h"

#include <bit>
#include <cstring>

#include "gpq/error.h"

namespace gpq::storage {
namespace {

// A frame holds one row; the largest, a block of sets, is a few KB.
constexpr std::uint64_t kMaxFrameBytes = std::uint64_t{16} << 20;
constexpr std::uint64_t kMaxColumns = 64;

enum class ValueType : std::uint8_t { null = 0, integer = 1, real = 2, text = 3, blob = 4 };

void put_varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7F) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

std::uint64_t zigzag(std::int64_t value) {
  return (static_cast<std::uint64_t>(value) << 1) ^ static_cast<std::uint64_t>(value >> 63);
}

std::int64_t unzigzag(std::uint64_t value) {
  return static_cast<std::int64_t>(value >> 1) ^ -static_cast<std::int64_t>(value & 1);
}

[[noreturn]] void damaged(std::string_view what) {
  fail(Errc::upstream, "the peer's change stream is damaged: {}", what);
}

// Reads a payload front to back; every read checks the bytes are there.
class Cursor {
 public:
  explicit Cursor(std::string_view bytes) : bytes_(bytes) {}

  // Nullopt when the bytes end inside the varint.
  std::optional<std::uint64_t> try_varint() {
    std::uint64_t value = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= bytes_.size()) {
        return std::nullopt;
      }
      const auto byte = static_cast<unsigned char>(bytes_[at_++]);
      value |= static_cast<std::uint64_t>(byte & 0x7F) << shift;
      if ((byte & 0x80) == 0) {
        return value;
      }
    }
    damaged("a number longer than 64 bits");
  }
  std::uint64_t varint() {
    const std::optional<std::uint64_t> value = try_varint();
    if (!value) {
      damaged("a frame ends inside a number");
    }
    return *value;
  }
  std::int64_t signed_varint() { return unzigzag(varint()); }
  std::uint8_t byte() {
    if (at_ >= bytes_.size()) {
      damaged("a frame ends early");
    }
    return static_cast<std::uint8_t>(bytes_[at_++]);
  }
  std::string_view take(std::uint64_t size) {
    if (size > bytes_.size() - at_) {
      damaged("a value runs past its frame");
    }
    const std::string_view taken = bytes_.substr(at_, size);
    at_ += size;
    return taken;
  }
  std::size_t position() const { return at_; }
  bool done() const { return at_ == bytes_.size(); }

 private:
  std::string_view bytes_;
  std::size_t at_ = 0;
};

void put_value(std::string& out, const ChangeValue& value) {
  if (std::holds_alternative<std::nullptr_t>(value)) {
    out.push_back(static_cast<char>(ValueType::null));
  } else if (const auto* integer = std::get_if<std::int64_t>(&value)) {
    out.push_back(static_cast<char>(ValueType::integer));
    put_varint(out, zigzag(*integer));
  } else if (const auto* real = std::get_if<double>(&value)) {
    out.push_back(static_cast<char>(ValueType::real));
    const auto bits = std::bit_cast<std::uint64_t>(*real);
    for (int i = 0; i < 8; ++i) {
      out.push_back(static_cast<char>((bits >> (8 * i)) & 0xFF));
    }
  } else {
    const bool text = std::holds_alternative<TextValue>(value);
    const std::string_view bytes =
        text ? std::get<TextValue>(value).bytes : std::get<BlobValue>(value).bytes;
    out.push_back(static_cast<char>(text ? ValueType::text : ValueType::blob));
    put_varint(out, bytes.size());
    out.append(bytes);
  }
}

ChangeValue read_value(Cursor& in) {
  switch (static_cast<ValueType>(in.byte())) {
    case ValueType::null:
      return nullptr;
    case ValueType::integer:
      return in.signed_varint();
    case ValueType::real: {
      const std::string_view bytes = in.take(8);
      std::uint64_t bits = 0;
      for (int i = 0; i < 8; ++i) {
        bits |= static_cast<std::uint64_t>(
                    static_cast<unsigned char>(bytes[static_cast<std::size_t>(i)]))
                << (8 * i);
      }
      return std::bit_cast<double>(bits);
    }
    case ValueType::text:
      return TextValue{in.take(in.varint())};
    case ValueType::blob:
      return BlobValue{in.take(in.varint())};
  }
  damaged("a value of unknown type");
}

}  // namespace

void ChangeEncoder::magic() {
  out_.append(kChangeStreamMagic);
}

void ChangeEncoder::frame(ChangeFrame kind) {
  out_.push_back(static_cast<char>(kind));
  put_varint(out_, payload_.size());
  out_.append(payload_);
  payload_.clear();
}

void ChangeEncoder::start(const ChangeStart& start) {
  put_varint(payload_, zigzag(start.after));
  put_varint(payload_, zigzag(start.generation));
  put_varint(payload_, zigzag(start.runs_from));
  frame(ChangeFrame::start);
}

void ChangeEncoder::row(ChangeTable table, const std::vector<ChangeValue>& values) {
  payload_.push_back(static_cast<char>(table));
  put_varint(payload_, values.size());
  for (const ChangeValue& value : values) {
    put_value(payload_, value);
  }
  frame(ChangeFrame::row);
}

void ChangeEncoder::removed_block(std::int64_t id) {
  put_varint(payload_, zigzag(id));
  frame(ChangeFrame::removed_block);
}

void ChangeEncoder::end(const ChangeTotals& totals) {
  put_varint(payload_, totals.rows);
  put_varint(payload_, totals.blocks);
  put_varint(payload_, totals.sets);
  put_varint(payload_, totals.removed_blocks);
  frame(ChangeFrame::end);
}

void ChangeDecoder::feed(std::string_view bytes) {
  buffer_.erase(0, position_);
  position_ = 0;
  buffer_.append(bytes);
}

namespace {

// True once the stream's first bytes are the magic; false while fewer have come. Throws
// Error{upstream} on anything else.
bool magic_read(std::string_view rest) {
  if (rest.size() < kChangeStreamMagic.size()) {
    if (!kChangeStreamMagic.starts_with(rest)) {
      damaged("it does not start as a gpq change stream");
    }
    return false;
  }
  if (!rest.starts_with(kChangeStreamMagic)) {
    damaged(rest.starts_with("GPQ-CHANGES ") ? "it is a change stream of another version of gpq"
                                             : "it does not start as a gpq change stream");
  }
  return true;
}

// The payload of a frame of kind frame.kind, whole in `in`.
void decode_payload(Cursor& in, DecodedFrame& frame) {
  frame.values.clear();
  switch (frame.kind) {
    case ChangeFrame::start:
      frame.start.after = in.signed_varint();
      frame.start.generation = in.signed_varint();
      frame.start.runs_from = in.signed_varint();
      break;
    case ChangeFrame::row: {
      const std::uint8_t table = in.byte();
      if (table < 1 || table > kChangeTableCount) {
        damaged("a row of an unknown table");
      }
      frame.table = static_cast<ChangeTable>(table);
      const std::uint64_t columns = in.varint();
      if (columns > kMaxColumns) {
        damaged("a row of too many columns");
      }
      for (std::uint64_t i = 0; i < columns; ++i) {
        frame.values.push_back(read_value(in));
      }
      break;
    }
    case ChangeFrame::removed_block:
      frame.removed_block = in.signed_varint();
      break;
    case ChangeFrame::end:
      frame.totals = {in.varint(), in.varint(), in.varint(), in.varint()};
      break;
    default:
      damaged("a frame of unknown kind");
  }
  if (!in.done()) {
    damaged("a frame longer than its content");
  }
}

}  // namespace

const DecodedFrame* ChangeDecoder::next() {
  std::string_view rest = std::string_view(buffer_).substr(position_);
  if (!magic_seen_) {
    if (!magic_read(rest)) {
      return nullptr;
    }
    magic_seen_ = true;
    position_ += kChangeStreamMagic.size();
    rest.remove_prefix(kChangeStreamMagic.size());
  }
  if (rest.empty()) {
    return nullptr;
  }
  Cursor head(rest.substr(1));
  const std::optional<std::uint64_t> size = head.try_varint();
  if (!size) {
    return nullptr;
  }
  if (*size > kMaxFrameBytes) {
    damaged("a frame larger than 16 MiB");
  }
  const std::size_t payload_at = 1 + head.position();
  if (rest.size() - payload_at < *size) {
    return nullptr;
  }
  Cursor in(rest.substr(payload_at, *size));
  position_ += payload_at + *size;
  frame_.kind = static_cast<ChangeFrame>(rest[0]);
  decode_payload(in, frame_);
  return &frame_;
}

}  // namespace gpq::storage
