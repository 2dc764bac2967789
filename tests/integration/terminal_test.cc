// What gpq shows a person at a terminal and what it keeps out of pipes: colour and the
// progress line appear only on a terminal (a pseudo-terminal made by script(1)), never with
// NO_COLOR, TERM=dumb or --quiet, and a long name gives way to fit the terminal's width.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "support/process.h"
#include "support/synthetic_tle.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

constexpr std::string_view kEscape = "\x1b[";
constexpr std::string_view kLongName =
    "OBJECT_NAME,OBJECT_ID,EPOCH,MEAN_MOTION,ECCENTRICITY,INCLINATION,RA_OF_ASC_NODE,"
    "ARG_OF_PERICENTER,MEAN_ANOMALY,EPHEMERIS_TYPE,CLASSIFICATION_TYPE,NORAD_CAT_ID,"
    "ELEMENT_SET_NO,REV_AT_EPOCH,BSTAR,MEAN_MOTION_DOT,MEAN_MOTION_DDOT\n"
    "A SATELLITE WITH A NAME FAR TOO LONG FOR A NARROW TERMINAL,2026-180C,"
    "2026-08-08T14:16:42.214656,15.55157830,.0245919,42.0065,15.8693,248.7329,108.7095,0,U,"
    "100245,999,35,.74224E-3,.00218995,.19137E-4\n";

class TerminalTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::ofstream(dir_.path() / "history.3le") << synthetic_3le(30, 3);
    std::ofstream(dir_.path() / "long-name.csv") << kLongName;
    for (const std::string& file : {tle(), (dir_.path() / "long-name.csv").string()}) {
      const ProcessResult sync = run_gpq({"--db", db(), "sync", "--from", file});
      ASSERT_EQ(sync.exit_code, 0) << sync.err;
    }
  }

  std::string db() const { return (dir_.path() / "gpq.db").string(); }
  std::string tle() const { return (dir_.path() / "history.3le").string(); }

  // Runs gpq on a pseudo-terminal (stdout and stderr both), with `env` set and NO_COLOR unset
  // unless `env` sets it; returns what the terminal received.
  static ProcessResult on_terminal(const std::vector<std::string>& args,
                                   const std::vector<std::string>& env) {
    std::string command = "exec '" GPQ_BINARY "'";
    for (const std::string& arg : args) {
      command += " '" + arg + "'";
    }
    std::vector<std::string> argv{"/usr/bin/env", "-u", "NO_COLOR", "TERM=xterm"};
    argv.insert(argv.end(), env.begin(), env.end());
    argv.insert(argv.end(), {"script", "-qec", command, "/dev/null"});
    return run_process(argv);
  }

  TempDir dir_;
};

TEST_F(TerminalTest, TablesAreInColourOnlyOnATerminalThatWantsIt) {
  const std::vector<std::string> table{"--db", db(), "gp", "--format", "table"};
  const ProcessResult plain_terminal = on_terminal(table, {});
  ASSERT_EQ(plain_terminal.exit_code, 0) << plain_terminal.out;
  EXPECT_NE(plain_terminal.out.find("\x1b[1m"), std::string::npos)
      << "bold header expected: " << plain_terminal.out;

  for (const char* setting : {"NO_COLOR=1", "TERM=dumb"}) {
    const ProcessResult result = on_terminal(table, {setting});
    ASSERT_EQ(result.exit_code, 0) << setting;
    EXPECT_EQ(result.out.find(kEscape), std::string::npos) << setting << ": " << result.out;
  }
  const ProcessResult empty_no_colour = on_terminal(table, {"NO_COLOR="});
  EXPECT_NE(empty_no_colour.out.find("\x1b[1m"), std::string::npos)
      << "an empty NO_COLOR does not count";

  const ProcessResult piped = run_gpq(table, {"TERM=xterm"});
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.out.find(kEscape), std::string::npos) << piped.out;
}

TEST_F(TerminalTest, TablesFitTheTerminalWidth) {
  const ProcessResult result =
      on_terminal({"--db", db(), "gp", "--format", "table"}, {"COLUMNS=90", "NO_COLOR=1"});
  ASSERT_EQ(result.exit_code, 0) << result.out;
  std::istringstream lines(result.out);
  std::string line;
  int rows = 0;
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') {
      line.pop_back();
    }
    // Display width: count UTF-8 lead bytes only (the ellipsis is three bytes, one column).
    std::size_t width = 0;
    for (const char c : line) {
      width += (static_cast<unsigned char>(c) & 0xC0) != 0x80 ? 1 : 0;
    }
    EXPECT_LE(width, 90U) << line;
    ++rows;
  }
  EXPECT_EQ(rows, 5) << result.out;  // the header and four objects
  EXPECT_NE(result.out.find("\u2026"), std::string::npos) << "names cut with an ellipsis";
}

TEST_F(TerminalTest, TheProgressLineIsForTerminalsOnly) {
  const std::vector<std::string> import{"--db", db(), "sync", "--from", tle()};
  const ProcessResult terminal = on_terminal(import, {});
  ASSERT_EQ(terminal.exit_code, 0) << terminal.out;
  EXPECT_NE(terminal.out.find("sets/s"), std::string::npos) << terminal.out;
  EXPECT_NE(terminal.out.find("\r\x1b[K"), std::string::npos) << "erased before the summary";

  std::vector<std::string> quiet = import;
  quiet.insert(quiet.begin() + 2, "--quiet");
  const ProcessResult quiet_terminal = on_terminal(quiet, {});
  ASSERT_EQ(quiet_terminal.exit_code, 0) << quiet_terminal.out;
  EXPECT_EQ(quiet_terminal.out.find("sets/s"), std::string::npos) << quiet_terminal.out;

  const ProcessResult piped = run_gpq(import, {"TERM=xterm"});
  ASSERT_EQ(piped.exit_code, 0) << piped.err;
  EXPECT_EQ(piped.err.find("sets/s"), std::string::npos) << piped.err;
  EXPECT_EQ(piped.err.find('\r'), std::string::npos) << piped.err;
}

}  // namespace
}  // namespace gpq::test
