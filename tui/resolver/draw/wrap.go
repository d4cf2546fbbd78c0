package draw

import (
	"iter"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
	"github.com/feedsync/feedsync/diff"
)

// Piece is a run of text shown in one way: diff.Equal, diff.Delete (found
// only on the left) or diff.Insert (only on the right).
type Piece struct {
	Text string
	Kind diff.Kind
	HL   bool // highlighted: the hunk at hand in the merge view
	Tag  int  // the merge view's hunk the text belongs to, from 1; 0 for none
}

// Pieces turns a cell's word spans into Pieces, adding the no-colour
// markers around changed words when the styles have them.
func Pieces(spans []diff.Span, s *Styles) []Piece {
	out := make([]Piece, 0, len(spans))
	for _, sp := range spans {
		text := Clean(sp.Text)
		switch sp.Kind {
		case diff.Delete:
			out = append(out, Piece{Text: s.DelOpen + text + s.DelClose, Kind: diff.Delete})
		case diff.Insert:
			out = append(out, Piece{Text: s.InsOpen + text + s.InsClose, Kind: diff.Insert})
		default:
			out = append(out, Piece{Text: text, Kind: diff.Equal})
		}
	}
	return out
}

// Clean replaces what would break the layout: tabs, carriage returns and
// other control characters.
func Clean(s string) string {
	if !strings.ContainsFunc(s, IsControl) {
		return s
	}
	s = strings.ReplaceAll(s, "\t", "    ")
	return strings.Map(func(r rune) rune {
		if IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// IsControl reports a control character, which would break the layout.
func IsControl(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }

// Wrap breaks a line of pieces into rows of at most width cells, at spaces
// where it can and inside a word only when the word alone is too wide.
func Wrap(line []Piece, width int) [][]Piece {
	width = max(width, 1)
	var rows [][]Piece
	var row []Piece
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
func words(line []Piece) iter.Seq[[]Piece] {
	return func(yield func([]Piece) bool) {
		var cur []Piece
		inWord := false
		for _, p := range line {
			for p.Text != "" {
				i := strings.IndexFunc(p.Text, func(r rune) bool { return (r == ' ') == inWord })
				if i < 0 {
					cur = append(cur, p)
					break
				}
				if i > 0 {
					cur = append(cur, Piece{Text: p.Text[:i], Kind: p.Kind, HL: p.HL, Tag: p.Tag})
				}
				p.Text = p.Text[i:]
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

func widthOf(ps []Piece) int {
	n := 0
	for _, p := range ps {
		n += TextWidth(p.Text)
	}
	return n
}

// TextWidth is ansi.StringWidth with a fast path for ASCII text and SGR
// sequences, which is most of what the resolver shows.
func TextWidth(s string) int {
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

// Truncate cuts s to w cells, with tail marking the cut. A string of no more
// bytes than cells needs no cut: no character takes more cells than bytes.
func Truncate(s string, w int, tail string) string {
	if len(s) <= w || TextWidth(s) <= w {
		return s
	}
	return ansi.Truncate(s, w, tail)
}

func trimLeadingSpace(ps []Piece) []Piece {
	for len(ps) > 0 {
		t := strings.TrimLeft(ps[0].Text, " ")
		if t != "" {
			return append([]Piece{{Text: t, Kind: ps[0].Kind, HL: ps[0].HL, Tag: ps[0].Tag}}, ps[1:]...)
		}
		ps = ps[1:]
	}
	return nil
}

// cut splits pieces after n cells; the head holds at least one character,
// so that a wide character in a narrow row still moves on. It looks at no
// more of the pieces than the head needs.
func cut(ps []Piece, n int) (head, tail []Piece) {
	for i, p := range ps {
		t, w := prefixIn(p.Text, n)
		if len(t) == len(p.Text) {
			head, n = append(head, p), n-w
			continue
		}
		if t == "" && len(head) == 0 {
			_, size := utf8.DecodeRuneInString(p.Text)
			t = p.Text[:size]
		}
		if t != "" {
			head = append(head, Piece{Text: t, Kind: p.Kind, HL: p.HL, Tag: p.Tag})
		}
		rest := append([]Piece{{Text: p.Text[len(t):], Kind: p.Kind, HL: p.HL, Tag: p.Tag}}, ps[i+1:]...)
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
			return t, TextWidth(t)
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

func trimEmpty(ps []Piece) []Piece {
	for len(ps) > 0 && ps[0].Text == "" {
		ps = ps[1:]
	}
	return ps
}

// CutRows wraps plain text at words to width cells, each row padded to
// the width, on at most n rows (any number when n < 0). Text that needs
// more rows ends on row n with as much of the rest as fits, and …, so that
// a message cut short says so.
func CutRows(text string, width, n int, s *Styles) []string {
	rows := WrapLines([]Piece{{Text: text}}, width)
	var out []string
	for k, row := range rows {
		if k == n-1 && len(rows) > n {
			var rest []string
			for _, r := range rows[k:] {
				rest = append(rest, strings.TrimSpace(Paint(r, 0, s)))
			}
			return append(out, Fit(strings.Join(rest, " "), width))
		}
		if n >= 0 && k >= n {
			break
		}
		out = append(out, Paint(row, width, s))
	}
	return out
}

// RenderRows renders each row with render.
func RenderRows(rows []string, render func(...string) string) []string {
	for k, r := range rows {
		rows[k] = render(r)
	}
	return rows
}

// Paint renders a row of pieces with the styles of their kinds and pads it
// with spaces to width cells; wrap made the row no wider than that.
func Paint(row []Piece, width int, s *Styles) string {
	var b strings.Builder
	for _, p := range row {
		if p.HL {
			b.WriteString(s.Ink.Cursor.Open)
		}
		switch p.Kind {
		case diff.Delete:
			b.WriteString(s.Ink.Del.Open + p.Text + s.Ink.Del.Close)
		case diff.Insert:
			b.WriteString(s.Ink.Ins.Open + p.Text + s.Ink.Ins.Close)
		default:
			b.WriteString(p.Text)
		}
		if p.HL {
			b.WriteString(s.Ink.Cursor.Close)
		}
	}
	if w := widthOf(row); w < width {
		b.WriteString(strings.Repeat(" ", width-w))
	}
	return b.String()
}

// Pad fits a rendered string to exactly width cells: truncated when too
// wide, filled with spaces when too narrow.
func Pad(s string, width int) string {
	w := TextWidth(s)
	if w > width {
		return ansi.Truncate(s, width, "")
	}
	return s + strings.Repeat(" ", width-w)
}

// WrapLines cuts pieces at their newlines and wraps each line to w cells.
func WrapLines(ps []Piece, w int) [][]Piece {
	var out [][]Piece
	var line []Piece
	for _, p := range ps {
		for {
			i := strings.IndexByte(p.Text, '\n')
			if i < 0 {
				break
			}
			head := p
			head.Text = p.Text[:i]
			out = append(out, Wrap(cleaned(append(line, head)), w)...)
			line = nil
			p.Text = p.Text[i+1:]
		}
		line = append(line, p)
	}
	if len(line) > 0 || len(out) == 0 {
		out = append(out, Wrap(cleaned(line), w)...)
	}
	return out
}

// cleaned replaces what would break the layout in pieces' text.
func cleaned(ps []Piece) []Piece {
	out := make([]Piece, 0, len(ps))
	for _, p := range ps {
		p.Text = Clean(p.Text)
		if p.Text != "" || p.HL || p.Tag > 0 {
			out = append(out, p)
		}
	}
	return out
}
