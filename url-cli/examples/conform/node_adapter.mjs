// A `wurl conform` adapter for the WHATWG `URL` class of JavaScript (Node.js, Deno, Bun).
// Run: wurl conform -- node node_adapter.mjs [MODULE]
//
// MODULE, when given, is a path to a module that exports another `URL` class to test in place
// of the runtime's own: the standard's reference implementation, for one
// (`npm install whatwg-url`, then `node node_adapter.mjs ./node_modules/whatwg-url/index.js`).
//
// Protocol (docs/conformance-for-others.md): one JSON request a line on stdin, one JSON answer
// a line on stdout; an empty line asks for a flush.
import { createInterface } from "node:readline";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const module = process.argv[2];
const URL = module === undefined
  ? globalThis.URL
  : await import(pathToFileURL(resolve(module)).href).then((m) => m.URL ?? m.default.URL);

const FIELDS = ["href", "origin", "protocol", "username", "password", "host", "hostname",
  "port", "pathname", "search", "hash"];

function answer(request) {
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
