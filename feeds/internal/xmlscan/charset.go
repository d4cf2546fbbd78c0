package xmlscan

import (
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// Charset is the encoding a document came in, other than UTF-8, as Decode
// found it: what a writer needs to write the document back in it
// (xmlutil.WriteIn). A nil *Charset is UTF-8.
//
// The charsets are those of golang.org/x/text's IANA index (every IANA
// name and alias it gives an encoding for). A name the index does not
// know, or knows without giving an encoding (GB2312, KS_C_5601-1987,
// TIS-620 among them), is read as the WHATWG Encoding Standard reads it,
// as browsers and feed readers do (x/text's htmlindex: GB2312 as GBK,
// KS_C_5601-1987 as EUC-KR), those being supersets of what the name
// registers. The names are looked up in a table generated from the two
// indexes (charsets_gen.go, by gencharsets.go), not in the indexes
// themselves, whose inits build a map of every name in each process.
type Charset struct {
	// Name is the encoding as the document names it: its XML
	// declaration's encoding, or "UTF-16BE" or "UTF-16LE" for a byte
	// order mark alone.
	Name string
	// BOM is the byte order mark the document began with, which Decode
	// took off (UTF-16's), to be written back before the text.
	BOM []byte
	enc encoding.Encoding
	// single holds the tables of a one-byte encoding (a code page, an
	// ISO 8859 part, US-ASCII), which decode and encode without x/text's
	// transformers.
	single *singleByte
	// euc limits the two-byte codes written to the rows and cells
	// 0xA1–0xFE, the repertoire the name registers (EUC-KR's KS X 1001,
	// GB2312), where the decoder reads a superset (UHC, GBK).
	euc bool
	// complete says that every character has an encoding (UTF-16,
	// GB18030): nothing is ever written as a reference.
	complete bool
	// stateful says that the encoding shifts between character sets
	// (ISO-2022-JP, HZ-GB-2312): even ASCII goes through its encoder.
	stateful bool
}

// UTF8 reports whether c is UTF-8 (nil), which is read and written as it is.
func (c *Charset) UTF8() bool { return c == nil }

// Complete reports whether the charset encodes every character.
func (c *Charset) Complete() bool { return c == nil || c.complete }

// NewEncoder returns a transformer from UTF-8 to the charset, which
// stops at a character it cannot encode with an error that has a method
// Replacement() byte (x/text's repertoire error).
func (c *Charset) NewEncoder() transform.Transformer {
	switch {
	case c.single != nil:
		return singleEncoder{c.single}
	case c.euc:
		return &eucEncoder{base: c.enc.NewEncoder()}
	}
	return c.enc.NewEncoder()
}

// RepertoireError is a character a charset cannot encode, as the encoders
// of NewEncoder give it (x/text's internal error has the same method).
type RepertoireError struct{}

func (RepertoireError) Error() string { return "xmlscan: character not in the charset" }

// Replacement returns the byte x/text's encoders substitute: '?'.
func (RepertoireError) Replacement() byte { return '?' }

//go:generate go run gencharsets.go

// lookup returns the charset named name, or an error message.
func lookup(name string) (*Charset, string) {
	row, known := charsetOf(name)
	if !known {
		return nil, "names encoding " + quote(name) + ", which is no character set feedsync knows (IANA's names and aliases, WHATWG's labels): convert the document to UTF-8"
	}
	if row == 0 {
		return nil, "names encoding " + quote(name) + ", an IANA character set that feedsync (golang.org/x/text) does not read: convert the document to UTF-8"
	}
	return charsetFor(name, charsetEncoding(row), charsetRows[row])
}

// charsetFor is the charset named name whose encoding is e, canonical its
// IANA name, or an error message.
func charsetFor(name string, e encoding.Encoding, canonical string) (*Charset, string) {
	switch canonical {
	case "UTF-8":
		return nil, ""
	case "UTF-16", "UTF-16BE", "UTF-16LE":
		return nil, "names " + name + ", but the document is not in UTF-16 with a byte order mark"
	}
	c := &Charset{Name: name, enc: e}
	switch e {
	case simplifiedchinese.GB18030:
		c.complete = true
	case japanese.ISO2022JP, simplifiedchinese.HZGB2312:
		c.stateful = true
	}
	if m, ok := e.(*charmap.Charmap); ok {
		c.single = newSingleByte(m, strings.EqualFold(canonical, "windows-1252"))
	} else if canonical == "US-ASCII" {
		c.single = asciiTable()
	}
	c.euc = eucName(strings.ToLower(name))
	return c, ""
}

// charsetOf finds name as golang.org/x/text's IANA index finds it (with
// spaces trimmed, as given, then in lower case), then its WHATWG index (in
// lower case), in the table gencharsets.go makes of the two: the row of
// charsetRows it names, 0 for an IANA name x/text has no encoding for;
// known is false for a name neither index knows.
func charsetOf(name string) (row uint8, known bool) {
	name = strings.TrimSpace(name)
	i, ok := slices.BinarySearchFunc(charsetNames[:], name, compareName)
	if !ok {
		i, ok = slices.BinarySearchFunc(charsetNames[:], strings.ToLower(name), compareName)
	}
	if !ok {
		return 0, false
	}
	return charsetNames[i].row, true
}

// charsetName is a name of a charset, and its row of charsetRows.
type charsetName struct {
	name string
	row  uint8
}

func compareName(n charsetName, name string) int { return strings.Compare(n.name, name) }

// utf16Charset returns the charset of a UTF-16 document that began with bom
// (none when nil), named name.
func utf16Charset(name string, big bool, bom []byte) *Charset {
	order := unicode.LittleEndian
	if big {
		order = unicode.BigEndian
	}
	return &Charset{Name: name, BOM: bom, enc: unicode.UTF16(order, unicode.IgnoreBOM), complete: true}
}

// eucName reports whether the two-byte codes of the charset named name,
// in lower case, are written within 0xA1–0xFE (Charset.euc).
func eucName(name string) bool {
	switch name {
	case "euc-kr", "cseuckr", "ks_c_5601-1987", "ks_c_5601-1989", "ksc_5601", "ksc5601", "csksc56011987", "iso-ir-149", "korean",
		"gb2312", "csgb2312", "euc-cn", "x-euc-cn", "gb_2312-80", "iso-ir-58", "csiso58gb231280", "chinese":
		return true
	}
	return false
}

// singleByte is a one-byte encoding's tables: the character of each byte
// (utf8.RuneError for a byte the encoding leaves undefined) and the byte
// of each character.
type singleByte struct {
	dec [256]rune
	enc map[rune]byte
}

// newSingleByte reads m's tables. windows-1252's five undefined bytes
// (0x81, 0x8D, 0x8F, 0x90, 0x9D) are read as the C1 controls of the same
// number, as the WHATWG Encoding Standard and Windows read them, and
// written back so.
func newSingleByte(m *charmap.Charmap, cp1252 bool) *singleByte {
	t := &singleByte{enc: make(map[rune]byte, 256)}
	for b := range 256 {
		r := m.DecodeByte(byte(b))
		if r == utf8.RuneError && cp1252 && b >= 0x80 && b < 0xA0 {
			r = rune(b)
		}
		t.dec[b] = r
		if r != utf8.RuneError {
			if _, dup := t.enc[r]; !dup {
				t.enc[r] = byte(b)
			}
		}
	}
	return t
}

// asciiTable is US-ASCII's: bytes from 0x80 are undefined. It is made
// when a document first names US-ASCII, not at start-up.
var asciiTable = sync.OnceValue(func() *singleByte {
	t := &singleByte{enc: make(map[rune]byte, 128)}
	for b := range 256 {
		t.dec[b] = utf8.RuneError
		if b < utf8.RuneSelf {
			t.dec[b], t.enc[rune(b)] = rune(b), byte(b)
		}
	}
	return t
})

// singleEncoder encodes UTF-8 in a one-byte encoding.
type singleEncoder struct{ t *singleByte }

func (singleEncoder) Reset() {}

func (e singleEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		r, n := rune(c), 1
		if c >= utf8.RuneSelf {
			if !atEOF && !utf8.FullRune(src[nSrc:]) {
				return nDst, nSrc, transform.ErrShortSrc
			}
			r, n = utf8.DecodeRune(src[nSrc:])
		}
		b, ok := e.t.enc[r]
		if r < utf8.RuneSelf && e.t.dec[c] == r {
			b, ok = c, true
		}
		if !ok {
			return nDst, nSrc, RepertoireError{}
		}
		if nDst >= len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = b
		nDst++
		nSrc += n
	}
	return nDst, nSrc, nil
}

// eucEncoder is an EUC encoder that refuses the two-byte codes outside
// 0xA1–0xFE its base writes for a superset (Charset.euc).
type eucEncoder struct {
	base transform.Transformer
	buf  [8]byte
}

func (e *eucEncoder) Reset() { e.base.Reset() }

func (e *eucEncoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		c := src[nSrc]
		if c < utf8.RuneSelf {
			if nDst >= len(dst) {
				return nDst, nSrc, transform.ErrShortDst
			}
			dst[nDst] = c
			nDst, nSrc = nDst+1, nSrc+1
			continue
		}
		if !atEOF && !utf8.FullRune(src[nSrc:]) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		_, n := utf8.DecodeRune(src[nSrc:])
		m, _, err := e.base.Transform(e.buf[:], src[nSrc:nSrc+n], true)
		if err != nil || m != 2 || e.buf[0] < 0xA1 || e.buf[0] > 0xFE || e.buf[1] < 0xA1 || e.buf[1] > 0xFE {
			return nDst, nSrc, RepertoireError{}
		}
		if nDst+2 > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		copy(dst[nDst:], e.buf[:2])
		nDst, nSrc = nDst+2, nSrc+n
	}
	return nDst, nSrc, nil
}
