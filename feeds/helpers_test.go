package feeds

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/engine"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// mustParse parses a feed or fails the test.
func mustParse(t testing.TB, name, data string) *Doc {
	t.Helper()
	d, err := Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	return d
}

// readFile reads a file under testdata.
func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// golden compares got with the golden file, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	path = filepath.Join("testdata", path)
	if *update {
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
		t.Errorf("%s differs (-want +got):\n%s", path, lineDiff(string(want), string(got)))
	}
}

// archive is a txtar archive: a comment, then files introduced by
// "-- name --" lines.
type archive struct {
	comment string
	files   map[string]string
	order   []string
}

func parseArchive(data string) archive {
	a := archive{files: map[string]string{}}
	var name string
	var body strings.Builder
	flush := func() {
		if name != "" {
			a.files[name] = body.String()
			a.order = append(a.order, name)
		} else {
			a.comment = body.String()
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

func (a archive) format() string {
	var b strings.Builder
	b.WriteString(a.comment)
	for _, n := range a.order {
		fmt.Fprintf(&b, "-- %s --\n%s", n, a.files[n])
	}
	return b.String()
}

// lineDiff returns a line diff of a and b, "-" for lines only in a and "+"
// for lines only in b, with a line of context around each change.
func lineDiff(a, b string) string {
	x, y := strings.Split(a, "\n"), strings.Split(b, "\n")
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
	i, j := 0, 0
	for i < len(x) || j < len(y) {
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
	var out strings.Builder
	for k, l := range lines {
		near := l.op != ' ' || k > 0 && lines[k-1].op != ' ' || k+1 < len(lines) && lines[k+1].op != ' '
		if near {
			fmt.Fprintf(&out, "%c %s\n", l.op, l.text)
		}
	}
	return out.String()
}

// xmlTokens returns the namespace-resolved tokens of a document, adjacent
// character data merged, for comparing documents as XML rather than bytes.
func xmlTokens(t testing.TB, data []byte) []string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) { return r, nil }
	var toks []string
	var text strings.Builder
	flush := func() {
		if text.Len() > 0 {
			toks = append(toks, "text "+text.String())
			text.Reset()
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("tokenizing: %v", err)
		}
		switch tok := tok.(type) {
		case xml.CharData:
			text.Write(tok)
			continue
		case xml.StartElement:
			flush()
			s := "start {" + tok.Name.Space + "}" + tok.Name.Local
			for _, a := range tok.Attr {
				if a.Name.Space == "xmlns" || a.Name.Space == "" && a.Name.Local == "xmlns" {
					continue // declarations matter through the names they resolve
				}
				s += " {" + a.Name.Space + "}" + a.Name.Local + "=" + a.Value
			}
			toks = append(toks, s)
		default:
			flush()
			toks = append(toks, fmt.Sprintf("%T %v", tok, tok))
		}
	}
	flush()
	return toks
}

// xmlEquivalent reports whether two documents are the same XML: the same
// elements with the same expanded names, attributes, text and comments.
func xmlEquivalent(t testing.TB, a, b []byte) bool {
	t.Helper()
	return reflect.DeepEqual(xmlTokens(t, a), xmlTokens(t, b))
}

// itemsEqual compares two item lists: sync metadata, and all fields of the
// data, for the items and their conflicts.
func itemsEqual(a, b []*engine.Item) string {
	if len(a) != len(b) {
		return fmt.Sprintf("%d items, then %d", len(a), len(b))
	}
	for i := range a {
		if d := itemDiff(a[i], b[i]); d != "" {
			return fmt.Sprintf("item %d (%s): %s", i, a[i].Sync.ID, d)
		}
	}
	return ""
}

func itemDiff(a, b *engine.Item) string {
	if !syncEqual(a.Sync, b.Sync) {
		return fmt.Sprintf("sync %+v, then %+v", a.Sync, b.Sync)
	}
	if fa, fb := Fields(a.Data), Fields(b.Data); !reflect.DeepEqual(fa, fb) {
		return fmt.Sprintf("fields %+v, then %+v", fa, fb)
	}
	if len(a.Conflicts) != len(b.Conflicts) {
		return fmt.Sprintf("%d conflicts, then %d", len(a.Conflicts), len(b.Conflicts))
	}
	for i := range a.Conflicts {
		if d := itemDiff(a.Conflicts[i], b.Conflicts[i]); d != "" {
			return fmt.Sprintf("conflict %d: %s", i, d)
		}
	}
	return ""
}
