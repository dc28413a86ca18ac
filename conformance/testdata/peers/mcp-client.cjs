// mcp-client.cjs: drives one MCP reference server through `smithy proxy`
// with the official TypeScript SDK's Client and StdioClientTransport, as an
// MCP host does, and checks that every answer is a real one.
//
//   node mcp-client.cjs PEERS SCENARIO WORKDIR -- COMMAND [ARG...]
//
// PEERS is the directory scripts/install-peers.sh installed the pinned npm
// packages into; SCENARIO is everything, filesystem, memory or
// sequential-thinking; WORKDIR is a scratch directory (the filesystem
// server's root); COMMAND is what the transport launches (conformance's
// TestRealPeers gives `smithy proxy ... -- mcp-server-...`). It prints one
// line per step done ("ok STEP: detail") and exits 0, or prints the step
// that failed and exits 1. The proxy's findings are the Go test's business.
"use strict";

const { createRequire } = require("node:module");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const [peers, scenario, workdir, sep, command, ...args] = process.argv.slice(2);
if (!peers || !scenario || !workdir || sep !== "--" || !command) {
  console.error("usage: node mcp-client.cjs PEERS SCENARIO WORKDIR -- COMMAND [ARG...]");
  process.exit(2);
}
const need = createRequire(path.join(path.resolve(peers), "package.json"));
const { Client } = need("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = need("@modelcontextprotocol/sdk/client/stdio.js");
const {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} = need("@modelcontextprotocol/sdk/types.js");

// Every SDK call has a deadline: a hang is a failure with its step named.
const timeout = { timeout: 60_000 };

function check(step, cond, detail) {
  if (!cond) {
    throw new Error(`${step}: ${detail}`);
  }
  console.log(`ok ${step}: ${String(detail).slice(0, 160)}`);
}

function text(result) {
  return (result.content || []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
}

const root = pathToFileURL(path.resolve(workdir)).href;
const seen = { sampling: 0, elicitation: 0, roots: 0, logs: 0, progress: 0 };

// A value for each field of an elicitation's requested schema, of the
// field's own type, so that the server accepts the answer.
function fill(schema) {
  const out = {};
  for (const [name, p] of Object.entries(schema.properties || {})) {
    if (Array.isArray(p.enum)) out[name] = p.enum[0];
    else if (Array.isArray(p.oneOf)) out[name] = p.oneOf[0].const;
    else if (p.type === "array") {
      const items = p.items || {};
      const first = items.enum ? items.enum[0] : items.anyOf ? items.anyOf[0].const : "a";
      out[name] = [first];
    } else if (p.type === "boolean") out[name] = true;
    else if (p.type === "number" || p.type === "integer") out[name] = p.minimum ?? 1;
    else if (p.format === "email") out[name] = "someone@example.com";
    else if (p.format === "uri") out[name] = "https://example.com/";
    else if (p.format === "date") out[name] = "2026-01-02";
    else if (p.format === "date-time") out[name] = "2026-01-02T03:04:05Z";
    else out[name] = p.default ?? "smithy";
  }
  return out;
}

async function everything(client) {
  const info = client.getServerVersion();
  check("initialize", info && /everything/i.test(info.name), `server ${info && info.name} ${info && info.version}`);
  await client.ping(timeout);
  check("ping", true, "answered");
  await client.setLoggingLevel("debug", timeout);
  check("logging/setLevel", true, "debug");

  const tools = (await client.listTools(undefined, timeout)).tools.map((t) => t.name);
  check("tools/list", tools.includes("echo") && tools.includes("get-sum"), tools.join(" "));

  const call = (name, args, opts) => client.callTool({ name, arguments: args }, undefined, { ...timeout, ...opts });
  let r = await call("echo", { message: "hello through smithy proxy" });
  check("tools/call echo", text(r).includes("hello through smithy proxy"), text(r));
  r = await call("get-sum", { a: 2, b: 40 });
  check("tools/call get-sum", /42/.test(text(r)), text(r));
  r = await call("get-tiny-image", {});
  check("tools/call get-tiny-image", r.content.some((c) => c.type === "image" && c.mimeType === "image/png" && c.data.length > 0), r.content.map((c) => c.type).join(","));
  r = await call("get-annotated-message", { messageType: "error", includeImage: true });
  check("tools/call get-annotated-message", r.content.some((c) => c.annotations), r.content.map((c) => c.type).join(","));
  r = await call("get-structured-content", { location: "Chicago" });
  check("tools/call get-structured-content", r.structuredContent && typeof r.structuredContent === "object", JSON.stringify(r.structuredContent));
  r = await call("get-resource-links", { count: 2 });
  check("tools/call get-resource-links", r.content.filter((c) => c.type === "resource_link").length === 2, r.content.map((c) => c.type).join(","));
  r = await call("get-resource-reference", { resourceType: "Text", resourceId: 1 });
  check("tools/call get-resource-reference", r.content.some((c) => c.type === "resource" && c.resource.uri), r.content.map((c) => c.type).join(","));
  r = await call("get-env", {});
  check("tools/call get-env", text(r).length > 0, `${text(r).length} characters`);

  r = await call("trigger-long-running-operation", { duration: 1, steps: 2 }, { onprogress: () => seen.progress++ });
  check("tools/call trigger-long-running-operation", seen.progress >= 1 && /complete/i.test(text(r)), `${seen.progress} progress notifications; ${text(r)}`);

  r = await call("trigger-sampling-request", { prompt: "Name a colour", maxTokens: 20 });
  check("sampling/createMessage", seen.sampling === 1 && text(r).includes("smithy sampled"), text(r));

  r = await call("trigger-elicitation-request", {});
  check("elicitation/create", seen.elicitation === 1 && /accept/i.test(text(r)), text(r).split("\n")[0]);

  r = await call("get-roots-list", {});
  check("roots/list", seen.roots >= 1 && text(r).includes(root), text(r).split("\n").slice(0, 3).join(" "));

  await call("toggle-simulated-logging", {});
  await new Promise((res) => setTimeout(res, 2500));
  await call("toggle-simulated-logging", {});
  check("notifications/message", seen.logs >= 1, `${seen.logs} log messages`);

  const prompts = (await client.listPrompts(undefined, timeout)).prompts.map((p) => p.name);
  check("prompts/list", prompts.includes("simple-prompt") && prompts.includes("args-prompt"), prompts.join(" "));
  let p = await client.getPrompt({ name: "simple-prompt" }, timeout);
  check("prompts/get simple-prompt", p.messages.length > 0, p.messages[0].content.text);
  p = await client.getPrompt({ name: "args-prompt", arguments: { city: "Lisbon", state: "Lisboa" } }, timeout);
  check("prompts/get args-prompt", JSON.stringify(p.messages).includes("Lisbon"), p.messages[0].content.text);
  p = await client.getPrompt({ name: "resource-prompt", arguments: { resourceType: "Text", resourceId: "2" } }, timeout);
  check("prompts/get resource-prompt", p.messages.some((m) => m.content.type === "resource"), p.messages.map((m) => m.content.type).join(","));
  const done = await client.complete({ ref: { type: "ref/prompt", name: "completable-prompt" }, argument: { name: "department", value: "E" } }, timeout);
  check("completion/complete", done.completion.values.length > 0, done.completion.values.join(" "));

  const resources = (await client.listResources(undefined, timeout)).resources;
  check("resources/list", resources.length > 0, `${resources.length} resources, first ${resources[0].uri}`);
  const templates = (await client.listResourceTemplates(undefined, timeout)).resourceTemplates;
  check("resources/templates/list", templates.length > 0, templates.map((t) => t.uriTemplate).join(" "));
  let rr = await client.readResource({ uri: resources[0].uri }, timeout);
  check("resources/read static", rr.contents[0].text && rr.contents[0].text.length > 0, `${rr.contents[0].uri}: ${rr.contents[0].text.length} characters`);
  rr = await client.readResource({ uri: "demo://resource/dynamic/blob/3" }, timeout);
  check("resources/read blob", typeof rr.contents[0].blob === "string" && rr.contents[0].blob.length > 0, `${rr.contents[0].uri}: ${rr.contents[0].blob.length} base64 characters`);
  await client.subscribeResource({ uri: resources[0].uri }, timeout);
  await client.unsubscribeResource({ uri: resources[0].uri }, timeout);
  check("resources/subscribe and unsubscribe", true, resources[0].uri);
}

async function filesystem(client) {
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args }, undefined, timeout);
    if (r.isError) throw new Error(`tools/call ${name}: error result: ${text(r)}`);
    return r;
  };
  const dir = path.resolve(workdir);
  const tools = (await client.listTools(undefined, timeout)).tools.map((t) => t.name);
  check("tools/list", tools.includes("read_text_file") && tools.includes("write_file"), tools.join(" "));
  let r = await call("list_allowed_directories", {});
  check("roots/list", seen.roots >= 1 && text(r).includes(fs.realpathSync(dir)), text(r));
  const file = path.join(dir, "notes.txt");
  await call("write_file", { path: file, content: "first line\nsecond line\n" });
  check("tools/call write_file", fs.readFileSync(file, "utf8") === "first line\nsecond line\n", file);
  r = await call("read_text_file", { path: file, head: 1 });
  check("tools/call read_text_file", text(r).trim() === "first line", text(r));
  r = await call("edit_file", { path: file, edits: [{ oldText: "second line", newText: "edited line" }] });
  check("tools/call edit_file", fs.readFileSync(file, "utf8").includes("edited line") && text(r).includes("edited line"), text(r).split("\n").slice(0, 2).join(" "));
  await call("create_directory", { path: path.join(dir, "sub") });
  check("tools/call create_directory", fs.statSync(path.join(dir, "sub")).isDirectory(), "sub");
  await call("move_file", { source: file, destination: path.join(dir, "sub", "moved.txt") });
  check("tools/call move_file", fs.existsSync(path.join(dir, "sub", "moved.txt")) && !fs.existsSync(file), "notes.txt -> sub/moved.txt");
  r = await call("list_directory", { path: dir });
  check("tools/call list_directory", text(r).includes("[DIR] sub"), text(r));
  r = await call("list_directory_with_sizes", { path: path.join(dir, "sub"), sortBy: "size" });
  check("tools/call list_directory_with_sizes", text(r).includes("moved.txt"), text(r).split("\n")[0]);
  r = await call("directory_tree", { path: dir });
  check("tools/call directory_tree", text(r).includes("moved.txt"), `${text(r).length} characters`);
  r = await call("search_files", { path: dir, pattern: "**/moved*" });
  check("tools/call search_files", text(r).includes("moved.txt"), text(r));
  r = await call("get_file_info", { path: path.join(dir, "sub", "moved.txt") });
  check("tools/call get_file_info", /size/i.test(text(r)), text(r).split("\n")[0]);
  r = await call("read_multiple_files", { paths: [path.join(dir, "sub", "moved.txt"), path.join(dir, "image.png")] });
  check("tools/call read_multiple_files", text(r).includes("edited line"), `${text(r).length} characters`);
  r = await call("read_media_file", { path: path.join(dir, "image.png") });
  check("tools/call read_media_file", r.content.some((c) => c.type === "image" && c.mimeType === "image/png"), r.content.map((c) => c.type + " " + c.mimeType).join(","));
}

