package diff

// Tokens cuts s into the tokens that [Words] compares: words, runs of one
// space character, and single punctuation or markup characters (see
// [Words]). Joining them gives s.
func Tokens(s string) []string { return tokenize(s) }

// A TokenEdit replaces tokens [Start, End) of an old sequence, counted
// from 0, with New. Start == End inserts before token Start; an empty New
// deletes.
type TokenEdit struct {
	Start, End int
	New        []string
}

// TokenEdits returns the edits that turn the tokens a into b, in order,
// each separated from the next by at least one token both share. They are
// the changes [Words] finds, shortest for texts of up to 4,000 tokens and
// piece by piece beyond (see [Words]), except that white space between two
// changes stays shared: a caller that merges several texts' edits needs
// each change as small as it is. The tokens may come from [Tokens] or from
// any other cut of a text into non-empty tokens, such as one that keeps
// markup tags whole.
func TokenEdits(a, b []string) []TokenEdit {
	var edits []TokenEdit
	i, j := 0, 0
	open := false
	for _, op := range tokenOps(nil, a, b, false) {
		if op.Kind == Equal {
			i, j = skip(a, i, len(op.Text)), skip(b, j, len(op.Text))
			open = false
			continue
		}
		if !open {
			edits = append(edits, TokenEdit{Start: i, End: i})
			open = true
		}
		e := &edits[len(edits)-1]
		if op.Kind == Delete {
			i = skip(a, i, len(op.Text))
			e.End = i
		} else {
			j0 := j
			j = skip(b, j, len(op.Text))
			e.New = append(e.New, b[j0:j]...)
		}
	}
	return edits
}

// skip returns the index past the tokens of toks from i whose lengths add
// up to n bytes: the ops of tokenOps are runs of whole tokens.
func skip(toks []string, i, n int) int {
	for n > 0 && i < len(toks) {
		n -= len(toks[i])
		i++
	}
	return i
}
