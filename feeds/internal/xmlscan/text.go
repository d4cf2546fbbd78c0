package xmlscan

import (
	"bytes"
	"fmt"
	"unicode"
	"unicode/utf8"
)

// text reads character data up to the next '<' or the end.
func (s *Scanner) text() bool {
	i := s.pos
	j, space, plain := s.plainText(i)
	if !plain {
		// Something to decode or to look at closer: the whole text
		// again, the careful way.
		if j = bytes.IndexByte(s.data[i:], '<'); j < 0 {
			j = len(s.data)
		} else {
			j += i
		}
		var ok bool
		if space, plain, ok = s.checkText(i, j); !ok {
			return false
		}
	}
	if len(s.stack) == 0 && !space {
		return s.fail(s.skipSpace(i), "text outside the root element")
	}
	s.pos = j
	text := s.str(i, j)
	if !plain {
		var ok bool
		if text, ok = s.decode(i, j, false); !ok {
			return false
		}
	}
	s.setText(Text, i, j, text, space && plain, plain)
	return true
}

// plainText reads the text at data[i:] in one pass, as far as it holds
// white space and characters that need no decoding, nor a closer look
// than at a table (textClass) or, not ASCII, at their encoding: the bulk
// of most documents. It returns where the text ends, at the next '<' or
// the end of the data, and whether it is white space alone; plain is
// false at anything else, which checkText reads.
func (s *Scanner) plainText(i int) (end int, space, plain bool) {
	d := s.data
	k := i
	for k < len(d) && textClass[d[k]] == textSpace {
		k++
	}
	space = true
	for k < len(d) {
		c := d[k]
		switch {
		case c == '<':
			return k, space, true
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRune(d[k:])
			if r == utf8.RuneError && n == 1 || r == 0xFFFE || r == 0xFFFF {
				return 0, false, false
			}
			k += n
		case textClass[c] == textOther:
			return 0, false, false
		default:
			for k++; k < len(d) && textClass[d[k]] != textOther; k++ {
			}
		}
		space = false
	}
	return k, space, true
}

// checkText checks the characters of text data[i:j]: legal characters,
// no "]]>", references well-formed. It reports whether the text is white
// space alone and whether it is plain (nothing to decode).
func (s *Scanner) checkText(i, j int) (space, plain, ok bool) {
	space, plain = true, true
	d := s.data[:j]
	for k := i; k < len(d); {
		c := d[k]
		switch textClass[c] {
		case textSpace:
			k++
			continue
		case textChar:
			// A run of ordinary characters and white space, the bulk of
			// any text, checked a byte at a time by the table alone.
			space = false
			for k++; k < len(d) && textClass[d[k]] != textOther; k++ {
			}
			continue
		}
		switch {
		case c == '\r':
			plain = false
		case c == '&':
			plain, space = false, false
			n, ok := s.checkRef(k, j)
			if !ok {
				return false, false, false
			}
			k = n
			continue
		case c == ']':
			space = false
			if k+2 < j && d[k+1] == ']' && d[k+2] == '>' {
				s.fail(k, "]]> in text: it ends a CDATA section, and there is none to end")
				return false, false, false
			}
		case c < 0x20:
			s.fail(k, fmt.Sprintf("illegal character U+%04X", c))
			return false, false, false
		default: // not ASCII
			space = false
			n, ok := s.checkRune(k)
			if !ok {
				return false, false, false
			}
			k += n
			continue
		}
		k++
	}
	return space, plain, true
}

// The classes of bytes in text (textClass).
const (
	textChar  = iota // an ASCII character that needs no other check
	textSpace        // white space that needs no decoding: ' ', '\n', '\t'
	textOther        // '\r', '&', ']', '<', a control character, or not ASCII
)

// textClass classifies every byte for checkText.
var textClass = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c == ' ' || c == '\n' || c == '\t':
			t[c] = textSpace
		case c < 0x20 || c >= utf8.RuneSelf || c == '\r' || c == '&' || c == ']' || c == '<':
			t[c] = textOther
		}
	}
	return t
}()

// checkRune checks the character encoded at data[k:], not ASCII, and
// returns its length.
func (s *Scanner) checkRune(k int) (int, bool) {
	r, n := utf8.DecodeRune(s.data[k:])
	switch {
	case r == utf8.RuneError && n == 1:
		return 0, s.fail(k, "invalid UTF-8")
	case r == 0xFFFE || r == 0xFFFF:
		return 0, s.fail(k, fmt.Sprintf("illegal character U+%04X", r))
	}
	return n, true
}

