#include "http/api/request_params.h"

#include "core/text.h"
#include "http/api/endpoints.h"

namespace gpq::http {

Params request_params(const httplib::Request& req) {
  Params params;
  for (const auto& [name, value] : req.params) {
    params.emplace(name, value);  // the first of repeated parameters wins
  }
  if (!params.contains(kAcceptKey) && req.has_header("Accept")) {
    params.emplace(kAcceptKey, accepted_formats(req.get_header_value("Accept")));
  }
  return params;
}

std::string encoded_query(const httplib::Params& params) {
  std::string query;
  for (const auto& [name, value] : params) {
    if (!query.empty()) {
      query += '&';
    }
    append_percent_encoded(name, query);
    query += '=';
    append_percent_encoded(value, query);
  }
  return query;
}

}  // namespace gpq::http
