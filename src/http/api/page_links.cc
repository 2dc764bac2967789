#include "http/api/page_links.h"

namespace gpq::http {
namespace {

std::string url_of_page(std::int64_t page, std::string_view base, std::string_view path,
                        std::string_view query) {
  std::string url(base);
  url += path;
  url += '?';
  std::string_view rest = query;
  while (!rest.empty()) {
    const std::size_t amp = rest.find('&');
    const std::string_view item = rest.substr(0, amp);
    rest = amp == std::string_view::npos ? std::string_view() : rest.substr(amp + 1);
    if (!item.empty() && item != "page" && !item.starts_with("page=")) {
      url += item;
      url += '&';
    }
  }
  url += "page=";
  url += std::to_string(page);
  return url;
}

}  // namespace

PageLinks page_links(const PageInfo& page, std::string_view base, std::string_view path,
                     std::string_view query, std::optional<std::int64_t> max_offset) {
  PageLinks links;
  const bool next_in_reach = !max_offset || page.page * page.per_page <= *max_offset;
  if (page.page < page.total_pages && next_in_reach) {
    links.next = url_of_page(page.page + 1, base, path, query);
  }
  if (page.page > 1) {
    // From past the end, "previous" is the last page that has records.
    const std::int64_t prev = std::min(page.page - 1, std::max<std::int64_t>(page.total_pages, 1));
    links.prev = url_of_page(prev, base, path, query);
  }
  return links;
}

std::string link_header(const PageLinks& links) {
  std::string header;
  if (!links.next.empty()) {
    header += "<" + links.next + ">; rel=\"next\"";
  }
  if (!links.prev.empty()) {
    header += header.empty() ? "" : ", ";
    header += "<" + links.prev + ">; rel=\"prev\"";
  }
  return header;
}

}  // namespace gpq::http
