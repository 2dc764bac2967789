// gpq's TLE, 2LE, CSV and XML output read back by independent tools: Debian's
// python3-sgp4 (Satrec.twoline2rv and sgp4.omm) and xmllint.
#include <fstream>

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "gpq/format.h"
#include "gpq/tle.h"

#include "support/process.h"
#include "support/temp_dir.h"

namespace gpq::test {
namespace {

namespace fs = std::filesystem;

const std::pair<const char*, const char*> kLines[] = {
    {"1 25544U 98067A   26143.80969095  .00007235  00000+0  13771-3 0  9990",
     "2 25544  51.6325  60.7811 0007520  90.7634 269.4217 15.49334650567975"},
    {"1 00005U 58002B   00179.78495062  .00000023  00000-0  28098-4 0  4753",
     "2 00005  34.2682 348.7242 1859667 331.7664  19.3264 10.82419157413667"},
    {"1 21897U 92011A   06176.02341244 -.00001273  00000-0 -13525-3 0  3044",
     "2 21897  62.1749 198.0096 7421690 253.0462  20.1561  2.01269994104880"},
    {"1 16925U 86065D   06151.67415771  .02550794 -30915-6  18784-3 0  4486",
     "2 16925  62.0906 295.0239 5596327 245.1593  47.9690  4.88511875148616"},
    {"1 23333U 94071A   94305.49999999 -.00172956  26967-3  10000-3 0    15",
     "2 23333  28.7490   2.3720 9728298  30.4360   1.3500  0.07309491    70"},
    {"1 24208U 96044A   06177.04061740 -.00000094  00000-0  10000-3 0  1600",
     "2 24208   3.8536  80.0121 0026640 311.0977  48.3000  1.00778054 36119"},
};

void write(const fs::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

bool python_has_sgp4() {
  return run_process({"/usr/bin/python3", "-c", "import sgp4.omm"}).exit_code == 0;
}

TEST(CrossCheckTest, Sgp4AndXmllintReadWhatGpqWrites) {
  if (!python_has_sgp4()) {
    GTEST_SKIP() << "/usr/bin/python3 cannot import sgp4 (install python3-sgp4)";
  }
  TempDir dir;
  std::vector<ElementSet> sets;
  std::string expected = "[";
  for (const auto& [line1, line2] : kLines) {
    ElementSet set;
    std::string error;
    ASSERT_TRUE(parse_tle(line1, line2, set, error)) << error;
    set.object_name = fmt::format("SAT {}", set.norad_id);
    expected += fmt::format(
        "{}{{\"NORAD_CAT_ID\":{},\"INCLINATION\":{},\"RA_OF_ASC_NODE\":{},"
        "\"ARG_OF_PERICENTER\":{},\"MEAN_ANOMALY\":{},\"ECCENTRICITY\":{},\"MEAN_MOTION\":{},"
        "\"BSTAR\":{},\"JD\":{:.10f}}}",
        sets.empty() ? "" : ",", set.norad_id, set.inclination, set.ra_of_asc_node,
        set.arg_of_pericenter, set.mean_anomaly, set.eccentricity, set.mean_motion, set.bstar,
        set.epoch.julian_date());
    sets.push_back(std::move(set));
  }
  write(dir.path() / "expected.json", expected + "]");
  for (const Format format : {Format::tle, Format::two_le, Format::csv, Format::xml}) {
    std::string out;
    const auto writer = make_set_list_writer(format);
    writer->begin(out);
    for (const ElementSet& set : sets) {
      writer->set(set, out);
    }
    writer->end(out);
    write(dir.path() / fmt::format("sets.{}", to_string(format)), out);
  }
  const ProcessResult python =
      run_process({"/usr/bin/python3",
                   fs::path(GPQ_TEST_DATA_DIR).parent_path() / "integration" / "crosscheck_test.py",
                   dir.path().string()});
  EXPECT_EQ(python.exit_code, 0) << python.out << python.err;
  EXPECT_NE(python.out.find("ok: 6 sets in 4 formats"), std::string::npos) << python.out;

  const ProcessResult xmllint =
      run_process({"xmllint", "--noout", (dir.path() / "sets.xml").string()});
  EXPECT_EQ(xmllint.exit_code, 0) << xmllint.err;
}

}  // namespace
}  // namespace gpq::test
