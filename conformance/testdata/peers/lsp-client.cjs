// lsp-client.cjs: drives a language server through `smithy proxy --framing
// lsp` with vscode-languageserver-protocol (the protocol library of VS
// Code's own client), as an editor does, and checks that every answer is a
// real one.
//
//   node lsp-client.cjs PEERS SCENARIO WORKDIR -- COMMAND [ARG...]
//
// PEERS is the directory scripts/install-peers.sh installed the pinned npm
// packages into; SCENARIO is typescript (typescript-language-server) or
// pyright (pyright-langserver); WORKDIR is an empty directory that becomes
// the workspace; COMMAND is the proxy with the server after its `--`
// (conformance's TestRealPeers). The session: initialize, initialized,
// didOpen of a small file with one type error, its diagnostics, hover,
// completion, documentSymbol, definition, references, workspace/symbol
// (the client announces WorkspaceSymbol resolve support, as VS Code does;
// the step says which form the server answered), didChange that
// fixes the error and the diagnostics that follow, didClose, shutdown,
// exit; the server's own requests are answered as an editor answers them.
// Between the editor requests and the fix, the rest of a longer session
// ("longer session"): two incremental edits in one didChange, $/setTrace,
// semantic tokens (full, delta), code actions and their resolve, rename,
// inlay hints, code lens, call and type hierarchy, willSave,
// willSaveWaitUntil, didSave, the workspace file operations and
// didChangeWatchedFiles, and two calls cancelled while in flight.
// It prints one line per step ("ok STEP: detail") and exits 0, or prints
// the step that failed and exits 1.
"use strict";

const { createRequire } = require("node:module");
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const path = require("node:path");
const { pathToFileURL } = require("node:url");

const [peers, scenario, workdir, sep, command, ...args] = process.argv.slice(2);
if (!peers || !scenario || !workdir || sep !== "--" || !command) {
  console.error("usage: node lsp-client.cjs PEERS SCENARIO WORKDIR -- COMMAND [ARG...]");
  process.exit(2);
}
const need = createRequire(path.join(path.resolve(peers), "package.json"));
const lsp = need("vscode-languageserver-protocol/node");

function check(step, cond, detail) {
  if (!cond) {
    throw new Error(`${step}: ${detail}`);
  }
  console.log(`ok ${step}: ${String(detail).replace(/\s+/g, " ").slice(0, 160)}`);
}

// Each scenario: the file, where to ask, and what the answers must hold.
// Positions are 0-based (line, character), as LSP counts them.
const scenarios = {
  typescript: {
    file: "main.ts",
    languageId: "typescript",
    extra: { "tsconfig.json": JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "commonjs" }, files: ["main.ts"] }) },
    text: [
      "export interface Greeter {",
      "  greet(name: string): string;",
      "}",
      "export function makeGreeter(prefix: string): Greeter {",
      "  return { greet: (name) => `${prefix}, ${name}` };",
      "}",
      "const g = makeGreeter(\"Hello\");",
      "const n: number = g.greet(\"world\");",
      "g.greet(\"again\");",
      "",
    ].join("\n"),
    fixed: { line: 7, from: 9, to: 15, text: "string" }, // `number` -> `string`
    diagnostic: /not assignable to type 'number'/,
    hover: { at: { line: 6, character: 12 }, want: /makeGreeter/ },
    completion: { at: { line: 8, character: 2 }, want: "greet" },
    symbols: ["Greeter", "makeGreeter"],
    workspaceSymbol: "makeGreeter",
    definition: { at: { line: 6, character: 12 }, line: 3 },
    initializationOptions: (peersDir) => ({ tsserver: { path: path.join(peersDir, "node_modules", "typescript", "lib", "tsserver.js") } }),
  },
  pyright: {
    file: "main.py",
    languageId: "python",
    extra: {},
    text: [
      "def greet(name: str) -> str:",
      "    return \"Hello, \" + name",
      "",
      "",
      "count: int = greet(\"world\")",
      "greet(\"again\").upper()",
      "",
    ].join("\n"),
    fixed: { line: 4, from: 7, to: 10, text: "str" }, // `int` -> `str`
    diagnostic: /not assignable to declared type "int"|"str" is not assignable to "int"/,
    hover: { at: { line: 4, character: 14 }, want: /greet/ },
    completion: { at: { line: 5, character: 15 }, want: "upper" },
    symbols: ["greet", "count"],
    workspaceSymbol: "greet",
    definition: { at: { line: 4, character: 14 }, line: 0 },
    initializationOptions: () => undefined,
  },
};

