#include "support/openapi_document.h"

#include <initializer_list>
#include <optional>

#include <simdjson.h>

namespace gpq::test {
namespace {

simdjson::dom::element document() {
  static simdjson::dom::parser parser;
  static const simdjson::dom::element root = [] {
    simdjson::dom::element loaded;
    if (parser.load(GPQ_TEST_DATA_DIR "/../../api/openapi.json").get(loaded) != simdjson::SUCCESS) {
      return simdjson::dom::element();
    }
    return loaded;
  }();
  return root;
}

// The member at `keys` from the document's root, one object after another.
std::optional<simdjson::dom::element> at(std::initializer_list<std::string_view> keys) {
  simdjson::dom::element element = document();
  for (const std::string_view key : keys) {
    simdjson::dom::object object;
    if (element.get(object) != simdjson::SUCCESS ||
        object.at_key(key).get(element) != simdjson::SUCCESS) {
      return std::nullopt;
    }
  }
  return element;
}

std::vector<std::string> strings_at(std::initializer_list<std::string_view> keys) {
  std::vector<std::string> out;
  simdjson::dom::array array;
  const std::optional<simdjson::dom::element> found = at(keys);
  if (!found || found->get(array) != simdjson::SUCCESS) {
    return out;
  }
  for (const simdjson::dom::element item : array) {
    std::string_view text;
    if (item.get(text) == simdjson::SUCCESS) {
      out.emplace_back(text);
    }
  }
  return out;
}

simdjson::dom::object paths() {
  simdjson::dom::object object;
  const std::optional<simdjson::dom::element> found = at({"paths"});
  if (found && found->get(object) == simdjson::SUCCESS) {
    return object;
  }
  return {};
}

}  // namespace

std::vector<std::string> openapi_paths() {
  std::vector<std::string> out;
  for (const auto field : paths()) {
    out.emplace_back(field.key);
  }
  return out;
}

std::vector<std::string> openapi_paths_with_parameter(std::string_view name) {
  const std::string ref = "#/components/parameters/" + std::string(name);
  std::vector<std::string> out;
  for (const auto field : paths()) {
    simdjson::dom::array parameters;
    if (field.value.at_pointer("/get/parameters").get(parameters) != simdjson::SUCCESS) {
      continue;
    }
    for (const simdjson::dom::element parameter : parameters) {
      std::string_view target;
      if (parameter.at_key("$ref").get(target) == simdjson::SUCCESS && target == ref) {
        out.emplace_back(field.key);
        break;
      }
    }
  }
  return out;
}

std::vector<std::string> openapi_paths_without_key() {
  std::vector<std::string> out;
  for (const auto field : paths()) {
    simdjson::dom::object operations;
    simdjson::dom::element get;
    simdjson::dom::object operation;
    simdjson::dom::array security;
    if (field.value.get(operations) == simdjson::SUCCESS &&
        operations.at_key("get").get(get) == simdjson::SUCCESS &&
        get.get(operation) == simdjson::SUCCESS &&
        operation.at_key("security").get(security) == simdjson::SUCCESS && security.size() == 0) {
      out.emplace_back(field.key);
    }
  }
  return out;
}

std::vector<std::string> openapi_parameter_enum(std::string_view name) {
  return strings_at({"components", "parameters", name, "schema", "enum"});
}

std::string openapi_parameter_description(std::string_view name) {
  std::string_view text;
  const std::optional<simdjson::dom::element> found =
      at({"components", "parameters", name, "description"});
  return found && found->get(text) == simdjson::SUCCESS ? std::string(text) : std::string();
}

std::vector<std::string> openapi_property_enum(std::string_view schema, std::string_view property) {
  return strings_at({"components", "schemas", schema, "properties", property, "enum"});
}

std::vector<std::string> openapi_items_enum(std::string_view schema, std::string_view property) {
  return strings_at({"components", "schemas", schema, "properties", property, "items", "enum"});
}

}  // namespace gpq::test
