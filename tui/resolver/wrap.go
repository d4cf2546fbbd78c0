package resolver

import (
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/diff"
)

// piece is a run of text shown in one way: diff.Equal, diff.Delete (found
// only on the left) or diff.Insert (only on the right).
type piece struct {
	text string
	kind diff.Kind
	hl   bool // highlighted: the hunk at hand in the merge view
	tag  int  // the merge view's hunk the text belongs to, from 1; 0 for none
}

// pieces turns a cell's word spans into pieces, adding the no-colour
// markers around changed words when the styles have them.
func pieces(spans []diff.Span, s *Styles) []piece {
	out := make([]piece, 0, len(spans))
	for _, sp := range spans {
		text := clean(sp.Text)
		switch sp.Kind {
		case diff.Delete:
			out = append(out, piece{text: s.DelOpen + text + s.DelClose, kind: diff.Delete})
		case diff.Insert:
			out = append(out, piece{text: s.InsOpen + text + s.InsClose, kind: diff.Insert})
		default:
			out = append(out, piece{text: text, kind: diff.Equal})
		}
	}
	return out
}

// clean replaces what would break the layout: tabs, carriage returns and
// other control characters.
func clean(s string) string {
	if !strings.ContainsFunc(s, isControl) {
		return s
	}
	s = strings.ReplaceAll(s, "\t", "    ")
	return strings.Map(func(r rune) rune {
		if isControl(r) {
			return -1
		}
		return r
	}, s)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// wrap breaks a line of pieces into rows of at most width cells, at spaces
// where it can and inside a word only when the word alone is too wide.
func wrap(line []piece, width int) [][]piece {
	width = max(width, 1)
	var rows [][]piece
	var row []piece
	used := 0
	for w := range words(line) {
		ww := widthOf(w)
		if used+ww > width && used > 0 {
			rows, row, used = append(rows, row), nil, 0
			w = trimLeadingSpace(w)
			ww = widthOf(w)
		}
		for ww > width { // a word wider than a row: cut it
			head, tail := cut(w, width-used)
			rows, row, used = append(rows, append(row, head...)), nil, 0
			w, ww = tail, ww-widthOf(head) // not the tail measured anew: that is quadratic in a long word
		}
		row, used = append(row, w...), used+ww
	}
	return append(rows, row)
}

// words yields the chunks of pieces that each start with the spaces before
// a word and end with the word; a word may span several pieces. A chunk is
// read before the next is made in its place: a line of 200,000 words (a
// 1 MB field) makes no slice per word.
func words(line []piece) iter.Seq[[]piece] {
	return func(yield func([]piece) bool) {
		var cur []piece
		inWord := false
		for _, p := range line {
			for p.text != "" {
				i := strings.IndexFunc(p.text, func(r rune) bool { return (r == ' ') == inWord })
				if i < 0 {
					cur = append(cur, p)
					break
				}
				if i > 0 {
					cur = append(cur, piece{text: p.text[:i], kind: p.kind, hl: p.hl, tag: p.tag})
				}
				p.text = p.text[i:]
				if inWord {
					if !yield(cur) {
						return
					}
					cur = cur[:0]
				}
				inWord = !inWord
			}
		}
		if len(cur) > 0 {
			yield(cur)
		}
	}
}

func widthOf(ps []piece) int {
	n := 0
	for _, p := range ps {
		n += textWidth(p.text)
	}
	return n
}

// textWidth is ansi.StringWidth with a fast path for ASCII text and SGR
// sequences, which is most of what the resolver shows.
func textWidth(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0x1b && i+1 < len(s) && s[i+1] == '[':
			i += 2
			for i < len(s) && (s[i] < 0x40 || s[i] > 0x7e) {
				i++
			}
		case c >= 0x80:
			r, size := utf8.DecodeRuneInString(s[i:])
			if !strings.ContainsRune(narrow, r) {
				return ansi.StringWidth(s)
			}
			i += size - 1
			n++
		case c < 0x20 || c == 0x7f:
			return ansi.StringWidth(s)
		default:
			n++
		}
	}
	return n
}

// narrow lists the non-ASCII characters the resolver draws itself, all one
// cell wide, so that measuring its own lines stays on the fast path.
const narrow = "─│·›…┄◆“”—–⇄█░┃╭╮╰╯é▌"

// truncate cuts s to w cells, with tail marking the cut. A string of no more
// bytes than cells needs no cut: no character takes more cells than bytes.
func truncate(s string, w int, tail string) string {
	if len(s) <= w || textWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, tail)
}

