// One function per format for one element set; set_lists.cc strings them into
// documents. Each appends to `out`.
#pragma once

#include <string>

#include "gpq/element_set.h"
#include "gpq/set_quality.h"
#include "gpq/tle.h"

namespace gpq::format_detail {

// `quality`: a `_quality` member after the others (none: no member).
void json_set(const ElementSet& set, std::string& out, const QualityFlags* quality = nullptr);
// Name line (3LE) when `with_name`, then the two lines in `layout`; "\n" line ends.
void tle_set(const ElementSet& set, bool with_name, TleLayout layout, std::string& out);
// `with_quality` / `quality`: a last column `_quality`, the flags separated by spaces.
void csv_header(std::string& out, bool with_quality = false);
void csv_set(const ElementSet& set, std::string& out, const QualityFlags* quality = nullptr);
// XML element text: control characters (which XML 1.0 cannot carry, not even as references)
// and bytes that are not UTF-8 become U+FFFD, then the five markup characters are escaped.
void xml_text(std::string_view text, std::string& out);
void xml_begin(std::string& out);
void xml_set(const ElementSet& set, std::string& out);
void xml_end(std::string& out);
void kvn_set(const ElementSet& set, std::string& out);

// The OMM header's CREATION_DATE: the upstream's, else empty, as CelesTrak writes it (the
// keyword is mandatory; a date gpq made up would read back as the upstream's).
std::string omm_creation_date(const ElementSet& set);
inline constexpr std::string_view kOriginator = "gpq";

}  // namespace gpq::format_detail
