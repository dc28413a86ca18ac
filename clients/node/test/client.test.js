'use strict';
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync, spawnSync } = require('node:child_process');
const { Client, SmithyError, SmithyNotFound } = require('../index.js');

const ROOT = path.resolve(__dirname, '..', '..', '..');
const CALC = path.join(ROOT, 'examples', 'calculator');
const MODELS = [{ path: path.join(CALC, 'calculator.smithy') }];
const SVC = { models: MODELS, service: 'example#Calculator', version: '2.0' };

function binary() {
  if (!process.env.SMITHY) throw new Error('set SMITHY to the smithy binary (clients/test.sh builds it)');
  return process.env.SMITHY;
}

// subset returns where got does not contain pin (null when it does):
// objects by member, arrays element by element with the same length.
function subset(pin, got, at = '') {
  if (Array.isArray(pin)) {
    if (!Array.isArray(got) || got.length !== pin.length) return at || '/';
    for (let i = 0; i < pin.length; i++) {
      const w = subset(pin[i], got[i], `${at}/${i}`);
      if (w !== null) return w;
    }
    return null;
  }
  if (pin !== null && typeof pin === 'object') {
    if (got === null || typeof got !== 'object' || Array.isArray(got)) return at || '/';
    for (const k of Object.keys(pin)) {
      if (!(k in got)) return `${at}/${k}`;
      const w = subset(pin[k], got[k], `${at}/${k}`);
      if (w !== null) return w;
    }
    return null;
  }
  return pin === got ? null : at || '/';
}

// playSteps plays a stream case of conformance/cases.jsonl on a server of
// its own: each step's exit, error code and pinned result.
async function playSteps(c) {
  const client = new Client({ binary: binary(), cwd: ROOT });
  try {
    await client.ready;
    for (const [i, step] of c.steps.entries()) {
      const where = `${c.name}: step ${i} (${step.method})`;
      let got;
      try {
        got = await client.call(step.method, step.params);
      } catch (e) {
        if (!(e instanceof SmithyError)) throw e;
        assert.ok(step.error, `${where}: ${e.message}`);
        assert.deepStrictEqual([e.code, e.exit], [step.error.code, step.exit], where);
        continue;
      }
      assert.ok(!step.error, `${where}: expected ${JSON.stringify(step.error)}`);
      assert.strictEqual(got.exit, step.exit, where);
      if (step.result !== undefined) {
        assert.strictEqual(subset(step.result, got.result), null, `${where}: ${JSON.stringify(got.result).slice(0, 400)}`);
      }
    }
  } finally {
    await client.close();
  }
}

// A smithy command that cannot be started is a typed error that says how
// to install it, not E070 "internal" or an unhandled 'error' event.
test('a missing smithy command', async (t) => {
  const cases = [
    ['a name not on PATH', 'smithy-no-such-command-here', 'it is not on PATH'],
    ['a path that does not exist', '/nonexistent/bin/smithy', 'no such file'],
    ['a file that is not executable', __filename, 'it is not executable'],
  ];
  for (const [name, bin, reason] of cases) {
    await t.test(name, async () => {
      const c = new Client({ binary: bin });
      await assert.rejects(c.ready, (e) => {
        assert.ok(e instanceof SmithyNotFound, `${e} is not a SmithyNotFound`);
        assert.ok(e instanceof SmithyError);
        assert.deepStrictEqual([e.code, e.exit, e.binary], ['E080', 127, bin]);
        assert.ok(e.detail.includes(reason), e.detail);
        assert.ok(e.detail.includes('go install github.com/smithy-validation/go/cli/cmd/smithy@latest'), e.detail);
        return true;
      });
      await assert.rejects(c.validate({}), SmithyNotFound);
      assert.strictEqual(await c.close(), 127);
    });
  }
});

