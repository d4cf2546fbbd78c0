package resolver

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
)

func typeKeys(names ...string) []tea.Msg {
	var out []tea.Msg
	for _, n := range names {
		if k, ok := specialKeys[n]; ok {
			out = append(out, k)
			continue
		}
		switch n {
		case "backspace":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyBackspace})
		case "delete":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyDelete})
		case "left":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyLeft})
		case "right":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyRight})
		case "home":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyHome})
		case "end":
			out = append(out, tea.KeyPressMsg{Code: tea.KeyEnd})
		default:
			if strings.HasPrefix(n, "ctrl+") {
				out = append(out, tea.KeyPressMsg{Code: rune(n[5]), Mod: tea.ModCtrl})
				continue
			}
			if strings.HasPrefix(n, "paste:") {
				out = append(out, tea.PasteMsg{Content: n[6:]})
				continue
			}
			for _, r := range n {
				out = append(out, tea.KeyPressMsg{Code: r, Text: string(r)})
			}
		}
	}
	return out
}

func TestTextArea(t *testing.T) {
	s := MonoStyles()
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
			ta := newTextArea(&s)
			ta.SetSize(20, 3)
			ta.SetValue(c.start)
			ta.Focus()
			for _, m := range typeKeys(c.keys...) {
				ta, _ = ta.Update(m)
			}
			if got := ta.Value(); got != c.want {
				t.Errorf("got %q, want %q", got, c.want)
			}
		})
	}
}

func TestTextAreaWrapsAndScrolls(t *testing.T) {
	s := MonoStyles()
	ta := newTextArea(&s)
	ta.SetSize(10, 2)
	ta.SetValue(strings.Repeat("word ", 10))
	ta.Focus()
	ta, _ = ta.Update(tea.KeyPressMsg{Code: tea.KeyEnd})
	lines := strings.Split(ta.View(), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, l := range lines {
		if w := textWidth(l); w > 10 {
			t.Errorf("line %q is %d wide", l, w)
		}
	}
	if !strings.Contains(ta.View(), s.ink.cursor.render(" ")) {
		t.Errorf("the cursor at the end is not shown: %q", ta.View())
	}
}

func TestLineInput(t *testing.T) {
	s := MonoStyles()
	in := newLineInput(&s, "/")
	in.SetWidth(8)
	in.Focus()
	for _, m := range typeKeys("abcdefghij", "home", "delete", "end", "backspace", "paste:X\nY") {
		in, _ = in.Update(m)
	}
	if in.Value() != "bcdefghiX Y" {
		t.Errorf("value %q", in.Value())
	}
	if w := textWidth(in.View()); w > 8 {
		t.Errorf("view %q is %d wide", in.View(), w)
	}
}
