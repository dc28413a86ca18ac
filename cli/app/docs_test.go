package app

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocsCommands runs every fenced command of README.md, docs/*.md and
// examples/*/README.md as a reader would, from a fresh `go install` of
// the command, and checks what they print:
//
//   - An `sh` block is a list of commands (a line ending in `\` continues
//     on the next; `# ...` comments are ignored). Each runs in bash; a
//     command of smithy itself (`smithy ...`, `go run ./cli/cmd/smithy
//     ...`) must end with a verdict (exit 0 valid, 1 invalid, 3 model
//     events, 5 incomplete), never a usage error (2), an input error (4)
//     or "command not found"; any other command must exit 0.
//   - A `console` block is `$ COMMAND` lines, each followed by exactly
//     what it prints on standard output.
//   - Each `##` section of a file starts at the repository root, and a
//     `cd` carries over to the next commands of the same section, as in
//     the terminal of a reader who follows the section.
//   - A block right after `<!-- doc-test: skip: REASON -->` is not run
//     (benchmarks and measurements, the whole test suite, a release that
//     is not published yet); the reason is logged.
//
// The files are the README's and the docs' own: the first README file is
// README.md, whose Install section runs `go install ./cli/cmd/smithy`
// with GOBIN set to a temporary directory at the head of PATH, so every
// `smithy` the docs run is the one just built from this checkout. The
// test ends by checking that running the docs changed no file of the
// checkout.
func TestDocsCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the smithy command of every documented example (-short)")
	}
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	files := []string{"README.md"}
	for _, pat := range []string{"docs/*.md", "examples/*/README.md", "examples/README.md"} {
		m, _ := filepath.Glob(filepath.Join(root, pat))
		for _, f := range m {
			rel, _ := filepath.Rel(root, f)
			files = append(files, filepath.ToSlash(rel))
		}
	}
	slices.Sort(files[1:])
	files = slices.Compact(files)

	gobin := t.TempDir()
	env := append(os.Environ(), "GOBIN="+gobin, "PATH="+gobin+string(os.PathListSeparator)+os.Getenv("PATH"),
		"NO_COLOR=1", "GOFLAGS=")
	before := gitStatus(t, root)
	ran := 0
	dirs := map[string]string{}
	for _, name := range files {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range docBlocks(string(data)) {
			where := fmt.Sprintf("%s:%d (section %q)", name, b.line, b.section)
			if b.skip != "" {
				t.Logf("%s: not run: %s", where, b.skip)
				continue
			}
			ran += runDocBlock(t, root, env, dirs, name, where, b)
		}
	}
	if ran == 0 {
		t.Fatal("no documented command ran")
	}
	t.Logf("%d documented commands ran", ran)
	if after := gitStatus(t, root); after != before {
		t.Errorf("running the documented commands changed the checkout:\nbefore:\n%s\nafter:\n%s", before, after)
	}
}

// docBlock is one fenced block of commands in a markdown file.
type docBlock struct {
	lang    string // "sh" or "console"
	line    int    // of the opening fence
	section string // the ## heading it is under ("" before the first)
	body    []string
	skip    string // the reason given by a skip marker
}

var skipMarker = regexp.MustCompile(`^<!--\s*doc-test:\s*skip:\s*(.+?)\s*-->$`)

// docBlocks returns the sh and console blocks of a markdown text, with
// their section and skip marker.
func docBlocks(text string) []docBlock {
	var (
		out     []docBlock
		section string
		skip    string
		cur     *docBlock
		fence   string
	)
	for i, line := range strings.Split(text, "\n") {
		if cur == nil && fence != "" {
			if strings.HasPrefix(line, fence) {
				fence = "" // the end of a block of another language
			}
			continue
		}
		if cur != nil {
			if strings.HasPrefix(line, "```") {
				out = append(out, *cur)
				cur = nil
				continue
			}
			cur.body = append(cur.body, line)
			continue
		}
		switch {
		case strings.HasPrefix(line, "## "):
			section, skip = strings.TrimPrefix(line, "## "), ""
		case skipMarker.MatchString(line):
			skip = skipMarker.FindStringSubmatch(line)[1]
		case line == "```sh" || line == "```console":
			cur = &docBlock{lang: strings.TrimPrefix(line, "```"), line: i + 1, section: section, skip: skip}
			skip = ""
		case strings.HasPrefix(line, "```"):
			fence, skip = "```", ""
		case strings.TrimSpace(line) != "":
			skip = "" // a marker applies only to the block right after it
		}
	}
	return out
}

