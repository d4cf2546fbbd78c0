package xmlscan

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

// skipSpace returns the offset of the first byte at or after i that is
// not XML white space.
func (s *Scanner) skipSpace(i int) int {
	for i < len(s.data) && isSpace(s.data[i]) {
		i++
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\t' || c == '\r' }

// qname reads the qualified name of an element at data[i].
func (s *Scanner) qname(i int) (Name, int, bool) {
	el := "document"
	if n := len(s.stack); n > 0 {
		el = s.stack[n-1].qname
	}
	return s.qnameIn(i, el)
}

// qnameIn reads a qualified name at data[i], in element el for messages:
// an NCName, or two joined by one colon (Namespaces in XML 1.0 §4).
func (s *Scanner) qnameIn(i int, el string) (Name, int, bool) {
	if n, j, ok := s.asciiQName(i); ok {
		return n, j, true
	}
	return s.anyQName(i, el)
}

// asciiQName reads the qualified name at data[i] that almost every
// document holds, in one pass: ASCII, followed by an ASCII byte, with at
// most one colon, between a prefix and a local name that starts as a name
// does. It reports false for any other name, which anyQName reads or
// refuses.
func (s *Scanner) asciiQName(i int) (Name, int, bool) {
	d := s.data
	if i >= len(d) || d[i] >= utf8.RuneSelf || d[i] == ':' || nameTab[d[i]]&startChar == 0 {
		return Name{}, 0, false
	}
	colon, j := -1, i+1
	for ; j < len(d); j++ {
		c := d[j]
		if c >= utf8.RuneSelf {
			return Name{}, 0, false
		}
		if nameTab[c]&nameChar == 0 {
			break
		}
		if c == ':' {
			if colon >= 0 {
				return Name{}, 0, false
			}
			colon = j
		}
	}
	switch {
	case colon < 0:
		return Name{Local: s.str(i, j)}, j, true
	case colon == j-1 || nameTab[d[colon+1]]&startChar == 0:
		return Name{}, 0, false
	}
	return Name{Prefix: s.str(i, colon), Local: s.str(colon+1, j)}, j, true
}

// anyQName is qnameIn for any name, the one that asciiQName does not read
// included.
func (s *Scanner) anyQName(i int, el string) (Name, int, bool) {
	j, ok := s.name(i, true)
	if !ok {
		return Name{}, 0, false
	}
	q := s.data[i:j]
	c := bytes.IndexByte(q, ':')
	if c < 0 {
		return Name{Local: s.str(i, j)}, j, true
	}
	if c == 0 || c == len(q)-1 || bytes.IndexByte(q[c+1:], ':') >= 0 {
		return Name{}, 0, s.failIn(i, el, fmt.Sprintf("%s is not a qualified name: at most one colon, between a prefix and a local name", q))
	}
	if !isNameStart(q[c+1:]) {
		return Name{}, 0, s.failIn(i, el, fmt.Sprintf("%s is not a qualified name: its local name does not start with a letter or _", q))
	}
	return Name{Prefix: s.str(i, i+c), Local: s.str(i+c+1, j)}, j, true
}

// isNameStart reports whether b starts with a name start character.
func isNameStart(b []byte) bool {
	if len(b) == 0 {
		return false
	}
	if b[0] < utf8.RuneSelf {
		return nameTab[b[0]]&startChar != 0
	}
	r, _ := utf8.DecodeRune(b)
	return isNameStartRune(r)
}

// name reads a name (XML 1.0 §2.3) at data[i] and returns the offset
// after it; colons allowed says whether it may hold them.
func (s *Scanner) name(i int, colons bool) (int, bool) {
	d := s.data
	j := i
	for j < len(d) {
		c := d[j]
		if c < utf8.RuneSelf {
			f := nameTab[c]
			if f&nameChar == 0 || j == i && f&startChar == 0 {
				break
			}
			if c == ':' && !colons {
				return 0, s.fail(j, "a colon in a name that cannot have one")
			}
			j++
			continue
		}
		r, n := utf8.DecodeRune(d[j:])
		if r == utf8.RuneError && n == 1 {
			return 0, s.fail(j, "invalid UTF-8")
		}
		if j == i && !isNameStartRune(r) || j > i && !isNameRune(r) {
			break
		}
		j += n
	}
	if j == i {
		if j >= len(d) {
			return 0, s.fail(j, "input ends where a name should be")
		}
		return 0, s.fail(j, fmt.Sprintf("a name was expected, not %q", runeAt(d, j)))
	}
	return j, true
}

func runeAt(d []byte, i int) rune {
	r, _ := utf8.DecodeRune(d[i:])
	return r
}

const (
	startChar = 1 << iota
	nameChar
)

// nameTab classifies ASCII bytes for names.
var nameTab = func() (t [utf8.RuneSelf]uint8) {
	for c := range utf8.RuneSelf {
		b := byte(c)
		switch {
		case 'a' <= b && b <= 'z', 'A' <= b && b <= 'Z', b == '_', b == ':':
			t[c] = startChar | nameChar
		case '0' <= b && b <= '9', b == '-', b == '.':
			t[c] = nameChar
		}
	}
	return t
}()

func isNameByte(c byte) bool { return c < utf8.RuneSelf && nameTab[c]&nameChar != 0 }

// isNameStartRune reports whether r, not ASCII, may start a name.
func isNameStartRune(r rune) bool {
	return 0xC0 <= r && r <= 0xD6 || 0xD8 <= r && r <= 0xF6 || 0xF8 <= r && r <= 0x2FF ||
		0x370 <= r && r <= 0x37D || 0x37F <= r && r <= 0x1FFF || 0x200C <= r && r <= 0x200D ||
		0x2070 <= r && r <= 0x218F || 0x2C00 <= r && r <= 0x2FEF || 0x3001 <= r && r <= 0xD7FF ||
		0xF900 <= r && r <= 0xFDCF || 0xFDF0 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0xEFFFF
}

// isNameRune reports whether r, not ASCII, may be in a name.
func isNameRune(r rune) bool {
	return isNameStartRune(r) || r == 0xB7 || 0x300 <= r && r <= 0x36F || 0x203F <= r && r <= 0x2040
}
