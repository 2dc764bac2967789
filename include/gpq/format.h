// Output formats: names, and the writers that turn records into bytes. Every
// writer appends to a caller-owned std::string, so the caller decides when to
// flush (the CLI streams to stdout, the HTTP server builds a body).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpq/catalog.h"
#include "gpq/element_set.h"
#include "gpq/query.h"
#include "gpq/set_quality.h"
#include "gpq/tle.h"

namespace gpq {

// Every output format, one row each: its name (any case accepted), another name it answers
// to, the Content-Type of a body in it, and the media types of an Accept header that ask for
// it (space-separated; none: only `format=` asks). The enum and the tables of
// src/format/format_names.cc are made from this list. oem: CCSDS Orbit Ephemeris Message
// (KVN), for ephemerides only.
#define GPQ_FORMATS(ROW)                                                                         \
  ROW(json, "json", "", "application/json; charset=utf-8", "application/json application/* */*") \
  ROW(tle, "tle", "3le", "text/plain; charset=utf-8", "text/plain")                              \
  ROW(two_le, "2le", "", "text/plain; charset=utf-8", "")                                        \
  ROW(xml, "xml", "", "application/xml; charset=utf-8", "application/xml text/xml")              \
  ROW(kvn, "kvn", "", "text/plain; charset=utf-8", "text/x-omm-kvn")                             \
  ROW(csv, "csv", "", "text/csv; charset=utf-8", "text/csv")                                     \
  ROW(table, "table", "", "text/plain; charset=utf-8", "")                                       \
  ROW(oem, "oem", "", "text/plain; charset=utf-8", "")

enum class Format : std::uint8_t {
#define GPQ_FORMAT_ENUMERATOR(format, name, alias, type, accepted) format,
  GPQ_FORMATS(GPQ_FORMAT_ENUMERATOR)
#undef GPQ_FORMAT_ENUMERATOR
};

std::string_view to_string(Format format) noexcept;  // "json", "tle", "2le", ...
// A format's name or other name, in any case. std::nullopt when unknown.
std::optional<Format> parse_format(std::string_view text) noexcept;
// The Content-Type of a body in this format, with charset.
std::string_view content_type(Format format) noexcept;
// The format an Accept header's media type asks for ("text/xml": xml); std::nullopt for a
// media type no format answers.
std::optional<Format> format_of_media_type(std::string_view media_type) noexcept;

// The sets a list left out because its format cannot carry them (docs/API.md "Formats": a TLE
// list leaves out NORAD ids above 339999, as CelesTrak's files do): how many, and the first
// kMaxListedIds of their ids, for X-Omitted-Count / X-Omitted-Ids and the CLI's warning.
struct OmittedSets {
  static constexpr std::size_t kMaxListedIds = 20;
  std::int64_t count = 0;
  std::vector<std::int64_t> first_ids;

  void add(std::int64_t norad_id);
  // "40 sets left out that TLE and 2LE cannot carry (the first: NORAD 340001) ..." (the CLI).
  std::string warning() const;
  // "340001,340002" for X-Omitted-Ids.
  std::string id_list() const;
};

// Writes a list of element sets: begin(), any number of set(), end(). For json the list is
// a bare array (the envelope is written around it by write_*_envelope below).
// For tle/2le, set() leaves out a set that cannot be carried as TLE lines
// (tle_output_problem() in gpq/tle.h: NORAD_CAT_ID > 339999) and counts it in omitted(): one
// set a TLE cannot carry never makes a whole list fail.
class SetListWriter {
 public:
  virtual ~SetListWriter() = default;
  SetListWriter() = default;
  SetListWriter(const SetListWriter&) = delete;
  SetListWriter& operator=(const SetListWriter&) = delete;
  SetListWriter(SetListWriter&&) = delete;
  SetListWriter& operator=(SetListWriter&&) = delete;

  virtual void begin(std::string& out) = 0;
  void set(const ElementSet& set, std::string& out) { write(set, nullptr, out); }
  // With its quality flags, in a list made with_quality (json and csv print them).
  void set(const ElementSet& set, const QualityFlags& quality, std::string& out) {
    write(set, &quality, out);
  }
  virtual void end(std::string& out) = 0;
  // What set() left out so far.
  const OmittedSets& omitted() const { return omitted_; }

