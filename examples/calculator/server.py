"""A JSON-RPC 2.0 Calculator server on standard input and output, one
message a line: the `subtract` method of the JSON-RPC 2.0 specification,
with positional or named params. It answers what it is sent without
checking the params' types; `smithy proxy` in front of it does that (see
README.md). Standard library only."""

import json
import sys


def answer(msg):
    if msg.get("method") != "subtract":
        return {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": msg.get("id")}
    p = msg.get("params")
    a, b = (p[0], p[1]) if isinstance(p, list) else (p["minuend"], p["subtrahend"])
    try:
        return {"jsonrpc": "2.0", "result": a - b, "id": msg.get("id")}
    except TypeError as e:  # what a server that trusts its input does with [42, "23"]
        return {"jsonrpc": "2.0", "error": {"code": -32603, "message": "Internal error: %s" % e}, "id": msg.get("id")}


for line in sys.stdin:
    if not line.strip():
        continue
    msg = json.loads(line)
    if "id" in msg:
        sys.stdout.write(json.dumps(answer(msg), separators=(",", ":")) + "\n")
        sys.stdout.flush()
