"""A client for `smithy serve --stdio`, the JSON Lines protocol of the
smithy-validation command (see cli/README.md in the repository).

Standard library only. A Client starts one server process and sends it one
request at a time; results are plain dicts (subclassed to carry the exit
code the command gives for the same input), failures raise SmithyError
with the envelope's code and exit.

    from smithyclient import Client

    with Client() as smithy:
        res = smithy.validate_rpc(models=[{"path": "calculator.smithy"}],
                                  service="example#Calculator", version="2.0",
                                  message={"text": '{"jsonrpc":"2.0","method":"subtract","params":[1,2],"id":1}'})
        print(res["valid"], res.exit)
"""

import json
import os
import shutil
import subprocess
import threading

__all__ = ["Client", "Exchange", "Watch", "LLMStream", "Result", "SmithyError", "SmithyNotFound",
           "PROTOCOL", "INSTALL_HINT"]

#: How to install the smithy command, as SmithyNotFound says it.
INSTALL_HINT = ("install it with `go install github.com/smithy-validation/go/cli/cmd/smithy@latest` "
                "(from a checkout: `go install ./cli/cmd/smithy`), which puts it in $(go env GOBIN) "
                "or $HOME/go/bin; then put that directory on PATH, set $SMITHY to its path, "
                "or pass Client(binary=...)")

#: The protocol version this client speaks (hello's "protocol").
PROTOCOL = 1


class SmithyError(Exception):
    """A failed request: code (E030 model, E040 input, E041 refused (a
    path outside the server's root), E050 usage or
    parameter, E055 limit, E060 malformed request, E070 internal; the JSON
    gate's refusals: E001 no JSON value, E010 lossy, E011 ambiguous, E012
    strict, E020 over a limit, E031 the declaration not met), message and
    exit (the command's exit code for the same failure). A refusal of the
    JSON gate also has offset and retry_hint (the text to send back to the
    model as is); error is the whole error object."""

    def __init__(self, code, message, exit, error=None):
        super().__init__("%s: %s (exit %d)" % (code, message, exit))
        self.code = code
        self.message = message
        self.exit = exit
        self.error = error or {}
        self.offset = self.error.get("offset")
        self.retry_hint = self.error.get("retry_hint")


class SmithyNotFound(SmithyError, FileNotFoundError):
    """The smithy command could not be started: it is not on PATH, the
    path given does not exist, or it is not executable. code is "E080" (a
    client-side code: no server was reached) and exit 127, as a shell
    answers a command it cannot find; binary is what was looked for."""

    def __init__(self, binary, reason):
        SmithyError.__init__(self, "E080", "cannot start the smithy command %r: %s; %s"
                             % (binary, reason, INSTALL_HINT), 127)
        self.binary = binary


class Result(dict):
    """A method's result (the JSON document the command prints with
    --format json), with .exit: 0 valid, 1 invalid, 3 (validate) the model
    has ERROR events, 5 incomplete."""

    def __init__(self, value, exit):
        super().__init__(value)
        self.exit = exit


