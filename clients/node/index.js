'use strict';
// A client for `smithy serve --stdio`, the JSON Lines protocol of the
// smithy-validation command (see cli/README.md in the repository). No
// dependencies: one child process, one request line per call, Promises.
// Results are the JSON documents the command prints with --format json;
// failures reject with a SmithyError carrying the envelope's code and exit.

const { spawn } = require('node:child_process');
const readline = require('node:readline');

const PROTOCOL = 1;

class SmithyError extends Error {
  // code: E030 model, E040 input, E041 refused (a path outside the
  // server's root), E050 parameter, E055 limit, E060
  // malformed request, E070 internal; exit: the command's exit code for
  // the same failure.
  // The JSON gate's refusals (E001, E010, E011, E012, E020, E031) also
  // carry offset and retryHint (the text to send back to the model as
  // is); error is the whole error object.
  constructor(code, message, exit, error) {
    super(`${code}: ${message} (exit ${exit})`);
    this.name = 'SmithyError';
    this.code = code;
    this.exit = exit;
    this.detail = message;
    this.error = error || {};
    this.offset = this.error.offset;
    this.retryHint = this.error.retry_hint;
  }
}

// How to install the smithy command, as SmithyNotFound says it.
const INSTALL_HINT = 'install it with `go install github.com/smithy-validation/go/cli/cmd/smithy@latest` ' +
  '(from a checkout: `go install ./cli/cmd/smithy`), which puts it in $(go env GOBIN) or $HOME/go/bin; ' +
  'then put that directory on PATH, set $SMITHY to its path, or pass { binary }';

// SmithyNotFound: the smithy command could not be started (not on PATH,
// no such file, not executable). code is 'E080' (a client-side code: no
// server was reached), exit 127 as a shell answers a command it cannot
// find; binary is what was looked for.
class SmithyNotFound extends SmithyError {
  constructor(binary, reason) {
    super('E080', `cannot start the smithy command ${JSON.stringify(binary)}: ${reason}; ${INSTALL_HINT}`, 127);
    this.name = 'SmithyNotFound';
    this.binary = binary;
  }
}

function spawnError(binary, err) {
  if (err.code === 'ENOENT') {
    return new SmithyNotFound(binary, binary.includes('/') ? 'no such file' : 'it is not on PATH');
  }
  if (err.code === 'EACCES') return new SmithyNotFound(binary, 'it is not executable');
  return new SmithyError('E070', `cannot run ${binary}: ${err.message}`, 1);
}

class Client {
  // options.binary: the smithy command ($SMITHY, else "smithy" on PATH);
  // options.cwd: where relative paths in params are resolved.
  constructor(options = {}) {
    const binary = options.binary || process.env.SMITHY || 'smithy';
    this.proc = spawn(binary, ['serve', '--stdio'], { cwd: options.cwd, stdio: ['pipe', 'pipe', options.stderr || 'inherit'] });
    this.pending = new Map();
    this.nextId = 0;
    this.closed = false;
    this.startError = null;
    // exited resolves to the server's exit status, or to 127 when it never
    // started (spawn reports 'error' and may never report 'close').
    this.exited = new Promise((resolve) => {
      this.proc.on('close', (code) => resolve(code));
      this.proc.on('error', () => resolve(127));
    });
    // A child that never started still has a stdin: writes to it fail
    // with EPIPE, which must not become an unhandled 'error' event.
    this.proc.stdin.on('error', () => {});
    this.proc.on('error', (err) => {
      this.startError = spawnError(binary, err);
      this._failAll(this.startError);
    });
    this.exited.then((code) => this._failAll(this.startError || new SmithyError('E070', `the server exited (status ${code})`, 1)));
    readline.createInterface({ input: this.proc.stdout, crlfDelay: Infinity }).on('line', (line) => this._answer(line));
    this.ready = this.call('hello').then(({ result }) => {
      if (result.protocol !== PROTOCOL) {
        throw new SmithyError('E050', `the server speaks protocol ${result.protocol}, this client ${PROTOCOL}`, 2);
      }
      this.hello = result;
      return result;
    });
  }

  _failAll(err) {
    for (const { reject } of this.pending.values()) reject(err);
    this.pending.clear();
  }

  _answer(line) {
    let env;
    try {
      env = JSON.parse(line);
    } catch (e) {
      this._failAll(new SmithyError('E070', `the server wrote a line that is not JSON: ${line.slice(0, 200)}`, 1));
      return;
    }
    let id = env.id;
    if (id === null && env.ok === false && this.pending.size > 0) {
      // The server could not read the request's id (a line over its
      // 8 MiB limit, discarded unread). It answers in order, so this
      // failure is the answer to the oldest request still waiting.
      id = this.pending.keys().next().value;
    }
    const p = this.pending.get(id);
    if (!p) return; // shutdown's answer, or an id nobody waits for
    this.pending.delete(id);
    if (env.ok) p.resolve({ result: env.result, exit: env.exit });
    else p.reject(new SmithyError(env.error.code, env.error.message, env.error.exit, env.error));
  }

