package diff

import (
	"errors"
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestLines(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			edits := Lines(c.a, c.b)
			if !reflect.DeepEqual(edits, c.edits) {
				t.Errorf("Lines = %+v, want %+v", edits, c.edits)
			}
			got, err := Apply(c.a, edits)
			if err != nil || got != c.b {
				t.Errorf("Apply(a, Lines(a, b)) = %q, %v; want %q", got, err, c.b)
			}
		})
	}
}

func TestUnified(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := Format("a", "b", Unified(c.a, c.b, 3)); got != c.unified {
				t.Errorf("unified diff:\n%s\nwant:\n%s", got, c.unified)
			}
		})
	}
}

func TestSideBySide(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rows := SideBySide(c.a, c.b)
			if err := checkRows(rows, c.a, c.b); err != nil {
				t.Error(err)
			}
		})
	}
}

// TestFold checks that the visible segments of Fold are exactly the lines
// of the hunks of Unified with the same context.
func TestFold(t *testing.T) {
	for _, c := range cases {
		for _, context := range []int{0, 1, 3} {
			t.Run(fmt.Sprintf("%s/context=%d", c.name, context), func(t *testing.T) {
				rows := SideBySide(c.a, c.b)
				if err := checkFold(rows, Unified(c.a, c.b, context), context); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// TestRunesIntact checks that no span of any view cuts a UTF-8 sequence.
func TestRunesIntact(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var spans []Span
			for _, r := range SideBySide(c.a, c.b) {
				spans = append(append(spans, r.Left.Spans...), r.Right.Spans...)
			}
			for _, h := range Unified(c.a, c.b, 3) {
				for _, l := range h.Lines {
					spans = append(spans, l.Spans...)
				}
			}
			for _, s := range spans {
				if !utf8.ValidString(s.Text) {
					t.Errorf("span %q is not valid UTF-8", s.Text)
				}
			}
		})
	}
}

func TestApplyBadEdits(t *testing.T) {
	const text = "a\nb\nc\n"
	tests := []struct {
		name  string
		edits []Edit
	}{
		{"negative start", []Edit{{-1, 0, "x\n"}}},
		{"end before start", []Edit{{2, 1, ""}}},
		{"end past text", []Edit{{2, 4, ""}}},
		{"overlap", []Edit{{0, 2, ""}, {1, 3, ""}}},
		{"out of order", []Edit{{2, 3, ""}, {0, 1, ""}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Apply(text, tt.edits)
			if !errors.Is(err, ErrBadEdit) {
				t.Errorf("Apply = %q, %v; want ErrBadEdit", got, err)
			}
		})
	}
}

func TestApplyInsertsAtSameLine(t *testing.T) {
	got, err := Apply("a\nb\n", []Edit{{1, 1, "x\n"}, {1, 1, "y\n"}, {1, 2, "z\n"}})
	if want := "a\nx\ny\nz\n"; err != nil || got != want {
		t.Errorf("Apply = %q, %v; want %q", got, err, want)
	}
}

// TestLinesNothingInCommon checks the answer for long texts without a
// common line: one edit replacing everything.
func TestLinesNothingInCommon(t *testing.T) {
	a, b := numbered("old", 10000), numbered("new", 10000)
	edits := Lines(a, b)
	want := []Edit{{0, 10000, b}}
	if !reflect.DeepEqual(edits, want) {
		t.Errorf("Lines gave %d edits; want one replacing all 10000 lines", len(edits))
	}
}

// TestLinesMinimal checks the edits on texts whose shortest script is known:
// every third line replaced.
func TestLinesMinimal(t *testing.T) {
	lines := strings.SplitAfter(numbered("line", 300), "\n")
	var b strings.Builder
	for i, l := range lines {
		if i%3 == 0 && l != "" {
			l = "changed " + l
		}
		b.WriteString(l)
	}
	edits := Lines(strings.Join(lines, ""), b.String())
	if len(edits) != 100 {
		t.Fatalf("got %d edits, want 100", len(edits))
	}
	for _, e := range edits {
		if e.End-e.Start != 1 || strings.Count(e.New, "\n") != 1 {
			t.Fatalf("edit %+v is not a one-line replacement", e)
		}
	}
}

func TestWords(t *testing.T) {
	tests := []struct {
		name        string
		a, b        string
		left, right []Span
	}{
		{
			name:  "attribute value",
			a:     `<a href="x">link</a>`,
			b:     `<a href="y">link</a>`,
			left:  []Span{{`<a href="`, Equal}, {"x", Delete}, {`">link</a>`, Equal}},
			right: []Span{{`<a href="`, Equal}, {"y", Insert}, {`">link</a>`, Equal}},
		},
		{
			name:  "one attribute of several",
			a:     `<img src="/a/cat.png" alt='a cat' width=10/>`,
			b:     `<img src="/a/dog.png" alt='a cat' width=12/>`,
			left:  []Span{{`<img src="/a/`, Equal}, {"cat", Delete}, {`.png" alt='a cat' width=`, Equal}, {"10", Delete}, {"/>", Equal}},
			right: []Span{{`<img src="/a/`, Equal}, {"dog", Insert}, {`.png" alt='a cat' width=`, Equal}, {"12", Insert}, {"/>", Equal}},
		},
		{
			name:  "entity",
			a:     "fish &amp; chips",
			b:     "fish &lt; chips",
			left:  []Span{{"fish &", Equal}, {"amp", Delete}, {"; chips", Equal}},
			right: []Span{{"fish &", Equal}, {"lt", Insert}, {"; chips", Equal}},
		},
		{
			name:  "last word",
			a:     "Get milk, eggs, butter and bread",
			b:     "Get milk, eggs, butter and rolls",
			left:  []Span{{"Get milk, eggs, butter and ", Equal}, {"bread", Delete}},
			right: []Span{{"Get milk, eggs, butter and ", Equal}, {"rolls", Insert}},
		},
		{
			name:  "inserted word",
			a:     "milk and bread",
			b:     "milk and fresh bread",
			left:  []Span{{"milk and bread", Equal}},
			right: []Span{{"milk and ", Equal}, {"fresh ", Insert}, {"bread", Equal}},
		},
		{
			name:  "space between changes joins them",
			a:     "say foo bar now",
			b:     "say baz qux now",
			left:  []Span{{"say ", Equal}, {"foo bar", Delete}, {" now", Equal}},
			right: []Span{{"say ", Equal}, {"baz qux", Insert}, {" now", Equal}},
		},
		{
			name:  "accent",
			a:     "café crème",
			b:     "café creme",
			left:  []Span{{"café ", Equal}, {"crème", Delete}},
			right: []Span{{"café ", Equal}, {"creme", Insert}},
		},
		{
			name:  "ideographs stand alone",
			a:     "日本語のテキスト",
			b:     "日本人のテキスト",
			left:  []Span{{"日本", Equal}, {"語", Delete}, {"のテキスト", Equal}},
			right: []Span{{"日本", Equal}, {"人", Insert}, {"のテキスト", Equal}},
		},
		{
			name:  "skin tone stays with its emoji",
			a:     "ok👍🏽!",
			b:     "ok👍🏿!",
			left:  []Span{{"ok", Equal}, {"👍🏽", Delete}, {"!", Equal}},
			right: []Span{{"ok", Equal}, {"👍🏿", Insert}, {"!", Equal}},
		},
		{
			name:  "joined emoji stay whole",
			a:     "we 👨‍👩‍👧 are",
			b:     "we 👨‍👩‍👦 are",
			left:  []Span{{"we ", Equal}, {"👨‍👩‍👧", Delete}, {" are", Equal}},
			right: []Span{{"we ", Equal}, {"👨‍👩‍👦", Insert}, {" are", Equal}},
		},
		{
			name:  "flags pair up",
			a:     "🇫🇷🇩🇪",
			b:     "🇫🇷🇮🇹",
			left:  []Span{{"🇫🇷", Equal}, {"🇩🇪", Delete}},
			right: []Span{{"🇫🇷", Equal}, {"🇮🇹", Insert}},
		},
		{
			name:  "trailing carriage return",
			a:     "a b\r",
			b:     "a b",
			left:  []Span{{"a b", Equal}, {"\r", Delete}},
			right: []Span{{"a b", Equal}},
		},
		{
			name:  "empty old",
			b:     "new text",
			right: []Span{{"new text", Insert}},
		},
		{
			name: "both empty",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			left, right := Words(tt.a, tt.b)
			if !reflect.DeepEqual(left, tt.left) {
				t.Errorf("left = %q, want %q", left, tt.left)
			}
			if !reflect.DeepEqual(right, tt.right) {
				t.Errorf("right = %q, want %q", right, tt.right)
			}
		})
	}
}

func TestTokenize(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{`<a href="x">`, []string{"<", "a", " ", "href", "=", `"`, "x", `"`, ">"}},
		{"don't  stop", []string{"don", "'", "t", "  ", "stop"}},
		{"tab\t\tand  \nline", []string{"tab", "\t\t", "and", "  ", "\n", "line"}},
		{"e\u0301t\u00e9", []string{"e\u0301t\u00e9"}},
		{"日本語", []string{"日", "本", "語"}},
		{"a\xffb", []string{"a", "\xff", "b"}},
	}
	for _, tt := range tests {
		t.Run(strconv.Quote(tt.in), func(t *testing.T) {
			if got := tokenize(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("tokenize = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestSideBySideRows(t *testing.T) {
	rows := SideBySide("keep\nold one\nold two\ngone\nkeep\n", "keep\nnew one\nold two!\nkeep\nadded")
	want := []Row{
		{Cell{1, Equal, []Span{{"keep", Equal}}, false}, Cell{1, Equal, []Span{{"keep", Equal}}, false}},
		{Cell{2, Change, []Span{{"old", Delete}, {" one", Equal}}, false}, Cell{2, Change, []Span{{"new", Insert}, {" one", Equal}}, false}},
		{Cell{3, Change, []Span{{"old two", Equal}}, false}, Cell{3, Change, []Span{{"old two", Equal}, {"!", Insert}}, false}},
		{Cell{4, Delete, []Span{{"gone", Delete}}, false}, Cell{0, Delete, nil, false}},
		{Cell{5, Equal, []Span{{"keep", Equal}}, false}, Cell{4, Equal, []Span{{"keep", Equal}}, false}},
		{Cell{0, Insert, nil, false}, Cell{5, Insert, []Span{{"added", Insert}}, true}},
	}
	if !reflect.DeepEqual(rows, want) {
		t.Errorf("SideBySide =\n%v\nwant\n%v", rows, want)
	}
}

func TestUnifiedWordSpans(t *testing.T) {
	hunks := Unified("a\n<b x=\"1\">\nc\n", "a\n<b x=\"2\">\nc\n", 0)
	want := []Hunk{{
		FromLine: 2, FromCount: 1, ToLine: 2, ToCount: 1,
		Lines: []Line{
			{Kind: Delete, Spans: []Span{{`<b x="`, Equal}, {"1", Delete}, {`">`, Equal}}},
			{Kind: Insert, Spans: []Span{{`<b x="`, Equal}, {"2", Insert}, {`">`, Equal}}},
		},
	}}
	if !reflect.DeepEqual(hunks, want) {
		t.Errorf("Unified = %+v\nwant %+v", hunks, want)
	}
}

func TestFoldSegments(t *testing.T) {
	row := func(changed bool) Row {
		if changed {
			return Row{Cell{1, Change, nil, false}, Cell{1, Change, nil, false}}
		}
		return Row{}
	}
	tests := []struct {
		name    string
		pattern string // one row each: '=' unchanged, '*' changed
		context int
		want    []Segment
	}{
		{"no rows", "", 3, nil},
		{"no change", "=====", 3, []Segment{{0, 5, true}}},
		{"short gap stays", "*======*", 3, []Segment{{0, 8, false}}},
		{"long gap folds", "*=======*", 3, []Segment{{0, 4, false}, {4, 5, true}, {5, 9, false}}},
		{"edges", "=====*=====", 2, []Segment{{0, 3, true}, {3, 8, false}, {8, 11, true}}},
		{"edge within context", "==*==", 2, []Segment{{0, 5, false}}},
		{"context zero", "==*==*", 0, []Segment{{0, 2, true}, {2, 3, false}, {3, 5, true}, {5, 6, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var rows []Row
			for _, c := range tt.pattern {
				rows = append(rows, row(c == '*'))
			}
			if got := Fold(rows, tt.context); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Fold = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[Kind]string{Equal: "Equal", Delete: "Delete", Insert: "Insert", Change: "Change", 9: "Kind(9)"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", int(k), got, want)
		}
	}
}

// TestImportsStandardOnly keeps diff on the standard library, as the house
// rules ask: an import path whose first element has no dot is standard.
func TestImportsStandardOnly(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("listing sources: %v (%d files)", err, len(files))
	}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			first, _, _ := strings.Cut(path, "/")
			if strings.Contains(first, ".") {
				t.Errorf("%s imports %s, outside the standard library", name, path)
			}
		}
	}
}

// numbered returns n lines "prefix i\n".
func numbered(prefix string, n int) string {
	var sb strings.Builder
	for i := range n {
		fmt.Fprintf(&sb, "%s %d\n", prefix, i)
	}
	return sb.String()
}

// checkRows checks that rows show a on the left and b on the right, numbered
// in order, and that each row is consistent.
func checkRows(rows []Row, a, b string) error {
	var left, right strings.Builder
	nl, nr := 0, 0
	for i, r := range rows {
		if r.Left.Kind != r.Right.Kind {
			return fmt.Errorf("row %d: cells of kinds %v and %v", i, r.Left.Kind, r.Right.Kind)
		}
		if err := addCell(&left, &nl, r.Left); err != nil {
			return fmt.Errorf("row %d, left: %w", i, err)
		}
		if err := addCell(&right, &nr, r.Right); err != nil {
			return fmt.Errorf("row %d, right: %w", i, err)
		}
		if r.Left.Kind == Equal && Join(r.Left.Spans) != Join(r.Right.Spans) {
			return fmt.Errorf("row %d: equal row shows %q and %q", i, Join(r.Left.Spans), Join(r.Right.Spans))
		}
	}
	if left.String() != a || right.String() != b {
		return fmt.Errorf("rows show %q and %q, want %q and %q", left.String(), right.String(), a, b)
	}
	return nil
}

// addCell appends a cell's line to sb, checking its number and spans.
func addCell(sb *strings.Builder, line *int, c Cell) error {
	if c.Line == 0 {
		if c.Spans != nil || c.Kind == Equal || c.Kind == Change {
			return fmt.Errorf("bad filler %+v", c)
		}
		return nil
	}
	if *line++; c.Line != *line {
		return fmt.Errorf("line %d, want %d", c.Line, *line)
	}
	if err := checkSpans(c.Spans); err != nil {
		return err
	}
	sb.WriteString(Join(c.Spans))
	if !c.NoNewline {
		sb.WriteByte('\n')
	}
	return nil
}

// checkSpans checks that spans are non-empty and that neighbours differ.
func checkSpans(spans []Span) error {
	for i, s := range spans {
		if s.Text == "" {
			return fmt.Errorf("empty span %d in %q", i, spans)
		}
		if i > 0 && spans[i-1].Kind == s.Kind {
			return fmt.Errorf("spans %d and %d share kind %v in %q", i-1, i, s.Kind, spans)
		}
	}
	return nil
}

// checkFold checks that the visible segments of Fold(rows, context) cover
// the same old and new lines as hunks.
func checkFold(rows []Row, hunks []Hunk, context int) error {
	var visible []Segment
	for _, s := range Fold(rows, context) {
		if !s.Folded {
			visible = append(visible, s)
		}
	}
	if len(visible) != len(hunks) {
		return fmt.Errorf("%d visible segments, %d hunks", len(visible), len(hunks))
	}
	for i, s := range visible {
		from, to := lineSpan(rows[s.Start:s.End], func(r Row) int { return r.Left.Line }),
			lineSpan(rows[s.Start:s.End], func(r Row) int { return r.Right.Line })
		h := hunks[i]
		if from != lineRangeOf(h.FromLine, h.FromCount) || to != lineRangeOf(h.ToLine, h.ToCount) {
			return fmt.Errorf("segment %d shows lines %v and %v, hunk %+v", i, from, to, h)
		}
	}
	return nil
}

// lineRangeOf returns what lineSpan gives for a hunk's range.
func lineRangeOf(start, count int) [2]int {
	if count == 0 {
		return [2]int{0, 0}
	}
	return [2]int{start, count}
}

// lineSpan returns the first line number and the count of the lines in rows.
func lineSpan(rows []Row, line func(Row) int) [2]int {
	first, n := 0, 0
	for _, r := range rows {
		if l := line(r); l > 0 {
			if n == 0 {
				first = l
			}
			n++
		}
	}
	return [2]int{first, n}
}
