package diff_test

import (
	"fmt"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

func ExampleLines() {
	a := "title\nmilk\neggs\n"
	b := "title\nmilk\nbread\neggs"
	edits := diff.Lines(a, b)
	for _, e := range edits {
		fmt.Printf("lines %d-%d become %q\n", e.Start, e.End, e.New)
	}
	got, err := diff.Apply(a, edits)
	fmt.Println(got == b, err)
	// Output:
	// lines 2-3 become "bread\neggs"
	// true <nil>
}

func ExampleWords() {
	left, right := diff.Words(`<link href="http://a.example/1"/>`, `<link href="http://a.example/2"/>`)
	fmt.Println(left)
	fmt.Println(right)
	// Output:
	// [{<link href="http://a.example/ Equal} {1 Delete} {"/> Equal}]
	// [{<link href="http://a.example/ Equal} {2 Insert} {"/> Equal}]
}

func ExampleSideBySide() {
	a := "<title>Milk</title>\n<status>open</status>\n"
	b := "<title>Milk</title>\n<status>done</status>\n<note>2 litres</note>\n"
	for _, r := range diff.SideBySide(a, b) {
		fmt.Printf("%-6v %d %-24s | %d %s\n", r.Left.Kind, r.Left.Line, mark(r.Left.Spans), r.Right.Line, mark(r.Right.Spans))
	}
	// Output:
	// Equal  1 <title>Milk</title>      | 1 <title>Milk</title>
	// Change 2 <status>[-open-]</status> | 2 <status>{+done+}</status>
	// Insert 0                          | 3 {+<note>2 litres</note>+}
}

// mark writes spans as text, deletions as [-text-] and insertions as {+text+}.
func mark(spans []diff.Span) string {
	var sb strings.Builder
	for _, s := range spans {
		switch s.Kind {
		case diff.Delete:
			fmt.Fprintf(&sb, "[-%s-]", s.Text)
		case diff.Insert:
			fmt.Fprintf(&sb, "{+%s+}", s.Text)
		default:
			sb.WriteString(s.Text)
		}
	}
	return sb.String()
}

func ExampleUnified() {
	a := "one\ntwo\nthree\nfour\nfive\nsix\n"
	b := "one\n2\nthree\nfour\nfive\nsix\nseven"
	hunks := diff.Unified(a, b, 1)
	fmt.Print(diff.Format("old", "new", hunks))
	fmt.Println(hunks[0].Lines[1].Spans)
	// Output:
	// --- old
	// +++ new
	// @@ -1,3 +1,3 @@
	//  one
	// -two
	// +2
	//  three
	// @@ -6 +6,2 @@
	//  six
	// +seven
	// \ No newline at end of file
	// [{two Delete}]
}

func ExampleFold() {
	a := "1\n2\n3\n4\n5\n6\n7\n8\n"
	b := "1\n2\n3\n4\n5\n6\n7\neight\n"
	rows := diff.SideBySide(a, b)
	for _, s := range diff.Fold(rows, 2) {
		if s.Folded {
			fmt.Printf("(%d unchanged lines)\n", s.Len())
			continue
		}
		for _, r := range rows[s.Start:s.End] {
			fmt.Println(diff.Join(r.Left.Spans), "|", diff.Join(r.Right.Spans))
		}
	}
	// Output:
	// (5 unchanged lines)
	// 6 | 6
	// 7 | 7
	// 8 | eight
}
