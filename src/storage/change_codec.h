// The bytes of the change stream a replica pulls (docs/REPLICAS.md "The change stream"):
//
//   stream = "GPQ-CHANGES 1\n" frame*
//   frame  = kind (1 byte) + payload size (varint) + payload
//   start  = after, generation, runs_from (varints): what the stream holds
//   row    = table (1 byte) + column count (varint) + value*; value = type (1 byte) + data:
//            null; integer (zigzag varint); real (8 bytes, little-endian); text or blob
//            (varint size + bytes), so that every value keeps its SQLite storage class
//   removed_block = the id of a set_block row the primary deleted (varint)
//   end    = rows, blocks, sets, removed blocks (varints): a stream without it is cut short
//
// Encoding and decoding only; which rows go in is change_reader.cc's, applying them
// change_applier.cc's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace gpq::storage {

inline constexpr std::string_view kChangeStreamMagic = "GPQ-CHANGES 1\n";

enum class ChangeFrame : std::uint8_t { start = 1, row = 2, removed_block = 3, end = 4 };

// The tables a stream carries, in the order it carries them (change_tables.h names their
// columns).
enum class ChangeTable : std::uint8_t {
  meta = 1,
  sync_run,
  object,
  latest,
  object_year,
  satcat,
  group_sync,
  group_member,
  set_block,
  block_change,
  set_version,
  object_version,
  satcat_version,
  change_event,
};
inline constexpr int kChangeTableCount = 14;

struct ChangeStart {
  std::int64_t after = 0;       // 0: the whole mirror
  std::int64_t generation = 0;  // the primary's generation the stream brings the replica to
  std::int64_t runs_from = 0;   // sync_run rows from this id on
};

struct ChangeTotals {
  std::uint64_t rows = 0;
  std::uint64_t blocks = 0;
  std::uint64_t sets = 0;
  std::uint64_t removed_blocks = 0;
};

// One column's value; text and blob views point into the decoder's buffer.
struct TextValue {
  std::string_view bytes;
};
struct BlobValue {
  std::string_view bytes;
};
using ChangeValue = std::variant<std::nullptr_t, std::int64_t, double, TextValue, BlobValue>;

// Appends frames to `out`.
class ChangeEncoder {
 public:
  explicit ChangeEncoder(std::string& out) : out_(out) {}
  void magic();
  void start(const ChangeStart& start);
  void row(ChangeTable table, const std::vector<ChangeValue>& values);
  void removed_block(std::int64_t id);
  void end(const ChangeTotals& totals);

 private:
  void frame(ChangeFrame kind);
  std::string& out_;
  std::string payload_;
};

struct DecodedFrame {
  ChangeFrame kind = ChangeFrame::end;
  ChangeStart start;                // kind start
  ChangeTable table{};              // kind row
  std::vector<ChangeValue> values;  // kind row; views valid until the next feed() or next()
  std::int64_t removed_block = 0;   // kind removed_block
  ChangeTotals totals;              // kind end
};

// Takes the stream in pieces as they arrive and gives back whole frames. Throws
// Error{upstream} on bytes that are not a change stream.
class ChangeDecoder {
 public:
  void feed(std::string_view bytes);
  // The next whole frame, or nullptr until more bytes come. The frame and its values stay
  // valid until the next call of feed() or next().
  const DecodedFrame* next();
  // True when bytes of an unfinished frame are waiting.
  bool pending() const { return position_ < buffer_.size(); }

 private:
  std::string buffer_;
  std::size_t position_ = 0;
  bool magic_seen_ = false;
  DecodedFrame frame_;
};

}  // namespace gpq::storage