// checkChars checks that data[i:j] holds legal characters only, for
// comments, CDATA sections and processing instructions.
func (s *Scanner) checkChars(i, j int) bool {
	d := s.data
	for k := i; k < j; {
		c := d[k]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\n' && c != '\t' && c != '\r' {
				return s.fail(k, fmt.Sprintf("illegal character U+%04X", c))
			}
			k++
			continue
		}
		n, ok := s.checkRune(k)
		if !ok {
			return false
		}
		k += n
	}
	return true
}

// checkRef checks the reference at data[k] ('&'), ending before j, and
// returns the offset after it.
func (s *Scanner) checkRef(k, j int) (int, bool) {
	_, n, ok := s.ref(k, j)
	return n, ok
}

// ref decodes the reference at data[k] ('&'), ending before j: a
// character reference to a legal character, one of the five predefined
// entities, or an entity the document declares that can be expanded
// (declared), whose character is -1: decode appends its replacement text.
// It returns the character and the offset after the reference.
func (s *Scanner) ref(k, j int) (rune, int, bool) {
	d := s.data
	semi := bytes.IndexByte(d[k:j], ';')
	if semi < 0 {
		end := k + 1
		for end < j && end < k+32 && isNameByte(d[end]) {
			end++
		}
		return 0, 0, s.fail(k, fmt.Sprintf("invalid character entity %s (no semicolon)", d[k:end]))
	}
	body := d[k+1 : k+semi]
	next := k + semi + 1
	if len(body) > 0 && body[0] == '#' {
		r, ok := charRef(body[1:])
		if !ok {
			return 0, 0, s.fail(k, fmt.Sprintf("character reference &%s; is not a legal XML character", cut(body)))
		}
		return r, next, true
	}
	if r, ok := predefined(string(body)); ok {
		return r, next, true
	}
	if _, ok := s.declared(k, s.str(k+1, k+semi)); !ok {
		return 0, 0, false
	}
	return -1, next, true
}

// cut returns the body of a reference, cut to 64 bytes and "..." when
// longer, for a message.
func cut(body []byte) []byte {
	if len(body) > 64 {
		return append(body[:64:64], "..."...)
	}
	return body
}

// charRef decodes the digits of a character reference: decimal, or
// hexadecimal after 'x'. Any number of digits is read, leading zeros and
// all (&#x0000000041; is 'A'); a value past the last code point stops
// growing there, so that it cannot overflow and is refused as no
// character.
func charRef(b []byte) (rune, bool) {
	base := 10
	if len(b) > 0 && b[0] == 'x' {
		base, b = 16, b[1:]
	}
	if len(b) == 0 {
		return 0, false
	}
	var r rune
	for _, c := range b {
		var v byte
		switch {
		case '0' <= c && c <= '9':
			v = c - '0'
		case base == 16 && 'a' <= c && c <= 'f':
			v = c - 'a' + 10
		case base == 16 && 'A' <= c && c <= 'F':
			v = c - 'A' + 10
		default:
			return 0, false
		}
		if r <= unicode.MaxRune {
			r = r*rune(base) + rune(v)
		}
	}
	return r, isChar(r)
}

// isChar reports whether r is a legal XML character (XML 1.0 §2.2).
func isChar(r rune) bool {
	return r == 0x9 || r == 0xA || r == 0xD || 0x20 <= r && r <= 0xD7FF ||
		0xE000 <= r && r <= 0xFFFD || 0x10000 <= r && r <= 0x10FFFF
}

// lines returns data[i:j] with its line ends normalized to "\n" (XML 1.0
// §2.11), for text that holds no references.
func (s *Scanner) lines(i, j int) string {
	if bytes.IndexByte(s.data[i:j], '\r') < 0 {
		return s.str(i, j)
	}
	b := s.buf[:0]
	for k := i; k < j; k++ {
		c := s.data[k]
		if c == '\r' {
			if k+1 < j && s.data[k+1] == '\n' {
				k++
			}
			c = '\n'
		}
		b = append(b, c)
	}
	s.buf = b
	return string(b)
}

// decode returns the text data[i:j], already checked, with references
// decoded and line ends normalized (XML 1.0 §2.11); for an attribute
// value, white space characters become spaces too (§3.3.3).
func (s *Scanner) decode(i, j int, attr bool) (string, bool) {
	d := s.data
	b := s.buf[:0]
	for k := i; k < j; {
		c := d[k]
		switch {
		case c == '&':
			r, n, ok := s.ref(k, j)
			if !ok {
				return "", false
			}
			if r >= 0 {
				b = utf8.AppendRune(b, r)
			} else if b, ok = s.expandAt(b, k, n, attr); !ok {
				return "", false
			}
			k = n
			continue
		case c == '\r':
			if k+1 < j && d[k+1] == '\n' {
				k++
			}
			c = '\n'
			if attr {
				c = ' '
			}
		case attr && (c == '\n' || c == '\t'):
			c = ' '
		}
		b = append(b, c)
		k++
	}
	s.buf = b
	return string(b), true
}
