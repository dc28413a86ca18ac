package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// mcpSession writes an n-line MCP session built from the example
// transcripts in dir (examples/mcp/transcripts, as they are on the
// branch: the importer may regenerate them): lifecycle.jsonl once, as a
// session begins, then every other transcript in name order, again and
// again, until n lines are written (the last pass may be cut). Each pass
// gives every call id a fresh value of the same type (an integer stays an
// integer, a string a string), so that no id is used twice in the
// session; the rest of each line is copied byte for byte.
func mcpSession(w io.Writer, dir string, n int) error {
	names, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil {
		return err
	}
	sort.Strings(names)
	var first [][]byte
	var rest [][][]byte
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		lines := bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n"))
		if filepath.Base(name) == "lifecycle.jsonl" {
			first = lines
		} else {
			rest = append(rest, lines)
		}
	}
	if first == nil || len(rest) == 0 {
		return fmt.Errorf("%s: no lifecycle.jsonl or no other transcript", dir)
	}
	bw := bufio.NewWriterSize(w, 256<<10)
	fresh := 0
	written := 0
	emit := func(lines [][]byte) error {
		ids := map[string][]byte{} // the file's id as written -> its fresh id
		for _, line := range lines {
			if written == n {
				return nil
			}
			out, err := renumber(line, ids, &fresh)
			if err != nil {
				return err
			}
			bw.Write(out)
			bw.WriteByte('\n')
			written++
		}
		return nil
	}
	if err := emit(first); err != nil {
		return err
	}
	for written < n {
		for _, lines := range rest {
			if err := emit(lines); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// renumber returns line with its message's "id" replaced by the fresh id
// that ids gives the id as written (a new one, from *fresh, the first time).
func renumber(line []byte, ids map[string][]byte, fresh *int) ([]byte, error) {
	start, end, err := messageIDSpan(line)
	if err != nil || start < 0 {
		return line, err
	}
	old := string(line[start:end])
	id, ok := ids[old]
	if !ok {
		*fresh++
		switch {
		case old == "null":
			id = []byte(old)
		case strings.HasPrefix(old, `"`):
			id = []byte(`"s` + strconv.Itoa(*fresh) + `"`)
		default:
			id = strconv.AppendInt(nil, int64(*fresh), 10)
		}
		ids[old] = id
	}
	out := make([]byte, 0, len(line)+8)
	out = append(out, line[:start]...)
	out = append(out, id...)
	return append(out, line[end:]...), nil
}

// messageIDSpan finds the bytes of the "id" member of the line's
// "message" object: [start, end), or start -1 when there is none.
func messageIDSpan(line []byte) (start, end int, err error) {
	type frame struct {
		object, wantKey bool
		key             string
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.UseNumber()
	var stack []frame
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return -1, -1, nil
		}
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", line, err)
		}
		if key, isKey := tok.(string); isKey && len(stack) > 0 && stack[len(stack)-1].object && stack[len(stack)-1].wantKey {
			n := len(stack)
			stack[n-1].key, stack[n-1].wantKey = key, false
			if n == 2 && stack[0].key == "message" && key == "id" {
				from := int(dec.InputOffset())
				if _, err := dec.Token(); err != nil {
					return 0, 0, err
				}
				to := int(dec.InputOffset())
				start := from + bytes.IndexByte(line[from:to], ':') + 1
				for line[start] == ' ' || line[start] == '\t' {
					start++
				}
				return start, to, nil
			}
			continue
		}
		switch tok {
		case json.Delim('{'), json.Delim('['):
			stack = append(stack, frame{object: tok == json.Delim('{'), wantKey: tok == json.Delim('{')})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
		if n := len(stack); n > 0 && stack[n-1].object {
			stack[n-1].wantKey = true // a value ended: a key comes next
		}
	}
}
