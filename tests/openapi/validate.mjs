#!/usr/bin/env node
// Checks an OpenAPI 3.1 document, then checks recorded HTTP exchanges against it.
//
// usage: node tests/openapi/validate.mjs <openapi.json> <responses-dir>
//
// Every *.jsonl file in <responses-dir> holds one exchange per line:
//   {"method":"GET","path":"/api/v1/gp/25544","query":"format=json","status":200,
//    "headers":{"content-type":"application/json; charset=utf-8",...},"body":"..."}
// (header names lower-case, body decompressed).
// Exit 0: all valid; 1: failures (listed); 2: usage error or no exchanges.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Validator } from "@seriousme/openapi-schema-validator";

const PREFIX = "/api/v1";
const DOC_ID = "https://gpq.invalid/openapi.json";
const MAX_LISTED = 50;
// Statuses the server may give to a path that matches no template, and the component
// response that describes each.
const UNROUTED = {
  400: "ErrorBadRequest",
  404: "ErrorNotFound",
  405: "ErrorMethodNotAllowed",
  413: "ErrorPayloadTooLarge",
  414: "ErrorURITooLong",
  431: "ErrorRequestHeaderFieldsTooLarge",
};

// The paths answered without a key (docs/API.md "Authentication": the key is checked before
// anything but these).
const KEYLESS = new Set(["/status", "/openapi.json"]);

function usage(message) {
  console.error(`validate.mjs: ${message}`);
  console.error("usage: node tests/openapi/validate.mjs <openapi.json> <responses-dir>");
  process.exit(2);
}

// ---------- the document ----------

const escapeSegment = (s) => s.replaceAll("~", "~0").replaceAll("/", "~1");
const pointerOf = (...segments) => "/" + segments.map((s) => escapeSegment(String(s))).join("/");

function atPointer(doc, pointer) {
  let node = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replaceAll("~1", "/").replaceAll("~0", "~");
    if (node === null || typeof node !== "object" || !(key in node)) {
      throw new Error(`unresolvable pointer #${pointer}`);
    }
    node = node[key];
  }
  return node;
}

// Follows local $refs; returns the object and its JSON pointer in the document.
function deref(doc, node, pointer) {
  for (let hops = 0; node && typeof node.$ref === "string"; hops++) {
    if (!node.$ref.startsWith("#/") || hops > 20) {
      throw new Error(`cannot follow $ref ${node.$ref} at #${pointer}`);
    }
    pointer = node.$ref.slice(1);
    node = atPointer(doc, pointer);
  }
  return { node, pointer };
}

async function loadDocument(file) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    usage(`cannot read ${file}: ${error.message}`);
  }
  const problems = [];
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  if (!result.valid) {
    for (const e of [].concat(result.errors)) {
      problems.push(`OpenAPI schema: ${e.instancePath || "/"} ${e.message ?? JSON.stringify(e)}`);
    }
  }
  if (doc.openapi !== "3.1.0") {
    problems.push(`openapi is ${JSON.stringify(doc.openapi)}, expected "3.1.0"`);
  }
  return { doc, problems };
}

function makeAjv(doc, problems) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) {
    if (!ajv.validateSchema(schema)) {
      problems.push(`components.schemas.${name}: ${ajv.errorsText(ajv.errors)}`);
    }
  }
  ajv.addSchema({ ...doc, $id: DOC_ID });
  const cache = new Map();
  // The validator of the schema at `pointer` in the document.
  return (pointer) => {
    if (!cache.has(pointer)) {
      const fragment = pointer.split("/").map(encodeURIComponent).join("/");
      cache.set(pointer, ajv.compile({ $ref: `${DOC_ID}#${fragment}` }));
    }
    return cache.get(pointer);
  };
}

// Every GET operation: its template, split into segments, and its responses.
function collectRoutes(doc) {
  return Object.entries(doc.paths ?? {}).map(([template, item]) => ({
    template,
    segments: template.split("/").slice(1),
    item,
  }));
}

// Compiles every JSON schema reachable from an operation's responses, so that a broken
// document fails even before any exchange is read.
function compileAll(doc, routes, schemaAt, problems) {
  const responseSets = routes.flatMap(({ template, item }) =>
    Object.entries(item)
      .filter(([method]) => ["get", "put", "post", "delete", "patch", "head", "options"].includes(method))
      .map(([method, op]) => [pointerOf("paths", template, method, "responses"), op.responses ?? {}]));
  for (const [base, responses] of responseSets) {
    for (const status of Object.keys(responses)) {
      try {
        const { node, pointer } = deref(doc, responses[status], `${base}${pointerOf(status)}`);
        for (const [media, content] of Object.entries(node.content ?? {})) {
          if (content.schema) schemaAt(`${pointer}${pointerOf("content", media, "schema")}`);
        }
        for (const [name, header] of Object.entries(node.headers ?? {})) {
          deref(doc, header, `${pointer}${pointerOf("headers", name)}`);
        }
      } catch (error) {
        problems.push(`#${base}/${status}: ${error.message}`);
      }
    }
  }
}

