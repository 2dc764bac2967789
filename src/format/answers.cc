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
  if (table_) {
    table_->add_set(set);
  } else {
    list_->set(set, out);
  }
}

void SetPageWriter::set(const ElementSet& set, const QualityFlags& quality, std::string& out) {
  if (table_) {
    table_->add_set(set, &quality);
  } else {
    list_->set(set, quality, out);
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
    write_pagination_tail(page, meta, out, urls.next, urls.prev);
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
    write_pagination_tail(page, nullptr, out, urls.next, urls.prev);
    end_json_document(style_, out);
  }
}

void write_set_answer(Format format, const ElementSet& set, const AnswerStyle& style,
                      std::string& out) {
  if (format == Format::table) {
    TableWriter table = table_of(style);
    table.add_set(set);
    table.write(out);
    return;
  }
  write_set(format, set, out, style.tle_layout);
  if (format == Format::json) {
    end_json_document(style, out);
  }
}

void write_set_answer(Format format, const ElementSet& set, const QualityFlags& quality,
                      const AnswerStyle& style, std::string& out) {
  switch (format) {
    case Format::table: {
      TableWriter table = table_of(style);
      table.add_set(set, &quality);
      table.write(out);
      return;
    }
    case Format::json:
      format_detail::json_set(set, out, &quality);
      end_json_document(style, out);
      return;
    case Format::csv:
      format_detail::csv_header(out, true);
      format_detail::csv_set(set, out, &quality);
      return;
    default:
      write_set_answer(format, set, style, out);  // a format without the flags
  }
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
                           std::string& out) {
  if (format == Format::table) {
    TableWriter table = table_of(style);
    for (const auto* side : {&adjacent.before, &adjacent.after}) {
      if (*side) {
        table.add_set(**side);
      }
    }
    table.write(out);
    return;
  }
  write_adjacent_json(adjacent, out);
  end_json_document(style, out);
}

}  // namespace gpq
