package xmlscan

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf16"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"
)

// Decode returns data as UTF-8, the encoding the scanner reads, and the
// charset it was in when that was another (nil for UTF-8). The encoding
// is found as XML 1.0 Appendix F finds it: a byte order mark for UTF-8 or
// UTF-16 (big- or little-endian), the first characters "<?" in UTF-16 or
// "<?xm" in EBCDIC without one, and otherwise the XML declaration's
// encoding pseudo-attribute, UTF-8 when there is none. Every charset of
// Charset is decoded; UTF-8 is returned as it is, byte order mark and
// all; another encoding is an error that names it. Decoded data keeps its
// XML declaration, which names the encoding the document came in, the one
// a writer writes it back in (xmlutil.WriteIn). Bytes the charset does
// not define are an error, never read as U+FFFD: a *SyntaxError that
// names them, in lines and columns of the text as decoded so far, as the
// scanner would place it (as is an unpaired surrogate in UTF-16).
func Decode(data []byte) ([]byte, *Charset, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decode16(data[2:], true, utf16Charset("UTF-16BE", true, data[:2:2]))
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}) && !bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return decode16(data[2:], false, utf16Charset("UTF-16LE", false, data[:2:2]))
	case bytes.HasPrefix(data, []byte{0, '<', 0, '?'}):
		return decode16(data, true, utf16Charset("UTF-16BE", true, nil))
	case bytes.HasPrefix(data, []byte{'<', 0, '?', 0}):
		return decode16(data, false, utf16Charset("UTF-16LE", false, nil))
	case bytes.HasPrefix(data, []byte{0, 0, 0, '<'}), bytes.HasPrefix(data, []byte{'<', 0, 0, 0}),
		bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return nil, nil, fmt.Errorf("the document is in UCS-4 (UTF-32), which feedsync does not read: convert it to UTF-8")
	case bytes.HasPrefix(data, ebcdicDecl):
		return decodeEBCDIC(data)
	}
	enc := Encoding(data)
	if isUTF8Name(enc) {
		return data, nil, nil
	}
	if bytes.HasPrefix(data, bom) {
		return nil, nil, fmt.Errorf("the document begins with UTF-8's byte order mark, but its XML declaration names %s", enc)
	}
	cs, msg := lookup(enc)
	if msg != "" {
		return nil, nil, errors.New("the XML declaration " + msg)
	}
	if cs == nil {
		return data, nil, nil
	}
	text, err := cs.decode(data, "the encoding the XML declaration names")
	return text, cs, err
}

// MIMECharset returns the charset a document is written in, as the
// charset parameter of its media type names it (RFC 7303 §3.2, which makes
// it win over the XML declaration, so it must say what the bytes are):
// "utf-16" for a UTF-16 byte order mark, else the encoding the XML
// declaration names, else "utf-8".
func MIMECharset(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return "utf-16"
	case bytes.HasPrefix(data, []byte{0, '<', 0, '?'}):
		return "utf-16be"
	case bytes.HasPrefix(data, []byte{'<', 0, '?', 0}):
		return "utf-16le"
	}
	if enc := Encoding(data); !isUTF8Name(enc) && encName(enc) {
		return strings.ToLower(enc)
	}
	return "utf-8"
}

// isUTF8Name reports whether an encoding name is UTF-8's, or none.
func isUTF8Name(enc string) bool {
	return enc == "" || strings.EqualFold(enc, "utf-8") || strings.EqualFold(enc, "utf8")
}

// ebcdicDecl is "<?xm" in EBCDIC (XML 1.0 Appendix F.1).
var ebcdicDecl = []byte{0x4C, 0x6F, 0xA7, 0x94}

// decodeEBCDIC decodes a document that begins with an XML declaration in
// EBCDIC, read as IBM037 (whose characters of a declaration every EBCDIC
// code page shares) to find the encoding it names.
func decodeEBCDIC(data []byte) ([]byte, *Charset, error) {
	head := data[:min(len(data), 256)]
	decl := make([]byte, len(head))
	for i, c := range head {
		decl[i] = byte(ebcdic().dec[c]) // the declaration is ASCII once decoded
	}
	enc := Encoding(decl)
	if enc == "" {
		return nil, nil, fmt.Errorf("the document is in EBCDIC, and its XML declaration names no encoding")
	}
	cs, msg := lookup(enc)
	if msg == "" && (cs == nil || cs.single == nil || cs.single.dec[0x4C] != '<') {
		msg = "names " + enc + ", but the document is in EBCDIC"
	}
	if msg != "" {
		return nil, nil, errors.New("the XML declaration " + msg)
	}
	text, err := cs.decode(data, "the encoding the XML declaration names")
	return text, cs, err
}

// ebcdic is IBM037's table, made when a document first begins in EBCDIC.
var ebcdic = sync.OnceValue(func() *singleByte { return newSingleByte(charmap.CodePage037, false) })

// decode returns data, in c, as UTF-8; what names c in the message of a
// byte it does not define.
func (c *Charset) decode(data []byte, what string) ([]byte, error) {
	if c.single != nil {
		return c.single.decode(data, c.Name, what)
	}
	text, err := c.enc.NewDecoder().Bytes(data)
	if err != nil {
		return nil, fmt.Errorf("the document is not in %s, %s: %v", c.Name, what, err)
	}
	if i := bytes.IndexRune(text, utf8.RuneError); i >= 0 && (!c.complete || !c.roundTrips(data, text)) {
		return nil, decodeError(text, i, fmt.Sprintf("%s not %s, %s", c.undefined(data, text, i), c.Name, what))
	}
	return text, nil
}

