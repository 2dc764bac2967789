// The change stream's bytes (storage/change_codec.h): every value keeps its type and bytes
// through any cut of the stream into pieces, and what is not a stream is refused.
#include "storage/change_codec.h"

#include <cmath>
#include <deque>
#include <limits>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/expect_error.h"

namespace gpq::storage {
namespace {

std::string sample_stream() {
  std::string out;
  ChangeEncoder encoder(out);
  encoder.magic();
  encoder.start({41, 57, 9});
  encoder.removed_block(123456789);
  const std::string blob("\x00\x01\xff\x7f packed", 12);
  encoder.row(ChangeTable::set_block,
              {std::int64_t{7}, std::int64_t{-25544}, std::numeric_limits<std::int64_t>::min(),
               std::numeric_limits<std::int64_t>::max(), BlobValue{blob}});
  encoder.row(ChangeTable::latest,
              {nullptr, 15.50103472, -0.0, TextValue{"ISS (ZARYA)"}, TextValue{""}, BlobValue{""}});
  encoder.end({2, 1, 3, 1});
  return out;
}

std::vector<DecodedFrame> decode_in_pieces(const std::string& stream, std::size_t piece) {
  ChangeDecoder decoder;
  std::vector<DecodedFrame> frames;
  for (std::size_t at = 0; at < stream.size(); at += piece) {
    decoder.feed(std::string_view(stream).substr(at, piece));
    while (const DecodedFrame* frame = decoder.next()) {
      // The views point into the decoder: keep copies of the bytes.
      DecodedFrame kept = *frame;
      static std::deque<std::string> held;  // stable: the views must outlive growth
      for (ChangeValue& value : kept.values) {
        if (auto* text = std::get_if<TextValue>(&value)) {
          text->bytes = held.emplace_back(text->bytes);
        } else if (auto* blob = std::get_if<BlobValue>(&value)) {
          blob->bytes = held.emplace_back(blob->bytes);
        }
      }
      frames.push_back(std::move(kept));
    }
  }
  EXPECT_FALSE(decoder.pending());
  return frames;
}

TEST(ChangeCodecTest, EveryValueComesBackWhateverThePiecesTheStreamArrivesIn) {
  const std::string stream = sample_stream();
  for (std::size_t piece : {std::size_t{1}, std::size_t{2}, std::size_t{7}, stream.size()}) {
    const std::vector<DecodedFrame> frames = decode_in_pieces(stream, piece);
    ASSERT_EQ(frames.size(), 5U) << piece;
    EXPECT_EQ(frames[0].kind, ChangeFrame::start);
    EXPECT_EQ(frames[0].start.after, 41);
    EXPECT_EQ(frames[0].start.generation, 57);
    EXPECT_EQ(frames[0].start.runs_from, 9);
    EXPECT_EQ(frames[1].kind, ChangeFrame::removed_block);
    EXPECT_EQ(frames[1].removed_block, 123456789);

    const DecodedFrame& block = frames[2];
    EXPECT_EQ(block.table, ChangeTable::set_block);
    ASSERT_EQ(block.values.size(), 5U);
    EXPECT_EQ(std::get<std::int64_t>(block.values[1]), -25544);
    EXPECT_EQ(std::get<std::int64_t>(block.values[2]), std::numeric_limits<std::int64_t>::min());
    EXPECT_EQ(std::get<std::int64_t>(block.values[3]), std::numeric_limits<std::int64_t>::max());
    EXPECT_EQ(std::get<BlobValue>(block.values[4]).bytes,
              std::string("\x00\x01\xff\x7f packed", 12));

    const DecodedFrame& latest = frames[3];
    EXPECT_EQ(latest.table, ChangeTable::latest);
    ASSERT_EQ(latest.values.size(), 6U);
    EXPECT_TRUE(std::holds_alternative<std::nullptr_t>(latest.values[0]));
    EXPECT_EQ(std::get<double>(latest.values[1]), 15.50103472);
    EXPECT_TRUE(std::signbit(std::get<double>(latest.values[2])));
    EXPECT_EQ(std::get<TextValue>(latest.values[3]).bytes, "ISS (ZARYA)");
    EXPECT_EQ(std::get<TextValue>(latest.values[4]).bytes, "");
    EXPECT_TRUE(std::holds_alternative<BlobValue>(latest.values[5]));  // empty, still a blob

    EXPECT_EQ(frames[4].kind, ChangeFrame::end);
    EXPECT_EQ(frames[4].totals.rows, 2U);
    EXPECT_EQ(frames[4].totals.sets, 3U);
  }
}

TEST(ChangeCodecTest, AStreamCutInsideAFrameWaitsForTheRest) {
  const std::string stream = sample_stream();
  ChangeDecoder decoder;
  decoder.feed(std::string_view(stream).substr(0, stream.size() - 3));
  int frames = 0;
  while (decoder.next() != nullptr) {
    ++frames;
  }
  EXPECT_EQ(frames, 4);  // the end frame is not whole
  EXPECT_TRUE(decoder.pending());
}

TEST(ChangeCodecTest, WhatIsNotAChangeStreamIsRefused) {
  const auto decode = [](const std::string& bytes) {
    ChangeDecoder decoder;
    decoder.feed(bytes);
    while (decoder.next() != nullptr) {
    }
  };
  const std::string damaged = "the peer's change stream is damaged: ";
  EXPECT_GPQ_ERROR(decode("{\"error\":\"Forbidden\"}"), Errc::upstream,
                   damaged + "it does not start as a gpq change stream");
  EXPECT_GPQ_ERROR(decode("GPQ-CHANGES 2\n"), Errc::upstream,
                   damaged + "it is a change stream of another version of gpq");
  const std::string magic(kChangeStreamMagic);
  EXPECT_GPQ_ERROR(decode(magic + std::string("\x09\x00", 2)), Errc::upstream,
                   damaged + "a frame of unknown kind");
  EXPECT_GPQ_ERROR(decode(magic + "\x02\xff\xff\xff\xff\x0f"), Errc::upstream,
                   damaged + "a frame larger than 16 MiB");
  EXPECT_GPQ_ERROR(decode(magic + std::string("\x02\x02\x63\x00", 4)), Errc::upstream,
                   damaged + "a row of an unknown table");
  EXPECT_GPQ_ERROR(decode(magic + std::string("\x02\x04\x01\x01\x03\x09", 6)), Errc::upstream,
                   damaged + "a value runs past its frame");
  EXPECT_GPQ_ERROR(decode(magic + std::string("\x02\x04\x01\x01\x07\x00", 6)), Errc::upstream,
                   damaged + "a value of unknown type");
  EXPECT_GPQ_ERROR(decode(magic + std::string("\x03\x02\x02\x00", 4)), Errc::upstream,
                   damaged + "a frame longer than its content");
}

}  // namespace
}  // namespace gpq::storage