// ---------- exchanges ----------

function matchRoute(routes, requestPath) {
  if (requestPath !== PREFIX && !requestPath.startsWith(`${PREFIX}/`)) return null;
  let rest = requestPath.slice(PREFIX.length);
  if (rest.length > 1 && rest.endsWith("/")) rest = rest.slice(0, -1);  // as the server does
  const segments = rest.split("/").slice(1);
  let best = null;
  let bestLiterals = -1;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    let literals = 0;
    const fits = route.segments.every((t, i) => {
      if (/^\{[^}]+\}$/.test(t)) return segments[i] !== "";
      literals++;
      return t === segments[i];
    });
    if (fits && literals > bestLiterals) {
      best = route;
      bestLiterals = literals;
    }
  }
  return best;
}

function headerValueProblem(value, schema) {
  if (!schema) return null;
  if ((schema.type === "integer" && !/^-?\d+$/.test(value)) ||
      (schema.type === "number" && (value.trim() === "" || !Number.isFinite(Number(value))))) {
    return `is not ${schema.type === "integer" ? "an integer" : "a number"}: ${JSON.stringify(value)}`;
  }
  if (schema.type === "integer" && schema.minimum !== undefined && Number(value) < schema.minimum) {
    return `is below ${schema.minimum}: ${value}`;
  }
  if (schema.enum && !schema.enum.includes(value)) {
    return `is not one of ${schema.enum.join(", ")}: ${JSON.stringify(value)}`;
  }
  return null;
}

// Checks one exchange against one response object; returns a list of problems.
function checkResponse(doc, schemaAt, response, ex) {
  const problems = [];
  const { node: spec, pointer } = response;
  const headers = ex.headers ?? {};
  for (const [name, ref] of Object.entries(spec.headers ?? {})) {
    const { node: header } = deref(doc, ref, `${pointer}${pointerOf("headers", name)}`);
    const value = headers[name.toLowerCase()];
    if (value === undefined) {
      if (header.required) problems.push(`missing header ${name}`);
      continue;
    }
    const problem = headerValueProblem(String(value), header.schema);
    if (problem) problems.push(`header ${name} ${problem}`);
  }
  const body = ex.body ?? "";
  if (ex.status === 304 || ex.method === "HEAD") {
    if (body !== "") problems.push(`${ex.status === 304 ? "304" : "HEAD"} response has a body`);
    return problems;
  }
  const contentType = headers["content-type"];
  if (!spec.content) {
    if (body !== "") problems.push("body where the response declares no content");
    return problems;
  }
  if (contentType === undefined) {
    problems.push("missing Content-Type");
    return problems;
  }
  const media = contentType.split(";")[0].trim().toLowerCase();
  if (!(media in spec.content)) {
    problems.push(`content type ${media} not declared (declared: ${Object.keys(spec.content).join(", ")})`);
    return problems;
  }
  if (media !== "application/json") return problems;
  let value;
  try {
    value = JSON.parse(body);
  } catch (error) {
    problems.push(`body is not JSON: ${error.message}`);
    return problems;
  }
  const validate = schemaAt(`${pointer}${pointerOf("content", media, "schema")}`);
  if (!validate(value)) {
    for (const e of validate.errors) {
      const detail = e.params?.additionalProperty ?? e.params?.missingProperty ?? e.params?.allowedValues;
      problems.push(`body ${e.instancePath || "/"} ${e.message}${detail !== undefined ? ` (${JSON.stringify(detail)})` : ""}`);
    }
  }
  if (ex.status >= 400 && typeof value?.status === "number" && value.status !== ex.status) {
    problems.push(`body status ${value.status} differs from HTTP status ${ex.status}`);
  }
  return problems;
}

