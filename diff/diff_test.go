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

func TestNothingToShow(t *testing.T) {
	if got := SideBySide("", ""); got != nil {
		t.Errorf("SideBySide of empty texts = %v, want nil", got)
	}
	if got := Unified("same\n", "same\n", 3); got != nil {
		t.Errorf("Unified of equal texts = %v, want nil", got)
	}
	if got := Format("a", "b", nil); got != "" {
		t.Errorf("Format of no hunks = %q, want empty", got)
	}
	if got := Fold(nil, 3); got != nil {
		t.Errorf("Fold of no rows = %v, want nil", got)
	}
}

func TestUnifiedNegativeContext(t *testing.T) {
	const a, b = "1\n2\n3\n", "1\nx\n3\n"
	if got, want := Unified(a, b, -5), Unified(a, b, 0); !reflect.DeepEqual(got, want) {
		t.Errorf("context -5 gave %+v, want as context 0: %+v", got, want)
	}
}
