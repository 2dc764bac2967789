// The streaming JSON splitter: leaf objects out of arrays and wrappers, strings
// that hold braces and escapes, the read chunk boundary, the size limit, and
// objects cut off at the end.
#include "sync/parse/json_object_splitter.h"

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sync/input.h"

namespace gpq::sync {
namespace {

struct Split {
  std::vector<std::string> objects;
  std::vector<std::uint64_t> lines;
  std::vector<std::string> problems;  // "line: why"
};

Split split(std::string text, JsonObjectSplitterLimits limits = {}) {
  Split out;
  const auto in = open_bytes(std::move(text));
  split_json_objects(
      *in,
      [&](std::string_view bytes, std::uint64_t line) {
        out.objects.emplace_back(bytes);
        out.lines.push_back(line);
      },
      [&](std::uint64_t line, std::string_view why) {
        out.problems.push_back(std::to_string(line) + ": " + std::string(why));
      },
      limits);
  return out;
}

TEST(JsonObjectSplitterTest, LeafObjectsWithTheirLines) {
  const struct {
    const char* name;
    std::string text;
    std::vector<std::string> objects;
    std::vector<std::uint64_t> lines;
  } rows[] = {
      {"array", R"([{"a":1},{"b":2}])", {R"({"a":1})", R"({"b":2})"}, {1, 1}},
      {"pretty",
       "[\n  {\n    \"a\": 1\n  },\n  {\n    \"b\": 2\n  }\n]\n",
       {"{\n    \"a\": 1\n  }", "{\n    \"b\": 2\n  }"},
       {2, 5}},
      {"CRLF", "[\r\n{\"a\":1},\r\n{\"b\":2}\r\n]", {R"({"a":1})", R"({"b":2})"}, {2, 3}},
      {"wrapper",
       R"({"updated_at":"2026-06-05T00:00:00Z","count":2,"data":[{"a":1},{"b":2}]})",
       {R"({"a":1})", R"({"b":2})"},
       {1, 1}},
      {"wrapper, data first", R"({"data":[{"a":1}],"updated_at":"x"})", {R"({"a":1})"}, {1}},
      {"a lone object", R"({"a":1,"b":"x"})", {R"({"a":1,"b":"x"})"}, {1}},
      {"empty object", "[{}]", {"{}"}, {1}},
      {"a wrapper's leaves",
       R"({"meta":{"n":1},"data":[{"a":1}]})",
       {R"({"n":1})", R"({"a":1})"},
       {1, 1}},
      {"empty array", "[]", {}, {}},
      {"empty input", "", {}, {}},
      {"scalars only", "[1, 2, \"three\"]", {}, {}},
  };
  for (const auto& row : rows) {
    const Split got = split(row.text);
    EXPECT_EQ(got.objects, row.objects) << row.name;
    EXPECT_EQ(got.lines, row.lines) << row.name;
    EXPECT_EQ(got.problems, std::vector<std::string>()) << row.name;
  }
}

TEST(JsonObjectSplitterTest, StringsHideBracesQuotesAndEscapes) {
  const std::string rows[] = {
      R"({"OBJECT_NAME":"A {weird} name"})",
      R"({"OBJECT_NAME":"close } early"})",
      R"({"OBJECT_NAME":"open { never closed"})",
      R"({"OBJECT_NAME":"[brackets]","x":"]"})",
      R"({"OBJECT_NAME":"say \"}\" twice \"{\""})",
      R"({"PATH":"C:\\","NEXT":"}"})",  // an escaped backslash ends in a real quote
      R"({"PATH":"\\\"}\\"})",
      R"({"U":"\u007d\u007b"})",
  };
  for (const std::string& object : rows) {
    const Split got = split("[" + object + "," + object + "]");
    ASSERT_EQ(got.objects.size(), 2U) << object;
    EXPECT_EQ(got.objects[0], object);
    EXPECT_EQ(got.objects[1], object);
    EXPECT_TRUE(got.problems.empty()) << object;
  }
}

TEST(JsonObjectSplitterTest, ObjectsAcrossTheReadChunk) {
  // The splitter reads 64 KiB at a time: put objects so that each straddles a boundary
  // in a different place (inside a string, at an escape, at the closing brace).
  std::string text = "[";
  std::vector<std::string> objects;
  for (int i = 0; i < 40; ++i) {
    std::string object = R"({"N":)" + std::to_string(i) + R"(,"PAD":")" +
                         std::string(static_cast<std::size_t>(9'000 + 977 * i), 'p') +
                         R"(\"}\\","END":"}"})";
    objects.push_back(object);
    text += (i == 0 ? "" : ",\n") + object;
  }
  text += "]";
  const Split got = split(text);
  ASSERT_EQ(got.objects.size(), objects.size());
  for (std::size_t i = 0; i < objects.size(); ++i) {
    EXPECT_TRUE(got.objects[i] == objects[i]) << i;
    EXPECT_EQ(got.lines[i], i + 1) << i;
  }
  EXPECT_TRUE(got.problems.empty());
}