// roundTrips reports whether text, data decoded, encodes back to data: a
// U+FFFD in it was written so, not made of bytes the charset does not
// define.
func (c *Charset) roundTrips(data, text []byte) bool {
	back, _, err := transform.Bytes(c.NewEncoder(), text)
	return err == nil && bytes.Equal(back, data)
}

// undefined names the bytes of data that decoded as the U+FFFD at text[i]
// with the verb after them: "byte 0xFF is" or "bytes 0x81 0xFF are", found
// on the same line of data (the line ends of every ASCII-compatible
// charset are ASCII's), or "a byte sequence is" when they cannot be found.
func (c *Charset) undefined(data, text []byte, i int) string {
	line := bytes.Count(text[:i], []byte{'\n'})
	start := 0
	for range line {
		k := bytes.IndexByte(data[start:], '\n')
		if k < 0 {
			return "a byte sequence is"
		}
		start += k + 1
	}
	lineStart := bytes.LastIndexByte(text[:i], '\n') + 1
	dst := make([]byte, i-lineStart)
	_, n, _ := c.enc.NewDecoder().Transform(dst, data[start:], true)
	at := start + n
	if at >= len(data) {
		return "a byte sequence is"
	}
	end := min(at+2, len(data))
	if end > at+1 && data[at+1] < utf8.RuneSelf {
		end = at + 1
	}
	var sb strings.Builder
	sb.WriteString("byte")
	if end-at > 1 {
		sb.WriteString("s")
	}
	for _, b := range data[at:end] {
		fmt.Fprintf(&sb, " 0x%02X", b)
	}
	if end-at > 1 {
		return sb.String() + " are"
	}
	return sb.String() + " is"
}

// decode decodes a one-byte encoding named name.
func (t *singleByte) decode(b []byte, name, what string) ([]byte, error) {
	ascii := true
	for c := range utf8.RuneSelf {
		if t.dec[c] != rune(c) {
			ascii = false
			break
		}
	}
	if ascii && nonASCII(b) < 0 {
		return b, nil
	}
	out := make([]byte, 0, len(b)+len(b)/8)
	for i, c := range b {
		r := t.dec[c]
		if r == utf8.RuneError {
			return nil, decodeError(out, len(out), fmt.Sprintf("byte 0x%02X is not %s, %s", b[i], name, what))
		}
		out = utf8.AppendRune(out, r)
	}
	return out, nil
}

func nonASCII(b []byte) int {
	for i, c := range b {
		if c >= utf8.RuneSelf {
			return i
		}
	}
	return -1
}

// decode16 decodes UTF-16 to UTF-8.
func decode16(b []byte, big bool, cs *Charset) ([]byte, *Charset, error) {
	name := cs.Name
	if len(b)%2 != 0 {
		return nil, nil, fmt.Errorf("the document is in %s and has an odd number of bytes", name)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		if big {
			u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
		} else {
			u[i] = uint16(b[2*i+1])<<8 | uint16(b[2*i])
		}
	}
	out := make([]byte, 0, len(u)+len(u)/2)
	for i := 0; i < len(u); i++ {
		r := rune(u[i])
		if utf16.IsSurrogate(r) {
			if i+1 >= len(u) || !utf16.IsSurrogate(rune(u[i+1])) {
				return nil, nil, decodeError(out, len(out), fmt.Sprintf("the document is in %s and holds an unpaired surrogate (at byte %d)", name, 2*i))
			}
			r = utf16.DecodeRune(r, rune(u[i+1]))
			if r == utf8.RuneError {
				return nil, nil, decodeError(out, len(out), fmt.Sprintf("the document is in %s and holds an invalid surrogate pair (at byte %d)", name, 2*i))
			}
			i++
		}
		out = utf8.AppendRune(out, r)
	}
	return out, cs, nil
}

// decodeError is the error of text, decoded up to off, at off.
func decodeError(text []byte, off int, msg string) *SyntaxError {
	l, c := Position(text, off)
	return &SyntaxError{Off: off, Line: l, Col: c, Element: "document", Msg: msg}
}

// FixDeclaration returns decl, the instruction of an XML declaration (what
// follows "<?xml "), with its encoding pseudo-attribute naming UTF-8, for
// a document Decode turned into UTF-8.
func FixDeclaration(decl string) string {
	i := strings.Index(decl, "encoding")
	if i < 0 {
		return decl
	}
	j := i + len("encoding")
	for j < len(decl) && (isSpace(decl[j]) || decl[j] == '=') {
		j++
	}
	if j >= len(decl) || decl[j] != '"' && decl[j] != '\'' {
		return decl
	}
	end := strings.IndexByte(decl[j+1:], decl[j])
	if end < 0 {
		return decl
	}
	return decl[:j+1] + "UTF-8" + decl[j+1+end:]
}

// DeclareUTF8 returns data, which Decode turned into UTF-8, with its XML
// declaration's encoding pseudo-attribute naming UTF-8, in a new slice.
func DeclareUTF8(data []byte) []byte {
	i := 0
	if bytes.HasPrefix(data, bom) {
		i = len(bom)
	}
	if !bytes.HasPrefix(data[i:], []byte("<?xml")) {
		return data
	}
	end := bytes.Index(data[i:], []byte("?>"))
	if end < 0 {
		return data
	}
	end += i
	decl := string(data[i+len("<?xml") : end])
	fixed := FixDeclaration(decl)
	out := make([]byte, 0, len(data)+len(fixed)-len(decl))
	out = append(out, data[:i+len("<?xml")]...)
	out = append(out, fixed...)
	return append(out, data[end:]...)
}
