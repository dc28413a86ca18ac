import json
import os
import re
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", "..", ".."))
sys.path.insert(0, os.path.join(HERE, ".."))

from smithyclient import Client, SmithyError, SmithyNotFound  # noqa: E402

CALC = os.path.join(ROOT, "examples", "calculator")
MODEL = [{"path": os.path.join(CALC, "calculator.smithy")}]
SVC = {"models": MODEL, "service": "example#Calculator", "version": "2.0"}


def binary():
    b = os.environ.get("SMITHY")
    if not b:
        raise RuntimeError("set SMITHY to the smithy binary (clients/test.sh builds it)")
    return b


def subset(pin, got, at=""):
    """Where got does not contain pin (None when it does): objects by
    member, arrays element by element with the same length."""
    if isinstance(pin, dict):
        if not isinstance(got, dict):
            return at or "/"
        for k, v in pin.items():
            if k not in got:
                return at + "/" + k
            w = subset(v, got[k], at + "/" + k)
            if w is not None:
                return w
        return None
    if isinstance(pin, list):
        if not isinstance(got, list) or len(got) != len(pin):
            return at or "/"
        for i, (p, g) in enumerate(zip(pin, got)):
            w = subset(p, g, "%s/%d" % (at, i))
            if w is not None:
                return w
        return None
    if pin != got or (type(pin) is bool) != (type(got) is bool):
        return at or "/"
    return None


class NotFoundTest(unittest.TestCase):
    """A smithy command that cannot be started is a typed error that says
    how to install it, not E070 "internal" or a traceback from subprocess."""

    def test_missing_binary(self):
        cases = [
            ("a name not on PATH", "smithy-no-such-command-here", "it is not on PATH"),
            ("a path that does not exist", "/nonexistent/bin/smithy", "no such file"),
            ("a file that is not executable", __file__, "it is not executable"),
        ]
        for name, binary, reason in cases:
            with self.subTest(name):
                with self.assertRaises(SmithyNotFound) as cm:
                    Client(binary=binary)
                e = cm.exception
                self.assertIsInstance(e, SmithyError)
                self.assertIsInstance(e, FileNotFoundError)
                self.assertEqual((e.code, e.exit, e.binary), ("E080", 127, binary))
                self.assertIn(reason, e.message)
                self.assertIn("go install github.com/smithy-validation/go/cli/cmd/smithy@latest", e.message)

    def test_smithy_env_names_a_missing_binary(self):
        old = os.environ.get("SMITHY")
        os.environ["SMITHY"] = "/nonexistent/smithy"
        try:
            with self.assertRaises(SmithyNotFound):
                Client()
        finally:
            if old is None:
                del os.environ["SMITHY"]
            else:
                os.environ["SMITHY"] = old


class ClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.client = Client(binary(), cwd=ROOT)

    @classmethod
    def tearDownClass(cls):
        cls.client.close()

    def test_hello(self):
        h = self.client.hello
        self.assertEqual(h["name"], "smithy")
        self.assertEqual(h["protocol"], 1)
        self.assertEqual(h["streams"], 1)
        self.assertEqual(h["stream_kinds"], ["exchange", "watch", "llm"])
        self.assertIn("validate-rpc", h["capabilities"])

    def test_validate_rpc(self):
        res = self.client.validate_rpc(message={"path": os.path.join(CALC, "bad-call.json")}, **SVC)
        self.assertEqual(res.exit, 1)
        self.assertFalse(res["valid"])
        self.assertEqual([(f["code"], f["path"]) for f in res["findings"]], [("type", "/params/1")])
        self.assertEqual(res["messages"][0]["rpc_error"], -32602)

    def test_same_as_command(self):
        out = subprocess.run([binary(), "validate-rpc", "--service", "example#Calculator", "--version", "2.0",
                              "--request", "call.json", "--response", "reply.json", "--format", "json", "calculator.smithy"],
                             cwd=CALC, capture_output=True, text=True)
        res = self.client.validate_rpc(request={"path": os.path.join(CALC, "call.json")},
                                       response={"path": os.path.join(CALC, "reply.json")}, **SVC)
        self.assertEqual(out.returncode, res.exit)
        self.assertEqual(json.loads(out.stdout), dict(res))

    def test_errors(self):
        cases = [
            ("validate-value", {"models": MODEL, "value": {"text": "1"}}, "E050", 2),
            ("validate-value", {"models": MODEL, "shape": "example#Nope", "value": {"text": "1"}}, "E050", 2),
            ("validate-value", {"models": [{"path": "nonexistent/m.smithy"}], "shape": "a#B", "value": {"text": "1"}}, "E040", 4),
            ("validate-value", {"models": [{"path": "/nonexistent/m.smithy"}], "shape": "a#B", "value": {"text": "1"}}, "E041", 2),
            ("no-such-method", {}, "E050", 2),
        ]
        for method, params, code, exit in cases:
            with self.subTest(method=method, code=code):
                with self.assertRaises(SmithyError) as cm:
                    self.client.call(method, params)
                self.assertEqual((cm.exception.code, cm.exception.exit), (code, exit))
        # The connection is still usable.
        self.assertEqual(self.client.validate(models=MODEL).exit, 0)

    def test_exchange(self):
        with self.client.exchange(**SVC) as ex:
            self.assertEqual(ex.scope, "service")
            part = ex.feed(lines='{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,"x"],"id":1}}\n'
                                 '{"from":"client","message":{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":2}}\n')
            self.assertEqual(part.exit, 1)
            self.assertEqual([f["code"] for f in part["findings"]], ["type"])
            self.assertEqual([m["id"] for m in part["messages"]], [1, 2])
            part = ex.feed(sender="server", message={"jsonrpc": "2.0", "result": 3, "id": 2})
            self.assertEqual((part.exit, part["findings"]), (0, []))
            res = ex.finish(complete=True)
        self.assertEqual(res.exit, 1)
        self.assertEqual([f["code"] for f in res["findings"]], ["response-missing", "type"])
        with self.assertRaises(SmithyError) as cm:
            self.client.call("exchange.feed", {"lines": ""})
        self.assertEqual(cm.exception.code, "E050")

    def test_gate(self):
        decl = "{!query:string,!limit:integer}"
        res = self.client.repair("{'query': 'smithy', limit: 10,}")
        self.assertEqual((res.exit, res["text"], res["exactness"]), (0, '{"query": "smithy", "limit": 10}', "cosmetic"))
        self.assertEqual([r["code"] for r in res["repairs"]], ["R101", "R101", "R104", "R108"])
        cut = '{"query": "smithy valid'
        with self.assertRaises(SmithyError) as cm:
            self.client.repair(cut, schema=decl)
        e = cm.exception
        self.assertEqual((e.code, e.exit, e.offset), ("E010", 5, 23))
        self.assertEqual(e.retry_hint, "Your JSON was cut off at line 1, column 24 (offset 23), inside the string "
                         "at /query. Send the complete JSON again, shorter if it must be. It must match: " + decl)
        res = self.client.repair(cut, profile="lenient")
        self.assertEqual((res["exactness"], res["completeness"]), ("lossy", "partial"))
        plan = self.client.analyze(cut, schema=decl)
        self.assertEqual((plan.exit, plan["decision"], plan["label"], plan["retry"]), (5, "retry", "truncated", e.retry_hint))
        ready = self.client.readiness('{"query": "smithy",', schema=decl)
        self.assertEqual((ready["syntax_permille"], ready["schema_permille"], ready["settled"]), (950, 500, ["query"]))
        v = self.client.validate_text("{a:1}", schema_json={"type": "object"})
        self.assertEqual((v.exit, v["valid"], v["error"]["code"], v["repaired"]), (1, False, "E012", '{"a":1}'))
        v = self.client.validate_text('{"minuend": 1}', shape="example#SubtractInput", models=MODEL)
        self.assertEqual((v.exit, v["schema"]["missing"]), (1, ["subtrahend"]))

    def test_watch(self):
        text = '{"query": "smithy", "limit": "10"}'
        with self.client.watch(schema="{!query:string,!limit:integer}") as w:
            self.assertEqual(w.schema, "{!query:string,!limit:integer}")
            # A second watch while this one is open is refused; this one goes on.
            with self.assertRaises(SmithyError) as cm:
                self.client.watch(schema="{}")
            self.assertEqual((cm.exception.code, cm.exception.exit), ("E050", 2))
            violations = []
            for i, ch in enumerate(text):
                part = w.feed(ch)
                self.assertEqual(part["bytes"], i + 1)
                violations += [(i, e["path"], e["finding"]["code"]) for e in part["events"] if e["kind"] == "violation"]
            # The wrong type is certain at the quote that opens "10" (offset 29), not before.
            self.assertEqual(violations, [(29, "/limit", "type")])
            fin = w.finish()
        self.assertEqual(fin.exit, 1)
        self.assertIsNone(fin["final"])
        self.assertEqual((fin["error"]["code"], fin["error"]["offset"]), ("E031", 29))
        self.assertEqual(fin["watcher_final"]["verdict"]["mismatched"], ["limit"])
        # A chunk over the server's 8 MiB line limit is refused (E050) and
        # the stream and the connection go on.
        self.client.watch_start(schema="{!a:string}")
        with self.assertRaises(SmithyError) as cm:
            self.client.watch_feed("x" * (9 << 20))
        self.assertEqual((cm.exception.code, cm.exception.exit), ("E050", 2))
        self.assertIn("longer than", cm.exception.message)
        self.assertEqual(self.client.watch_feed('{"a":"y"}')["bytes"], 9)
        self.assertEqual(self.client.watch_finish()["final"]["value"], {"a": "y"})
        # The stream is closed: feed and finish are refused; a new one works.
        with self.assertRaises(SmithyError) as cm:
            self.client.watch_feed("{}")
        self.assertEqual(cm.exception.code, "E050")
        self.client.watch_start(schema="{!a:string}")
        self.assertEqual(self.client.watch_feed('{"a":"x"}')["bytes"], 9)
        fin = self.client.watch_finish()
        self.assertEqual((fin.exit, fin["final"]["value"]), (0, {"a": "x"}))

    def test_llm(self):
        with open(os.path.join(ROOT, "mend", "testdata", "llm", "openai_parallel.jsonl"), encoding="utf-8") as f:
            events = [l.strip() for l in f if l.strip()]
        tools = {"search_docs": {"schema": "{!query:string,limit:integer}"}, "current_time": {"schema": "{}"}}
        with self.client.llm(provider="openai", tools=tools) as s:
            self.assertEqual(s.provider, "openai")
            with self.assertRaises(SmithyError) as cm:
                self.client.llm(provider="anthropic")
            self.assertEqual(cm.exception.code, "E050")
            touched = [sorted(c["index"] for c in s.feed(e)["calls"]) for e in events]
            self.assertEqual(touched[:3], [[], [0], [0]])  # the role chunk touches no call
            closed = s.close()
        self.assertEqual(closed.exit, 0)
        self.assertEqual([(c["id"], c["name"], c["end"], c["value"]) for c in closed["calls"]], [
            ("call_Qa1", "search_docs", "complete", {"query": "unions", "limit": 4}),
            ("call_Qb2", "current_time", "complete", {}),
            ("call_Qc3", "search_docs", "complete", {"query": "enums", "limit": 1}),
        ])
        self.assertEqual((closed["stop_reason"], closed["ignored_events"], closed["error"]), ("tool_calls", 2, ""))
        # The stateless form gives the same object; events may be objects too.
        ran = self.client.llm_run([json.loads(e) if e.startswith("{") else e for e in events], provider="openai", tools=tools)
        self.assertEqual((ran.exit, dict(ran)), (0, dict(closed)))
        # An unknown tool is a finding as soon as its name arrives.
        bad = self.client.llm_run(['{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"rm_rf","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}'],
                                  provider="openai", tools=tools)
        self.assertEqual(bad.exit, 1)
        self.assertEqual([e["finding"]["code"] for e in bad["calls"][0]["events"] if e["kind"] == "violation"], ["unknown-tool"])
        self.assertEqual(bad["calls"][0]["error"]["code"], "E031")
        # Neither is about a place in the arguments: no position at all.
        unknown = [e["finding"] for e in bad["calls"][0]["events"] if e["kind"] == "violation"][0]
        for part in (unknown, bad["calls"][0]["error"]):
            self.assertFalse({"line", "column", "offset"} & set(part), part)

    def test_readme_example(self):
        with open(os.path.join(HERE, "..", "README.md"), encoding="utf-8") as f:
            readme = f.read()
        code = re.search(r"```python\n(.*?)```", readme, re.S).group(1)
        want = re.search(r"it prints:\n\n```\n(.*?)```", readme, re.S).group(1)
        env = dict(os.environ, PYTHONPATH=os.path.join(HERE, ".."))
        out = subprocess.run([sys.executable, "-c", code], cwd=CALC, env=env, capture_output=True, text=True)
        self.assertEqual(out.returncode, 0, out.stderr)
        self.assertEqual(out.stdout, want)

    def test_conformance_corpus(self):
        with open(os.path.join(ROOT, "conformance", "cases.jsonl"), encoding="utf-8") as f:
            cases = [json.loads(l) for l in f if l.strip()]
        self.assertGreater(len(cases), 100)
        streams = 0
        for c in cases:
            if "steps" in c:
                # A stream case: its steps, in order, on a server of its
                # own, when it runs on stdio (the others are HTTP's).
                if "stdio" in c["paths"]:
                    streams += 1
                    with self.subTest(case=c["name"]):
                        self.play_steps(c)
                continue
            with self.subTest(case=c["name"]):
                try:
                    res = self.client.call(c["method"], c["params"])
                except SmithyError as e:
                    self.assertIn("error", c, "%s: %s" % (c["name"], e))
                    self.assertEqual((e.code, e.exit), (c["error"]["code"], c["exit"]))
                    continue
                self.assertNotIn("error", c)
                self.assertEqual(res.exit, c["exit"])
                self.assertIsNone(subset(c["result"], dict(res)), json.dumps(res)[:500])
        self.assertGreater(streams, 20)

    def play_steps(self, c):
        with Client(binary(), cwd=ROOT) as client:
            for i, step in enumerate(c["steps"]):
                where = "%s: step %d (%s)" % (c["name"], i, step["method"])
                try:
                    res = client.call(step["method"], step.get("params"))
                except SmithyError as e:
                    self.assertIn("error", step, "%s: %s" % (where, e))
                    self.assertEqual((e.code, e.exit), (step["error"]["code"], step["exit"]), where)
                    continue
                self.assertNotIn("error", step, where)
                self.assertEqual(res.exit, step["exit"], where)
                self.assertIsNone(subset(step.get("result"), dict(res)) if "result" in step else None,
                                  "%s: %s" % (where, json.dumps(res)[:500]))


if __name__ == "__main__":
    unittest.main()