// runDocBlock runs one block and returns how many commands ran. dirs is
// the working directory each section has reached, by file and section: a
// `cd` carries over within a section.
func runDocBlock(t *testing.T, root string, env []string, dirs map[string]string, file, where string, b docBlock) int {
	t.Helper()
	key := file + "\x00" + b.section
	dir, ok := dirs[key]
	if !ok {
		dir = root
	}
	n := 0
	switch b.lang {
	case "sh":
		for _, c := range shCommands(b.body) {
			var stdout, stderr bytes.Buffer
			code, next := runShell(t, dir, env, c.text, &stdout, &stderr)
			ok := code == 0 || (isSmithy(c.text) && (code == 1 || code == 3 || code == 5))
			if !ok {
				t.Errorf("%s, line %d: `%s` exited %d\nstdout:\n%s\nstderr:\n%s", where, b.line+c.line, c.text, code, clip(stdout.String()), clip(stderr.String()))
			}
			dir = next
			n++
		}
	case "console":
		for _, c := range consoleCommands(b.body) {
			var stdout, stderr bytes.Buffer
			code, next := runShell(t, dir, env, c.text, &stdout, &stderr)
			if code == 2 || code == 4 || code > 5 {
				t.Errorf("%s, line %d: `%s` exited %d\nstderr:\n%s", where, b.line+c.line, c.text, code, clip(stderr.String()))
			}
			if got := stdout.String(); got != c.want {
				t.Errorf("%s, line %d: `%s` prints\n%s\nbut the docs show\n%s", where, b.line+c.line, c.text, got, c.want)
			}
			dir = next
			n++
		}
	}
	dirs[key] = dir
	return n
}

// docCommand is one command of a block, at its line within the block
// (1 is the line after the fence), with what it must print (console).
type docCommand struct {
	text string
	line int
	want string
}

// shCommands splits an sh block into commands: a line ending in `\`
// continues on the next; blank lines and comments are skipped.
func shCommands(body []string) []docCommand {
	var out []docCommand
	var cur strings.Builder
	start := 0
	for i, line := range body {
		if cur.Len() == 0 {
			trimmed := strings.TrimSpace(line)
			if trimmed == "" || strings.HasPrefix(trimmed, "#") {
				continue
			}
			start = i + 1
		}
		if strings.HasSuffix(line, "\\") {
			cur.WriteString(strings.TrimSuffix(line, "\\"))
			continue
		}
		cur.WriteString(line)
		out = append(out, docCommand{text: strings.TrimSpace(cur.String()), line: start})
		cur.Reset()
	}
	if cur.Len() > 0 {
		out = append(out, docCommand{text: strings.TrimSpace(cur.String()), line: start})
	}
	return out
}

// consoleCommands splits a console block into `$ ` commands and the
// lines each prints.
func consoleCommands(body []string) []docCommand {
	var out []docCommand
	for i, line := range body {
		if cmd, ok := strings.CutPrefix(line, "$ "); ok {
			out = append(out, docCommand{text: cmd, line: i + 1})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1].want += line + "\n"
		}
	}
	return out
}

// isSmithy reports whether a command runs the smithy command itself,
// whose exit codes 1, 3 and 5 are verdicts rather than failures.
func isSmithy(cmd string) bool {
	return strings.HasPrefix(cmd, "smithy ") || strings.Contains(cmd, "./cli/cmd/smithy ") || strings.Contains(cmd, "| smithy ")
}

// runShell runs one command in bash in dir and returns its exit code and
// the working directory it ended in.
func runShell(t *testing.T, dir string, env []string, command string, stdout, stderr *bytes.Buffer) (int, string) {
	t.Helper()
	pwdFile := filepath.Join(t.TempDir(), "pwd")
	script := command + "\n__rc=$?\npwd > " + shellQuote(pwdFile) + "\nexit $__rc\n"
	cmd := exec.Command("bash", "-c", script)
	cmd.Dir, cmd.Env = dir, env
	cmd.Stdin = strings.NewReader("")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("bash: %v", err)
		}
		code = ee.ExitCode()
	}
	next := dir
	if b, err := os.ReadFile(pwdFile); err == nil {
		next = strings.TrimSpace(string(b))
	}
	return code, next
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func clip(s string) string {
	if len(s) > 4000 {
		return s[:4000] + "\n..."
	}
	return s
}

// gitStatus is `git status --porcelain` of the checkout ("" without git
// or outside a work tree: the check is then a no-op).
func gitStatus(t *testing.T, root string) string {
	t.Helper()
	cmd := exec.Command("git", "status", "--porcelain", "--untracked-files=all")
	cmd.Dir = root
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// TestReadmeModelIsTheExample checks that the model the README's "Your own
// API in five minutes" shows is, byte for byte, the shipped
// examples/notes/notes.smithy that its commands check.
func TestReadmeModelIsTheExample(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(filepath.Join("..", "..", "examples", "notes", "notes.smithy"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(readme)
	i := strings.Index(text, "## Your own API in five minutes")
	if i < 0 {
		t.Fatal(`README.md has no "Your own API in five minutes" section`)
	}
	_, block, ok := strings.Cut(text[i:], "```smithy\n")
	if !ok {
		t.Fatal("the section has no smithy block")
	}
	block, _, _ = strings.Cut(block, "```")
	if block != string(want) {
		t.Errorf("README.md's model differs from examples/notes/notes.smithy:\n%s", block)
	}
}