 protected:
  virtual void write(const ElementSet& set, const QualityFlags* quality, std::string& out) = 0;
  OmittedSets omitted_;
};

// `format` must not be table. `tle_layout` lays out the lines of tle and 2le (each set in its
// source's layout, or all canonical); the other formats do not depend on it. `with_quality`:
// json and csv carry each set's quality flags (`_quality`, docs/API.md "Quality").
std::unique_ptr<SetListWriter> make_set_list_writer(Format format,
                                                    TleLayout tle_layout = TleLayout::source,
                                                    bool with_quality = false);

// One element set alone (GET /gp/{id}, nearest): json object, or a one-record document.
// Throws Error{bad_request} for tle/2le when the set cannot be carried as TLE lines.
void write_set(Format format, const ElementSet& set, std::string& out,
               TleLayout tle_layout = TleLayout::source);

// The JSON envelope: {"data":[<data_json>],"pagination":{...}[,"meta":{...}]}.
// `next`/`prev` are absolute URLs or empty (null).
void write_page_envelope(std::string_view data_json, const PageInfo& page, std::string_view next,
                         std::string_view prev, const HistoryMeta* meta, std::string& out);

// `"pagination":{"total":...,"next":...,"prev":...}`, the member alone, for envelopes that add
// their own meta after it; empty URLs are null.
void write_pagination_member(const PageInfo& page, std::string_view next, std::string_view prev,
                             std::string& out);

// The envelope's tail after the data array, for writers that stream the array:
// `,"pagination":{...,"next":...,"prev":...}[,"meta":{...}]}`; empty URLs are null.
// `coverage` (may be null) goes in meta beside the history's facts.
void write_pagination_tail(const PageInfo& page, const HistoryMeta* meta, std::string& out,
                           std::string_view next = {}, std::string_view prev = {},
                           const Coverage* coverage = nullptr);

// `quality` (may be null): each side's flags (`include=quality`).
void write_adjacent_json(const Adjacent& adjacent, std::string& out,
                         const AdjacentQuality* quality = nullptr);
void write_range_json(const RangeInfo& range, std::string& out);

// Catalog: json and csv. Full form for one record; list form (docs/API.md "Catalog record",
// 8 fields) for lists.
void write_catalog_record_json(const CatalogRecord& record, std::string& out);
class CatalogListWriter {
 public:
  virtual ~CatalogListWriter() = default;
  CatalogListWriter() = default;
  CatalogListWriter(const CatalogListWriter&) = delete;
  CatalogListWriter& operator=(const CatalogListWriter&) = delete;
  CatalogListWriter(CatalogListWriter&&) = delete;
  CatalogListWriter& operator=(CatalogListWriter&&) = delete;

  virtual void begin(std::string& out) = 0;
  virtual void record(const CatalogRecord& record, std::string& out) = 0;
  virtual void end(std::string& out) = 0;
};
// json or csv; `full` selects the 13-field form (CSV of one record) over the 8-field list form.
std::unique_ptr<CatalogListWriter> make_catalog_list_writer(Format format, bool full);

// How much of a failed sync's error the status gives: the short reason (GET /status, which
// anyone may read: never an upstream's text) or the whole text (`gpq status`).
enum class SyncErrors : std::uint8_t { reasons, full };

// GET /status: {"status":"ok"|"degraded","version",...,"last_sync":{source:{...}}}.
void write_status_json(const ServiceStatus& status, std::string_view version, std::string& out,
                       SyncErrors errors);
// `gpq status` on a terminal: one fact per line. `colour`: ok in green, degraded in red (ANSI).
void write_status_text(const ServiceStatus& status, std::string_view version, std::string& out,
                       bool colour = false);

// 1.32 GB, 850 MB, 12 kB, 512 bytes: decimal units, three significant figures at most.
std::string human_bytes(std::int64_t bytes);

// Every error of the API: {"error":"BadRequest","message":"...","status":400}.
void write_error_json(int status, std::string_view error, std::string_view message,
                      std::string& out);

// Terminal table: aligned columns of the fields a person reads first, names cut with an
// ellipsis so that a row fits `width` columns. Rows are buffered to size the columns.
class TableWriter {
 public:
  // `colour`: the header in bold (ANSI), for a terminal.
  explicit TableWriter(int width, bool colour = false) : width_(width), colour_(colour) {}
  // `quality`: a QUALITY column of the flags, on every row of sets once one row has it.
  void add_set(const ElementSet& set, const QualityFlags* quality = nullptr);
  void add_catalog(const CatalogRecord& record);
  void write(std::string& out) const;