class Client:
    """One `smithy serve --stdio` process.

    binary: the smithy command (default: $SMITHY, else "smithy" on PATH);
    cwd: the directory relative paths in params are resolved against.
    """

    def __init__(self, binary=None, cwd=None, stderr=None):
        binary = binary or os.environ.get("SMITHY") or "smithy"
        if os.sep not in binary and (os.altsep is None or os.altsep not in binary):
            found = shutil.which(binary)
            if found is None:
                raise SmithyNotFound(binary, "it is not on PATH")
            binary = found
        try:
            self._proc = subprocess.Popen(
                [binary, "serve", "--stdio"], cwd=cwd,
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                encoding="utf-8", bufsize=1)
        except FileNotFoundError:
            if cwd is not None and not os.path.isdir(cwd):
                raise
            raise SmithyNotFound(binary, "no such file") from None
        except PermissionError:
            raise SmithyNotFound(binary, "it is not executable") from None
        self._lock = threading.Lock()
        self._next = 0
        self._closed = False
        self.hello = self.call("hello")
        if self.hello.get("protocol") != PROTOCOL:
            self.close()
            raise SmithyError("E050", "the server speaks protocol %r, this client %d"
                              % (self.hello.get("protocol"), PROTOCOL), 2)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def call(self, method, params=None):
        """Sends one request and returns its Result, or raises SmithyError."""
        if self._closed:
            raise ValueError("the client is closed")
        with self._lock:
            self._next += 1
            rid = self._next
            req = {"id": rid, "method": method}
            if params is not None:
                req["params"] = params
            self._proc.stdin.write(json.dumps(req, ensure_ascii=False) + "\n")
            self._proc.stdin.flush()
            line = self._proc.stdout.readline()
        if not line:
            raise SmithyError("E070", "the server exited (status %s)" % self._proc.poll(), 1)
        env = json.loads(line)
        if env.get("id") is None and env.get("ok") is False:
            # The server could not read this request's id (a line over its
            # 8 MiB limit, discarded unread): requests go one at a time, so
            # this failure is the answer to this request.
            env["id"] = rid
        if env.get("id") != rid:
            raise SmithyError("E070", "the server answered id %r to request %d" % (env.get("id"), rid), 1)
        if not env.get("ok"):
            err = env.get("error") or {}
            raise SmithyError(err.get("code", "E070"), err.get("message", ""), err.get("exit", 1), err)
        return Result(env.get("result") or {}, env.get("exit", 0))

    # The commands, one method each; keyword arguments are the params.

    def ast(self, **params):
        return self.call("ast", params)

    def validate(self, **params):
        return self.call("validate", params)

    def validate_value(self, **params):
        return self.call("validate-value", params)

    def validate_rpc(self, **params):
        return self.call("validate-rpc", params)

    def openrpc(self, **params):
        return self.call("openrpc", params)

    # The JSON gate (the seed's methods): text is what a model wrote; the
    # other params are profile, schema, schema_json, skip_prose, max_loss,
    # or shape with models.

    def repair(self, text, **params):
        """The repaired text and its repairs; a refusal raises SmithyError
        with its retry_hint."""
        return self.call("repair", dict(params, text=text))

    def analyze(self, text, **params):
        """The decision (execute, repair, retry, invalid); never raises for
        a bad text."""
        return self.call("analyze", dict(params, text=text))

    def readiness(self, text, **params):
        """syntax_permille, schema_permille, settled_permille of a prefix."""
        return self.call("readiness", dict(params, text=text))

    def validate_text(self, text, **params):
        """The seed's validate of a text: valid as written, the first
        strict refusal, the repair, the verdict."""
        return self.call("validate", dict(params, text=text))

    def exchange(self, **params):
        """Opens the connection's one exchange stream (exchange.start with
        models, service, version, ...); use it as a context manager or call
        finish()."""
        return Exchange(self, self.call("exchange.start", params))

    # The seed's streams (docs/streams.md in the repository): one watch
    # and one llm stream per connection, beside the exchange stream; a
    # second start while one is open raises SmithyError E050 and leaves
    # the open one as it was.

    def watch(self, **params):
        """Opens the connection's watch stream (watch.start) with the
        declaration params of repair (schema, schema_json, or shape with
        models; profile, skip_prose, max_loss). Returns a Watch: feed()
        chunks of any size, then finish(); a context manager finishes it."""
        return Watch(self, self.call("watch.start", params))

    def watch_start(self, **params):
        """watch.start as is: {"ok", "schema"}."""
        return self.call("watch.start", params)

    def watch_feed(self, chunk):
        """watch.feed: the deltas, events and bytes this chunk brought."""
        return self.call("watch.feed", {"chunk": chunk})

    def watch_finish(self):
        """watch.finish: final (repair's fields and value, or null and
        error), the last deltas and events, watcher_final; .exit is
        repair's (0, 1 rejected by the declaration, 5 refused)."""
        return self.call("watch.finish")

    def llm(self, provider="anthropic", tools=None, **params):
        """Opens the connection's llm stream (llm.open): provider is
        anthropic, openai, openai_compat or openai_responses; tools an MCP
        tools/list result, its tools array, or names to declarations; the
        declaration params apply to every call without a tool list.
        Returns an LLMStream: feed() event payloads, then close()."""
        if tools is not None:
            params["tools"] = tools
        return LLMStream(self, self.call("llm.open", dict(params, provider=provider)))

    def llm_open(self, **params):
        """llm.open as is: {"ok", "provider"}."""
        return self.call("llm.open", params)

    def llm_feed(self, event):
        """llm.feed: event is one payload, as JSON text (a str) or as the
        decoded object (a dict); returns the calls it touched."""
        return self.call("llm.feed", {"event": event})

    def llm_close(self):
        """llm.close: every call finished, error, ignored_events,
        stop_reason; .exit 0 when every call ended complete and was
        accepted, else 1 or 5."""
        return self.call("llm.close")

    def llm_run(self, events, provider="anthropic", tools=None, **params):
        """llm.run, the stateless form: a whole list of event payloads;
        returns what llm.close would."""
        params = dict(params, provider=provider, events=list(events))
        if tools is not None:
            params["tools"] = tools
        return self.call("llm.run", params)

    def close(self):
        """Sends shutdown and waits for the server to exit."""
        if self._closed:
            return
        self._closed = True
        try:
            self._proc.stdin.write('{"id":0,"method":"shutdown"}\n')
            self._proc.stdin.flush()
            self._proc.stdout.readline()
            self._proc.stdin.close()
        except (BrokenPipeError, ValueError):
            pass
        self._proc.wait(timeout=30)
        self._proc.stdout.close()