test('the client', async (t) => {
  const smithy = new Client({ binary: binary(), cwd: ROOT });
  t.after(() => smithy.close());
  const hello = await smithy.ready;

  await t.test('hello', () => {
    assert.strictEqual(hello.name, 'smithy');
    assert.strictEqual(hello.protocol, 1);
    assert.strictEqual(hello.streams, 1);
    assert.deepStrictEqual(hello.stream_kinds, ['exchange', 'watch', 'llm']);
    assert.ok(hello.capabilities.includes('validate-rpc'));
  });

  await t.test('validate-rpc is what the command prints', async () => {
    const cmd = spawnSync(binary(), ['validate-rpc', '--service', 'example#Calculator', '--version', '2.0',
      '--message', 'bad-call.json', '--format', 'json', 'calculator.smithy'], { cwd: CALC, encoding: 'utf8' });
    const { result, exit } = await smithy.validateRpc({ ...SVC, message: { path: path.join(CALC, 'bad-call.json') } });
    assert.strictEqual(exit, cmd.status);
    assert.deepStrictEqual(result, JSON.parse(cmd.stdout));
    assert.deepStrictEqual(result.findings.map((f) => [f.code, f.path]), [['type', '/params/1']]);
  });

  await t.test('typed errors, and the connection stays usable', async () => {
    for (const [method, params, code, exit] of [
      ['validate-value', { models: MODELS, value: { text: '1' } }, 'E050', 2],
      ['validate-value', { models: MODELS, shape: 'example#Nope', value: { text: '1' } }, 'E050', 2],
      ['validate-value', { models: [{ path: 'nonexistent/m.smithy' }], shape: 'a#B', value: { text: '1' } }, 'E040', 4],
      ['validate-value', { models: [{ path: '/nonexistent/m.smithy' }], shape: 'a#B', value: { text: '1' } }, 'E041', 2],
      ['no-such-method', {}, 'E050', 2],
    ]) {
      await assert.rejects(smithy.call(method, params), (e) => e instanceof SmithyError && e.code === code && e.exit === exit);
    }
    assert.strictEqual((await smithy.validate({ models: MODELS })).exit, 0);
  });

  await t.test('the JSON gate: repair, analyze, readiness, validate of a text', async () => {
    const schema = '{!query:string,!limit:integer}';
    const fixed = await smithy.repair({ text: "{'query': 'smithy', limit: 10,}" });
    assert.strictEqual(fixed.exit, 0);
    assert.strictEqual(fixed.result.text, '{"query": "smithy", "limit": 10}');
    assert.deepStrictEqual(fixed.result.repairs.map((r) => r.code), ['R101', 'R101', 'R104', 'R108']);
    const cut = '{"query": "smithy valid';
    const hint = 'Your JSON was cut off at line 1, column 24 (offset 23), inside the string at /query. ' +
      'Send the complete JSON again, shorter if it must be. It must match: ' + schema;
    await assert.rejects(smithy.repair({ text: cut, schema }),
      (e) => e instanceof SmithyError && e.code === 'E010' && e.exit === 5 && e.offset === 23 && e.retryHint === hint);
    const plan = await smithy.analyze({ text: cut, schema });
    assert.deepStrictEqual([plan.exit, plan.result.decision, plan.result.retry], [5, 'retry', hint]);
    const ready = await smithy.readiness({ text: '{"query": "smithy",', schema });
    assert.deepStrictEqual([ready.result.syntax_permille, ready.result.settled_permille, ready.result.settled], [950, 500, ['query']]);
    const v = await smithy.validateText({ text: '{"minuend": 1}', shape: 'example#SubtractInput', models: MODELS });
    assert.deepStrictEqual([v.exit, v.result.valid, v.result.schema.missing], [1, true, ['subtrahend']]);
  });

  await t.test('overlapping calls are matched by id', async () => {
    const calls = [];
    for (let i = 0; i < 20; i++) {
      const text = JSON.stringify({ minuend: i, subtrahend: i % 2 ? 'x' : 1 });
      calls.push(smithy.validateValue({ models: MODELS, shape: 'example#SubtractInput', value: { text } }));
    }
    const got = await Promise.all(calls);
    got.forEach(({ exit }, i) => assert.strictEqual(exit, i % 2));
  });

  await t.test('exchange stream', async () => {
    const ex = await smithy.exchange(SVC);
    assert.strictEqual(ex.scope, 'service');
    let part = await ex.feed({ lines: '{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":1}}\n' +
      '{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":2}}\n' });
    assert.strictEqual(part.exit, 1);
    assert.deepStrictEqual(part.result.findings.map((f) => f.code), ['type']);
    assert.deepStrictEqual(part.result.messages.map((m) => m.id), [1, 2]);
    part = await ex.feed({ from: 'server', message: { jsonrpc: '2.0', result: 3, id: 2 } });
    assert.deepStrictEqual([part.exit, part.result.findings], [0, []]);
    const fin = await ex.finish(true);
    assert.strictEqual(fin.exit, 1);
    assert.deepStrictEqual(fin.result.findings.map((f) => f.code), ['response-missing', 'type']);
    await assert.rejects(smithy.call('exchange.feed', { lines: '' }), (e) => e.code === 'E050');
  });

  await t.test('watch stream', async () => {
    const text = '{"query": "smithy", "limit": "10"}';
    const w = await smithy.watch({ schema: '{!query:string,!limit:integer}' });
    assert.strictEqual(w.schema, '{!query:string,!limit:integer}');
    // A second watch while this one is open is refused; this one goes on.
    await assert.rejects(smithy.watch({ schema: '{}' }), (e) => e instanceof SmithyError && e.code === 'E050' && e.exit === 2);
    const violations = [];
    for (let i = 0; i < text.length; i++) {
      const { result } = await w.feed(text[i]);
      assert.strictEqual(result.bytes, i + 1);
      for (const e of result.events) if (e.kind === 'violation') violations.push([i, e.path, e.finding.code]);
    }
    // The wrong type is certain at the quote that opens "10" (offset 29), not before.
    assert.deepStrictEqual(violations, [[29, '/limit', 'type']]);
    const fin = await w.finish();
    assert.strictEqual(fin.exit, 1);
    assert.deepStrictEqual([fin.result.final, fin.result.error.code, fin.result.error.offset], [null, 'E031', 29]);
    await assert.rejects(smithy.watchFeed('{}'), (e) => e.code === 'E050');
    // A chunk over the server's 8 MiB line limit is refused (E050), also
    // when other requests overlap it, and the stream goes on.
    await smithy.watchStart({ schema: '{!a:string}' });
    const [big, small] = await Promise.allSettled([smithy.watchFeed('x'.repeat(9 << 20)), smithy.watchFeed('{"a":')]);
    assert.ok(big.status === 'rejected' && big.reason.code === 'E050' && big.reason.exit === 2 && big.reason.detail.includes('longer than'), String(big.reason));
    assert.deepStrictEqual([small.status, small.value && small.value.result.bytes], ['fulfilled', 5]);
    assert.strictEqual((await smithy.watchFeed('"y"}')).result.bytes, 9);
    assert.deepStrictEqual((await smithy.watchFinish()).result.final.value, { a: 'y' });
    await smithy.watchStart({ schema: '{!a:string}' });
    assert.strictEqual((await smithy.watchFeed('{"a":"x"}')).result.bytes, 9);
    const again = await smithy.watchFinish();
    assert.deepStrictEqual([again.exit, again.result.final.value], [0, { a: 'x' }]);
  });

  await t.test('llm stream', async () => {
    const events = fs.readFileSync(path.join(ROOT, 'mend', 'testdata', 'llm', 'openai_parallel.jsonl'), 'utf8')
      .split('\n').map((l) => l.trim()).filter((l) => l);
    const tools = { search_docs: { schema: '{!query:string,limit:integer}' }, current_time: { schema: '{}' } };
    const s = await smithy.llm({ provider: 'openai', tools });
    assert.strictEqual(s.provider, 'openai');
    await assert.rejects(smithy.llm({ provider: 'anthropic' }), (e) => e.code === 'E050');
    // Requests may overlap: the server answers the feeds in order.
    const parts = await Promise.all(events.map((e) => s.feed(e)));
    assert.deepStrictEqual(parts.slice(0, 3).map((p) => p.result.calls.map((c) => c.index)), [[], [0], [0]]);
    const closed = await s.close();
    assert.strictEqual(closed.exit, 0);
    assert.deepStrictEqual(closed.result.calls.map((c) => [c.id, c.name, c.end, c.value]), [
      ['call_Qa1', 'search_docs', 'complete', { query: 'unions', limit: 4 }],
      ['call_Qb2', 'current_time', 'complete', {}],
      ['call_Qc3', 'search_docs', 'complete', { query: 'enums', limit: 1 }],
    ]);
    assert.deepStrictEqual([closed.result.stop_reason, closed.result.ignored_events, closed.result.error], ['tool_calls', 2, '']);
    const ran = await smithy.llmRun({ provider: 'openai', tools, events: events.map((e) => (e.startsWith('{') ? JSON.parse(e) : e)) });
    assert.deepStrictEqual(ran, closed);
    const bad = await smithy.llmRun({ provider: 'openai', tools, events: [
      '{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"rm_rf","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}'] });
    assert.strictEqual(bad.exit, 1);
    assert.deepStrictEqual(bad.result.calls[0].events.filter((e) => e.kind === 'violation').map((e) => e.finding.code), ['unknown-tool']);
    assert.strictEqual(bad.result.calls[0].error.code, 'E031');
    // Neither is about a place in the arguments: no position at all.
    const unknown = bad.result.calls[0].events.find((e) => e.kind === 'violation').finding;
    for (const part of [unknown, bad.result.calls[0].error]) {
      assert.deepStrictEqual(['line', 'column', 'offset'].filter((k) => k in part), [], JSON.stringify(part));
    }
  });

  await t.test('conformance/cases.jsonl', async () => {
    const cases = fs.readFileSync(path.join(ROOT, 'conformance', 'cases.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
    assert.ok(cases.length > 100);
    let streams = 0;
    for (const c of cases) {
      if (c.steps) {
        // A stream case: its steps, in order, on a server of its own,
        // when it runs on stdio (the others are HTTP's).
        if (c.paths.includes('stdio')) {
          streams++;
          await playSteps(c);
        }
        continue;
      }
      let got;
      try {
        got = await smithy.call(c.method, c.params);
      } catch (e) {
        if (!(e instanceof SmithyError)) throw e;
        assert.ok(c.error, `${c.name}: ${e.message}`);
        assert.deepStrictEqual([e.code, e.exit], [c.error.code, c.exit], c.name);
        continue;
      }
      assert.ok(!c.error, `${c.name}: expected ${JSON.stringify(c.error)}`);
      assert.strictEqual(got.exit, c.exit, c.name);
      assert.strictEqual(subset(c.result, got.result), null, `${c.name}: ${JSON.stringify(got.result).slice(0, 400)}`);
    }
    assert.ok(streams > 20, `${streams} stream cases`);
  });

  await t.test('close ends the server with status 0', async () => {
    const other = new Client({ binary: binary() });
    await other.ready;
    assert.strictEqual(await other.close(), 0);
  });
});

test('the README example runs and prints what the README shows', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  const code = readme.match(/```js\n([\s\S]*?)```/)[1].replace("require('./index.js')", `require(${JSON.stringify(path.join(__dirname, '..', 'index.js'))})`);
  const want = readme.match(/it\nprints:\n\n```\n([\s\S]*?)```/)[1];
  const out = execFileSync(process.execPath, ['-e', code], { cwd: CALC, encoding: 'utf8', env: { ...process.env, SMITHY: binary() } });
  assert.strictEqual(out, want);
});