async function main() {
  const sc = scenarios[scenario];
  if (!sc) throw new Error(`unknown scenario ${scenario}`);
  const dir = fs.realpathSync(path.resolve(workdir));
  for (const [name, content] of Object.entries(sc.extra)) fs.writeFileSync(path.join(dir, name), content);
  fs.writeFileSync(path.join(dir, sc.file), sc.text);
  const rootUri = pathToFileURL(dir).href;
  const uri = pathToFileURL(path.join(dir, sc.file)).href;

  const child = spawn(command, args, { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((res) => child.on("exit", (code, signal) => res({ code, signal })));
  const conn = lsp.createProtocolConnection(new lsp.StreamMessageReader(child.stdout), new lsp.StreamMessageWriter(child.stdin));

  // Diagnostics by version, and waiters for them.
  const diagnostics = [];
  let onDiagnostics = () => {};
  conn.onNotification(lsp.PublishDiagnosticsNotification.type, (p) => {
    if (p.uri === uri) {
      diagnostics.push(p);
      onDiagnostics();
    }
  });
  conn.onNotification(() => {}); // window/logMessage, $/progress, ...: nothing to do
  const asked = {};
  conn.onRequest((method, params) => {
    asked[method] = (asked[method] || 0) + 1;
    switch (method) {
      case "workspace/configuration":
        return params.items.map(() => null);
      case "workspace/workspaceFolders":
        return [{ uri: rootUri, name: "workspace" }];
      case "window/workDoneProgress/create":
      case "client/registerCapability":
      case "client/unregisterCapability":
      case "workspace/semanticTokens/refresh":
      case "workspace/inlayHint/refresh":
      case "workspace/codeLens/refresh":
      case "workspace/diagnostic/refresh":
        return null;
      case "window/showMessageRequest":
        return null;
      case "workspace/applyEdit":
        return { applied: false, failureReason: "the test applies no edit" };
    }
    return new lsp.ResponseError(lsp.ErrorCodes.MethodNotFound, `the test client has no ${method}`);
  });
  conn.listen();

  // waitDiagnostics resolves with the first diagnostics published from the
  // from-th on that satisfy pred.
  const waitDiagnostics = (step, from, pred) =>
    new Promise((res, rej) => {
      const timer = setTimeout(() => rej(new Error(`${step}: no such diagnostics in 90 s; got ${JSON.stringify(diagnostics.slice(from))}`)), 90_000);
      let next = from;
      onDiagnostics = () => {
        for (; next < diagnostics.length; next++) {
          if (pred(diagnostics[next])) {
            clearTimeout(timer);
            onDiagnostics = () => {};
            res(diagnostics[next]);
            return;
          }
        }
      };
      onDiagnostics();
    });
  const deadline = (step, p) =>
    Promise.race([p, new Promise((_, rej) => setTimeout(() => rej(new Error(`${step}: no answer in 90 s`)), 90_000))]);

  const init = await deadline(
    "initialize",
    conn.sendRequest(lsp.InitializeRequest.type, {
      processId: process.pid,
      clientInfo: { name: "smithy-validation real-peer test", version: "1.0.0" },
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: "workspace" }],
      initializationOptions: sc.initializationOptions(path.resolve(peers)),
      trace: "verbose", locale: "en",
      capabilities: {
        workspace: {
          configuration: true, workspaceFolders: true, didChangeConfiguration: { dynamicRegistration: true },
          didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
          executeCommand: { dynamicRegistration: true },
          applyEdit: true, workspaceEdit: { documentChanges: true, resourceOperations: ["create", "rename", "delete"], failureHandling: "textOnlyTransactional", normalizesLineEndings: true, changeAnnotationSupport: { groupsOnLabel: true } },
          semanticTokens: { refreshSupport: true }, codeLens: { refreshSupport: true }, inlayHint: { refreshSupport: true }, diagnostics: { refreshSupport: true },
          fileOperations: { dynamicRegistration: true, didCreate: true, willRename: true, didRename: true, didDelete: true, willCreate: true, willDelete: true },
          symbol: {
            symbolKind: { valueSet: Array.from({ length: 26 }, (_, i) => i + 1) },
            tagSupport: { valueSet: [1] },
            resolveSupport: { properties: ["location.range"] },
          },
        },
        window: { workDoneProgress: true, showMessage: { messageActionItem: { additionalPropertiesSupport: true } }, showDocument: { support: true } },
        general: { positionEncodings: ["utf-16"], staleRequestSupport: { cancel: true, retryOnContentModified: ["textDocument/semanticTokens/full", "textDocument/semanticTokens/range", "textDocument/semanticTokens/full/delta"] }, regularExpressions: { engine: "ECMAScript", version: "ES2020" }, markdown: { parser: "marked", version: "1.1.0" } },
        textDocument: {
          synchronization: { dynamicRegistration: true, didSave: true, willSave: true, willSaveWaitUntil: true },
          semanticTokens: { dynamicRegistration: true, requests: { range: true, full: { delta: true } }, tokenTypes: ["namespace","type","class","enum","interface","struct","typeParameter","parameter","variable","property","enumMember","event","function","method","macro","keyword","modifier","comment","string","number","regexp","operator","decorator"], tokenModifiers: ["declaration","definition","readonly","static","deprecated","abstract","async","modification","documentation","defaultLibrary"], formats: ["relative"], overlappingTokenSupport: false, multilineTokenSupport: false, serverCancelSupport: true, augmentsSyntaxTokens: true },
          codeAction: { dynamicRegistration: true, isPreferredSupport: true, disabledSupport: true, dataSupport: true, resolveSupport: { properties: ["edit"] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ["", "quickfix", "refactor", "refactor.extract", "refactor.inline", "refactor.rewrite", "source", "source.organizeImports"] } }, honorsChangeAnnotations: false },
          rename: { dynamicRegistration: true, prepareSupport: true, prepareSupportDefaultBehavior: 1, honorsChangeAnnotations: true },
          signatureHelp: { dynamicRegistration: true, signatureInformation: { documentationFormat: ["markdown", "plaintext"], parameterInformation: { labelOffsetSupport: true }, activeParameterSupport: true }, contextSupport: true },
          inlayHint: { dynamicRegistration: true, resolveSupport: { properties: ["tooltip", "textEdits", "label.tooltip", "label.location", "label.command"] } },
          callHierarchy: { dynamicRegistration: true }, typeHierarchy: { dynamicRegistration: true },

          hover: { contentFormat: ["markdown", "plaintext"] },
          completion: { dynamicRegistration: true, contextSupport: true, completionItem: { snippetSupport: true, commitCharactersSupport: true, documentationFormat: ["markdown", "plaintext"], deprecatedSupport: true, preselectSupport: true, tagSupport: { valueSet: [1] }, insertReplaceSupport: true, resolveSupport: { properties: ["documentation", "detail", "additionalTextEdits"] }, insertTextModeSupport: { valueSet: [1, 2] }, labelDetailsSupport: true }, completionItemKind: { valueSet: Array.from({ length: 25 }, (_, i) => i + 1) }, insertTextMode: 2, completionList: { itemDefaults: ["commitCharacters", "editRange", "insertTextFormat", "insertTextMode", "data"] } },
          documentSymbol: { hierarchicalDocumentSymbolSupport: true },
          definition: { linkSupport: false },
          references: {},
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
        },
      },
    }),
  );
  const caps = init.capabilities;
  check("initialize", caps.hoverProvider && caps.completionProvider && caps.documentSymbolProvider && caps.definitionProvider,
    `server ${init.serverInfo ? init.serverInfo.name + " " + init.serverInfo.version : "(no serverInfo)"}`);
  await conn.sendNotification(lsp.InitializedNotification.type, {});
  await conn.sendNotification(lsp.DidChangeConfigurationNotification.type, { settings: {} });

  await conn.sendNotification(lsp.DidOpenTextDocumentNotification.type, {
    textDocument: { uri, languageId: sc.languageId, version: 1, text: sc.text },
  });
  const withError = await waitDiagnostics("publishDiagnostics", 0, (d) => d.diagnostics.some((x) => sc.diagnostic.test(x.message)));
  const err = withError.diagnostics.find((x) => sc.diagnostic.test(x.message));
  check("publishDiagnostics", err.range.start.line === sc.fixed.line, `line ${err.range.start.line + 1}: ${err.message}`);

  const pos = (at) => ({ textDocument: { uri }, position: at });
  const hover = await deadline("hover", conn.sendRequest(lsp.HoverRequest.type, pos(sc.hover.at)));
  const hoverText = JSON.stringify(hover && hover.contents);
  check("hover", sc.hover.want.test(hoverText), hoverText);

  const completion = await deadline("completion", conn.sendRequest(lsp.CompletionRequest.type, { ...pos(sc.completion.at), context: { triggerKind: 2, triggerCharacter: "." } }));
  const items = Array.isArray(completion) ? completion : (completion && completion.items) || [];
  check("completion", items.some((i) => i.label === sc.completion.want), `${items.length} items, ${items.slice(0, 6).map((i) => i.label).join(" ")}`);

  const symbols = await deadline("documentSymbol", conn.sendRequest(lsp.DocumentSymbolRequest.type, { textDocument: { uri } }));
  const names = (symbols || []).map((s) => s.name);
  check("documentSymbol", sc.symbols.every((s) => names.includes(s)), names.join(" "));

  const def = await deadline("definition", conn.sendRequest(lsp.DefinitionRequest.type, pos(sc.definition.at)));
  const locs = Array.isArray(def) ? def : def ? [def] : [];
  const range = (l) => l.range || l.targetSelectionRange;
  check("definition", locs.some((l) => (l.uri || l.targetUri) === uri && range(l).start.line === sc.definition.line),
    locs.map((l) => `${path.basename(l.uri || l.targetUri)}:${range(l).start.line + 1}`).join(" "));

  const refs = await deadline("references", conn.sendRequest(lsp.ReferencesRequest.type, { ...pos(sc.definition.at), context: { includeDeclaration: true } }));
  check("references", (refs || []).length >= 2, `${(refs || []).length} locations`);

  // workspace/symbol answers SymbolInformation[] (every location with a
  // range) or WorkspaceSymbol[] (a location may be only a uri, resolved
  // later): the step says which this server sent.
  const wsym = (await deadline("workspaceSymbol", conn.sendRequest(lsp.WorkspaceSymbolRequest.type, { query: sc.workspaceSymbol }))) || [];
  const form = wsym.every((s) => s.location && s.location.range) ? "SymbolInformation[]" : "WorkspaceSymbol[]";
  check("workspaceSymbol", caps.workspaceSymbolProvider && wsym.some((s) => s.name === sc.workspaceSymbol),
    `${wsym.length} symbols as ${form}: ${wsym.slice(0, 6).map((s) => s.name).join(" ")}`);

  // What an editor (VS Code) asks of a server after it opens a document,
  // for each feature the server announced: every call must be answered by
  // the server (under the proxy's --enforce, a call the model rejects is
  // answered by the proxy instead, which the test sees in its summary).
  const whole = { start: { line: 0, character: 0 }, end: { line: sc.text.split("\n").length - 1, character: 0 } };
  const opts = { tabSize: 2, insertSpaces: true };
  const editor = [
    ["textDocument/documentHighlight", caps.documentHighlightProvider, pos(sc.definition.at)],
    ["textDocument/foldingRange", caps.foldingRangeProvider, { textDocument: { uri } }],
    ["textDocument/semanticTokens/full", caps.semanticTokensProvider && caps.semanticTokensProvider.full, { textDocument: { uri } }],
    ["textDocument/semanticTokens/range", caps.semanticTokensProvider && caps.semanticTokensProvider.range, { textDocument: { uri }, range: whole }],
    ["textDocument/codeAction", caps.codeActionProvider, { textDocument: { uri }, range: err.range, context: { diagnostics: [err], triggerKind: 1 } }],
    ["textDocument/codeLens", caps.codeLensProvider, { textDocument: { uri } }],
    ["textDocument/documentLink", caps.documentLinkProvider, { textDocument: { uri } }],
    ["textDocument/inlayHint", caps.inlayHintProvider, { textDocument: { uri }, range: whole }],
    ["textDocument/diagnostic", caps.diagnosticProvider, { textDocument: { uri } }],
    ["textDocument/signatureHelp", caps.signatureHelpProvider, { ...pos(sc.hover.at), context: { triggerKind: 1, isRetrigger: false } }],
    ["textDocument/selectionRange", caps.selectionRangeProvider, { textDocument: { uri }, positions: [sc.hover.at] }],
    ["textDocument/typeDefinition", caps.typeDefinitionProvider, pos(sc.hover.at)],
    ["textDocument/implementation", caps.implementationProvider, pos(sc.definition.at)],
    ["textDocument/prepareCallHierarchy", caps.callHierarchyProvider, pos(sc.definition.at)],
    ["textDocument/prepareRename", caps.renameProvider && caps.renameProvider.prepareProvider, pos(sc.definition.at)],
    ["textDocument/rename", caps.renameProvider, { ...pos(sc.definition.at), newName: "renamed" }],
    ["textDocument/formatting", caps.documentFormattingProvider, { textDocument: { uri }, options: opts }],
    ["textDocument/rangeFormatting", caps.documentRangeFormattingProvider, { textDocument: { uri }, range: whole, options: opts }],
  ];
  if (caps.completionProvider && caps.completionProvider.resolveProvider && items.length > 0) {
    editor.push(["completionItem/resolve", true, items.find((i) => i.label === sc.completion.want) || items[0]]);
  }
  const outcomes = [];
  for (const [method, announced, params] of editor) {
    if (!announced) continue;
    try {
      const r = await deadline(method, conn.sendRequest(method, params));
      outcomes.push(`${method}=${r === null ? "null" : Array.isArray(r) ? r.length + "[]" : "{}"}`);
    } catch (e) {
      if (!(e instanceof lsp.ResponseError)) throw e;
      outcomes.push(`${method}=error ${e.code}`);
    }
  }
  console.log(`calls ${outcomes.join(" ")}`);
  check("editor requests", outcomes.length >= 8, `${outcomes.length} calls, each answered`);

  // The rest of an editing session, as an editor announcing the client
  // capabilities above goes on: edits, refactorings, saves, files created,
  // renamed and deleted on disk, calls cancelled while in flight. Each call
  // must be answered (by a result or an error); what the server answers
  // varies with its version and is only reported ("more" line).
  const more = [];
  const tryReq = async (method, params) => {
    try { const r = await deadline(method, conn.sendRequest(method, params)); more.push(`${method}=${r === null ? "null" : Array.isArray(r) ? r.length + "[]" : "{}"}`); return r; }
    catch (e) { if (!(e instanceof lsp.ResponseError)) throw e; more.push(`${method}=error ${e.code}`); return null; }
  };
  await conn.sendNotification("$/setTrace", { value: "messages" });
  // several incremental edits in one didChange, then another version
  await conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 2 },
    contentChanges: [
      { range: { start: { line: sc.text.split("\n").length - 1, character: 0 }, end: { line: sc.text.split("\n").length - 1, character: 0 } }, text: sc.languageId === "python" ? "x = 1\n" : "const x = 1;\n" },
      { range: { start: { line: sc.text.split("\n").length, character: 0 }, end: { line: sc.text.split("\n").length, character: 0 } }, text: sc.languageId === "python" ? "y = 2\n" : "const y = 2;\n" },
    ],
  });
  const toks = await tryReq("textDocument/semanticTokens/full", { textDocument: { uri } });
  if (toks && toks.resultId && caps.semanticTokensProvider && caps.semanticTokensProvider.full && caps.semanticTokensProvider.full.delta) {
    await tryReq("textDocument/semanticTokens/full/delta", { textDocument: { uri }, previousResultId: toks.resultId });
  }
  const acts = await tryReq("textDocument/codeAction", { textDocument: { uri }, range: err.range, context: { diagnostics: [err], triggerKind: 2, only: ["quickfix", "refactor", "source"] } });
  if (caps.codeActionProvider && caps.codeActionProvider.resolveProvider && acts && acts.length) {
    const a = acts.find((x) => x.data) || acts[0];
    if (!a.command || a.kind) await tryReq("codeAction/resolve", a);
  }
  const ren = await tryReq("textDocument/rename", { ...pos(sc.definition.at), newName: "renamedTwice" });
  const hints = caps.inlayHintProvider ? await tryReq("textDocument/inlayHint", { textDocument: { uri }, range: whole }) : null;
  if (hints && hints.length && caps.inlayHintProvider.resolveProvider) await tryReq("inlayHint/resolve", hints[0]);
  const lenses = caps.codeLensProvider ? await tryReq("textDocument/codeLens", { textDocument: { uri } }) : null;
  if (lenses && lenses.length && caps.codeLensProvider.resolveProvider) await tryReq("codeLens/resolve", lenses[0]);
  if (caps.callHierarchyProvider) {
    const items = await tryReq("textDocument/prepareCallHierarchy", pos(sc.definition.at));
    if (items && items.length) { await tryReq("callHierarchy/incomingCalls", { item: items[0] }); await tryReq("callHierarchy/outgoingCalls", { item: items[0] }); }
  }
  if (caps.typeHierarchyProvider) {
    const items = await tryReq("textDocument/prepareTypeHierarchy", pos(sc.definition.at));
    if (items && items.length) { await tryReq("typeHierarchy/supertypes", { item: items[0] }); await tryReq("typeHierarchy/subtypes", { item: items[0] }); }
  }
  if (caps.linkedEditingRangeProvider) await tryReq("textDocument/linkedEditingRange", pos(sc.definition.at));
  if (caps.documentOnTypeFormattingProvider) await tryReq("textDocument/onTypeFormatting", { ...pos(sc.hover.at), ch: caps.documentOnTypeFormattingProvider.firstTriggerCharacter, options: opts });
  if (wsym.length && caps.workspaceSymbolProvider && caps.workspaceSymbolProvider.resolveProvider) await tryReq("workspaceSymbol/resolve", wsym[0]);
  // willSave / willSaveWaitUntil / didSave
  await conn.sendNotification("textDocument/willSave", { textDocument: { uri }, reason: 1 });
  const ts = caps.textDocumentSync;
  if (ts && typeof ts === "object" && ts.willSaveWaitUntil) await tryReq("textDocument/willSaveWaitUntil", { textDocument: { uri }, reason: 1 });
  await conn.sendNotification("textDocument/didSave", { textDocument: { uri } });
  // files on disk: created, changed, deleted
  const other = path.join(dir, sc.languageId === "python" ? "other.py" : "other.ts");
  fs.writeFileSync(other, sc.languageId === "python" ? "z = 3\n" : "export const z = 3;\n");
  const otherUri = pathToFileURL(other).href;
  await tryReq("workspace/willCreateFiles", { files: [{ uri: otherUri }] });
  await conn.sendNotification("workspace/didCreateFiles", { files: [{ uri: otherUri }] });
  await conn.sendNotification("workspace/didChangeWatchedFiles", { changes: [{ uri: otherUri, type: 1 }, { uri, type: 2 }] });
  await tryReq("workspace/willRenameFiles", { files: [{ oldUri: otherUri, newUri: otherUri.replace("other", "other2") }] });
  await conn.sendNotification("workspace/didRenameFiles", { files: [{ oldUri: otherUri, newUri: otherUri.replace("other", "other2") }] });
  await conn.sendNotification("workspace/didDeleteFiles", { files: [{ uri: otherUri.replace("other", "other2") }] });
  await conn.sendNotification("workspace/didChangeWorkspaceFolders", { event: { added: [], removed: [] } });
  // Cancel in-flight calls ($/cancelRequest): the server must still answer
  // each, with its result or with RequestCancelled (-32800).
  const src = new lsp.CancellationTokenSource();
  const p = conn.sendRequest(lsp.ReferencesRequest.type, { ...pos(sc.definition.at), context: { includeDeclaration: true } }, src.token);
  src.cancel();
  try { const r = await deadline("cancelled references", p); more.push(`cancelled references=${Array.isArray(r) ? r.length + "[]" : r}`); }
  catch (e) { if (!(e instanceof lsp.ResponseError)) throw e; more.push(`cancelled references=error ${e.code}`); }
  const src2 = new lsp.CancellationTokenSource();
  const p2 = conn.sendRequest(lsp.CompletionRequest.type, { ...pos(sc.completion.at), context: { triggerKind: 1 } }, src2.token);
  setTimeout(() => src2.cancel(), 5);
  try { const r = await deadline("cancelled completion", p2); more.push(`cancelled completion=${r === null ? "null" : "answered"}`); }
  catch (e) { if (!(e instanceof lsp.ResponseError)) throw e; more.push(`cancelled completion=error ${e.code}`); }
  await conn.sendNotification("window/workDoneProgress/cancel", { token: "no-such-token" });
  console.log(`more ${more.join(" ")}`);
  check("longer session", more.length >= 8, `${more.length} more calls, each answered`);

  // Fix the error with an incremental change: the diagnostics go away.
  const f = sc.fixed;
  const before = diagnostics.length;
  await conn.sendNotification(lsp.DidChangeTextDocumentNotification.type, {
    textDocument: { uri, version: 3 },
    contentChanges: [{ range: { start: { line: f.line, character: f.from }, end: { line: f.line, character: f.to } }, text: f.text }],
  });
  await waitDiagnostics("publishDiagnostics after didChange", before, (d) => !d.diagnostics.some((x) => sc.diagnostic.test(x.message)));
  check("didChange", true, "the error is gone from the diagnostics");

  await conn.sendNotification(lsp.DidCloseTextDocumentNotification.type, { textDocument: { uri } });
  await deadline("shutdown", conn.sendRequest(lsp.ShutdownRequest.type));
  check("shutdown", true, `server requests answered: ${JSON.stringify(asked)}`);
  await conn.sendNotification(lsp.ExitNotification.type);
  const end = await Promise.race([exited, new Promise((res) => setTimeout(() => res(null), 30_000))]);
  if (!end) {
    child.kill("SIGKILL");
    throw new Error("exit: the proxy and its server did not end within 30 s of exit");
  }
  check("exit", end.code === 0, `exit code ${end.code}${end.signal ? " signal " + end.signal : ""}`);
  conn.dispose();
  console.log(`done ${scenario}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`FAIL ${scenario}: ${e && e.stack ? e.stack : e}`);
    process.exit(1);
  },
);