// Finds the response object for an exchange: [key for the summary, response, problem].
function responseFor(doc, routes, ex) {
  const route = matchRoute(routes, ex.path);
  const errorResponse = (name) => {
    const pointer = pointerOf("components", "responses", name);
    return { node: atPointer(doc, pointer), pointer };
  };
  // The key is checked first: without one, another method or an unknown path is 403, except
  // on the paths that need no key.
  const keyless = route && KEYLESS.has(route.template);
  if (ex.method !== "GET" && ex.method !== "HEAD") {
    const key = `${ex.method} ${route ? route.template : "(no route)"}`;
    if (ex.status === 403 && !keyless) return [key, errorResponse("ErrorForbidden"), null];
    if (ex.status !== 405) return [key, null, `method ${ex.method} must get 405 (403 without a key), got ${ex.status}`];
    return [key, errorResponse(UNROUTED[405]), null];
  }
  if (!route) {
    const name = ex.status === 403 ? "ErrorForbidden" : UNROUTED[ex.status];
    const key = `${ex.method} (no route)`;
    if (!name) return [key, null, `unknown path must get 404 (or 400/403/405/413/414/431), got ${ex.status}`];
    return [key, errorResponse(name), null];
  }
  const key = `${ex.method} ${route.template}`;
  const op = route.item.get;
  if (!op) return [key, null, `no GET operation for ${route.template}`];
  const base = pointerOf("paths", route.template, "get", "responses");
  const status = String(ex.status);
  const declared = op.responses?.[status] !== undefined ? status : op.responses?.default ? "default" : null;
  if (!declared) return [key, null, `status ${status} not declared (declared: ${Object.keys(op.responses ?? {}).join(", ")})`];
  return [key, deref(doc, op.responses[declared], `${base}${pointerOf(declared)}`), null];
}

function readExchanges(dir) {
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith(".jsonl")).sort();
  } catch (error) {
    usage(`cannot read ${dir}: ${error.message}`);
  }
  const exchanges = [];
  for (const file of files) {
    const lines = readFileSync(path.join(dir, file), "utf8").split("\n");
    lines.forEach((line, i) => {
      if (line.trim() !== "") exchanges.push({ where: `${file}:${i + 1}`, line });
    });
  }
  return exchanges;
}

// ---------- main ----------

async function main() {
  const [docFile, dir, ...extra] = process.argv.slice(2);
  if (!docFile || !dir || extra.length > 0) usage("expected two arguments");

  const { doc, problems } = await loadDocument(docFile);
  let schemaAt = null;
  if (problems.length === 0) {
    schemaAt = makeAjv(doc, problems);
    compileAll(doc, collectRoutes(doc), schemaAt, problems);
  }
  if (problems.length > 0) {
    console.error(`${docFile} is not a valid OpenAPI 3.1 document:`);
    for (const p of problems.slice(0, MAX_LISTED)) console.error(`  ${p}`);
    process.exit(1);
  }
  const routes = collectRoutes(doc);

  const exchanges = readExchanges(dir);
  if (exchanges.length === 0) usage(`no exchanges found in ${dir}/*.jsonl`);

  const counts = new Map();
  const seen = new Set();
  const failures = [];
  for (const { where, line } of exchanges) {
    let ex;
    try {
      ex = JSON.parse(line);
    } catch (error) {
      failures.push(`${where}: not a JSON line: ${error.message}`);
      continue;
    }
    ex.method = String(ex.method ?? "").toUpperCase();
    const label = `${ex.method} ${ex.path}${ex.query ? `?${ex.query}` : ""} ${ex.status}`;
    if (typeof ex.path !== "string" || !Number.isInteger(ex.status)) {
      failures.push(`${where}: ${label}: the line needs a string path and an integer status`);
      continue;
    }
    let key;
    let problems;
    try {
      const [k, response, problem] = responseFor(doc, routes, ex);
      key = k;
      problems = problem ? [problem] : checkResponse(doc, schemaAt, response, ex);
    } catch (error) {
      key = `${ex.method} ?`;
      problems = [error.message];
    }
    const countKey = `${key} ${ex.status}`;
    counts.set(countKey, (counts.get(countKey) ?? 0) + 1);
    seen.add(key.replace(/^HEAD /, "GET "));
    for (const p of problems) failures.push(`${where}: ${label}: ${p}`);
  }

  console.log(`${exchanges.length} exchanges checked against ${docFile}`);
  for (const [key, n] of [...counts].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(`  ${String(n).padStart(6)}  ${key}`);
  }
  const unseen = routes.flatMap(({ template, item }) =>
    Object.keys(item).filter((m) => m === "get").map((m) => `${m.toUpperCase()} ${template}`))
    .filter((op) => !seen.has(op));
  for (const op of unseen) console.log(`warning: never exercised: ${op}`);

  if (failures.length > 0) {
    console.error(`\n${failures.length} failure(s)${failures.length > MAX_LISTED ? `, first ${MAX_LISTED}` : ""}:`);
    for (const f of failures.slice(0, MAX_LISTED)) console.error(`  ${f}`);
    process.exit(1);
  }
  console.log("all exchanges valid");
}

await main();
