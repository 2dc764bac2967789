// The layering rules of ARCHITECTURE.md, checked on the sources themselves. Each rule names
// the files it applies to and what they may not hold; the second test feeds the checker
// files that break each rule, so a rule that can no longer fail is noticed.
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace gpq {
namespace {

namespace fs = std::filesystem;

const fs::path kRoot = fs::path(GPQ_TEST_DATA_DIR).parent_path().parent_path();

struct SourceFile {
  std::string path;  // relative to the repository root: "src/core/time.cc"
  std::string text;
};

struct Rule {
  const char* name;
  std::vector<std::string> applies_to;  // path prefixes
  std::vector<std::string> exempt;      // path prefixes the rule skips
  std::regex forbidden;
};

bool starts_with_any(const std::string& path, const std::vector<std::string>& prefixes) {
  return std::any_of(prefixes.begin(), prefixes.end(),
                     [&](const std::string& prefix) { return path.starts_with(prefix); });
}

const std::vector<Rule>& rules() {
  static const std::vector<Rule> kRules = {
      {"core includes no other layer",
       {"src/core/", "include/gpq/"},
       {},
       std::regex(R"(#include\s*"(storage|sync|http|cli|format|orbit|events)/)")},
      {"include/gpq includes nothing from src",
       {"include/"},
       {},
       std::regex(R"(#include\s*"(?!gpq/))")},
      {"format uses only core",
       {"src/format/"},
       {},
       std::regex(R"(#include\s*"(storage|sync|http|cli|orbit|events)/)")},
      {"storage uses only core",
       {"src/storage/"},
       {},
       std::regex(R"(#include\s*"(sync|http|cli|orbit|events)/)")},
      {"sync uses no front end", {"src/sync/"}, {}, std::regex(R"(#include\s*"(http|cli)/)")},
      {"orbit uses only core",
       {"src/orbit/"},
       {},
       std::regex(R"(#include\s*"(storage|sync|http|cli|format|keys)/)")},
      {"events uses only core",
       {"src/events/"},
       {},
       std::regex(R"(#include\s*"(storage|sync|http|cli|format|orbit|keys)/)")},
      {"keys uses only core",
       {"src/keys/"},
       {},
       std::regex(R"(#include\s*"(storage|sync|http|cli|format)/)")},
      {"OpenSSL only in keys",
       {"src/", "include/"},
       {"src/keys/"},
       std::regex(R"(#include\s*<openssl/)")},
      {"http uses neither sync nor cli",
       {"src/http/"},
       {},
       std::regex(R"(#include\s*"(sync|cli)/)")},
      {"the server's limits use neither the API nor the server machinery",
       {"src/http/limits/"},
       {},
       std::regex(R"(#include\s*"http/(api|server)/)")},
      {"the API's answers use no server machinery",
       {"src/http/api/"},
       {},
       std::regex(R"(#include\s*"http/server/)")},
      {"SQLite only in storage",
       {"src/", "include/"},
       {"src/storage/"},
       std::regex(R"(#include\s*[<"](sqlite3\.h|SQLiteCpp/)|SQLite::|\bsqlite3_)")},
      {"SQL only in storage",
       {"src/", "include/"},
       {"src/storage/"},
       std::regex(R"(\b(SELECT|INSERT|UPDATE|DELETE)\s+(\*|[a-z_]+\s*(,|FROM|INTO|SET)|INTO|FROM)|)"
                  R"(\bPRAGMA\s+[a-z_]+|\bCREATE\s+(TABLE|INDEX|VIEW|TRIGGER)\b)")},
      {"httplib only in http and the sync transport",
       {"src/", "include/"},
       {"src/http/", "src/sync/upstream/http_session."},
       std::regex(R"(httplib::|#include\s*<httplib\.h>)")},
      {"libarchive only in the sync archive reader",
       {"src/", "include/"},
       {"src/sync/archive_reader."},
       std::regex(R"(#include\s*<archive(_entry)?\.h>|\barchive_(read|write|entry)_)")},
      {"hiredis only in the Redis connection",
       {"src/", "include/"},
       {"src/http/limits/redis_connection."},
       std::regex(R"(#include\s*<hiredis/|\bredis(Context|Reply|Command\w*|Connect\w*)\b)")},
      {"CLI11 only in cli",
       {"src/", "include/"},
       {"src/cli/"},
       std::regex(R"(CLI::|#include\s*<CLI/)")},
      {"storage names no source: the table of sources and its authority rule decide",
       {"src/storage/"},
       {},
       std::regex(R"(DataSource::\w|SourceFilter::(?!all\b)\w)")},
      {"the sync plan names no upstream: their rows in the list do",
       {"src/sync/sync_plan."},
       {},
       std::regex(R"([Cc]eles[Tt]rak|[Ss]pace-?[Tt]rack)")},
      {"public headers name no third-party type",
       {"include/"},
       {},
       std::regex(R"(SQLite::|sqlite3|simdjson|pugi::|httplib|CLI::)")},
  };
  return kRules;
}

// "path: rule" for every rule a file breaks.
std::vector<std::string> violations(const std::vector<SourceFile>& files) {
  std::vector<std::string> found;
  for (const SourceFile& file : files) {
    for (const Rule& rule : rules()) {
      if (starts_with_any(file.path, rule.applies_to) && !starts_with_any(file.path, rule.exempt) &&
          std::regex_search(file.text, rule.forbidden)) {
        found.push_back(file.path + ": " + rule.name);
      }
    }
  }
  return found;
}

std::vector<SourceFile> the_tree() {
  std::vector<SourceFile> files;
  for (const char* top : {"include", "src"}) {
    for (const auto& entry : fs::recursive_directory_iterator(kRoot / top)) {
      if (!entry.is_regular_file()) {
        continue;
      }
      std::ifstream in(entry.path());
      std::ostringstream text;
      text << in.rdbuf();
      files.push_back({entry.path().lexically_relative(kRoot).string(), text.str()});
    }
  }
  return files;
}

TEST(LayeringTest, TheTreeKeepsEveryRule) {
  const std::vector<SourceFile> files = the_tree();
  EXPECT_GT(files.size(), 100U);  // the tree was found
  EXPECT_EQ(violations(files), std::vector<std::string>{});
}

TEST(LayeringTest, EachRuleCatchesWhatItForbids) {
  const std::vector<SourceFile> broken = {
      {"src/core/time.cc", "#include \"storage/database.h\"\n"},
      {"src/core/tle.cc", "#include \"format/json_writer.h\"\n"},
      {"include/gpq/query.h", "#include \"core/text.h\"\n"},
      {"src/format/json_set.cc", "#include \"storage/reader.h\"\n"},
      {"src/format/orbit_format.cc", "#include \"orbit/frames.h\"\n"},
      {"src/storage/reader.cc", "#include \"orbit/sgp4.h\"\n"},
      {"src/storage/writer.cc", "#include \"sync/importer.h\"\n"},
      {"src/sync/importer.cc", "#include \"http/server/server.h\"\n"},
      {"src/core/tle.cc", "#include \"orbit/sgp4.h\"\n"},
      {"src/orbit/sgp4.cc", "#include \"storage/reader.h\"\n"},
      {"src/orbit/short_period.cc", "#include \"format/json_writer.h\"\n"},
      {"src/events/step_finder.cc", "#include \"storage/reader.h\"\n"},
      {"src/keys/key_material.cc", "#include \"storage/api_keys.h\"\n"},
      {"src/cli/keys.cc", "#include <openssl/rand.h>\n"},
      {"src/http/api/endpoints.cc", "#include \"cli/output.h\"\n"},
      {"src/http/server/server.cc", "#include <sqlite3.h>\n"},
      {"src/sync/importer.cc", "db.exec(\"PRAGMA journal_mode=WAL\");\n"},
      {"src/cli/keys.cc", "const char* q = \"CREATE TABLE key (id)\";\n"},
      {"src/cli/status.cc", "const char* q = \"SELECT id FROM key\";\n"},
      {"src/core/time.cc", "#include <httplib.h>\n"},
      {"src/sync/upstream/celestrak.cc", "httplib::Client client(url);\n"},
      {"src/http/api/routes.cc", "#include <CLI/CLI.hpp>\n"},
      {"include/gpq/store.h", "namespace pugi { class xml_node; }  pugi::xml_node* n;\n"},
      {"src/sync/importer.cc", "#include <archive.h>\n"},
      {"src/cli/main.cc", "archive_read_new();\n"},
      {"src/http/limits/redis_limits.cc", "#include <hiredis/hiredis.h>\n"},
      {"src/storage/reader.cc", "if (set.source == DataSource::spacetrack) {}\n"},
      {"src/storage/reader_history.cc", "read(SourceFilter::celestrak);\n"},
      {"src/sync/sync_plan.cc", "if (plan.spacetrack) {}\n"},
  };
  EXPECT_EQ(violations(broken),
            (std::vector<std::string>{
                "src/core/time.cc: core includes no other layer",
                "src/core/tle.cc: core includes no other layer",
                "include/gpq/query.h: include/gpq includes nothing from src",
                "src/format/json_set.cc: format uses only core",
                "src/format/orbit_format.cc: format uses only core",
                "src/storage/reader.cc: storage uses only core",
                "src/storage/writer.cc: storage uses only core",
                "src/sync/importer.cc: sync uses no front end",
                "src/core/tle.cc: core includes no other layer",
                "src/orbit/sgp4.cc: orbit uses only core",
                "src/orbit/short_period.cc: orbit uses only core",
                "src/events/step_finder.cc: events uses only core",
                "src/keys/key_material.cc: keys uses only core",
                "src/cli/keys.cc: OpenSSL only in keys",
                "src/http/api/endpoints.cc: http uses neither sync nor cli",
                "src/http/server/server.cc: SQLite only in storage",
                "src/sync/importer.cc: SQL only in storage",
                "src/cli/keys.cc: SQL only in storage",
                "src/cli/status.cc: SQL only in storage",
                "src/core/time.cc: httplib only in http and the sync transport",
                "src/sync/upstream/celestrak.cc: httplib only in http and the sync transport",
                "src/http/api/routes.cc: CLI11 only in cli",
                "include/gpq/store.h: public headers name no third-party type",
                "src/sync/importer.cc: libarchive only in the sync archive reader",
                "src/cli/main.cc: libarchive only in the sync archive reader",
                "src/http/limits/redis_limits.cc: hiredis only in the Redis connection",
                "src/storage/reader.cc: storage names no source: the table of sources and its "
                "authority rule decide",
                "src/storage/reader_history.cc: storage names no source: the table of sources "
                "and its authority rule decide",
                "src/sync/sync_plan.cc: the sync plan names no upstream: their rows in the list do",
            }));

  const std::vector<SourceFile> allowed = {
      {"src/core/time.cc", "#include \"core/text.h\"\n#include \"gpq/time.h\"\n"},
      {"src/format/json_set.cc", "#include \"core/printable_text.h\"\n"},
      {"src/storage/schema.cc", "#include <sqlite3.h>\nconst char* q = \"PRAGMA user_version\";\n"},
      {"src/http/server/server.cc", "#include <httplib.h>\n#include \"storage/database.h\"\n"},
      {"src/sync/upstream/http_session.cc", "#include <httplib.h>\n"},
      {"src/sync/archive_reader.cc", "#include <archive.h>\narchive_read_new();\n"},
      {"src/sync/archive_import.cc", "// one archive_member at a time\n"},
      {"src/orbit/sgp4.cc", "#include \"gpq/element_set.h\"\n#include \"orbit/secular.h\"\n"},
      {"src/orbit/orbit_service.cc", "#include \"gpq/query_service.h\"\n"},
      {"src/http/api/endpoints.cc", "#include \"orbit/orbit_service.h\"\n"},
      {"src/cli/state.cc", "#include \"orbit/orbit_service.h\"\n"},
      {"src/cli/app.cc", "#include <CLI/CLI.hpp>\n#include \"sync/importer.h\"\n"},
      {"src/cli/status.cc", "// Select the rows from the status; update the table.\n"},
      {"src/storage/reader.cc", "return source == SourceFilter::all;\n"},
  };
  EXPECT_EQ(violations(allowed), std::vector<std::string>{});
}

}  // namespace
}  // namespace gpq