TEST(JsonObjectSplitterTest, ObjectsOverTheLimitAreReportedAndSkipped) {
  const std::size_t limit = 1 << 20;
  const auto object_of = [](std::size_t bytes) {  // a whole object of exactly `bytes`
    return R"({"P":")" + std::string(bytes - 8, 'x') + R"("})";
  };
  ASSERT_EQ(object_of(100).size(), 100U);
  const struct {
    const char* name;
    std::size_t bytes;
    bool reported;
  } rows[] = {
      {"at the limit", limit, false},
      {"one byte over", limit + 1, true},
      {"two bytes over", limit + 2, true},
      {"3 MiB", 3 * limit, true},
  };
  for (const auto& row : rows) {
    const Split got = split("[\n{\"a\":1},\n" + object_of(row.bytes) + ",\n{\"b\":2}\n]");
    std::vector<std::string> expected = {R"({"a":1})", R"({"b":2})"};
    if (!row.reported) {
      expected.insert(expected.begin() + 1, object_of(row.bytes));
    }
    EXPECT_TRUE(got.objects == expected) << row.name << ": " << got.objects.size();
    if (row.reported) {
      EXPECT_EQ(got.problems, std::vector<std::string>({"3: JSON object larger than 1 MiB"}))
          << row.name;
    } else {
      EXPECT_TRUE(got.problems.empty()) << row.name;
    }
  }
}

TEST(JsonObjectSplitterTest, AStringThatNeverEndsStopsAtTheLimit) {
  // Memory stays bounded even when a quote is never closed.
  const Split got = split("[{\"a\":\"" + std::string(5 << 20, 'x'));
  EXPECT_TRUE(got.objects.empty());
  EXPECT_EQ(got.problems, std::vector<std::string>({"1: JSON object larger than 1 MiB"}));
}

TEST(JsonObjectSplitterTest, RecordsThatAreNotFlatAreReportedWhole) {
  // A record holding an object or array is one problem; nothing inside it is a record.
  const struct {
    const char* name;
    std::string text;
    std::vector<std::string> objects;
    std::vector<std::string> problems;
  } rows[] = {
      {"array value",
       "[{\"a\":1},\n{\"b\":[1,2]},\n{\"c\":3}]",
       {R"({"a":1})", R"({"c":3})"},
       {"2: JSON object holding an object or array (records are flat)"}},
      {"object value",
       "[{\"b\":{\"x\":{\"y\":1}},\"z\":[{}]},\n{\"c\":3}]",
       {R"({"c":3})"},
       {"1: JSON object holding an object or array (records are flat)"}},
      {"in a wrapper",
       R"({"data":[{"b":[{"x":1}]},{"c":3}]})",
       {R"({"c":3})"},
       {"1: JSON object holding an object or array (records are flat)"}},
  };
  for (const auto& row : rows) {
    const Split got = split(row.text);
    EXPECT_EQ(got.objects, row.objects) << row.name;
    EXPECT_EQ(got.problems, row.problems) << row.name;
  }
}

TEST(JsonObjectSplitterTest, ObjectsCutOffAtTheEnd) {
  const struct {
    const char* name;
    std::string text;
    std::size_t objects;
    std::vector<std::string> problems;
  } rows[] = {
      {"inside a value",
       "[{\"a\":1},\n{\"b\":\"tw",
       1,
       {"2: JSON object cut off at the end of the file"}},
      {"after a key",
       "[{\"a\":1},\n\n{\"b\":",
       1,
       {"3: JSON object cut off at the end of the file"}},
      {"right after the brace", "[{", 0, {"1: JSON object cut off at the end of the file"}},
      {"between objects", "[{\"a\":1},", 1, {}},
      {"missing the final bracket", "[{\"a\":1}", 1, {}},
  };
  for (const auto& row : rows) {
    const Split got = split(row.text);
    EXPECT_EQ(got.objects.size(), row.objects) << row.name;
    EXPECT_EQ(got.problems, row.problems) << row.name;
  }
}

}  // namespace
}  // namespace gpq::sync
