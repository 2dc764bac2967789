// The tables of names (object types, orbit regimes, data sources, event kinds and elements,
// key scopes): each row parses back to itself, and api/openapi.json lists the same names.
#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/event_query.h"
#include "gpq/key_service.h"
#include "gpq/set_quality.h"

#include "core/text.h"
#include "support/openapi_document.h"

namespace gpq {
namespace {

template <typename Enum, typename Name>
std::vector<std::string> names_of(std::initializer_list<Enum> values, Name name) {
  std::vector<std::string> out;
  for (const Enum value : values) {
    out.emplace_back(name(value));
  }
  return out;
}

std::vector<std::string> sorted(std::vector<std::string> names) {
  std::sort(names.begin(), names.end());
  return names;
}

constexpr std::initializer_list<ObjectType> kObjectTypes = {
#define GPQ_EVERY_OBJECT_TYPE(name, satcat, parameter, ...) ObjectType::name,
    GPQ_OBJECT_TYPES(GPQ_EVERY_OBJECT_TYPE)
#undef GPQ_EVERY_OBJECT_TYPE
};
constexpr std::initializer_list<OrbitRegime> kRegimes = {
#define GPQ_EVERY_REGIME(name, text) OrbitRegime::name,
    GPQ_ORBIT_REGIMES(GPQ_EVERY_REGIME)
#undef GPQ_EVERY_REGIME
};
constexpr std::initializer_list<DataSource> kSources = {
#define GPQ_EVERY_SOURCE(name, value, neutral) DataSource::name,
    GPQ_DATA_SOURCES(GPQ_EVERY_SOURCE)
#undef GPQ_EVERY_SOURCE
};
constexpr std::initializer_list<EventKind> kKinds = {
#define GPQ_EVERY_KIND(name) EventKind::name,
    GPQ_EVENT_KINDS(GPQ_EVERY_KIND)
#undef GPQ_EVERY_KIND
};
constexpr std::initializer_list<EventElement> kElements = {
#define GPQ_EVERY_ELEMENT(name, unit) EventElement::name,
    GPQ_EVENT_ELEMENTS(GPQ_EVERY_ELEMENT)
#undef GPQ_EVERY_ELEMENT
};
constexpr std::initializer_list<KeyScope> kScopes = {
#define GPQ_EVERY_SCOPE(name, text) KeyScope::name,
    GPQ_KEY_SCOPES(GPQ_EVERY_SCOPE)
#undef GPQ_EVERY_SCOPE
};

TEST(FixedListsTest, ObjectTypesParseInEverySpellingOfTheirRow) {
  for (const ObjectType type : kObjectTypes) {
    EXPECT_EQ(parse_object_type(to_string(type)), type) << to_string(type);
  }
  EXPECT_EQ(parse_object_type("rocket_body"), ObjectType::rocket_body);
  EXPECT_EQ(parse_object_type(" R/B "), ObjectType::rocket_body);
  EXPECT_EQ(parse_object_type("deb"), ObjectType::debris);
  EXPECT_EQ(parse_object_type("TBA"), ObjectType::unknown);
  EXPECT_EQ(parse_object_type("SATELLITE"), std::nullopt);
  EXPECT_EQ(object_type_names(), "PAYLOAD, ROCKET_BODY, DEBRIS or UNKNOWN");
}

TEST(FixedListsTest, TheOpenApiDocumentNamesTheObjectTypesOfTheTable) {
  const auto satcat = names_of(kObjectTypes, [](ObjectType t) { return to_string(t); });
  EXPECT_EQ(test::openapi_property_enum("CatalogRecord", "OBJECT_TYPE"), satcat);
  EXPECT_EQ(test::openapi_property_enum("CatalogListRecord", "OBJECT_TYPE"), satcat);
  EXPECT_TRUE(test::openapi_parameter_description("ObjectType").starts_with(object_type_names()))
      << test::openapi_parameter_description("ObjectType");
}

TEST(FixedListsTest, RegimesRoundTripAndTheOpenApiDocumentNamesThem) {
  for (const OrbitRegime regime : kRegimes) {
    EXPECT_EQ(parse_orbit_regime(to_lower(to_string(regime))), regime);
  }
  EXPECT_EQ(orbit_regime_names(), "LEO, MEO, GEO or HEO");
  EXPECT_TRUE(test::openapi_parameter_description("OrbitRegime").starts_with(orbit_regime_names()));
}

TEST(FixedListsTest, SourcesRoundTripAndTheOpenApiDocumentNamesThem) {
  const auto values = names_of(kSources, [](DataSource s) { return to_string(s); });
  for (const DataSource source : kSources) {
    EXPECT_EQ(parse_data_source(to_string(source)), source);
  }
  std::vector<std::string> spellings;
  for (const std::string_view spelling : data_source_spellings()) {
    spellings.emplace_back(spelling);
    EXPECT_TRUE(parse_data_source(to_upper(spelling)).has_value()) << spelling;
  }
  EXPECT_EQ(parse_data_source("nasa"), std::nullopt);
  EXPECT_EQ(test::openapi_property_enum("GpRecord", "DATA_SOURCE"), values);
  EXPECT_EQ(test::openapi_property_enum("State", "DATA_SOURCE"), values);
  spellings.emplace_back("all");
  EXPECT_EQ(sorted(test::openapi_parameter_enum("DataSource")), sorted(spellings));
}

TEST(FixedListsTest, EventKindsAndElementsAreTheOpenApiDocumentsUpperCased) {
  const auto kinds = names_of(kKinds, [](EventKind k) { return to_upper(to_string(k)); });
  const auto elements = names_of(kElements, [](EventElement e) { return to_upper(to_string(e)); });
  const auto units = names_of(kElements, [](EventElement e) { return std::string(unit_of(e)); });
  EXPECT_EQ(test::openapi_property_enum("Event", "KIND"), kinds);
  EXPECT_EQ(test::openapi_property_enum("Event", "ELEMENT"), elements);
  EXPECT_EQ(test::openapi_property_enum("Event", "UNIT"), units);
}

TEST(FixedListsTest, QualityFlagsAreTheOpenApiDocuments) {
  const std::initializer_list<QualityFlag> flags = {
#define GPQ_QUALITY_FLAG_ITEM(name) QualityFlag::name,
      GPQ_QUALITY_FLAGS(GPQ_QUALITY_FLAG_ITEM)
#undef GPQ_QUALITY_FLAG_ITEM
  };
  const auto names = names_of(flags, [](QualityFlag f) { return std::string(to_string(f)); });
  for (const QualityFlag flag : flags) {
    EXPECT_EQ(parse_quality_flag(to_upper(to_string(flag))), flag);
  }
  EXPECT_EQ(test::openapi_items_enum("GpRecord", "_quality"), names);
  EXPECT_EQ(names.size(), 8U);
}

TEST(FixedListsTest, KeyScopesRoundTrip) {
  for (const KeyScope scope : kScopes) {
    EXPECT_EQ(parse_key_scope(key_scope_name(scope)), scope);
  }
  EXPECT_EQ(key_scope_names(), (std::vector<std::string_view>{"api", "replication"}));
  EXPECT_EQ(parse_key_scope("API"), std::nullopt);
}

}  // namespace
}  // namespace gpq
