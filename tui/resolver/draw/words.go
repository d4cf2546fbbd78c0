package draw

import (
	"fmt"

	"charm.land/bubbles/v2/key"
)

// Fit truncates or pads s to exactly w cells; nothing when w is 0.
func Fit(s string, w int) string {
	if w <= 0 {
		return ""
	}
	return Pad(Truncate(s, w, "…"), w)
}

// At returns row k of rows, or none past the last.
func At(rows [][]Piece, k int) []Piece {
	if k < len(rows) {
		return rows[k]
	}
	return nil
}

// Counted says n things, with the singular or the plural form.
func Counted(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Plural counts things: "1 version", "3 versions".
func Plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// Bind makes a binding of keys, shown in help as help and desc.
func Bind(help, desc string, keys ...string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
}
