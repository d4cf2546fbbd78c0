// Package feedtest holds the test helpers that the tests of every package
// share: files and golden files under testdata with one -update flag,
// txtar archives (golang.org/x/tools/txtar), a readable diff for failure
// messages (package diff's unified diff), the dependency check, and the
// checks that what feedsync writes is well-formed XML (WellFormed, and
// Expat, a second parser), and the feedsync command, built once per test
// binary, for the tests that run it (Command). A check that cannot run
// fails the test rather than passing or skipping unseen: Expat with no
// documents or without python3 (FEEDSYNC_SKIP_EXPAT=1 skips it, saying
// so), Deps when 'go list' fails. Only tests import it. It is not internal
// to feeds so that the tests of tui import it too.
//
// The -update flag is shared with github.com/charmbracelet/x/exp/golden,
// which teatest imports and which defines a flag of the same name: when
// that package is in the test binary, feedtest uses its flag instead of
// defining one (Go initializes packages in import-path order, and golden's
// path sorts first), so one -update rewrites every golden file.
package feedtest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/diff"
	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"golang.org/x/tools/txtar"
)

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite golden files in testdata")
	}
}

// Updating reports whether the test runs with -update: tests then rewrite
// their golden files in testdata instead of comparing with them.
func Updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// ReadFile reads a file under testdata.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Golden compares got with the golden file testdata/path, or rewrites it
// with -update.
func Golden(t testing.TB, path string, got []byte) {
	t.Helper()
	path = filepath.Join("testdata", path)
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it):\n%s", path, LineDiff(string(want), string(got)))
	}
}

// Archive is a txtar archive: a comment, then files, each introduced by a
// line "-- name --".
type Archive struct {
	Comment string
	Files   map[string]string
	Order   []string // the names in the order of the archive
}

// ParseArchive reads a txtar archive.
func ParseArchive(data string) Archive {
	ar := txtar.Parse([]byte(data))
	a := Archive{Comment: string(ar.Comment), Files: map[string]string{}}
	for _, f := range ar.Files {
		if _, ok := a.Files[f.Name]; !ok {
			a.Order = append(a.Order, f.Name)
		}
		a.Files[f.Name] = string(f.Data)
	}
	return a
}

// ReadArchive reads testdata/path as a txtar archive.
func ReadArchive(t testing.TB, path string) Archive {
	t.Helper()
	return ParseArchive(string(ReadFile(t, path)))
}

// Set replaces the file name, or adds it at the end.
func (a *Archive) Set(name, data string) {
	if _, ok := a.Files[name]; !ok {
		a.Order = append(a.Order, name)
	}
	a.Files[name] = data
}

// Format returns the archive as text, which ParseArchive reads back. As
// txtar does, it ends the comment and each file with a newline.
func (a Archive) Format() string {
	ar := &txtar.Archive{Comment: []byte(a.Comment)}
	for _, n := range a.Order {
		ar.Files = append(ar.Files, txtar.File{Name: n, Data: []byte(a.Files[n])})
	}
	return string(txtar.Format(ar))
}

// LineDiff returns a unified diff from want to got, with two lines of
// context: package diff's, which the resolver shows too.
func LineDiff(want, got string) string {
	if want == got {
		return ""
	}
	return diff.Format("want", "got", diff.Unified(want, got, 2))
}

// Deps fails t for every package outside the standard library that the
// package in the working directory depends on and allowed does not list;
// the package itself is among them; an entry "path/..." allows path and
// every package below it. name is the package in messages. A
// 'go list' that fails, or lists nothing, fails t: a check that cannot
// run must not pass.
func Deps(t testing.TB, name string, allowed ...string) {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: go list: %v: %s", name, err, strings.TrimSpace(stderr.String()))
	}
	deps := strings.Fields(string(out))
	if len(deps) == 0 {
		t.Fatalf("%s: go list listed no package, not even %s itself", name, name)
	}
	ok := map[string]bool{}
	var trees []string
	for _, p := range allowed {
		if tree, found := strings.CutSuffix(p, "/..."); found {
			trees = append(trees, tree)
		}
		ok[p] = true
	}
	for _, p := range deps {
		if !ok[p] && !slices.ContainsFunc(trees, func(tree string) bool { return p == tree || strings.HasPrefix(p, tree+"/") }) {
			t.Errorf("%s depends on %s", name, p)
		}
	}
}

// WellFormed fails the test if data, something feedsync wrote, is not a
// well-formed XML document with namespaces, as the strict scanner
// xmlscan reads it.
func WellFormed(t testing.TB, data []byte) {
	t.Helper()
	if err := xmlscan.Check(data); err != nil {
		t.Fatalf("written document is not well-formed XML: %v\n%s", err, data)
	}
}

// expatScript reads documents from standard input, each as a decimal
// length, a newline and that many bytes, and parses each with expat with
// namespace processing on; it prints one line per document, "ok" or the
// error.
const expatScript = `
import sys, xml.parsers.expat as E
data = sys.stdin.buffer.read()
i = 0
while i < len(data):
    j = data.index(b"\n", i)
    n = int(data[i:j]); doc = data[j+1:j+1+n]; i = j+1+n
    p = E.ParserCreate(namespace_separator=" ")
    try:
        p.Parse(doc, True); print("ok")
    except E.ExpatError as e:
        print(str(e).replace("\n", " "))
`

// Expat parses each document with Python's expat, a second strict XML
// parser, and returns for each "" when it is well-formed or expat's
// message. No documents, or no python3, fail the test: a cross-check that
// checks nothing must not pass. Where python3 cannot be had, setting
// FEEDSYNC_SKIP_EXPAT=1 skips the tests that use it, saying so.
func Expat(t testing.TB, docs [][]byte) []string {
	t.Helper()
	if len(docs) == 0 {
		t.Fatal("feedtest.Expat: no documents to check")
	}
	py, err := exec.LookPath("python3")
	if err != nil {
		if os.Getenv("FEEDSYNC_SKIP_EXPAT") == "1" {
			t.Skip("python3 is not installed and FEEDSYNC_SKIP_EXPAT=1: no cross-check with expat")
		}
		t.Fatal("python3 is not installed: the cross-check with expat needs it (FEEDSYNC_SKIP_EXPAT=1 skips it)")
	}
	var in bytes.Buffer
	for _, d := range docs {
		fmt.Fprintf(&in, "%d\n", len(d))
		in.Write(d)
	}
	cmd := exec.Command(py, "-c", expatScript)
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3 with expat: %v", err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(docs) {
		t.Fatalf("expat gave %d verdicts for %d documents", len(lines), len(docs))
	}
	for i, l := range lines {
		if l == "ok" {
			lines[i] = ""
		}
	}
	return lines
}
