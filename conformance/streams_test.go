package conformance

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/gate"
	"github.com/smithy-validation/go/core/assembly"
	"github.com/smithy-validation/go/core/model"
	"github.com/smithy-validation/go/rpc"
)

// The stream cases of cases.jsonl: the seed's watch.start/feed/finish and
// llm.open/feed/close/run, each case a session of steps played in order
// on the paths it names (cases without steps are one call on every path):
//
//	{"name": ..., "source": "hand", "exit": N, "paths": [...], "steps": [
//	  {"method": "watch.start", "params": {...}, "exit": 0, "result": {subset}},
//	  {"method": "watch.feed", "params": {"chunk": "{"}, "exit": 0},
//	  {"method": "watch.start", "params": {...}, "exit": 2, "error": {"code": "E050"}},
//	  ...]}
//
// The case's exit is its last step's. The paths:
//
//   - library: one cli/gate Streams (the composition the server and the
//     commands share) for the case, each step a Call;
//   - stdio: a `smithy serve --stdio` of its own for the case, each step a
//     request on it (a refused step leaves the connection usable: the
//     next steps prove it);
//   - http: each step a POST to the shared `smithy serve --http`. HTTP has
//     no connection, so only llm.run, the stateless form, is served
//     there; a case for another method over HTTP pins its E050;
//   - command: the session as one run of the command: `smithy watch
//     --chunk N` for start, feeds of N bytes (the last one shorter) and
//     finish, its lines compared with each feed's and the finish's result;
//     `smithy llm --format json` on the events, one a line, for llm.open,
//     feeds and close (or llm.run), compared with the close's result.
//
// Every path that answers a step must give the same bytes (or the same
// error code) and exit; the first path's result must contain the step's
// pinned subset. The Python and Node clients play the cases that name
// stdio.

