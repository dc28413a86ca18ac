package app

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/smithy-validation/go/cli/exitcode"
)

// TestSyntaxEventsAsTheReference runs smithy validate --format json on
// every file of the reference's idl-invalid corpus whose expected failure
// is a syntax error ("// Syntax error at line L, column C: text | Model"):
// the model's one event is an ERROR with the ID Model at line L, column C
// of that file, and its message is the reference's: it starts with "Syntax
// error at line L, column C: " and holds the text (the reference nests the
// message of a string's or text block's own parser, which is why the test
// it comes with, and this one, ask only that it be contained).
func TestSyntaxEventsAsTheReference(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpus", "smithy", "idl-invalid")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("the shared corpus is not here (%v): see ../shared/corpus/README.md", err)
	}
	header := regexp.MustCompile(`^// (Syntax error at line (\d+), column (\d+)): ?(.*?)(?: \| Model)?$`)
	checked := 0
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".smithy") {
			return err
		}
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		first, _ := bufio.NewReader(f).ReadString('\n')
		f.Close()
		m := header.FindStringSubmatch(strings.TrimRight(first, "\r\n"))
		if m == nil {
			return nil
		}
		checked++
		var stdout, stderr bytes.Buffer
		code := Run([]string{"smithy", "validate", "--format", "json", p}, strings.NewReader(""), &stdout, &stderr)
		var doc struct {
			Valid  bool
			Events []struct {
				Severity, ID, File, Message string
				Line, Column                int
			}
		}
		if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil {
			t.Errorf("%s: exit %d, stdout is not a document: %v: %s", p, code, err, stdout.String())
			return nil
		}
		text := strings.ReplaceAll(m[4], "[EOF]", "")
		want := fmt.Sprintf("event Model ERROR at %s:%s:%s, message %q... holding %q", p, m[2], m[3], m[1], text)
		if code != exitcode.Model || doc.Valid || len(doc.Events) != 1 {
			t.Errorf("%s: exit %d, valid %v, %d events; want exit 3 and one %s", p, code, doc.Valid, len(doc.Events), want)
			return nil
		}
		ev := doc.Events[0]
		got := fmt.Sprintf("event %s %s at %s:%d:%d, message %q", ev.ID, ev.Severity, ev.File, ev.Line, ev.Column, ev.Message)
		if ev.ID != "Model" || ev.Severity != "ERROR" || ev.File != p || fmt.Sprint(ev.Line) != m[2] || fmt.Sprint(ev.Column) != m[3] ||
			!strings.HasPrefix(ev.Message, m[1]+": ") || !strings.Contains(strings.ReplaceAll(ev.Message, "[EOF]", ""), text) {
			t.Errorf("%s:\n got %s\nwant %s", p, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d files with a syntax error checked; the corpus has 142", checked)
	}
}
