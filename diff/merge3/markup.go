package merge3

import (
	"encoding/xml"
	"errors"
	"io"
	"strings"

	"github.com/feedsync/feedsync/diff"
)

// tokens cuts s as mode m reads it: word tokens, with markup whole in HTML
// and XHTML mode (diff.MarkupTokens, the cut the merge view's hunks use).
func tokens(s string, m Mode) []string {
	if m == Text {
		return diff.Tokens(s)
	}
	return diff.MarkupTokens(s)
}

// wellFormed reports whether s is well-formed XML content: elements,
// text and references, inside one wrapping element. HTML's named entities
// are known, as an XHTML reader knows them.
func wellFormed(s string) bool {
	d := xml.NewDecoder(strings.NewReader("<merge3>" + s + "</merge3>"))
	d.Strict = true
	d.Entity = xml.HTMLEntity
	for {
		if _, err := d.Token(); err != nil {
			return errors.Is(err, io.EOF)
		}
	}
}