 private:
  int width_;
  bool colour_;
  std::vector<std::vector<std::string>> rows_;
  bool catalog_ = false;
  bool quality_ = false;
};

// What a whole answer takes beyond its format and its records: the TLE layout, the width and
// colour of a terminal table, and a line end after a JSON document (a terminal's, the CLI's).
struct AnswerStyle {
  TleLayout tle_layout = TleLayout::source;
  int table_width = 100;
  bool table_colour = false;
  bool newline_after_json = false;
  // Each set's quality flags (`include=quality`): json's `_quality`, csv's column, the table's
  // QUALITY column.
  bool quality = false;
  // How much of the catalog the answer stands on (`include=coverage`): json's meta.coverage;
  // the other formats have no place for it (X-Coverage, coverage_line()).
  std::optional<Coverage> coverage;
};

// An answer's coverage: the JSON member `"coverage":{...}` (status's names, and with
// `with_syncs` each source's last sync), the X-Coverage header's value
// (`at=...; on_orbit=...; ...; last_sync_celestrak=...`) and a line for people (the CLI's
// stderr and `gpq status`, without a line end).
void append_coverage_json(const Coverage& coverage, bool with_syncs, std::string& out);
std::string coverage_header_value(const Coverage& coverage);
std::string coverage_line(const Coverage& coverage);

// The links of a page: absolute URLs, empty for none (JSON null). The CLI gives none.
struct PageUrls {
  std::string_view next;
  std::string_view prev;
};

// A whole page of element sets (a search, a snapshot, a history) in any list format: JSON's
// envelope (data, pagination with the page's links, meta), the records of the other formats,
// or a table (rows held until end(), to size the columns). begin() once, set() for each set as
// the core gives it, end() once with the page's facts. For tle/2le, set() leaves out a set TLE
// cannot carry and counts it in omitted().
class SetPageWriter {
 public:
  SetPageWriter(Format format, const AnswerStyle& style);
  void begin(std::string& out);
  void set(const ElementSet& set, std::string& out);
  // With the set's flags, when the style asks for quality.
  void set(const ElementSet& set, const QualityFlags& quality, std::string& out);
  // `meta`: a history's (may be null).
  void end(const PageInfo& page, const PageUrls& urls, const HistoryMeta* meta, std::string& out);
  const OmittedSets& omitted() const;

 private:
  void add(const ElementSet& set, const QualityFlags* quality, std::string& out);

  Format format_;
  AnswerStyle style_;
  std::unique_ptr<SetListWriter> list_;  // all but table
  std::optional<TableWriter> table_;     // table
};

// A whole page of catalog records (list form) in json, csv or table, as SetPageWriter.
class CatalogPageWriter {
 public:
  CatalogPageWriter(Format format, const AnswerStyle& style);
  void begin(std::string& out);
  void record(const CatalogRecord& record, std::string& out);
  void end(const PageInfo& page, const PageUrls& urls, std::string& out);

 private:
  Format format_;
  AnswerStyle style_;
  std::unique_ptr<CatalogListWriter> list_;
  std::optional<TableWriter> table_;
};

// One set as a whole answer (GET /gp/{id}, nearest, `gpq gp ID`): write_set, or a table row.
void write_set_answer(Format format, const ElementSet& set, const AnswerStyle& style,
                      std::string& out);
// With the set's quality flags (style.quality): json's `_quality`, a csv column, a table column.
void write_set_answer(Format format, const ElementSet& set, const QualityFlags& quality,
                      const AnswerStyle& style, std::string& out);
// One catalog record as a whole answer, in its full form: a JSON object, a one-row CSV
// document, or a table row.
void write_catalog_record_answer(Format format, const CatalogRecord& record,
                                 const AnswerStyle& style, std::string& out);
// The sets around an epoch as a whole answer: JSON (write_adjacent_json) or a table of both,
// with their flags when `quality` is given.
void write_adjacent_answer(Format format, const Adjacent& adjacent, const AnswerStyle& style,
                           std::string& out, const AdjacentQuality* quality = nullptr);

}  // namespace gpq
