package xmlscan_test

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/transform"
)

// sampleText mixes the scripts the charsets of the world hold: each
// charset's documents hold those of its characters it can encode.
const sampleText = "Café Größe € — “quotes” Ελληνικά Русский עברית العربية ไทย 日本語のかな カナ 한국어 中文简体 繁體中文 ŁódźŠđ"

// encodable returns the characters of s that the charset named name
// writes (those of its encoding e, within what the name registers).
func encodable(t *testing.T, e encoding.Encoding, name, s string) string {
	_, cs, err := xmlscan.Decode([]byte(`<?xml version="1.0" encoding="` + name + `"?><a/>`))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range s {
		_, _, err := transform.String(cs.NewEncoder(), string(r))
		if _, err2 := e.NewEncoder().String(string(r)); err == nil && err2 == nil {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TestDecodesEveryIANACharset guards issue 31 item 2: only UTF-8, UTF-16,
// Latin-1 and cp1252 were read, and euc-kr, big5, gb2312, iso-8859-7 and
// the like were refused with "convert the document to UTF-8". A document
// in any charset of golang.org/x/text's IANA index is decoded to the
// UTF-8 text it holds, and the charset Decode gives encodes that text back
// to the very bytes it came in: what the writers rely on to write an
// untouched item byte for byte.
func TestDecodesEveryIANACharset(t *testing.T) {
	for _, name := range []string{
		"US-ASCII", "ISO-8859-1", "ISO-8859-2", "ISO-8859-5", "ISO-8859-7", "ISO-8859-8", "ISO-8859-9", "ISO-8859-15", "ISO-8859-16",
		"windows-1250", "windows-1251", "windows-1252", "windows-1253", "windows-1255", "windows-1256", "windows-1258", "windows-874",
		"KOI8-R", "KOI8-U", "macintosh", "IBM437", "IBM850", "IBM866",
		"EUC-KR", "Big5", "GBK", "GB18030", "gb2312", "EUC-JP", "Shift_JIS", "ISO-2022-JP", "HZ-GB-2312", "ks_c_5601-1987", "TIS-620",
	} {
		t.Run(name, func(t *testing.T) {
			e, err := ianaindex.IANA.Encoding(name)
			if e == nil {
				e, err = htmlindexGet(name)
			}
			if e == nil {
				t.Fatalf("x/text has no %s: %v", name, err)
			}
			sample := encodable(t, e, name, sampleText)
			text := `<?xml version="1.0" encoding="` + name + `"?>` + "\n<feed a=\"" + sample + "\">\n<t>" + sample + "</t>\n</feed>\n"
			if utf8.RuneCountInString(sample) < 10 {
				t.Fatalf("%s holds too little of the sample to test: %q", name, sample)
			}
			data, err := e.NewEncoder().Bytes([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			got, cs, err := xmlscan.Decode(data)
			if err != nil {
				t.Fatalf("Decode: %v", err)
			}
			if string(got) != text || cs == nil || cs.Name != name {
				t.Fatalf("Decode = %q, %v; want %q in %s", got, cs, text, name)
			}
			if err := xmlscan.Check(got); err != nil {
				t.Errorf("decoded text does not scan: %v", err)
			}
			back, _, err := transform.Bytes(cs.NewEncoder(), got)
			if err != nil || !bytes.Equal(back, data) {
				t.Errorf("encoded back: %q, %v\nwant %q", back, err, data)
			}
		})
	}
}

// TestDecodeNamesWhatItCannotRead covers what Decode refuses, each with the
// place of the first byte it cannot read where there is one: a byte the
// charset leaves undefined is never read as U+FFFD (XML 1.0 §4.3.3: a
// fatal error), and an encoding that no index knows is named.
func TestDecodeNamesWhatItCannotRead(t *testing.T) {
	for _, tc := range []struct{ name, doc, want string }{
		{"euc_kr_undefined", "<?xml version=\"1.0\" encoding=\"euc-kr\"?>\n<a>\xb0\xa1\xff\xfe</a>", "2:7: document: bytes 0xFF 0xFE are not euc-kr, the encoding the XML declaration names"},
		{"big5_cut", "<?xml version=\"1.0\" encoding=\"big5\"?>\n<a>\n x\xa4</a>", "3:3: document: byte 0xA4 is not big5"},
		{"iso_8859_3_undefined", "<?xml version=\"1.0\" encoding=\"ISO-8859-3\"?><a>\xa5</a>", "1:47: document: byte 0xA5 is not ISO-8859-3"},
		{"ascii", "<?xml version=\"1.0\" encoding=\"US-ASCII\"?><a>\xe9</a>", "1:45: document: byte 0xE9 is not US-ASCII"},
		{"unknown", `<?xml version="1.0" encoding="x-nonesuch"?><a/>`, `the XML declaration names encoding "x-nonesuch", which is no character set feedsync knows`},
		{"iana_without_encoding", `<?xml version="1.0" encoding="ISO-10646-UCS-Basic"?><a/>`, `the XML declaration names encoding "ISO-10646-UCS-Basic", an IANA character set that feedsync (golang.org/x/text) does not read`},
		{"utf16_without_bom", `<?xml version="1.0" encoding="UTF-16"?><a/>`, "names UTF-16, but the document is not in UTF-16 with a byte order mark"},
		{"utf8_bom_and_latin1", "\uFEFF<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a/>", "begins with UTF-8's byte order mark, but its XML declaration names ISO-8859-1"},
		{"ebcdic_other", "\x4c\x6f\xa7\x94\x93\x40\xa5\x85\x99\xa2\x89\x96\x95\x7e\x7f\xf1\x4b\xf0\x7f\x40\x85\x95\x83\x96\x84\x89\x95\x87\x7e\x7f\xe4\xe3\xc6\x60\xf8\x7f\x6f\x6e", "names UTF-8, but the document is in EBCDIC"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, _, err := xmlscan.Decode([]byte(tc.doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Decode error = %v\nwant %s", err, tc.want)
			}
		})
	}
}

// TestDecodeReadings covers how names and odd bytes are read: windows-1252's
// five undefined bytes as the C1 controls of their number (WHATWG's and
// Windows' reading, written back the same); GB2312, which the IANA index
// names without an encoding, as GBK (the WHATWG reading, a superset); an
// EBCDIC document by the code page its declaration names; a UTF-8
// document as it is, no copy made.
func TestDecodeReadings(t *testing.T) {
	cp := "<?xml version=\"1.0\" encoding=\"windows-1252\"?><a>\x80\x81\x8d\x9d</a>"
	text, cs, err := xmlscan.Decode([]byte(cp))
	if err != nil || !strings.Contains(string(text), "<a>€\u0081\u008d\u009d</a>") {
		t.Errorf("windows-1252: %q, %v", text, err)
	}
	if back, _, err := transform.Bytes(cs.NewEncoder(), text); err != nil || string(back) != cp {
		t.Errorf("windows-1252 back: %q, %v", back, err)
	}
	gb := "<?xml version=\"1.0\" encoding=\"gb2312\"?><a>\xd6\xd0\xce\xc4</a>"
	if text, cs, err := xmlscan.Decode([]byte(gb)); err != nil || !strings.Contains(string(text), "<a>中文</a>") || cs.Name != "gb2312" {
		t.Errorf("gb2312: %q, %v, %v", text, cs, err)
	}
	e, _ := ianaindex.IANA.Encoding("IBM037")
	ebc, _ := e.NewEncoder().String(`<?xml version="1.0" encoding="IBM037"?>` + "\n<a>é</a>")
	if text, cs, err := xmlscan.Decode([]byte(ebc)); err != nil || string(text) != `<?xml version="1.0" encoding="IBM037"?>`+"\n<a>é</a>" || cs.Name != "IBM037" {
		t.Errorf("IBM037: %q, %v, %v", text, cs, err)
	}
	u := []byte(`<?xml version="1.0" encoding="UTF-8"?><a>é</a>`)
	if text, cs, err := xmlscan.Decode(u); err != nil || cs != nil || &text[0] != &u[0] {
		t.Errorf("UTF-8: copied or named: %v, %v", cs, err)
	}
}

// htmlindexGet is the WHATWG index's encoding of name, for the names the
// IANA index knows without one.
func htmlindexGet(name string) (encoding.Encoding, error) { return htmlindex.Get(name) }
