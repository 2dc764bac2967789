// One bad record must not break or forge what gpq hands to everyone: the OMM record that
// once forged a TLE line is refused on import, and records already in a mirror with such
// text (written by an older gpq) come out of every CLI and HTTP format in a form that
// independent readers accept: Python's json, csv and xml.etree, and python-sgp4 for TLE.
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/api_client.h"
#include "support/fixture_db.h"
#include "support/process.h"
#include "support/serve_process.h"
#include "support/served_world.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

constexpr std::int32_t kForged = 70001;   // the name holds a TLE line 1, classification '"'
constexpr std::int32_t kMangled = 70002;  // bytes that are not UTF-8, C1, markup, commas

const std::string kForgedName =
    "EVIL\n1 99999U 00000A   25001.00000000  .00000000  00000-0  00000-0 0  9990";

// The record of the report, whole: OMM JSON as an upstream or a user could hand it over.
const std::string kHostileOmm =
    R"([{"OBJECT_NAME":"EVIL\n1 99999U 00000A   25001.00000000  .00000000  00000-0  00000-0 0  9990",)"
    R"("OBJECT_ID":"2000-000A","EPOCH":"2025-01-01T00:00:00.000000","MEAN_MOTION":15.5,)"
    R"("ECCENTRICITY":0.0001,"INCLINATION":51.6,"RA_OF_ASC_NODE":10,"ARG_OF_PERICENTER":20,)"
    R"("MEAN_ANOMALY":30,"EPHEMERIS_TYPE":0,"CLASSIFICATION_TYPE":"\"","NORAD_CAT_ID":70001,)"
    R"("ELEMENT_SET_NO":999,"REV_AT_EPOCH":100,"BSTAR":0.0001,"MEAN_MOTION_DOT":0.00001,)"
    R"("MEAN_MOTION_DDOT":0}])";

// Reads every file named <case>.<format> in argv[1] with a reader that is not gpq's, and
// prints one line per file: "<file> ok <records>" or "<file> BAD <why>".
constexpr const char* kReaders = R"py(
import csv, io, json, os, re, sys
import xml.etree.ElementTree as ET
from sgp4.api import Satrec

directory = sys.argv[1]
KVN_LINE = re.compile(r"^[A-Z_0-9]+ *= .*$")

def read_json(text):
    data = json.loads(text)
    if isinstance(data, dict) and "data" in data:
        data = data["data"]
    return len(data) if isinstance(data, list) else 1

def read_csv(text):
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if any(len(row) != len(rows[0]) for row in rows):
        raise ValueError("rows of different widths")
    if len(text.splitlines()) != len(rows):
        raise ValueError("a record spans lines")
    return len(rows) - 1

def read_xml(text):
    return len(ET.fromstring(text.encode()).findall("omm"))

def read_kvn(text):
    for line in text.splitlines():
        if line and not KVN_LINE.match(line):
            raise ValueError("not a KVN line: %r" % line[:60])
    return text.count("CCSDS_OMM_VERS")

def read_tle(text, with_names):
    lines = text.splitlines()
    step = 3 if with_names else 2
    if len(lines) % step:
        raise ValueError("%d lines" % len(lines))
    for i in range(0, len(lines), step):
        if with_names and lines[i].startswith(("1 ", "2 ")):
            raise ValueError("a name line reads as a TLE line: %r" % lines[i][:30])
        l1, l2 = lines[i + step - 2], lines[i + step - 1]
        if not (l1.startswith("1 ") and l2.startswith("2 ")):
            raise ValueError("not a TLE: %r" % l1[:30])
        if l1[2:7] == "99999":
            raise ValueError("forged object 99999")
        Satrec.twoline2rv(l1, l2)
    return len(lines) // step

READERS = {"json": read_json, "csv": read_csv, "xml": read_xml, "kvn": read_kvn,
           "tle": lambda t: read_tle(t, True), "3le": lambda t: read_tle(t, True),
           "2le": lambda t: read_tle(t, False)}

for name in sorted(os.listdir(directory)):
    with open(os.path.join(directory, name), encoding="utf-8", newline="") as f:
        text = f.read()
    try:
        print(name, "ok", READERS[name.rsplit(".", 1)[1]](text))
    except Exception as e:
        print(name, "BAD", type(e).__name__, e)
)py";

bool python_has_sgp4() {
  return run_process({"/usr/bin/python3", "-c", "import sgp4.api"}).exit_code == 0;
}

void write_text(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

class HostileRecordTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!python_has_sgp4()) {
      GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
    }
    fs::create_directories(out_);
  }

  // Runs the readers over everything saved so far; each line "<file> ok <n>".
  std::vector<std::string> read_back() {
    write_text(dir_.path() / "readers.py", kReaders);
    const ProcessResult r =
        run_process({"/usr/bin/python3", (dir_.path() / "readers.py").string(), out_.string()});
    EXPECT_EQ(r.exit_code, 0) << r.err;
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end = r.out.find('\n'); end != std::string::npos;
         start = end + 1, end = r.out.find('\n', start)) {
      lines.push_back(r.out.substr(start, end - start));
    }
    return lines;
  }

  TempDir dir_;
  fs::path db_ = dir_.path() / "gpq.db";
  fs::path out_ = dir_.path() / "out";
};