  // call sends one request; it resolves to {result, exit} or rejects
  // with a SmithyError. Requests may overlap: the server answers them in
  // order, matched by id.
  call(method, params) {
    if (this.closed) return Promise.reject(new Error('the client is closed'));
    if (this.startError) return Promise.reject(this.startError);
    const id = ++this.nextId;
    const req = params === undefined ? { id, method } : { id, method, params };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.proc.stdin.write(JSON.stringify(req) + '\n');
    });
  }

  ast(params) { return this.call('ast', params); }
  validate(params) { return this.call('validate', params); }
  validateValue(params) { return this.call('validate-value', params); }
  validateRpc(params) { return this.call('validate-rpc', params); }
  openrpc(params) { return this.call('openrpc', params); }

  // The JSON gate (the seed's methods): params are text (what a model
  // wrote), profile, schema, schema_json, skip_prose, max_loss, or shape
  // with models. repair rejects a refusal with its retryHint; analyze
  // never rejects for a bad text.
  repair(params) { return this.call('repair', params); }
  analyze(params) { return this.call('analyze', params); }
  readiness(params) { return this.call('readiness', params); }
  validateText(params) { return this.call('validate', params); }

  // exchange opens the connection's one stream (exchange.start).
  async exchange(params) {
    const { result } = await this.call('exchange.start', params);
    return new Exchange(this, result.scope);
  }

  // The seed's streams (docs/streams.md in the repository): one watch and
  // one llm stream per connection, beside the exchange stream; a second
  // start while one is open rejects with E050 and leaves it as it was.

  // watch opens the watch stream (watch.start) with repair's declaration
  // params (schema, schema_json, or shape with models; profile,
  // skip_prose, max_loss) and resolves to a Watch.
  async watch(params = {}) {
    const { result } = await this.call('watch.start', params);
    return new Watch(this, result.schema);
  }
  watchStart(params = {}) { return this.call('watch.start', params); }
  // watchFeed: the deltas, events and bytes a chunk (of any size) brought.
  watchFeed(chunk) { return this.call('watch.feed', { chunk }); }
  // watchFinish: final, the last deltas and events, watcher_final; exit
  // is repair's (0, 1 rejected by the declaration, 5 refused).
  watchFinish() { return this.call('watch.finish'); }

  // llm opens the llm stream (llm.open): params.provider is anthropic
  // (the default), openai, openai_compat or openai_responses; params.tools
  // an MCP tools/list result, its tools array, or names to declarations.
  // Resolves to an LLMStream.
  async llm(params = {}) {
    const { result } = await this.call('llm.open', params);
    return new LLMStream(this, result.provider);
  }
  llmOpen(params = {}) { return this.call('llm.open', params); }
  // llmFeed: event is one payload, as JSON text (a string) or an object;
  // resolves to the calls it touched.
  llmFeed(event) { return this.call('llm.feed', { event }); }
  // llmClose: every call finished, error, ignored_events, stop_reason;
  // exit 0 when every call ended complete and was accepted, else 1 or 5.
  llmClose() { return this.call('llm.close'); }
  // llmRun, the stateless form: params.events is the whole list.
  llmRun(params) { return this.call('llm.run', params); }

  // close sends shutdown and resolves to the server's exit status.
  async close() {
    if (this.closed) return this.exited;
    this.closed = true;
    if (this.startError) return this.exited;
    this.proc.stdin.write('{"id":"shutdown","method":"shutdown"}\n');
    this.proc.stdin.end();
    return this.exited;
  }
}

// Exchange streams a transcript: feed JSON Lines or single messages, get
// the findings and summaries each piece produced; finish gives the verdict.
class Exchange {
  constructor(client, scope) {
    this.client = client;
    this.scope = scope;
  }

  // feed({lines}) or feed({from, message}) or feed({from, text}).
  feed(piece) { return this.client.call('exchange.feed', piece); }

  finish(complete = false) { return this.client.call('exchange.finish', { complete }); }
}

// Watch is the connection's watch stream: feed chunks as they arrive,
// then finish.
class Watch {
  constructor(client, schema) {
    this.client = client;
    this.schema = schema;
  }

  feed(chunk) { return this.client.watchFeed(chunk); }

  finish() { return this.client.watchFinish(); }
}

// LLMStream is the connection's llm stream: feed a provider's event
// payloads, then close.
class LLMStream {
  constructor(client, provider) {
    this.client = client;
    this.provider = provider;
  }

  feed(event) { return this.client.llmFeed(event); }

  close() { return this.client.llmClose(); }
}

module.exports = { Client, Exchange, Watch, LLMStream, SmithyError, SmithyNotFound, PROTOCOL, INSTALL_HINT };
