#!/usr/bin/env bash
# Proves that validate.mjs accepts valid exchanges and rejects invalid ones.
# Run after: npm ci --prefix tests/openapi
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
doc="${1:-$here/../../api/openapi.json}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp" "$tmp.out"' EXIT

rate='"x-ratelimit-limit":"30000","x-ratelimit-remaining":"29990","x-ratelimit-reset":"1719792000"'
record='{\"OBJECT_NAME\":\"ISS (ZARYA)\",\"OBJECT_ID\":\"1998-067A\",\"NORAD_CAT_ID\":25544,\"EPOCH\":\"2024-06-15T11:45:22.123Z\",\"MEAN_MOTION\":15.50103472,\"ECCENTRICITY\":0.0005,\"INCLINATION\":51.6416,\"RA_OF_ASC_NODE\":247.4627,\"ARG_OF_PERICENTER\":130.536,\"MEAN_ANOMALY\":325.0288,\"BSTAR\":0.00034,\"MEAN_MOTION_DOT\":0.00016717,\"MEAN_MOTION_DDOT\":0,\"REV_AT_EPOCH\":45678,\"CLASSIFICATION_TYPE\":\"U\",\"ELEMENT_SET_NO\":999,\"PERIOD_MINUTES\":92.897,\"APOGEE_KM\":422.101,\"PERIGEE_KM\":415.354,\"SEMI_MAJOR_AXIS_KM\":6796.863,\"DATA_SOURCE\":\"celestrak\",\"CREATION_DATE\":null,\"_collected_at\":\"2024-06-15T12:00:00.000Z\"}'
gp_headers="\"content-type\":\"application/json; charset=utf-8\",\"etag\":\"\\\"abc\\\"\",\"x-data-source\":\"celestrak\",\"x-epoch-age-hours\":\"0.25\",$rate"
error_headers="\"content-type\":\"application/json; charset=utf-8\",$rate"

valid_record="{\"method\":\"GET\",\"path\":\"/api/v1/gp/25544\",\"query\":\"\",\"status\":200,\"headers\":{$gp_headers},\"body\":\"$record\"}"
valid_error="{\"method\":\"GET\",\"path\":\"/api/v1/gp/0\",\"query\":\"\",\"status\":400,\"headers\":{$error_headers},\"body\":\"{\\\"error\\\":\\\"BadRequest\\\",\\\"message\\\":\\\"parameter 'norad_id' is out of range\\\",\\\"status\\\":400}\"}"
unknown_path="{\"method\":\"GET\",\"path\":\"/other\",\"query\":\"\",\"status\":404,\"headers\":{$error_headers},\"body\":\"{\\\"error\\\":\\\"NotFound\\\",\\\"message\\\":\\\"no such path\\\",\\\"status\\\":404}\"}"
# The record without NORAD_CAT_ID.
missing_field="${valid_record/\\\"NORAD_CAT_ID\\\":25544,/}"
# A JSON endpoint answering with a media type it does not declare.
bad_type="{\"method\":\"GET\",\"path\":\"/api/v1/gp/25544/range\",\"query\":\"\",\"status\":200,\"headers\":{\"content-type\":\"text/html\",\"etag\":\"\\\"x\\\"\",$rate},\"body\":\"<p>hi</p>\"}"

failures=0
expect() {  # expect <exit code> <description>; runs the validator on $tmp
  local want=$1 what=$2 got=0
  node "$here/validate.mjs" "$doc" "$tmp" >"$tmp.out" 2>&1 || got=$?
  if [[ $got -eq $want ]]; then
    echo "ok: $what (exit $got)"
  else
    echo "FAIL: $what: exit $got, expected $want"
    cat "$tmp.out"
    failures=$((failures + 1))
  fi
}

expect 2 "no exchanges"

printf '%s\n' "$valid_record" "$valid_error" "$unknown_path" >"$tmp/valid.jsonl"
expect 0 "valid exchanges"

printf '%s\n' "$missing_field" >"$tmp/missing_field.jsonl"
expect 1 "record missing NORAD_CAT_ID"
grep -q "missing_field.jsonl:1: .*NORAD_CAT_ID" "$tmp.out" || { echo "FAIL: missing field not named"; cat "$tmp.out"; failures=$((failures + 1)); }
rm "$tmp/missing_field.jsonl"

printf '%s\n' "$bad_type" >"$tmp/bad_type.jsonl"
expect 1 "undeclared content type"
grep -q "text/html not declared" "$tmp.out" || { echo "FAIL: content type not named"; cat "$tmp.out"; failures=$((failures + 1)); }

printf '%s\n' "$missing_field" >>"$tmp/bad_type.jsonl"
expect 1 "both bad exchanges"
rm -f "$tmp.out"

if [[ $failures -gt 0 ]]; then
  echo "$failures self-test check(s) failed"
  exit 1
fi
echo "validator self-test passed"