func trimLeadingSpace(ps []piece) []piece {
	for len(ps) > 0 {
		t := strings.TrimLeft(ps[0].text, " ")
		if t != "" {
			return append([]piece{{text: t, kind: ps[0].kind, hl: ps[0].hl, tag: ps[0].tag}}, ps[1:]...)
		}
		ps = ps[1:]
	}
	return nil
}

// cut splits pieces after n cells; the head holds at least one character,
// so that a wide character in a narrow row still moves on. It looks at no
// more of the pieces than the head needs.
func cut(ps []piece, n int) (head, tail []piece) {
	for i, p := range ps {
		t, w := prefixIn(p.text, n)
		if len(t) == len(p.text) {
			head, n = append(head, p), n-w
			continue
		}
		if t == "" && len(head) == 0 {
			_, size := utf8.DecodeRuneInString(p.text)
			t = p.text[:size]
		}
		if t != "" {
			head = append(head, piece{text: t, kind: p.kind, hl: p.hl, tag: p.tag})
		}
		rest := append([]piece{{text: p.text[len(t):], kind: p.kind, hl: p.hl, tag: p.tag}}, ps[i+1:]...)
		return head, trimEmpty(rest)
	}
	return head, nil
}

// prefixIn returns the longest prefix of s (text without escape sequences)
// that fits in n cells, and its width. It truncates a window of s that
// grows only while the cut falls near the window's end, where a character
// or grapheme may be split, so that cutting a long word into rows is
// linear in its length, not quadratic.
func prefixIn(s string, n int) (string, int) {
	if a := asciiPrefix(s, n+1); a >= min(n+1, len(s)) { // the byte after the cut is ASCII too: no grapheme is split
		return s[:min(n, len(s))], min(n, len(s))
	}
	const margin = 64 // bytes: more than any grapheme cluster in practice
	for k := min(len(s), 4*n+2*margin); ; k = min(len(s), 2*k) {
		for k < len(s) && !utf8.RuneStart(s[k]) {
			k++
		}
		if t := ansi.Truncate(s[:k], n, ""); k == len(s) || len(t)+margin <= k {
			return t, textWidth(t)
		}
	}
}

// asciiPrefix returns how many of the first n bytes of s are printable
// ASCII, one cell each.
func asciiPrefix(s string, n int) int {
	n = min(n, len(s))
	for i := range n {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return i
		}
	}
	return n
}

func trimEmpty(ps []piece) []piece {
	for len(ps) > 0 && ps[0].text == "" {
		ps = ps[1:]
	}
	return ps
}

// cutRows wraps plain text at words to width cells, each row padded to
// the width, on at most n rows (any number when n < 0). Text that needs
// more rows ends on row n with as much of the rest as fits, and …, so that
// a message cut short says so.
func cutRows(text string, width, n int, s *Styles) []string {
	rows := wrapLines([]piece{{text: text}}, width)
	var out []string
	for k, row := range rows {
		if k == n-1 && len(rows) > n {
			var rest []string
			for _, r := range rows[k:] {
				rest = append(rest, strings.TrimSpace(paint(r, 0, s)))
			}
			return append(out, fit(strings.Join(rest, " "), width))
		}
		if n >= 0 && k >= n {
			break
		}
		out = append(out, paint(row, width, s))
	}
	return out
}

// renderRows renders each row with render.
func renderRows(rows []string, render func(...string) string) []string {
	for k, r := range rows {
		rows[k] = render(r)
	}
	return rows
}

// paint renders a row of pieces with the styles of their kinds and pads it
// with spaces to width cells; wrap made the row no wider than that.
func paint(row []piece, width int, s *Styles) string {
	var b strings.Builder
	for _, p := range row {
		if p.hl {
			b.WriteString(s.ink.cursor.open)
		}
		switch p.kind {
		case diff.Delete:
			b.WriteString(s.ink.del.open + p.text + s.ink.del.close)
		case diff.Insert:
			b.WriteString(s.ink.ins.open + p.text + s.ink.ins.close)
		default:
			b.WriteString(p.text)
		}
		if p.hl {
			b.WriteString(s.ink.cursor.close)
		}
	}
	if w := widthOf(row); w < width {
		b.WriteString(strings.Repeat(" ", width-w))
	}
	return b.String()
}

// pad fits a rendered string to exactly width cells: truncated when too
// wide, filled with spaces when too narrow.
func pad(s string, width int) string {
	w := textWidth(s)
	if w > width {
		return ansi.Truncate(s, width, "")
	}
	return s + strings.Repeat(" ", width-w)
}
