// Package feedtest holds the test helpers that the tests of feeds and
// feeds/sse share: files and golden files under testdata, txtar archives,
// a line diff for failure messages, the dependency check, and the checks
// that what feedsync writes is well-formed XML (WellFormed, and Expat, a
// second parser). Only tests import it.
package feedtest

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// Update is the -update flag: tests rewrite their golden files in testdata
// instead of comparing with them.
var Update = flag.Bool("update", false, "rewrite golden files in testdata")

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
	if *Update {
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
		t.Errorf("%s differs (-want +got):\n%s", path, LineDiff(string(want), string(got)))
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
	a := Archive{Files: map[string]string{}}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			a.Files[name] = body.String()
			a.Order = append(a.Order, name)
		} else {
			a.Comment = body.String()
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		if s := strings.TrimRight(line, "\n"); strings.HasPrefix(s, "-- ") && strings.HasSuffix(s, " --") && len(s) > 6 {
			flush()
			name = strings.TrimSpace(s[3 : len(s)-3])
			continue
		}
		body.WriteString(line)
	}
	flush()
	return a
}

// ReadArchive reads testdata/path as a txtar archive.
func ReadArchive(t testing.TB, path string) Archive {
	t.Helper()
	return ParseArchive(string(ReadFile(t, path)))
}

// Format returns the archive as text, which ParseArchive reads back.
func (a Archive) Format() string {
	var b strings.Builder
	b.WriteString(a.Comment)
	for _, n := range a.Order {
		fmt.Fprintf(&b, "-- %s --\n%s", n, a.Files[n])
	}
	return b.String()
}

// LineDiff returns a line diff of want and got, "-" for lines only in want
// and "+" for lines only in got, with a line of context around each change.
func LineDiff(want, got string) string {
	x, y := strings.Split(want, "\n"), strings.Split(got, "\n")
	lcs := make([][]int, len(x)+1)
	for i := range lcs {
		lcs[i] = make([]int, len(y)+1)
	}
	for i := len(x) - 1; i >= 0; i-- {
		for j := len(y) - 1; j >= 0; j-- {
			if x[i] == y[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	type line struct {
		op   byte
		text string
	}
	var lines []line
	for i, j := 0, 0; i < len(x) || j < len(y); {
		switch {
		case i < len(x) && j < len(y) && x[i] == y[j]:
			lines = append(lines, line{' ', x[i]})
			i, j = i+1, j+1
		case j < len(y) && (i == len(x) || lcs[i][j+1] >= lcs[i+1][j]):
			lines = append(lines, line{'+', y[j]})
			j++
		default:
			lines = append(lines, line{'-', x[i]})
			i++
		}
	}
	var b strings.Builder
	for k, l := range lines {
		if l.op != ' ' || k > 0 && lines[k-1].op != ' ' || k+1 < len(lines) && lines[k+1].op != ' ' {
			fmt.Fprintf(&b, "%c %s\n", l.op, l.text)
		}
	}
	return b.String()
}

// Deps fails t for every package outside the standard library that the
// package in the working directory depends on and allowed does not list;
// the package itself is among them. name is the package in messages.
func Deps(t *testing.T, name string, allowed ...string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	ok := map[string]bool{}
	for _, p := range allowed {
		ok[p] = true
	}
	for _, p := range strings.Fields(string(out)) {
		if !ok[p] {
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
// message. It skips the test when python3 is not installed.
func Expat(t testing.TB, docs [][]byte) []string {
	t.Helper()
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: no cross-check with expat")
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
