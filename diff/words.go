package diff

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Kind says how a span, a side-by-side cell or a unified line relates to
// the other text.
type Kind int

const (
	// Equal marks text present in both texts.
	Equal Kind = iota
	// Delete marks text found only in the old text.
	Delete
	// Insert marks text found only in the new text.
	Insert
	// Change marks a side-by-side cell whose line is paired with a different
	// line on the other side; its spans say which words changed.
	Change
)

var kindNames = [...]string{Equal: "Equal", Delete: "Delete", Insert: "Insert", Change: "Change"}

// String returns the constant's name, such as "Delete".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "Kind(" + strconv.Itoa(int(k)) + ")"
	}
	return kindNames[k]
}

// A Span is a piece of one side's text: Equal, or Delete on the old side,
// Insert on the new side.
type Span struct {
	Text string
	Kind Kind
}

// Join returns the text of spans, in order.
func Join(spans []Span) string {
	var sb strings.Builder
	for _, s := range spans {
		sb.WriteString(s.Text)
	}
	return sb.String()
}

// Words compares a and b word by word and returns the spans of each side:
// Join(left) == a, with Equal and Delete spans, and Join(right) == b, with
// Equal and Insert spans. Spans are never empty and neighbours
// differ in kind.
//
// Words are runs of letters and digits; spaces, and each punctuation or markup
// character such as < > / = " ' & ;, stand apart, so that in an XML element
// only a changed attribute value is marked. Ideographs and emoji stand alone
// too, since such text has no spaces, and combining marks, variation selectors
// and zero-width joiners stay with the character they modify: spans never cut
// a UTF-8 sequence or a grapheme built this way.
//
// A run of spaces between two changes is counted as changed, so that
// "foo bar" against "baz qux" reads as one replacement rather than two.
//
// Texts of more than 4,000 words, spaces and marks in all are compared as
// [Chunks] compares a long changed run: their shared ends are set aside,
// the rest is cut into pieces at the ends of sentences and lines (and
// after some words, chosen alike on both sides), the pieces are compared
// whole and only the changed ones word by word, so that a 1 MB line costs
// time near linear in its length. A run of changed pieces that is still
// that long is one deletion and one insertion.
func Words(a, b string) (left, right []Span) {
	ops := tokenOps(nil, tokenize(a), tokenize(b), true)
	return side(ops, Insert), side(ops, Delete)
}

// wordOps lists equal, deleted and inserted text in order, deletions of a
// block before its insertions.
func wordOps(ta, tb []string, blocks []block) []Span {
	var ops []Span
	add := func(k Kind, toks []string) {
		if len(toks) > 0 {
			ops = append(ops, Span{strings.Join(toks, ""), k})
		}
	}
	i := 0
	for _, bl := range blocks {
		add(Equal, ta[i:bl.a0])
		add(Delete, ta[bl.a0:bl.a1])
		add(Insert, tb[bl.b0:bl.b1])
		i = bl.a1
	}
	add(Equal, ta[i:])
	return ops
}

// absorbSpaces turns an equal run of white space between two changes into a
// deletion and an insertion.
func absorbSpaces(ops []Span) []Span {
	out := make([]Span, 0, len(ops))
	for i, op := range ops {
		if op.Kind == Equal && i > 0 && i < len(ops)-1 && strings.TrimSpace(op.Text) == "" {
			out = append(out, Span{op.Text, Delete}, Span{op.Text, Insert})
			continue
		}
		out = append(out, op)
	}
	return out
}

// side returns the spans of one side, leaving out the other side's kind and
// merging neighbours of the same kind.
func side(ops []Span, skip Kind) []Span {
	var spans []Span
	for _, op := range ops {
		switch {
		case op.Kind == skip:
		case len(spans) > 0 && spans[len(spans)-1].Kind == op.Kind:
			spans[len(spans)-1].Text += op.Text
		default:
			spans = append(spans, op)
		}
	}
	return spans
}

// tokenize cuts s into words, runs of one space character, and single
// characters that stand alone. Joining the tokens gives s. It counts the
// tokens first: growing the slice as it goes costs more than a second pass
// on a long text.
func tokenize(s string) []string {
	n := 0
	for rest := s; rest != ""; n++ {
		rest = rest[tokenLen(rest):]
	}
	toks := make([]string, 0, n)
	for s != "" {
		n := tokenLen(s)
		toks = append(toks, s[:n])
		s = s[n:]
	}
	return toks
}

// tokenLen returns the byte length of the token that starts s, which is not
// empty. Bytes that are not UTF-8 stand alone, as utf8.RuneError does.
func tokenLen(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	switch {
	case unicode.IsSpace(r):
		sp := s[:n]
		for strings.HasPrefix(s[n:], sp) {
			n += len(sp)
		}
		return n
	case alone(r):
		return n + extension(s[n:], isRegional(r))
	}
	for n < len(s) {
		r, w := utf8.DecodeRuneInString(s[n:])
		if unicode.IsSpace(r) || alone(r) {
			break
		}
		n += w
	}
	return n
}

// alone reports whether r forms a token by itself: punctuation and markup,
// ideographs and kana, symbols such as emoji.
func alone(r rune) bool {
	if r < utf8.RuneSelf {
		return unicode.IsPunct(r) || unicode.IsSymbol(r)
	}
	return unicode.IsPunct(r) || unicode.Is(unicode.So, r) ||
		unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

const zwj = '\u200d'

// extension returns the length of the runes at the start of s that modify
// the character before them: marks, variation selectors, emoji modifiers and
// tags, a character joined by a zero-width joiner, and the second of a pair
// of regional indicators (a flag) when pairFlag is set.
func extension(s string, pairFlag bool) int {
	n := 0
	for n < len(s) {
		r, w := utf8.DecodeRuneInString(s[n:])
		switch {
		case r == zwj:
			n += w
			if r2, w2 := utf8.DecodeRuneInString(s[n:]); n < len(s) && !unicode.IsSpace(r2) {
				n += w2
			}
		case pairFlag && isRegional(r):
			n += w
			pairFlag = false
		case modifies(r):
			n += w
		default:
			return n
		}
	}
	return n
}

// modifies reports whether r changes the look of the character before it.
func modifies(r rune) bool {
	return unicode.In(r, unicode.Mn, unicode.Me, unicode.Mc) ||
		unicode.Is(unicode.Variation_Selector, r) ||
		(r >= 0x1f3fb && r <= 0x1f3ff) || // emoji skin tones
		(r >= 0xe0020 && r <= 0xe007f) // tags, as in subdivision flags
}

func isRegional(r rune) bool { return r >= 0x1f1e6 && r <= 0x1f1ff }
