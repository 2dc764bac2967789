// Writers of the "where is it" answers (gpq/orbit_query.h): states, ephemerides (JSON, CSV,
// CCSDS OEM) and passes, for the CLI and the HTTP API alike. Field names: docs/ORBIT.md.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "gpq/format.h"
#include "gpq/orbit_query.h"

namespace gpq {

// One state: json (an object), csv (header and one row) or table (`width` columns).
void write_state(Format format, const StateAnswer& answer, std::string& out, int width = 100,
                 bool colour = false);

// An ephemeris page: begin() with the plan, then for each of the plan's set runs segment()
// followed by its points, then end(). json: the envelope {"data","pagination","meta"} with the
// links given; csv: a header and a row a point; oem: CCSDS OEM 3.0 KVN with one segment per
// set run; table: rows buffered until end().
class EphemerisWriter {
 public:
  virtual ~EphemerisWriter() = default;
  EphemerisWriter() = default;
  EphemerisWriter(const EphemerisWriter&) = delete;
  EphemerisWriter& operator=(const EphemerisWriter&) = delete;
  EphemerisWriter(EphemerisWriter&&) = delete;
  EphemerisWriter& operator=(EphemerisWriter&&) = delete;

  virtual void begin(const EphemerisPlan& plan, std::string& out) = 0;
  virtual void segment(const SetUse& use, std::string& out) = 0;
  virtual void point(const OrbitPoint& point, std::string& out) = 0;
  virtual void end(std::string& out) = 0;
};

struct EphemerisWriterOptions {
  std::string_view next;  // json pagination links (absolute URLs; empty: null)
  std::string_view prev;
  int width = 100;  // table
  bool colour = false;
};

// `format`: json, csv, oem or table.
std::unique_ptr<EphemerisWriter> make_ephemeris_writer(Format format,
                                                       const EphemerisWriterOptions& options);

// The catalog's states: begin(), rows() for the objects, then end() with the page's facts.
// json: the envelope {"data","pagination","meta"}, each row the object `gpq state` writes, a
// row without a state with null coordinates and an ERROR member; csv: `gpq state`'s header
// and rows with an ERROR column (empty when the row has a state); table: rows buffered until
// end(), "-" for coordinates a row lacks.
class CatalogStateWriter {
 public:
  virtual ~CatalogStateWriter() = default;
  CatalogStateWriter() = default;
  CatalogStateWriter(const CatalogStateWriter&) = delete;
  CatalogStateWriter& operator=(const CatalogStateWriter&) = delete;
  CatalogStateWriter(CatalogStateWriter&&) = delete;
  CatalogStateWriter& operator=(CatalogStateWriter&&) = delete;

  virtual void begin(std::string& out) = 0;
  // The next rows, in order. json and csv format a long run on several threads (the whole
  // catalog is tens of thousands of rows), each part into its own buffer, appended in order.
  virtual void rows(std::span<const CatalogStateRow> rows, std::string& out) = 0;
  // `next`, `prev`: the json envelope's links (absolute URLs; empty: null).
  virtual void end(const CatalogStatePage& page, std::string_view next, std::string_view prev,
                   std::string& out) = 0;
};

// `format`: json, csv or table (`colour`: its header in bold). `query` must outlive the writer,
// and so must `coverage` (`include=coverage`: json's meta.coverage) when given.
std::unique_ptr<CatalogStateWriter> make_catalog_state_writer(Format format,
                                                              const CatalogStateQuery& query,
                                                              bool colour = false,
                                                              const Coverage* coverage = nullptr);

// Passes: json ({"data":[...],"meta":{...}}), csv or table.
void write_passes(Format format, const PassList& passes, std::string& out, int width = 100,
                  bool colour = false);

}  // namespace gpq
