#!/usr/bin/python3
"""Differential check: what gpq reads (gpq_parse_dump) beside what an independent reader
reads from the same inputs, usually a fuzzer's corpus after a run.

    differential.py --dump GPQ_PARSE_DUMP --target tle|json_records|omm_xml FILE_OR_DIR...
    differential.py --dump GPQ_PARSE_DUMP --fixtures REPO_ROOT

  tle           python3-sgp4's twoline2rv (sgp4.io): both accept or both reject, values agree
  json_records  Python's json: the same records in the same order, values agree
  omm_xml       xml.etree: each <omm> element gpq cuts out read alike, values agree

Every disagreement is sorted into a documented difference (docs/FUZZING.md, "Differential
checks": counted, with an example) or an unexplained one (printed; the exit status is 1).
--fixtures builds a small corpus from tests/data/sync and a few hand-made edge cases, for ctest.
"""

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path

import oracle_json
import oracle_tle
import oracle_xml

ORACLES = {"tle": oracle_tle, "json_records": oracle_json, "omm_xml": oracle_xml}
DUMP_KIND = {"tle": "tle", "json_records": "json", "omm_xml": "xml"}


def inputs(paths):
    files = []
    for path in map(Path, paths):
        files += sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return files


def gpq_events(dump, kind, files):
    """{file: [event, ...]} from gpq_parse_dump, run on a few hundred files at a time."""
    events = {}
    for start in range(0, len(files), 400):
        batch = [str(f) for f in files[start:start + 400]]
        out = subprocess.run([dump, kind] + batch, check=True, capture_output=True).stdout
        for line in out.splitlines():
            record = json.loads(line)
            events[record["file"]] = record["events"]
    return events


def check(dump, target, files):
    """Runs one oracle over `files`; returns the number of unexplained disagreements."""
    oracle = ORACLES[target]
    events = gpq_events(dump, DUMP_KIND[target], files)
    outcomes = Counter()
    examples = defaultdict(list)
    for f in files:
        for outcome, detail in oracle.compare(f.read_bytes(), events[str(f)]):
            outcomes[outcome] += 1
            if len(examples[outcome]) < 3:
                examples[outcome].append(f"{f.name}: {detail}")
    unexplained = sum(n for outcome, n in outcomes.items() if outcome.startswith("UNEXPLAINED"))
    print(f"differential {target}: {len(files)} inputs")
    for outcome, n in sorted(outcomes.items()):
        print(f"  {n:8}  {outcome}")
        if outcome.startswith("UNEXPLAINED") or outcome.startswith("documented"):
            for example in examples[outcome]:
                print(f"            e.g. {example[:300]}")
    return unexplained


def fixtures_corpus(root, work):
    """target -> directory of inputs made from tests/data/sync and the oracles' edge cases."""
    data = root / "tests" / "data" / "sync"
    corpora = {}
    for target, oracle in ORACLES.items():
        directory = work / target
        directory.mkdir()
        for i, sample in enumerate(oracle.fixture_inputs(data)):
            (directory / f"input-{i:03}").write_bytes(sample)
        corpora[target] = directory
    return corpora


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dump", required=True, help="the gpq_parse_dump executable")
    parser.add_argument("--target", choices=sorted(ORACLES))
    parser.add_argument("--fixtures", type=Path, help="the repository root")
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    unexplained = 0
    if args.fixtures:
        with tempfile.TemporaryDirectory() as work:
            for target, directory in fixtures_corpus(args.fixtures, Path(work)).items():
                unexplained += check(args.dump, target, inputs([directory]))
    else:
        if not args.target:
            parser.error("--target or --fixtures is required")
        unexplained += check(args.dump, args.target, inputs(args.paths))
    sys.exit(1 if unexplained else 0)


if __name__ == "__main__":
    main()
