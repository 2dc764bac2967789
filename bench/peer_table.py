"""The "gpq beside DuckDB" table of bench/run: one row per figure, gpq's and DuckDB's measured in
the same run on the same sets, and their ratio.

  peer_table.py --sets N --gpq-bytes B --gpq-load-seconds S --gpq-queries FILE
                --duckdb-bytes B --duckdb-load-seconds S --duckdb-queries FILE

The query files hold the JSON of gpq_query_percentiles and of bench/duckdb/peer.mjs query (the
same shape); a missing or empty file, or a figure given as "", prints n/a.
"""
import argparse
import json
import pathlib

QUERIES = [
    ("latest", "latest"),
    ("nearest", "nearest"),
    ("history_page_500", "history page of 500"),
    ("snapshot_page_500", "snapshot page of 500 with exact total"),
]
STATISTICS = [
    ("warm_median_us", "warm median"),
    ("warm_p99_us", "warm p99"),
    ("cold_median_us", "cold median"),
    ("cold_p99_us", "cold p99"),
]


def number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def queries(path):
    file = pathlib.Path(path) if path else None
    if file is None or not file.is_file() or not file.read_text().strip():
        return {}
    return json.loads(file.read_text())


def micros(value):
    if value is None:
        return "n/a"
    if value >= 1000:
        return f"{value / 1000:,.2f} ms"
    return f"{value:,.1f} µs"


def ratio(duckdb, gpq):
    if duckdb is None or gpq is None or gpq == 0:
        return "n/a"
    return f"{duckdb / gpq:,.2f}"


def main():
    parser = argparse.ArgumentParser()
    for flag in ("sets", "gpq-bytes", "gpq-load-seconds", "duckdb-bytes", "duckdb-load-seconds"):
        parser.add_argument(f"--{flag}", default="")
    parser.add_argument("--gpq-queries", default="")
    parser.add_argument("--duckdb-queries", default="")
    args = parser.parse_args()
    sets = number(args.sets)

    def per_set(bytes_text):
        size = number(bytes_text)
        return size / sets if size is not None and sets else None

    def rate(seconds_text):
        seconds = number(seconds_text)
        return sets / seconds if seconds and sets else None

    rows = []
    gpq_bytes, duckdb_bytes = per_set(args.gpq_bytes), per_set(args.duckdb_bytes)
    rows.append(("bytes per set", gpq_bytes, duckdb_bytes,
                 lambda v: "n/a" if v is None else f"{v:.1f}"))
    gpq_rate, duckdb_rate = rate(args.gpq_load_seconds), rate(args.duckdb_load_seconds)
    rows.append(("first bulk load, sets/s (generation included)", gpq_rate, duckdb_rate,
                 lambda v: "n/a" if v is None else f"{v:,.0f}"))
    gpq, duckdb = queries(args.gpq_queries), queries(args.duckdb_queries)
    for key, label in QUERIES:
        for statistic, statistic_label in STATISTICS:
            rows.append((f"{label}, {statistic_label}", gpq.get(key, {}).get(statistic),
                         duckdb.get(key, {}).get(statistic), micros))

    print("| figure | gpq | DuckDB | DuckDB / gpq |")
    print("|---|---:|---:|---:|")
    for label, gpq_value, duckdb_value, show in rows:
        print(f"| {label} | {show(gpq_value)} | {show(duckdb_value)} | "
              f"{ratio(duckdb_value, gpq_value)} |")


if __name__ == "__main__":
    main()
