// The OpenRPC ecosystem's JavaScript validator on this project's exported
// documents (conformance/openrpc_ajv_test.go): Ajv 8 with ajv-formats, as
// the pinned peers install them. Reads one JSON request on stdin:
//   {"metaschema": {"openrpc": PATH, "tools": PATH},
//    "documents": [{"name": ..., "json": TEXT}],
//    "checks": [{"document": I, "method": NAME, "param": NAME, "value": TEXT}]}
// and prints {"documents": [[error, ...], ...], "checks": [true|false|"error", ...]}:
// each document's metaschema errors (none: valid) and each value's verdict
// against its param's schema, compiled from the document itself.
"use strict";
const fs = require("fs");
const Ajv = require("ajv");
const addFormats = require("ajv-formats");

const req = JSON.parse(fs.readFileSync(0, "utf8"));
const out = { documents: [], checks: [] };

// The json-schema-tools metaschema names itself as its $schema; read as
// draft-07 (which it is), as openrpc/metaschema.go reads it.
const tools = JSON.parse(fs.readFileSync(req.metaschema.tools, "utf8"));
delete tools.$schema;
const openrpc = JSON.parse(fs.readFileSync(req.metaschema.openrpc, "utf8"));
delete openrpc.$schema;

function newAjv() {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

const meta = newAjv();
// Registered under its id with and without the trailing slash, as the
// OpenRPC metaschema refers to it both ways.
meta.addSchema(tools);
meta.addSchema({ ...tools, $id: "https://meta.json-schema.tools" });
const checkDocument = meta.compile(openrpc);

const docs = req.documents.map((d) => JSON.parse(d.json));
for (const doc of docs) {
  const ok = checkDocument(doc);
  out.documents.push(ok ? [] : checkDocument.errors.map((e) => `${e.instancePath} ${e.message} (${e.schemaPath})`));
}

// Each document is added whole under its own id; a param's schema is a
// reference into it, so its #/components/schemas references resolve there.
const values = newAjv();
docs.forEach((doc, i) => values.addSchema(doc, `mem://doc${i}`));
const compiled = new Map();
for (const c of req.checks) {
  const doc = docs[c.document];
  const m = doc.methods.findIndex((x) => x.name === c.method);
  const p = m < 0 ? -1 : doc.methods[m].params.findIndex((x) => x.name === c.param);
  if (p < 0) {
    out.checks.push("error");
    continue;
  }
  const ref = `mem://doc${c.document}#/methods/${m}/params/${p}/schema`;
  if (!compiled.has(ref)) {
    compiled.set(ref, values.compile({ $ref: ref }));
  }
  out.checks.push(compiled.get(ref)(JSON.parse(c.value)));
}
process.stdout.write(JSON.stringify(out));
