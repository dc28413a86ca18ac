package pattern

import (
	"bufio"
	"encoding/base64"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// javaOracle drives testdata/java/Find.java: java.util.regex as the
// Smithy reference uses it (Pattern.compile, Matcher.find).
type javaOracle struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Reader
}

// startJava compiles and starts the oracle, or skips the test when no
// JDK is installed (Debian: openjdk-17-jdk-headless).
func startJava(t testing.TB) *javaOracle {
	t.Helper()
	javac, err1 := exec.LookPath("javac")
	java, err2 := exec.LookPath("java")
	if err1 != nil || err2 != nil {
		if os.Getenv("SMITHY_REQUIRE_JAVA") != "" {
			t.Fatal("SMITHY_REQUIRE_JAVA is set but javac/java are not in PATH")
		}
		t.Skip("no javac/java in PATH: the differential test against java.util.regex needs a JDK (apt-get install openjdk-17-jdk-headless)")
	}
	dir := t.TempDir()
	if out, err := exec.Command(javac, "-d", dir, filepath.Join("testdata", "java", "Find.java")).CombinedOutput(); err != nil {
		t.Fatalf("javac: %v\n%s", err, out)
	}
	cmd := exec.Command(java, "-Xss16m", "-cp", dir, "Find")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	o := &javaOracle{cmd: cmd, in: in, out: bufio.NewReaderSize(out, 1<<16)}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	return o
}

func (o *javaOracle) ask(t testing.TB, kind byte, text string) string {
	t.Helper()
	if _, err := io.WriteString(o.in, string(kind)+" "+base64.StdEncoding.EncodeToString([]byte(text))+"\n"); err != nil {
		t.Fatal(err)
	}
	line, err := o.out.ReadString('\n')
	if err != nil {
		t.Fatalf("java oracle: %v", err)
	}
	return strings.TrimSuffix(line, "\n")
}

// compile returns "" when Java compiles the pattern, else its message.
func (o *javaOracle) compile(t testing.TB, pattern string) (ok bool, msg string) {
	r := o.ask(t, 'P', pattern)
	if r == "OK" {
		return true, ""
	}
	b, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(r, "ERR "))
	if err != nil {
		t.Fatalf("java oracle answer %q: %v", r, err)
	}
	return false, string(b)
}

// find is Matcher.find() of the last pattern that compiled.
func (o *javaOracle) find(t testing.TB, s string) bool { return o.ask(t, 'M', s) == "T" }