async function memory(client) {
  const call = async (name, args) => {
    const r = await client.callTool({ name, arguments: args }, undefined, timeout);
    if (r.isError) throw new Error(`tools/call ${name}: error result: ${text(r)}`);
    return r;
  };
  const tools = (await client.listTools(undefined, timeout)).tools.map((t) => t.name);
  check("tools/list", tools.includes("create_entities") && tools.includes("read_graph"), tools.join(" "));
  let r = await call("create_entities", {
    entities: [
      { name: "Smithy", entityType: "language", observations: ["models APIs"] },
      { name: "Proxy", entityType: "program", observations: ["relays JSON-RPC"] },
    ],
  });
  check("tools/call create_entities", text(r).includes("Smithy"), `${text(r).length} characters`);
  r = await call("create_relations", { relations: [{ from: "Proxy", to: "Smithy", relationType: "validates against" }] });
  check("tools/call create_relations", text(r).includes("validates against"), `${text(r).length} characters`);
  r = await call("add_observations", { observations: [{ entityName: "Smithy", contents: ["has traits"] }] });
  check("tools/call add_observations", text(r).includes("has traits"), `${text(r).length} characters`);
  r = await call("search_nodes", { query: "traits" });
  check("tools/call search_nodes", text(r).includes("Smithy") && !text(r).includes("relays JSON-RPC"), `${text(r).length} characters`);
  r = await call("open_nodes", { names: ["Proxy"] });
  check("tools/call open_nodes", text(r).includes("relays JSON-RPC"), `${text(r).length} characters`);
  r = await call("read_graph", {});
  check("tools/call read_graph", text(r).includes("validates against") && r.structuredContent, `${text(r).length} characters`);
  const resources = (await client.listResources(undefined, timeout)).resources;
  check("resources/list", resources.length > 0, resources.map((x) => x.uri).join(" "));
  const rr = await client.readResource({ uri: resources[0].uri }, timeout);
  check("resources/read", JSON.stringify(rr.contents).includes("Smithy"), `${rr.contents.length} contents`);
  await call("delete_observations", { deletions: [{ entityName: "Smithy", observations: ["has traits"] }] });
  await call("delete_relations", { relations: [{ from: "Proxy", to: "Smithy", relationType: "validates against" }] });
  await call("delete_entities", { entityNames: ["Proxy"] });
  r = await call("read_graph", {});
  check("tools/call delete_*", text(r).includes("Smithy") && !text(r).includes("Proxy") && !text(r).includes("has traits"), `${text(r).length} characters`);
}

