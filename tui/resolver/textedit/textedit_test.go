package textedit

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/feedsync/feedsync/tui/resolver/draw"
	"github.com/feedsync/feedsync/tui/resolver/internal/keypress"
)

func TestTextArea(t *testing.T) {
	s := draw.MonoStyles()
	cases := []struct {
		name, start string
		keys        []string
		want        string
	}{
		{"type at the start", "milk", []string{"oat "}, "oat milk"},
		{"enter splits", "ab", []string{"right", "enter"}, "a\nb"},
		{"backspace joins", "a\nb", []string{"down", "backspace"}, "ab"},
		{"delete joins", "a\nb", []string{"end", "delete"}, "ab"},
		{"paste several lines", "", []string{"paste:one\ntwo"}, "one\ntwo"},
		{"ctrl+u and ctrl+k", "abc\ndef", []string{"right", "ctrl+k", "down", "ctrl+u"}, "a\nef"},
		{"up keeps the column in range", "long line\nab", []string{"down", "end", "up", "x"}, "loxng line\nab"},
		{"non-ASCII", "für", []string{"end", "backspace", "ß"}, "füß"},
		{"ctrl keys do not type", "a", []string{"ctrl+x"}, "a"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ta := NewArea(&s)
			ta.SetSize(20, 3)
			ta.SetValue(c.start)
			ta.Focus()
			for _, m := range keypress.Msgs(c.keys...) {
				ta, _ = ta.Update(m)
			}
			if got := ta.Value(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestTextAreaWrapsAndScrolls(t *testing.T) {
	s := draw.MonoStyles()
	ta := NewArea(&s)
	ta.SetSize(10, 2)
	ta.SetValue(strings.Repeat("word ", 10))
	ta.Focus()
	ta, _ = ta.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	lines := strings.Split(ta.View(), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if w := draw.TextWidth(l); w > 10 {
			t.Errorf("line %q is %d wide", l, w)
		}
	}
	if !strings.Contains(ta.View(), s.Ink.Cursor.Render(" ")) {
		t.Errorf("the cursor at the end is not shown: %q", ta.View())
	}
}

func TestLineInput(t *testing.T) {
	s := draw.MonoStyles()
	in := NewInput(&s, "/")
	in.SetWidth(8)
	in.Focus()
	for _, m := range keypress.Msgs("abcdefghij", "home", "delete", "end", "backspace", "paste:X\nY") {
		in, _ = in.Update(m)
	}
	if in.Value() != "bcdefghiX Y" {
		t.Errorf("value %q", in.Value())
	}
	if w := draw.TextWidth(in.View()); w > 8 {
		t.Errorf("view %q is %d wide", in.View(), w)
	}
}

// area returns a focused text area of the given size holding text, the
// cursor at its start, after the keys named.
func area(t *testing.T, w, h int, text string, keys ...string) Area {
	t.Helper()
	s := draw.MonoStyles()
	ta := NewArea(&s)
	ta.SetSize(w, h)
	ta.SetValue(text)
	ta.Focus()
	for _, m := range keypress.Msgs(keys...) {
		ta, _ = ta.Update(m)
	}
	return ta
}

// rowsOf returns the text of each screen row.
func rowsOf(ta Area) []string {
	var out []string
	for _, r := range ta.Visual() {
		out = append(out, string(ta.lines[r.Line][r.start:r.end]))
	}
	return out
}

// TestTextAreaWrapsAtWords: a row breaks between words, inside a word only
// when the word alone is wider than a row, and never goes past the width.
func TestTextAreaWrapsAtWords(t *testing.T) {
	for _, c := range []struct {
		name, text string
		width      int
		want       []string
	}{
		{"between words", "the photo booth is at the station.", 16,
			[]string{"the photo booth ", "is at the ", "station."}},
		{"a word wider than a row is cut", "supercalifragilistic word", 10,
			[]string{"supercali", "fragilist", "ic word"}},
		{"paragraphs wrap on their own", "one two three\nfour", 9,
			[]string{"one two ", "three", "four"}},
		{"wide characters count two cells", "日本語の文章です", 7,
			[]string{"日本語", "の文章", "です"}},
		{"empty lines stay rows", "a\n\nb", 5, []string{"a", "", "b"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ta := area(t, c.width, 5, c.text)
			got := rowsOf(ta)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Errorf("rows %q, want %q", got, c.want)
			}
			for _, l := range strings.Split(ta.View(), "\n") {
				if w := draw.TextWidth(l); w > c.width {
					t.Errorf("row %q is %d cells, wider than %d", l, w, c.width)
				}
			}
		})
	}
}

// TestTextAreaMoves checks where each moving key leaves the cursor, by
// typing a marker there.
func TestTextAreaMoves(t *testing.T) {
	const text = "the photo booth is at the station.\nsecond line"
	for _, c := range []struct {
		name string
		keys []string
		want string
	}{
		{"down moves one screen row, keeping the column", []string{"right", "right", "down", "#"},
			"the photo booth is#"}, // row 2 "is at the " starts at 16; column 2 is after "is"
		{"up from the second row", []string{"down", "down", "up", "#"}, "the photo booth #is"},
		{"down from the last row of a line goes to the next line", []string{"down", "down", "down", "#"},
			"station.\n#second"},
		{"end goes to the end of the screen row", []string{"end", "#"}, "the photo booth#"},
		{"end again goes to the end of the line", []string{"end", "end", "#"}, "station.#"},
		{"home goes to the start of the screen row", []string{"down", "right", "home", "#"}, "booth #is"},
		{"home again goes to the start of the line", []string{"down", "right", "home", "home", "#"}, "#the photo"},
		{"ctrl+end goes to the end of the text", []string{"ctrl+end", "#"}, "second line#"},
		{"ctrl+home goes to the start of the text", []string{"ctrl+end", "ctrl+home", "#"}, "#the photo"},
		{"alt+> and alt+< as in emacs", []string{"alt+>", "alt+<", "#"}, "#the photo"},
		{"up on the first row goes to its start", []string{"right", "right", "up", "#"}, "#the"},
		{"down on the last row goes to its end", []string{"ctrl+end", "home", "down", "#"}, "second line#"},
		{"right at a line's end crosses to the next", []string{"end", "end", "right", "#"}, "station.\n#second"},
		{"left at a line's start crosses back", []string{"ctrl+end", "home", "left", "#"}, "station.#\nsecond"},
		{"ctrl+a and ctrl+e are the line's ends", []string{"down", "ctrl+e", "#", "ctrl+a", "@"}, "@the photo"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ta := area(t, 17, 4, text, c.keys...)
			if !strings.Contains(ta.Value(), c.want) {
				t.Errorf("text %q does not contain %q", ta.Value(), c.want)
			}
		})
	}
}

// TestTextAreaUndo: each word typed, each run of deletions, each paste and
// each line break is one step; redo brings them back; a new edit after
// undoing forgets what could be redone.
func TestTextAreaUndo(t *testing.T) {
	for _, c := range []struct {
		name, start string
		keys        []string
		want        string
	}{
		{"undo a word typed", "milk", []string{"ctrl+end", " oat", " bread", "ctrl+z"}, "milk oat"},
		{"undo every word", "milk", []string{"ctrl+end", " oat", " bread", "ctrl+z", "ctrl+z"}, "milk"},
		{"undo past the start does nothing", "milk", []string{"x", "ctrl+z", "ctrl+z", "ctrl+z"}, "milk"},
		{"undo a run of backspaces", "milk and eggs", []string{"ctrl+end", "backspace", "backspace", "backspace", "ctrl+z"}, "milk and eggs"},
		{"a move ends a run", "abc", []string{"ctrl+end", "backspace", "left", "backspace", "ctrl+z"}, "ab"},
		{"undo a paste", "a", []string{"ctrl+end", "paste:b\nc", "ctrl+z"}, "a"},
		{"undo a line break", "ab", []string{"right", "enter", "ctrl+z"}, "ab"},
		{"undo ctrl+k", "abc", []string{"right", "ctrl+k", "ctrl+z"}, "abc"},
		{"redo", "milk", []string{"ctrl+end", " oat", "ctrl+z", "ctrl+y"}, "milk oat"},
		{"ctrl+r redoes too", "milk", []string{"ctrl+end", " oat", "ctrl+z", "ctrl+r"}, "milk oat"},
		{"a new edit forgets the redo", "milk", []string{"ctrl+end", " oat", "ctrl+z", "!", "ctrl+y"}, "milk!"},
		{"a key that changes nothing is no step", "ab", []string{"ctrl+end", "x", "ctrl+home", "backspace", "ctrl+z"}, "ab"},
	} {
		t.Run(c.name, func(t *testing.T) {
			ta := area(t, 20, 3, c.start, c.keys...)
			if got := ta.Value(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

// TestTextAreaUndoPutsTheCursorBack: after undo, typing goes where the
// undone edit was.
func TestTextAreaUndoPutsTheCursorBack(t *testing.T) {
	ta := area(t, 20, 3, "one two", "right", "right", "right", "X", "ctrl+end", "ctrl+z", "Y")
	if got := ta.Value(); got != "oneY two" {
		t.Errorf("got %q, want %q", got, "oneY two")
	}
}

// TestTextAreaSingle: the title's area keeps one line.
func TestTextAreaSingle(t *testing.T) {
	s := draw.MonoStyles()
	ta := NewArea(&s)
	ta.Single = true
	ta.SetSize(20, 1)
	ta.SetValue("a\nb")
	ta.Focus()
	for _, m := range keypress.Msgs("ctrl+end", "enter", "paste:c\nd") {
		ta, _ = ta.Update(m)
	}
	if got := ta.Value(); got != "a bc d" {
		t.Errorf("got %q, want %q", got, "a bc d")
	}
}

// TestTextAreaLongText: a text of many lines is kept whole and scrolls.
func TestTextAreaLongText(t *testing.T) {
	var lines []string
	for i := range 20000 {
		lines = append(lines, "line "+strconv.Itoa(i))
	}
	text := strings.Join(lines, "\n")
	ta := area(t, 30, 5, text, "ctrl+end")
	if ta.Value() != text {
		t.Fatal("the text changed")
	}
	if !strings.Contains(ta.View(), "line 19999") {
		t.Errorf("the end is not in view:\n%s", ta.View())
	}
}
