package xmlscan

import (
	"bytes"
	"fmt"
	"strings"
)

// doctype reads a document type declaration at data[pos] ("<!DOCTYPE"),
// checking it as XML 1.0 §2.8 does: a name, an optional external ID and
// an optional internal subset of markup declarations (§3.2–§3.3, §4.2,
// §4.7), processing instructions, comments, parameter-entity references
// and white space. Real feeds carry a public DTD (RSS 0.91's) and at most
// a few entity declarations, which this reads; garbage in the subset was
// skipped unread and republished (issue 20 item 13), and is refused at
// its place. No entity declared is expanded: a reference to one in the
// document is an error (see the package doc). The external subset is
// never read.
func (s *Scanner) doctype() bool {
	off := s.pos
	switch {
	case s.root:
		return s.fail(off, "a document type declaration after the root element")
	case s.doc:
		return s.fail(off, "a second document type declaration")
	}
	s.doc = true
	p := &dtd{s: s, i: off + len("<!DOCTYPE")}
	if !p.space("<!DOCTYPE") || !p.name("the document type declaration") {
		return false
	}
	if p.spaced() && (p.at('S') || p.at('P')) {
		at := p.i
		if !p.externalID(false) {
			return false
		}
		if !s.standalone {
			p.unreadDecls(fmt.Sprintf("the external DTD (%s)", p.systemLiteral(at)))
		}
		p.spaced()
	}
	if p.at('[') {
		p.i++
		if !p.subset() {
			return false
		}
		p.i++ // ']'
		p.spaced()
	}
	if !p.at('>') {
		return p.fail("the document type declaration is not closed by >")
	}
	if !s.checkChars(off+2, p.i) {
		return false
	}
	s.pos = p.i + 1
	s.tok = Token{Kind: Directive, Off: off, End: s.pos, Text: s.lines(off+2, p.i)}
	return true
}

// dtd reads a document type declaration: i is the offset it is at;
// peSeen says that a parameter-entity reference has been read.
type dtd struct {
	s      *Scanner
	i      int
	peSeen bool
}

func (p *dtd) fail(msg string) bool { return p.s.fail(p.i, msg) }

func (p *dtd) at(c byte) bool { return p.i < len(p.s.data) && p.s.data[p.i] == c }

func (p *dtd) has(lit string) bool { return bytes.HasPrefix(p.s.data[p.i:], []byte(lit)) }

// spaced skips white space and reports whether there was any.
func (p *dtd) spaced() bool {
	j := p.s.skipSpace(p.i)
	was := j > p.i
	p.i = j
	return was
}

// space skips white space that must follow what; it is an error if none.
func (p *dtd) space(what string) bool {
	if !p.spaced() {
		if p.i >= len(p.s.data) {
			return p.fail("input ends inside the document type declaration")
		}
		return p.fail("white space must follow " + what)
	}
	return true
}

// name reads a name, of what for the message if there is none.
func (p *dtd) name(what string) bool {
	if p.i >= len(p.s.data) || !isNameStart(p.s.data[p.i:]) {
		return p.fail(what + " needs a name here")
	}
	j, ok := p.s.name(p.i, true)
	p.i = j
	return ok
}

// word reads w if it is next, as a whole word.
func (p *dtd) word(w string) bool {
	if p.has(w) && !(p.i+len(w) < len(p.s.data) && isNameByte(p.s.data[p.i+len(w)])) {
		p.i += len(w)
		return true
	}
	return false
}

// keyword reads one of words and returns it ("" and an error if none).
func (p *dtd) keyword(what string, words ...string) string {
	for _, w := range words {
		if p.word(w) {
			return w
		}
	}
	p.fail(fmt.Sprintf("%s needs %s or %s here", what, strings.Join(words[:len(words)-1], ", "), words[len(words)-1]))
	return ""
}

// literal reads a quoted string; pubid checks its characters as a
// PubidLiteral's (§2.3).
func (p *dtd) literal(what string, pubid bool) bool {
	if !p.at('"') && !p.at('\'') {
		return p.fail(what + " needs a quoted string here")
	}
	q := p.s.data[p.i]
	end := bytes.IndexByte(p.s.data[p.i+1:], q)
	if end < 0 {
		return p.fail("a quoted string in the document type declaration is never closed")
	}
	body := p.s.data[p.i+1 : p.i+1+end]
	if pubid {
		for k, c := range body {
			if !isPubidChar(c) {
				p.i += 1 + k
				return p.fail(fmt.Sprintf("%q cannot be in a public identifier", rune(c)))
			}
		}
	}
	p.i += end + 2
	return true
}

func isPubidChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		bytes.IndexByte([]byte(" \r\n-'()+,./:=?;!*#@$_%"), c) >= 0
}

// systemLiteral returns the system literal of the external ID read at
// data[at], or "" when it has none.
func (p *dtd) systemLiteral(at int) string {
	q := &dtd{s: p.s, i: at}
	pub := q.word("PUBLIC")
	if !pub && !q.word("SYSTEM") {
		return ""
	}
	lits := []string{}
	for len(lits) < 2 {
		q.spaced()
		if !q.at('"') && !q.at('\'') {
			break
		}
		c := q.s.data[q.i]
		end := bytes.IndexByte(q.s.data[q.i+1:], c)
		if end < 0 {
			break
		}
		lits = append(lits, string(q.s.data[q.i+1:q.i+1+end]))
		q.i += end + 2
	}
	if pub && len(lits) == 2 || !pub && len(lits) == 1 {
		return lits[len(lits)-1]
	}
	return ""
}

// externalID reads SYSTEM "uri" or PUBLIC "id" "uri"; the system literal
// may be missing after PUBLIC where public is allowed (a NotationDecl's
// PublicID).
func (p *dtd) externalID(public bool) bool {
	switch p.keyword("an external ID", "SYSTEM", "PUBLIC") {
	case "SYSTEM":
		return p.space("SYSTEM") && p.literal("SYSTEM", false)
	case "PUBLIC":
		if !p.space("PUBLIC") || !p.literal("PUBLIC", true) {
			return false
		}
		before := p.i
		if public && (!p.spaced() || !p.at('"') && !p.at('\'')) {
			p.i = before
			return true
		}
		return p.space("a public identifier") && p.literal("PUBLIC", false)
	}
	return false
}
