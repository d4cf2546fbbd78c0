package xmlscan

import (
	"bytes"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Decode returns data as UTF-8, the encoding the scanner reads, and the
// name of the encoding it was in when that was another ("" for UTF-8).
// The encoding is found as XML 1.0 Appendix F finds it: a byte order mark
// for UTF-16 (big- or little-endian), the first characters "<?" in
// UTF-16 without one, and otherwise the XML declaration's encoding
// pseudo-attribute. UTF-16, ISO-8859-1 (Latin-1), windows-1252 and
// US-ASCII are decoded; UTF-8 is returned as it is, byte order mark and
// all; any other encoding is an error that names it. Decoded data keeps
// its XML declaration, which names the encoding it no longer is in:
// FixDeclaration names UTF-8 instead. An error at a place in the text
// (a byte US-ASCII does not have, an unpaired surrogate) is a
// *SyntaxError that names it, in lines and columns of the text as
// decoded so far, as the scanner would place it.
func Decode(data []byte) ([]byte, string, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return decode16(data[2:], true, "UTF-16BE")
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return decode16(data[2:], false, "UTF-16LE")
	case bytes.HasPrefix(data, []byte{0, '<', 0, '?'}):
		return decode16(data, true, "UTF-16BE")
	case bytes.HasPrefix(data, []byte{'<', 0, '?', 0}):
		return decode16(data, false, "UTF-16LE")
	case bytes.HasPrefix(data, []byte{0, 0, 0, '<'}), bytes.HasPrefix(data, []byte{'<', 0, 0, 0}),
		bytes.HasPrefix(data, []byte{0, 0, 0xFE, 0xFF}), bytes.HasPrefix(data, []byte{0xFF, 0xFE, 0, 0}):
		return nil, "", fmt.Errorf("the document is in UCS-4 (UTF-32), which feedsync does not read: convert it to UTF-8")
	}
	enc := Encoding(data)
	switch norm := strings.ToLower(enc); norm {
	case "", "utf-8", "utf8":
		return data, "", nil
	case "us-ascii", "ascii":
		if i := nonASCII(data); i >= 0 {
			return nil, "", decodeError(data, i, fmt.Sprintf("byte 0x%02X is not US-ASCII, the encoding the XML declaration names", data[i]))
		}
		return data, enc, nil
	case "iso-8859-1", "latin1", "latin-1", "iso_8859-1", "l1":
		return decode8(data, nil), enc, nil
	case "windows-1252", "cp1252":
		return decode8(data, &cp1252), enc, nil
	case "utf-16", "utf-16le", "utf-16be":
		return nil, "", fmt.Errorf("the XML declaration names %s, but the document is not in UTF-16 with a byte order mark", enc)
	}
	return nil, "", fmt.Errorf("the XML declaration names encoding %q, which feedsync does not read: convert the document to UTF-8", enc)
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
func decode16(b []byte, big bool, name string) ([]byte, string, error) {
	if len(b)%2 != 0 {
		return nil, "", fmt.Errorf("the document is in %s and has an odd number of bytes", name)
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
				return nil, "", decodeError(out, len(out), fmt.Sprintf("the document is in %s and holds an unpaired surrogate (at byte %d)", name, 2*i))
			}
			r = utf16.DecodeRune(r, rune(u[i+1]))
			if r == utf8.RuneError {
				return nil, "", decodeError(out, len(out), fmt.Sprintf("the document is in %s and holds an invalid surrogate pair (at byte %d)", name, 2*i))
			}
			i++
		}
		out = utf8.AppendRune(out, r)
	}
	return out, name, nil
}

// decodeError is the error of text, decoded up to off, at off.
func decodeError(text []byte, off int, msg string) *SyntaxError {
	l, c := Position(text, off)
	return &SyntaxError{Off: off, Line: l, Col: c, Element: "document", Msg: msg}
}

// cp1252 maps windows-1252's bytes 0x80 to 0x9F; 0 marks the five it
// leaves undefined, which decode as the C1 controls of ISO-8859-1.
var cp1252 = [32]rune{
	0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
	0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
}

// decode8 decodes a one-byte encoding: ISO-8859-1, or windows-1252 with
// its table for 0x80 to 0x9F.
func decode8(b []byte, high *[32]rune) []byte {
	if nonASCII(b) < 0 {
		return b
	}
	out := make([]byte, 0, len(b)+len(b)/8)
	for _, c := range b {
		r := rune(c)
		if high != nil && 0x80 <= c && c <= 0x9F && high[c-0x80] != 0 {
			r = high[c-0x80]
		}
		out = utf8.AppendRune(out, r)
	}
	return out
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
