// api/openapi.json as the tests of gpq's fixed lists read it: its paths, which of them need
// no key, and the enums and descriptions of its parameters and schemas.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace gpq::test {

// The paths under "paths", in the document's order.
std::vector<std::string> openapi_paths();
// The paths whose GET declares `"security": []` (no key).
std::vector<std::string> openapi_paths_without_key();
// The paths whose GET takes the parameter components.parameters.NAME (by its $ref).
std::vector<std::string> openapi_paths_with_parameter(std::string_view name);
// components.parameters.NAME.schema.enum (strings only); empty when there is none.
std::vector<std::string> openapi_parameter_enum(std::string_view name);
// components.parameters.NAME.description.
std::string openapi_parameter_description(std::string_view name);
// components.schemas.SCHEMA.properties.PROPERTY.enum (strings only, null left out).
std::vector<std::string> openapi_property_enum(std::string_view schema, std::string_view property);
// components.schemas.SCHEMA.properties.PROPERTY.items.enum: the values of an array's items.
std::vector<std::string> openapi_items_enum(std::string_view schema, std::string_view property);

}  // namespace gpq::test