async function sequentialThinking(client) {
  const tools = (await client.listTools(undefined, timeout)).tools.map((t) => t.name);
  check("tools/list", tools.includes("sequentialthinking"), tools.join(" "));
  const thoughts = ["Read the model.", "Validate each message.", "Report the findings."];
  for (let i = 0; i < thoughts.length; i++) {
    const r = await client.callTool(
      {
        name: "sequentialthinking",
        arguments: { thought: thoughts[i], thoughtNumber: i + 1, totalThoughts: thoughts.length, nextThoughtNeeded: i + 1 < thoughts.length },
      },
      undefined,
      timeout,
    );
    const got = JSON.parse(text(r));
    check(`tools/call sequentialthinking ${i + 1}`, got.thoughtNumber === i + 1 && got.thoughtHistoryLength === i + 1, text(r).replace(/\s+/g, " "));
  }
  const r = await client.callTool(
    { name: "sequentialthinking", arguments: { thought: "Revise: report them in order.", thoughtNumber: 4, totalThoughts: 4, nextThoughtNeeded: false, isRevision: true, revisesThought: 3 } },
    undefined,
    timeout,
  );
  check("tools/call sequentialthinking revision", JSON.parse(text(r)).thoughtHistoryLength === 4, text(r).replace(/\s+/g, " "));
}