TEST_F(HostileRecordTest, TheForgingOmmRecordIsRefusedOnImportWithItsReason) {
  write_text(dir_.path() / "evil.json", kHostileOmm);
  const ProcessResult imported =
      run_gpq({"--db", db_.string(), "sync", "--from", (dir_.path() / "evil.json").string()});
  EXPECT_EQ(imported.exit_code, 0) << imported.err;
  EXPECT_NE(imported.out.find("0 sets read"), std::string::npos) << imported.out;
  EXPECT_NE(imported.out.find("1 records skipped"), std::string::npos) << imported.out;
  EXPECT_NE(imported.out.find("evil.json line 1: CLASSIFICATION_TYPE '\"' is not U, C or S"),
            std::string::npos)
      << imported.out;

  // With an ordinary classification the name alone is refused.
  std::string named = kHostileOmm;
  named.replace(named.find(R"("CLASSIFICATION_TYPE":"\"")"), 26, R"("CLASSIFICATION_TYPE":"U")");
  write_text(dir_.path() / "named.json", named);
  const ProcessResult second =
      run_gpq({"--db", db_.string(), "sync", "--from", (dir_.path() / "named.json").string()});
  EXPECT_NE(second.out.find("named.json line 1: OBJECT_NAME holds the control character U+000A"),
            std::string::npos)
      << second.out;
  EXPECT_EQ(run_gpq({"--db", db_.string(), "gp", "70001"}).exit_code, 3);
}

TEST_F(HostileRecordTest, StoredHostileTextComesOutOfEveryFormatReadable) {
  {
    FixtureDb fixture(db_);
    ElementSet forged = make_set(kForged, kForgedName, iso("2025-01-01T00:00:00Z"));
    forged.classification_type = '"';
    forged.object_id = "2000-000A";
    ElementSet mangled =
        make_set(kMangled, "BAD\xFF\xC2\x85<&>\"',\x1b[2J", iso("2025-01-01T00:00:00Z"));
    mangled.object_id = "2000-<A>";
    ElementSet mangled_later = mangled;
    mangled_later.epoch = iso("2025-01-02T00:00:00Z");
    const ElementSet sets[] = {forged, mangled, mangled_later};
    fixture.write(sets);
  }
  const ProcessResult key =
      run_gpq({"--db", db_.string(), "keys", "create", "--label", "hostile", "--quiet"});
  ASSERT_EQ(key.exit_code, 0) << key.err;
  ServeProcess server(db_, kUnlimited);
  ApiClient client(server.host(), server.port(), key.out.substr(0, key.out.find('\n')));

  const std::vector<std::string> formats = {"json", "csv", "xml", "kvn", "tle", "3le", "2le"};
  for (const std::string& format : formats) {
    const std::string id = std::to_string(kMangled);
    const ProcessResult one = run_gpq({"--db", db_.string(), "gp", id, "--format", format});
    ASSERT_EQ(one.exit_code, 0) << format << ": " << one.err;
    write_text(out_ / ("cli-gp." + format), one.out);
    const ProcessResult list = run_gpq({"--db", db_.string(), "history", id, "--format", format});
    ASSERT_EQ(list.exit_code, 0) << format << ": " << list.err;
    write_text(out_ / ("cli-history." + format), list.out);
    const HttpResult served = client.get("/api/v1/gp/" + id + "?format=" + format);
    ASSERT_EQ(served.status, 200) << format << ": " << served.body;
    write_text(out_ / ("http-gp." + format), served.body);
    const HttpResult page = client.get("/api/v1/gp/" + id + "/history?format=" + format);
    ASSERT_EQ(page.status, 200) << format << ": " << page.body;
    write_text(out_ / ("http-history." + format), page.body);

    // The forged record: every format but the TLE ones writes it; those refuse it whole.
    const std::string forged_id = std::to_string(kForged);
    const ProcessResult forged =
        run_gpq({"--db", db_.string(), "gp", forged_id, "--format", format});
    const HttpResult forged_served = client.get("/api/v1/gp/" + forged_id + "?format=" + format);
    if (format == "tle" || format == "3le" || format == "2le") {
      EXPECT_EQ(forged.exit_code, 2) << format;
      EXPECT_EQ(forged.out, "") << format;
      EXPECT_NE(forged.err.find("classification '\"' cannot be written in a TLE"),
                std::string::npos)
          << forged.err;
      EXPECT_EQ(forged_served.status, 400) << format;
    } else {
      ASSERT_EQ(forged.exit_code, 0) << format << ": " << forged.err;
      write_text(out_ / ("cli-forged." + format), forged.out);
      ASSERT_EQ(forged_served.status, 200) << format << ": " << forged_served.body;
      write_text(out_ / ("http-forged." + format), forged_served.body);
    }
  }

  const std::vector<std::string> lines = read_back();
  EXPECT_EQ(lines.size(), 4 * formats.size() + 2 * 4);
  for (const std::string& line : lines) {
    const bool list = line.find("history.") != std::string::npos;
    const std::string records = list ? "2" : "1";
    EXPECT_TRUE(line.ends_with(" ok " + records)) << line;
  }
}

}  // namespace
}  // namespace gpq::test