// streamStep is one request of a stream case.
type streamStep struct {
	Method string          `json:"method"`
	Params json.RawMessage `json:"params,omitempty"`
	Exit   int             `json:"exit"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  json.RawMessage `json:"error,omitempty"`
}

// streamParams are the stream methods' params the runner reads.
type streamParams struct {
	Chunk    *string           `json:"chunk"`
	Provider string            `json:"provider"`
	Event    json.RawMessage   `json:"event"`
	Events   []json.RawMessage `json:"events"`
	Tools    json.RawMessage   `json:"tools"`
}

var streamPaths = map[string]bool{"library": true, "command": true, "stdio": true, "http": true}

// runStreamCase plays one stream case on each of its paths.
func runStreamCase(t *testing.T, bin, root, base string, c threeCase) {
	if len(c.Paths) == 0 {
		t.Fatal("a stream case names its paths")
	}
	for _, p := range c.Paths {
		if !streamPaths[p] {
			t.Fatalf("unknown path %q (library, command, stdio, http)", p)
		}
	}
	if c.Method != "" || c.Params != nil || c.Result != nil || c.Error != nil {
		t.Fatal("a stream case has steps, not a method, params, result or error of its own")
	}
	if last := c.Steps[len(c.Steps)-1]; c.Exit != last.Exit {
		t.Fatalf("the case's exit %d is not its last step's (%d)", c.Exit, last.Exit)
	}
	type answers struct {
		path string
		out  map[int]outcome // by step; the command answers some steps only
	}
	var all []answers
	for _, p := range c.Paths {
		var out map[int]outcome
		switch p {
		case "library":
			out = streamViaLibrary(t, root, c.Steps)
		case "stdio":
			out = streamViaStdio(t, bin, root, c.Steps)
		case "http":
			out = map[int]outcome{}
			for i, s := range c.Steps {
				params := s.Params
				if params == nil {
					params = json.RawMessage(`{}`)
				}
				out[i] = viaHTTP(t, base, threeCase{Method: s.Method, Params: params})
			}
		case "command":
			out = streamViaCommand(t, bin, root, c.Steps)
		}
		all = append(all, answers{p, out})
	}
	for i, s := range c.Steps {
		var pinnedErr struct{ Code string }
		json.Unmarshal(s.Error, &pinnedErr)
		var first *outcome
		firstPath := ""
		for _, a := range all {
			o, ok := a.out[i]
			if !ok {
				continue
			}
			where := fmt.Sprintf("step %d (%s), %s", i, s.Method, a.path)
			if o.exit != s.Exit {
				t.Errorf("%s: exit %d, the case says %d (%s)", where, o.exit, s.Exit, o.result)
			}
			if o.failed != (s.Error != nil) {
				t.Errorf("%s: failed=%v (%s), the case says error=%s; result %s", where, o.failed, o.code, s.Error, o.result)
				continue
			}
			if o.failed {
				if pinnedErr.Code != "" && o.code != "" && o.code != pinnedErr.Code {
					t.Errorf("%s: error %s, the case says %s", where, o.code, pinnedErr.Code)
				}
				continue
			}
			if first == nil {
				o := o
				first, firstPath = &o, a.path
				var got, pin any
				if err := json.Unmarshal(o.result, &got); err != nil {
					t.Fatalf("%s: the result is not JSON: %v", where, err)
				}
				json.Unmarshal(s.Result, &pin)
				if at, ok := subset(pin, got, ""); s.Result != nil && !ok {
					t.Errorf("%s: the result does not match the case at %s:\n%s", where, at, o.result)
				}
			} else if !bytes.Equal(o.result, first.result) {
				t.Errorf("%s differs from %s:\n%s\n%s", where, firstPath, o.result, first.result)
			}
		}
		if first == nil && s.Error == nil {
			t.Errorf("step %d (%s): no path answered it", i, s.Method)
		}
	}
}

// stepOutcome turns a gate error into an outcome.
func stepOutcome(t *testing.T, res []byte, exit int, err error) outcome {
	if err != nil {
		me, ok := gate.AsError(err)
		if !ok {
			t.Fatalf("not a gate error: %v", err)
		}
		return outcome{exit: me.Exit, failed: true, code: me.Code}
	}
	return outcome{result: res, exit: exit}
}

func streamViaLibrary(t *testing.T, root string, steps []streamStep) map[int]outcome {
	st := &gate.Streams{}
	out := map[int]outcome{}
	for i, s := range steps {
		params := s.Params
		resolve := func() (*model.Model, error) {
			var p caseParams
			json.Unmarshal(params, &p)
			if len(p.Models) == 0 {
				return nil, nil
			}
			a := assembly.New()
			if err := rpc.AddTraits(a); err != nil {
				t.Fatal(err)
			}
			for _, m := range p.Models {
				if err := a.AddPath(filepath.Join(root, m.Path)); err != nil {
					t.Fatalf("the case's model: %v", err)
				}
			}
			res, err := a.Assemble()
			if err != nil || res.HasErrors() {
				t.Fatalf("the case's model does not assemble: %v", err)
			}
			return res.Model, nil
		}
		res, exit, err := st.Call(s.Method, params, resolve)
		out[i] = stepOutcome(t, res, exit, err)
	}
	return out
}

// streamViaStdio plays the steps on a server of their own; a step without
// params is sent without a params member, as the seed writes watch.finish.
func streamViaStdio(t *testing.T, bin, root string, steps []streamStep) map[int]outcome {
	cmd := exec.Command(bin, "serve", "--stdio", "--root", filepath.Dir(root))
	cmd.Dir = root
	in, _ := cmd.StdinPipe()
	outp, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		in.Close()
		if err := cmd.Wait(); err != nil {
			t.Errorf("serve --stdio at end of input: %v", err)
		}
	}()
	r := bufio.NewReaderSize(outp, 1<<20)
	out := map[int]outcome{}
	for i, s := range steps {
		req := fmt.Sprintf(`{"id":%d,"method":%q`, i+1, s.Method)
		if s.Params != nil {
			req += `,"params":` + string(s.Params)
		}
		fmt.Fprintln(in, req+"}")
		line, err := r.ReadBytes('\n')
		if err != nil {
			t.Fatalf("serve --stdio: %v", err)
		}
		var head struct{ ID int }
		if json.Unmarshal(line, &head); head.ID != i+1 {
			t.Fatalf("serve --stdio answered id %d, want %d", head.ID, i+1)
		}
		out[i] = envelopeOutcome(t, bytes.TrimSuffix(line, []byte("\n")))
	}
	return out
}

// streamViaCommand runs the session as one command: smithy watch or
// smithy llm. It answers the feeds and the finish of a watch, the close
// (or run) of an llm stream.
func streamViaCommand(t *testing.T, bin, root string, steps []streamStep) map[int]outcome {
	first := steps[0]
	var p caseParams
	json.Unmarshal(first.Params, &p)
	var sp streamParams
	json.Unmarshal(first.Params, &sp)
	dir := t.TempDir()
	args := []string{}
	answered := []int{} // the steps whose results the output lines are
	var input bytes.Buffer
	switch first.Method {
	case "watch.start":
		chunk := 0
		for i, s := range steps[1:] {
			last := i == len(steps)-2
			if last {
				if s.Method != "watch.finish" {
					t.Fatal("command: a watch session ends with watch.finish")
				}
				break
			}
			var fp streamParams
			json.Unmarshal(s.Params, &fp)
			if s.Method != "watch.feed" || s.Error != nil || fp.Chunk == nil {
				t.Fatalf("command: step %d: a watch session for the command is start, feeds and finish, none refused", i+1)
			}
			n := len(*fp.Chunk)
			if chunk == 0 {
				chunk = n
			}
			if n > chunk || (n < chunk && steps[i+2].Method != "watch.finish") {
				t.Fatalf("command: step %d: the feeds are not chunks of %d bytes (the last one shorter): --chunk cannot play them", i+1, chunk)
			}
			input.WriteString(*fp.Chunk)
			answered = append(answered, i+1)
		}
		answered = append(answered, len(steps)-1)
		args = append(args, "watch", "--chunk", strconv.Itoa(chunk))
	case "llm.open", "llm.run":
		var events []json.RawMessage
		if first.Method == "llm.run" {
			if len(steps) != 1 {
				t.Fatal("command: llm.run is a session of its own")
			}
			events = sp.Events
		} else {
			for i, s := range steps[1:] {
				if s.Method == "llm.close" && i == len(steps)-2 {
					break
				}
				var fp streamParams
				json.Unmarshal(s.Params, &fp)
				if s.Method != "llm.feed" || s.Error != nil {
					t.Fatalf("command: step %d: an llm session for the command is open, feeds and close, none refused", i+1)
				}
				events = append(events, fp.Event)
			}
		}
		for _, e := range events {
			var line []byte
			if s := ""; json.Unmarshal(e, &s) == nil {
				line = []byte(s)
			} else {
				var b bytes.Buffer
				json.Compact(&b, e)
				line = b.Bytes()
			}
			if bytes.ContainsAny(line, "\r\n") || len(bytes.TrimSpace(line)) == 0 {
				t.Fatalf("command: the event %s cannot be a line of an events file", e)
			}
			input.Write(line)
			input.WriteByte('\n')
		}
		answered = []int{len(steps) - 1}
		args = append(args, "llm", "--format", "json")
		if sp.Provider != "" {
			args = append(args, "--provider", sp.Provider)
		}
		if len(sp.Tools) > 0 {
			f := filepath.Join(dir, "tools.json")
			if err := os.WriteFile(f, sp.Tools, 0o644); err != nil {
				t.Fatal(err)
			}
			args = append(args, "--tools", f)
		}
	default:
		t.Fatalf("command: no command plays a session that starts with %s", first.Method)
	}
	args = append(args, declarationArgs(t, p)...)
	if p.Shape != "" || (first.Method != "watch.start" && len(p.Models) > 0) {
		for _, m := range p.Models {
			args = append(args, m.Path)
		}
	}
	file := filepath.Join(dir, "input")
	if err := os.WriteFile(file, input.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, append(args, file)...)
	cmd.Dir = root
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	exit := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		exit = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != len(answered) {
		t.Fatalf("command %q: %d lines, want %d (exit %d, stderr %s)", args, len(lines), len(answered), exit, stderr.String())
	}
	out := map[int]outcome{}
	for k, i := range answered {
		o := outcome{result: []byte(lines[k])}
		if k == len(answered)-1 {
			o.exit = exit
		}
		out[i] = o
	}
	return out
}