const scenarios = { everything, filesystem, memory, "sequential-thinking": sequentialThinking };

async function main() {
  const run = scenarios[scenario];
  if (!run) throw new Error(`unknown scenario ${scenario}`);
  const client = new Client(
    { name: "smithy-validation real-peer test", version: "1.0.0" },
    { capabilities: { sampling: {}, elicitation: { form: {} }, roots: { listChanged: true } } },
  );
  client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
    seen.sampling++;
    return {
      model: "smithy-test-model",
      role: "assistant",
      stopReason: "endTurn",
      content: { type: "text", text: `smithy sampled: ${req.params.messages.length} message(s)` },
    };
  });
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    seen.elicitation++;
    return { action: "accept", content: fill(req.params.requestedSchema || {}) };
  });
  client.setRequestHandler(ListRootsRequestSchema, async () => {
    seen.roots++;
    return { roots: [{ uri: root, name: "workdir" }] };
  });
  client.setNotificationHandler(LoggingMessageNotificationSchema, () => {
    seen.logs++;
  });
  const transport = new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
  await client.connect(transport, timeout);
  try {
    await run(client);
  } finally {
    await client.close();
  }
  console.log(`done ${scenario}`);
}

main().catch((e) => {
  console.error(`FAIL ${scenario}: ${e && e.stack ? e.stack : e}`);
  process.exit(1);
});
