// A `wurl conform` adapter for the WHATWG `URL` class of JavaScript (Node.js, Deno, Bun).
// Run: wurl conform -- node node_adapter.mjs [MODULE]
//
// MODULE, when given, is a path to a module that exports another `URL` class to test in place
// of the runtime's own: the standard's reference implementation, for one
// (`npm install whatwg-url`, then `node node_adapter.mjs ./node_modules/whatwg-url/index.js`).
// When that module also exports `parseURL`, `parseURLWithValidationErrors` and
// `isValidURLString` (whatwg-url 17 does), the adapter answers `validate` too
// (`wurl conform --generate N --validation`); otherwise `validate` is unsupported.
//
// Protocol (docs/conformance-for-others.md): one JSON request a line on stdin, one JSON answer
// a line on stdout; an empty line asks for a flush.
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const module = process.argv[2];
const exports = module === undefined
  ? { URL: globalThis.URL }
  : await import(pathToFileURL(resolve(module)).href).then((m) => (m.URL ? m : m.default));
const { URL, parseURL, parseURLWithValidationErrors, isValidURLString } = exports;
const validates = [parseURL, parseURLWithValidationErrors, isValidURLString]
  .every((f) => typeof f === "function");

// `validate`: whether the input is a valid URL string against the base, the validation errors
// the parser reports (their names, in order), and whether it parses. A base that does not
// parse is a failure, as it is for `parse`.
function validate(request) {
  const options = {};
  if (request.base !== null) {
    options.baseURL = parseURL(request.base);
    if (options.baseURL === null) {
      return { failure: true };
    }
  }
  const { url, validationErrors } = parseURLWithValidationErrors(request.input, options);
  return {
    valid: isValidURLString(request.input, options),
    errors: validationErrors,
    parses: url !== null,
  };
}

const FIELDS = ["href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"];

function answer(request) {
  if (request.op === "validate") {
    return validates ? validate(request) : { unsupported: true };
  }
  let url;
  try {
    if (request.op === "parse") {
      url = request.base === null ? new URL(request.input) : new URL(request.input, request.base);
    } else if (request.op === "set") {
      url = new URL(request.href);
      try {
        url[request.setter] = request.value;
      } catch {
        // A setter that throws (href with a string that does not parse) changes nothing.
      }
    } else {
      return { unsupported: true };
    }
  } catch {
    return { failure: true };
  }
  return Object.fromEntries(FIELDS.map((field) => [field, url[field]]));
}

let pending = [];
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (line === "") {
    process.stdout.write(pending.join(""));
    pending = [];
  } else {
    pending.push(JSON.stringify(answer(JSON.parse(line))) + "\n");
  }
}
process.stdout.write(pending.join(""));
