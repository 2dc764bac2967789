// Whole answers: the envelope, records and table of a page, and the answer of one set or one
// catalog record, written alike for the CLI and the HTTP API.
#include "gpq/error.h"
#include "gpq/format.h"

#include "format/set_writers.h"

namespace gpq {
namespace {

void end_json_document(const AnswerStyle& style, std::string& out) {
  if (style.newline_after_json) {
    out += '\n';
  }
}

TableWriter table_of(const AnswerStyle& style) {
  return TableWriter(style.table_width, style.table_colour);
}

// One set as a whole answer; `quality` (may be null) goes where json, csv and the table carry it.
void write_one_set(Format format, const ElementSet& set, const QualityFlags* quality,
                   const AnswerStyle& style, std::string& out) {
  if (format == Format::table) {
    TableWriter table = table_of(style);
    table.add_set(set, quality);
    table.write(out);
    return;
  }
  if (format == Format::json) {
    format_detail::json_set(set, out, quality);
    end_json_document(style, out);
    return;
  }
  if (format == Format::csv && quality != nullptr) {
    format_detail::csv_header(out, true);
    format_detail::csv_set(set, out, quality);
    return;
  }
  write_set(format, set, out, style.tle_layout);
}

}  // namespace

SetPageWriter::SetPageWriter(Format format, const AnswerStyle& style)
    : format_(format), style_(style) {
  if (format == Format::table) {
    table_.emplace(table_of(style));
  } else {
    list_ = make_set_list_writer(format, style.tle_layout, style.quality);
  }
}

void SetPageWriter::begin(std::string& out) {
  if (!list_) {
    return;
  }
  if (format_ == Format::json) {
    out += "{\"data\":";
  }
  list_->begin(out);
}

void SetPageWriter::set(const ElementSet& set, std::string& out) {
  add(set, nullptr, out);
}

void SetPageWriter::set(const ElementSet& set, const QualityFlags& quality, std::string& out) {
  add(set, &quality, out);
}

void SetPageWriter::add(const ElementSet& set, const QualityFlags* quality, std::string& out) {
  if (table_) {
    table_->add_set(set, quality);
  } else if (quality != nullptr) {
    list_->set(set, *quality, out);
  } else {
    list_->set(set, out);
  }
}

void SetPageWriter::end(const PageInfo& page, const PageUrls& urls, const HistoryMeta* meta,
                        std::string& out) {
  if (table_) {
    table_->write(out);
    return;
  }
  list_->end(out);
  if (format_ == Format::json) {
    write_pagination_tail(page, meta, out, urls.next, urls.prev,
                          style_.coverage ? &*style_.coverage : nullptr);
    end_json_document(style_, out);
  }
}

const OmittedSets& SetPageWriter::omitted() const {
  static const OmittedSets kNone;
  return list_ ? list_->omitted() : kNone;
}

CatalogPageWriter::CatalogPageWriter(Format format, const AnswerStyle& style)
    : format_(format), style_(style) {
  if (format == Format::table) {
    table_.emplace(table_of(style));
  } else {
    list_ = make_catalog_list_writer(format, false);
  }
}

void CatalogPageWriter::begin(std::string& out) {
  if (!list_) {
    return;
  }
  if (format_ == Format::json) {
    out += "{\"data\":";
  }
  list_->begin(out);
}

void CatalogPageWriter::record(const CatalogRecord& record, std::string& out) {
  if (table_) {
    table_->add_catalog(record);
  } else {
    list_->record(record, out);
  }
}

void CatalogPageWriter::end(const PageInfo& page, const PageUrls& urls, std::string& out) {
  if (table_) {
    table_->write(out);
    return;
  }
  list_->end(out);
  if (format_ == Format::json) {
    write_pagination_tail(page, nullptr, out, urls.next, urls.prev,
                          style_.coverage ? &*style_.coverage : nullptr);
    end_json_document(style_, out);
  }
}

void write_set_answer(Format format, const ElementSet& set, const AnswerStyle& style,
                      std::string& out) {
  write_one_set(format, set, nullptr, style, out);
}

void write_set_answer(Format format, const ElementSet& set, const QualityFlags& quality,
                      const AnswerStyle& style, std::string& out) {
  write_one_set(format, set, &quality, style, out);
}

void write_catalog_record_answer(Format format, const CatalogRecord& record,
                                 const AnswerStyle& style, std::string& out) {
  if (format == Format::table) {
    TableWriter table = table_of(style);
    table.add_catalog(record);
    table.write(out);
    return;
  }
  if (format == Format::json) {
    write_catalog_record_json(record, out);
    end_json_document(style, out);
    return;
  }
  const auto writer = make_catalog_list_writer(format, true);
  writer->begin(out);
  writer->record(record, out);
  writer->end(out);
}

void write_adjacent_answer(Format format, const Adjacent& adjacent, const AnswerStyle& style,
                           std::string& out, const AdjacentQuality* quality) {
  if (format == Format::table) {
    TableWriter table = table_of(style);
    if (adjacent.before) {
      table.add_set(*adjacent.before, quality != nullptr ? &quality->before : nullptr);
    }
    if (adjacent.after) {
      table.add_set(*adjacent.after, quality != nullptr ? &quality->after : nullptr);
    }
    table.write(out);
    return;
  }
  write_adjacent_json(adjacent, out, quality);
  end_json_document(style, out);
}

}  // namespace gpq
