// The text-field rule and the cleaning every writer applies: UTF-8 validity (RFC 3629),
// control characters, and the quoting of values in messages.
#include "core/printable_text.h"

#include <gtest/gtest.h>

namespace gpq {
namespace {

TEST(PrintableTextTest, Utf8SequenceLengths) {
  struct Row {
    const char* text;
    std::string bytes;
    std::size_t length;
  };
  const Row rows[] = {
      {"ASCII", "A", 1},
      {"NUL", std::string(1, '\0'), 1},
      {"two bytes", "\xC3\x89", 2},
      {"three bytes", "\xE2\x82\xAC", 3},
      {"four bytes", "\xF0\x9F\x9B\xB0", 4},
      {"highest code point", "\xF4\x8F\xBF\xBF", 4},
      {"lone continuation byte", "\x80", 0},
      {"overlong two bytes", "\xC0\x80", 0},
      {"overlong three bytes", "\xE0\x80\x80", 0},
      {"overlong four bytes", "\xF0\x80\x80\x80", 0},
      {"surrogate", "\xED\xA0\x80", 0},
      {"above U+10FFFF", "\xF4\x90\x80\x80", 0},
      {"F5 never starts a sequence", "\xF5\x80\x80\x80", 0},
      {"cut short", "\xE2\x82", 0},
      {"second byte not a continuation", "\xC3\x41", 0},
  };
  for (const Row& row : rows) {
    EXPECT_EQ(utf8_sequence_length(row.bytes), row.length) << row.text;
  }
}

TEST(PrintableTextTest, TextFieldProblems) {
  EXPECT_EQ(text_field_problem("OBJECT_NAME", "ISS (ZARYA)"), std::nullopt);
  EXPECT_EQ(text_field_problem("OBJECT_NAME", "\xC3\x89TOILE \xE2\x82\xAC"), std::nullopt);
  EXPECT_EQ(text_field_problem("OBJECT_NAME", ""), std::nullopt);
  EXPECT_EQ(text_field_problem("OBJECT_NAME", "EVIL\n1 99999U"),
            "OBJECT_NAME holds the control character U+000A (at byte 5)");
  EXPECT_EQ(text_field_problem("OWNER", std::string("A\0B", 3)),
            "OWNER holds the control character U+0000 (at byte 2)");
  EXPECT_EQ(text_field_problem("OWNER", "A\x7F"),
            "OWNER holds the control character U+007F (at byte 2)");
  EXPECT_EQ(text_field_problem("OWNER", "A\xC2\x85"),
            "OWNER holds the control character U+0085 (at byte 2)");
  EXPECT_EQ(text_field_problem("OBJECT_ID", "AB\xFF"),
            "OBJECT_ID holds bytes that are not UTF-8 (at byte 3)");
}

TEST(PrintableTextTest, PrintableReplacesWhatNoLineMayHold) {
  EXPECT_EQ(printable("ISS (ZARYA)"), "ISS (ZARYA)");
  EXPECT_EQ(printable("A\nB\rC\tD"), "A\uFFFDB\uFFFDC\uFFFDD");
  EXPECT_EQ(printable("\xC3\x89T\xC2\x85"), "\xC3\x89T\uFFFD");
  EXPECT_EQ(printable("A\xFF\xE2\x82"), "A\uFFFD\uFFFD\uFFFD");
}

TEST(PrintableTextTest, ShownValuesAreCutAtASequenceBoundary) {
  EXPECT_EQ(excerpt("short"), "short");
  EXPECT_EQ(excerpt(std::string(50, 'g')), std::string(40, 'g') + "...");
  // 39 ASCII bytes and a two-byte letter: the letter would end past byte 40, so it goes.
  EXPECT_EQ(excerpt(std::string(39, 'a') + "\xC3\x89"), std::string(39, 'a') + "...");
  EXPECT_EQ(excerpt("a\nb", 10), "a\uFFFDb");
}

}  // namespace
}  // namespace gpq
