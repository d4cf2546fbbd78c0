package ssefeed

import (
	"bytes"
	"encoding/xml"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	sse "github.com/feedsync/feedsync/engine/sse"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func mustParse(t testing.TB, name, data string) *Doc {
	t.Helper()
	d, err := Parse(name, []byte(data))
	if err != nil {
		t.Fatalf("Parse(%s):\n%v", name, err)
	}
	return d
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// archive is a txtar archive: a comment, then files, each introduced by a
// line "-- name --".
type archive struct {
	comment string
	files   map[string]string
	order   []string
}

func parseArchive(data string) archive {
	a := archive{files: map[string]string{}}
	name, body := "", strings.Builder{}
	flush := func() {
		if name == "" {
			a.comment = body.String()
		} else {
			a.files[name] = body.String()
			a.order = append(a.order, name)
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(data, "\n") {
		s := strings.TrimRight(line, "\n")
		if strings.HasPrefix(s, "-- ") && strings.HasSuffix(s, " --") && len(s) > 6 {
			flush()
			name = s[3 : len(s)-3]
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

// readArchive reads testdata/path as a txtar archive.
func readArchive(t testing.TB, path string) archive {
	t.Helper()
	return parseArchive(string(readFile(t, path)))
}

// lineDiff shows the lines of want and got that differ, "-" for want's
// and "+" for got's, with a line of context.
func lineDiff(want, got string) string {
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

// xmlTokens returns a document as namespace-resolved tokens, one to a
// line: attributes sorted, namespace declarations and white space left
// out, so that equivalent documents give equal results.
func xmlTokens(t testing.TB, data []byte) string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(data))
	var out []string
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed: %v\n%s", err, data)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			var attrs []string
			for _, a := range tok.Attr {
				if a.Name.Space != "xmlns" && !(a.Name.Space == "" && a.Name.Local == "xmlns") {
					attrs = append(attrs, fmt.Sprintf("{%s}%s=%q", a.Name.Space, a.Name.Local, a.Value))
				}
			}
			slices.Sort(attrs)
			out = append(out, fmt.Sprintf("<{%s}%s %s>", tok.Name.Space, tok.Name.Local, strings.Join(attrs, " ")))
		case xml.EndElement:
			out = append(out, "</>")
		case xml.CharData:
			if s := strings.TrimSpace(string(tok)); s != "" {
				out = append(out, fmt.Sprintf("text %q", s))
			}
		case xml.Comment:
			out = append(out, fmt.Sprintf("comment %q", tok))
		}
	}
	return strings.Join(out, "\n")
}

// assertXMLEqual fails unless the two documents are equivalent as XML.
func assertXMLEqual(t testing.TB, want, got []byte) {
	t.Helper()
	if w, g := xmlTokens(t, want), xmlTokens(t, got); w != g {
		t.Errorf("documents differ as XML (-want +got):\n%s\ngot:\n%s", lineDiff(w, g), got)
	}
}

// assertBytes fails unless got is want, showing a line diff.
func assertBytes(t testing.TB, want, got []byte) {
	t.Helper()
	if !bytes.Equal(want, got) {
		t.Errorf("output differs (-want +got):\n%s", lineDiff(string(want), string(got)))
	}
}

// golden compares got with testdata/path, or rewrites it with -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(filepath.Join("testdata", path), got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	assertBytes(t, readFile(t, path), got)
}

// at parses a date-time as the spec writes them.
func at(s string) time.Time {
	t, err := time.Parse(time.RFC1123, s)
	if err != nil {
		panic(err)
	}
	return t.UTC()
}

// show renders an item on one line per element, for comparisons.
func show(it *sse.Item) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s v%d", it.ID, it.Version)
	if it.Deleted {
		b.WriteString(" deleted")
	}
	if it.Conflict {
		b.WriteString(" conflict")
	}
	if it.Position != (sse.Position{}) {
		fmt.Fprintf(&b, " @%s/%s", it.Position.Parent, it.Position.Key)
	}
	fmt.Fprintf(&b, " %q\n  history %s", Title(it.Data)+"|"+contentOf(dataOf(it.Data)), showStamp(it.History.Stamp()))
	for _, u := range it.History.Updates {
		fmt.Fprintf(&b, "\n  update %s", showStamp(u))
	}
	for _, c := range it.Conflicts {
		fmt.Fprintf(&b, "\n  conflict v%d %s %q", c.Version, showStamp(c.Stamp()), Title(c.Data)+"|"+contentOf(dataOf(c.Data)))
		if c.Position != (sse.Position{}) {
			fmt.Fprintf(&b, " @%s/%s", c.Position.Parent, c.Position.Key)
		}
	}
	return b.String()
}

func showStamp(s sse.Stamp) string {
	w, by := "-", s.By
	if s.HasWhen() {
		w = formatDate(s.When)
	}
	if by == "" {
		by = "-"
	}
	return w + " " + by
}

// showItems renders all items of a Doc.
func showItems(d *Doc) string {
	var b strings.Builder
	for _, it := range d.Items() {
		b.WriteString(show(it))
		b.WriteByte('\n')
	}
	return b.String()
}

// reparse writes a Doc and reads it back.
func reparse(t testing.TB, d *Doc) *Doc {
	t.Helper()
	return mustParse(t, d.Name()+" (written)", string(d.Bytes()))
}