class _Stream:
    """What the connection's streams share: used as a context manager, a
    stream not yet ended is ended on exit (its error raised only when the
    block itself raised none)."""

    result = None

    def _end(self):
        raise NotImplementedError

    def __enter__(self):
        return self

    def __exit__(self, exc_type, *exc):
        if self.result is None:
            try:
                self._end()
            except SmithyError:
                if exc_type is None:
                    raise


class Exchange(_Stream):
    """A transcript streamed through exchange.feed: feed JSON Lines (one
    line or many) or single messages, and get back the findings and message
    summaries each piece produced; finish() returns the verdict."""

    def __init__(self, client, started):
        self._client = client
        self.scope = started.get("scope")
        self.result = None

    def feed(self, lines=None, sender=None, message=None, text=None):
        """feed(lines="...") or feed(sender="client", message={...}) or
        feed(sender="server", text="..."). Returns {"findings", "messages"}
        with .exit 1 when the piece had an error finding."""
        if lines is not None:
            return self._client.call("exchange.feed", {"lines": lines})
        params = {"from": sender}
        if message is not None:
            params["message"] = message
        if text is not None:
            params["text"] = text
        return self._client.call("exchange.feed", params)

    def finish(self, complete=False):
        """Ends the stream: every finding, in order, and the verdict (with
        complete=True, calls never answered are reported)."""
        self.result = self._client.call("exchange.finish", {"complete": complete})
        return self.result

    def _end(self):
        self.finish()


class Watch(_Stream):
    """The connection's watch stream: a JSON value checked as it arrives.
    feed(chunk) returns {"deltas", "events", "bytes"}; finish() returns
    {"final", "deltas", "events", "watcher_final"} with .exit."""

    def __init__(self, client, started):
        self._client = client
        self.schema = started.get("schema")
        self.result = None

    def feed(self, chunk):
        return self._client.watch_feed(chunk)

    def finish(self):
        self.result = self._client.watch_finish()
        return self.result

    def _end(self):
        self.finish()


class LLMStream(_Stream):
    """The connection's llm stream: a provider's tool calls decoded and
    checked event by event. feed(event) returns {"calls", "ignored"};
    close() returns {"calls", "error", "ignored_events", "stop_reason"}
    with .exit."""

    def __init__(self, client, opened):
        self._client = client
        self.provider = opened.get("provider")
        self.result = None

    def feed(self, event):
        return self._client.llm_feed(event)

    def close(self):
        self.result = self._client.llm_close()
        return self.result

    def _end(self):
        self.close()
