// Package testkit holds the test helpers that more than one of cli's
// packages uses: file trees for the attack tests (a server root with
// links out of it, a snapshot to compare every file before and after), and
// the transcripts the transcript tests read. Only tests import it.
package testkit

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Must fails the test when err is not nil.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Symlink makes link point to target, or skips the test where symbolic
// links cannot be made.
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("symbolic links: %v", err)
	}
}

// Snapshot maps every path below root, except skip and what is below it,
// to its content ("dir" for a folder, "-> target" for a link), paths
// relative to root with forward slashes.
func Snapshot(t testing.TB, root, skip string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		if skip != "" && p == skip {
			return filepath.SkipDir
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			out[rel] = "-> " + target
			return err
		case d.IsDir():
			out[rel] = "dir"
		default:
			data, err := os.ReadFile(p)
			out[rel] = string(data)
			return err
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// AttackTree builds root/ (a server's) and outside/ (a secret beside it)
// in a temporary directory, with links from the root to the secret:
//
//	root/models/calculator.smithy   a copy of the model file calculatorModel
//	root/value.json                 a value of example#SubtractInput
//	root/notes.txt, root/.env       files that are not models, one hidden
//	root/link.smithy                -> ../outside/secret.smithy
//	root/abs.json                   -> outside/secret.json (absolute)
//	root/out                        -> outside (a directory)
//	root/leaky/leak.smithy          -> ../../outside/secret.smithy
//	root/inside.smithy              -> models/calculator.smithy
//
// Every secret contains TOPSECRET, so a test can look for it in what a
// request got back.
func AttackTree(t testing.TB, calculatorModel string) (root, outside string) {
	t.Helper()
	base := t.TempDir()
	root, outside = filepath.Join(base, "root"), filepath.Join(base, "outside")
	for _, d := range []string{root, outside, filepath.Join(root, "models"), filepath.Join(root, "leaky")} {
		Must(t, os.MkdirAll(d, 0o755))
	}
	write := func(p, text string) {
		Must(t, os.WriteFile(p, []byte(text), 0o644))
	}
	calc, err := os.ReadFile(calculatorModel)
	Must(t, err)
	write(filepath.Join(root, "models", "calculator.smithy"), string(calc))
	write(filepath.Join(root, "value.json"), `{"minuend": 1, "subtrahend": 2}`)
	write(filepath.Join(root, "notes.txt"), "TOPSECRET notes\n")
	write(filepath.Join(root, ".env"), "TOPSECRET=1\n")
	write(filepath.Join(outside, "secret.json"), `{"minuend": "TOPSECRET", "subtrahend": "TOPSECRET"}`)
	write(filepath.Join(outside, "secret.smithy"), "TOPSECRET model\n")
	for link, target := range map[string]string{
		filepath.Join(root, "link.smithy"):          filepath.Join("..", "outside", "secret.smithy"),
		filepath.Join(root, "abs.json"):             filepath.Join(outside, "secret.json"),
		filepath.Join(root, "out"):                  outside, // a directory link
		filepath.Join(root, "leaky", "leak.smithy"): filepath.Join("..", "..", "outside", "secret.smithy"),
		filepath.Join(root, "inside.smithy"):        filepath.Join("models", "calculator.smithy"),
	} {
		Must(t, os.Symlink(target, link))
	}
	return root, outside
}
