package draw

import (
	"image/color"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
)

// Styles holds every lipgloss style of the resolver, so that the whole look
// lives in one place. The no-colour variant (MonoStyles) keeps every
// difference visible through markers, strike-through and underline alone.
type Styles struct {
	// Mono reports the no-colour variant.
	Mono bool
	// DelOpen and DelClose surround text found only on the left (the
	// winner); InsOpen and InsClose surround text found only on the right.
	// They are empty when colour carries the difference.
	DelOpen, DelClose, InsOpen, InsClose string

	App, Header, Dim, Bold, Label, Rule lipgloss.Style
	Del, Ins, Fold, Banner              lipgloss.Style
	Selected, Match                     lipgloss.Style
	Unresolved, Resolved, Edited        lipgloss.Style
	Deleted, Marked, Winner, Version    lipgloss.Style
	Info, Error, Dialog                 lipgloss.Style
	Help                                help.Styles

	Ink Inks // Del and Ins as raw sequences, for the diff's many small pieces
}

// Ink is a style's opening and closing sequences, so that a piece of text
// is styled by concatenation rather than a full Render, which costs much
// more and is called for every piece of every frame.
type Ink struct{ Open, Close string }

// Render styles one line of text.
func (k Ink) Render(s string) string {
	if k.Open == "" {
		return s
	}
	return k.Open + s + k.Close
}

// Inks are the raw sequences of the styles the diff paints most.
type Inks struct{ Del, Ins, Key, Desc, Sep, Label, Rule, Dim, Cursor Ink }

// inkOf splits what a style renders around a single character.
func inkOf(st lipgloss.Style) Ink {
	open, close, _ := strings.Cut(st.Render("x"), "x")
	return Ink{open, close}
}

// withInks fills in the raw sequences of the styles.
func (s Styles) withInks() Styles {
	s.Ink = Inks{
		Del: inkOf(s.Del), Ins: inkOf(s.Ins), Label: inkOf(s.Label), Rule: inkOf(s.Rule), Dim: inkOf(s.Dim),
		Cursor: inkOf(lipgloss.NewStyle().Reverse(true)),
		Key:    inkOf(s.Help.ShortKey), Desc: inkOf(s.Help.ShortDesc), Sep: inkOf(s.Help.ShortSeparator),
	}
	return s
}

// Look is what the styles are made for: a terminal with or without
// colour, its background, and whether changed words carry markers.
type Look struct {
	// Mono is a terminal without colour, or NO_COLOR: attributes only,
	// and markers around changed words.
	Mono bool
	// Light is a light background, detected through the terminal's answer
	// to the background colour query.
	Light bool
	// Markers puts the [-old-]{+new+} markers around changed words in
	// colour too, for people who do not tell red from green.
	Markers bool
}

// NewStyles returns the styles for a look.
func NewStyles(l Look) Styles {
	if l.Mono {
		return MonoStyles()
	}
	s := colourStyles(paletteFor(l.Light))
	if l.Markers {
		s.DelOpen, s.DelClose, s.InsOpen, s.InsClose = "[-", "-]", "{+", "+}"
	}
	return s.withInks()
}

// palette is the colours of one background.
type palette struct{ red, green, yellow, blue, magenta, cyan, grey color.Color }

// paletteFor picks colours readable on the background. On a dark one, the
// 16 basic ANSI colours, so that they follow the terminal's own palette; on
// a light one, darker shades (the basic yellow, green and cyan are hard to
// read on white), which a 16-colour terminal gets as their nearest.
func paletteFor(light bool) palette {
	c := lipgloss.Color
	if light {
		return palette{c("124"), c("28"), c("130"), c("25"), c("90"), c("30"), c("242")}
	}
	return palette{c("1"), c("2"), c("3"), c("4"), c("5"), c("6"), c("8")}
}

func colourStyles(p palette) Styles {
	s := baseStyles()
	s.App = s.App.Foreground(p.cyan)
	s.Dim = s.Dim.Foreground(p.grey)
	s.Label = s.Label.Foreground(p.blue)
	s.Rule = s.Rule.Foreground(p.grey)
	s.Del = s.Del.Foreground(p.red)
	s.Ins = s.Ins.Foreground(p.green)
	s.Fold = s.Fold.Foreground(p.grey)
	s.Banner = s.Banner.Foreground(p.yellow)
	s.Match = s.Match.Foreground(p.yellow)
	s.Unresolved = s.Unresolved.Foreground(p.yellow)
	s.Resolved = s.Resolved.Foreground(p.green)
	s.Edited = s.Edited.Foreground(p.cyan)
	s.Deleted = s.Deleted.Foreground(p.red)
	s.Marked = s.Marked.Foreground(p.magenta)
	s.Winner = s.Winner.Foreground(p.green)
	s.Version = s.Version.Foreground(p.yellow)
	s.Info = s.Info.Foreground(p.cyan)
	s.Error = s.Error.Foreground(p.red)
	s.Dialog = s.Dialog.BorderForeground(p.yellow)
	s.Help.ShortKey = s.Help.ShortKey.Foreground(p.cyan)
	s.Help.FullKey = s.Help.FullKey.Foreground(p.cyan)
	s.Help.ShortSeparator = s.Help.ShortSeparator.Foreground(p.grey)
	s.Help.Ellipsis = s.Help.Ellipsis.Foreground(p.grey)
	return s
}

// MonoStyles returns the styles for NO_COLOR and monochrome terminals:
// attributes only, and [-old-]{+new+} markers around changed words.
func MonoStyles() Styles {
	s := baseStyles()
	s.Mono = true
	s.DelOpen, s.DelClose, s.InsOpen, s.InsClose = "[-", "-]", "{+", "+}"
	s.Error = s.Error.Reverse(true)
	return s.withInks()
}

// baseStyles are the attributes both variants share.
func baseStyles() Styles {
	n := lipgloss.NewStyle
	return Styles{
		App:        n().Bold(true),
		Header:     n().Bold(true),
		Dim:        n().Faint(true),
		Bold:       n().Bold(true),
		Label:      n().Bold(true),
		Rule:       n().Faint(true),
		Del:        n().Strikethrough(true),
		Ins:        n().Underline(true),
		Fold:       n().Faint(true).Italic(true),
		Banner:     n().Bold(true),
		Selected:   n().Reverse(true),
		Match:      n().Underline(true),
		Unresolved: n().Bold(true),
		Resolved:   n(),
		Edited:     n().Italic(true),
		Deleted:    n().Strikethrough(true),
		Marked:     n().Bold(true),
		Winner:     n().Bold(true),
		Version:    n().Bold(true),
		Info:       n(),
		Error:      n().Bold(true),
		Dialog:     n().Border(lipgloss.RoundedBorder()).Padding(0, 1),
		Help: help.Styles{
			ShortKey: n().Bold(true), ShortDesc: n(), ShortSeparator: n().Faint(true),
			FullKey: n().Bold(true), FullDesc: n(), FullSeparator: n(), Ellipsis: n().Faint(true),
		},
	}
}
