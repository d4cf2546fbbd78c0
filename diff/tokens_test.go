package diff

import (
	"strings"
	"testing"
)

// applyTokens applies token edits to a.
func applyTokens(a []string, edits []TokenEdit) string {
	var sb strings.Builder
	at := 0
	for _, e := range edits {
		sb.WriteString(strings.Join(a[at:e.Start], ""))
		sb.WriteString(strings.Join(e.New, ""))
		at = e.End
	}
	sb.WriteString(strings.Join(a[at:], ""))
	return sb.String()
}

func TestTokenEdits(t *testing.T) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ta, tb := Tokens(c.a), Tokens(c.b)
			edits := TokenEdits(ta, tb)
			if got := applyTokens(ta, edits); got != c.b {
				t.Fatalf("applied edits give %q, want %q (edits %+v)", got, c.b, edits)
			}
			for i := 1; i < len(edits); i++ {
				if edits[i].Start <= edits[i-1].End {
					t.Fatalf("edits %+v and %+v share no token between them", edits[i-1], edits[i])
				}
			}
		})
	}
}

// Unlike Words, TokenEdits keeps the space between two changed words
// shared: two neighbouring words changed are two edits.
func TestTokenEditsKeepSpaces(t *testing.T) {
	edits := TokenEdits(Tokens("a b c"), Tokens("a X Y"))
	if len(edits) != 2 || edits[0].Start != 2 || edits[1].Start != 4 {
		t.Fatalf("TokenEdits = %+v, want b and c replaced apart", edits)
	}
}

func TestTokenEditsLong(t *testing.T) {
	defer func(n int) { wordLimit = n }(wordLimit)
	wordLimit = 8
	a := Tokens("one two three. four five six. seven eight nine.")
	b := Tokens("one two three. four FIVE six. seven eight nine!")
	if got := applyTokens(a, TokenEdits(a, b)); got != strings.Join(b, "") {
		t.Fatalf("piecewise edits give %q", got)
	}
}
