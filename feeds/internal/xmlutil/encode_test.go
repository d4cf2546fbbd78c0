package xmlutil

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/xmlscan"
)

// decoded returns the text and charset of a document given as UTF-8 text
// declaring enc, encoded in enc.
func decoded(t *testing.T, enc, text string) ([]byte, []byte, *xmlscan.Charset) {
	t.Helper()
	_, cs, err := xmlscan.Decode([]byte(`<?xml version="1.0" encoding="` + enc + `"?><a/>`))
	if err != nil {
		t.Fatal(err)
	}
	data := EncodeIn([]byte(text), cs)
	got, cs, err := xmlscan.Decode(data)
	if err != nil || string(got) != text {
		t.Fatalf("%s: %q decodes as %q, %v", enc, data, got, err)
	}
	return data, got, cs
}

// TestWriteInWritesWhatTheCharsetLacksAsReferences guards issue 31 item 2
// ("a character the encoding cannot hold becomes a character reference"):
// in text and in an attribute's value it is &#x…;, which XML reads as the
// character; in a CDATA section the section is closed around it; where no
// reference can stand (a comment here), the document is written in UTF-8,
// its declaration saying so. What the charset holds keeps its bytes, and
// what is written reads back as the text it was written from.
func TestWriteInWritesWhatTheCharsetLacksAsReferences(t *testing.T) {
	for _, tc := range []struct{ name, enc, text, want string }{
		{"latin1_text_and_value", "ISO-8859-1", `<a b="é 한">é 한</a>`, "<a b=\"\xe9 &#xD55C;\">\xe9 &#xD55C;</a>"},
		{"latin1_cdata", "ISO-8859-1", `<a><![CDATA[é<한>]]></a>`, "<a><![CDATA[\xe9<]]>&#xD55C;<![CDATA[>]]></a>"},
		{"euc_kr_beyond_ks_x_1001", "euc-kr", `<a>가똠</a>`, "<a>\xb0\xa1&#xB620;</a>"},
		{"iso_2022_jp_shifts_back", "ISO-2022-JP", `<a>日本€x</a>`, "<a>\x1b$BF|K\\\x1b(B&#x20AC;x</a>"},
		{"doctype_then_text", "ISO-8859-1", `<!DOCTYPE a [<!ENTITY e "x>]"><!-- ]> ' --><?p ]>?>]><a b='"'>한</a>`, `<!DOCTYPE a [<!ENTITY e "x>]"><!-- ]> ' --><?p ]>?>]><a b='"'>&#xD55C;</a>`},
		{"comment_gives_utf8", "ISO-8859-1", "<a>é<!-- 한 --></a>", `<?xml version="1.0" encoding="UTF-8"?><a>é<!-- 한 --></a>`},
		{"name_gives_utf8", "ISO-8859-1", "<a><한/></a>", `<?xml version="1.0" encoding="UTF-8"?><a><한/></a>`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			decl := `<?xml version="1.0" encoding="` + tc.enc + `"?>`
			_, _, cs := decoded(t, tc.enc, decl+"<a/>")
			var b bytes.Buffer
			n, err := WriteIn(&b, cs, func(w io.Writer) error {
				_, err := io.WriteString(w, decl+tc.text)
				return err
			})
			want := tc.want
			if !strings.HasPrefix(want, "<?xml") {
				want = decl + want
			}
			if err != nil || b.String() != want || n != int64(b.Len()) {
				t.Fatalf("WriteIn = %q, %d, %v\nwant %q", b.String(), n, err, want)
			}
			text, _, err := xmlscan.Decode(b.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if err := xmlscan.Check(text); err != nil {
				t.Errorf("written document does not scan: %v", err)
			}
		})
	}
}

// TestWriteInKeepsBytes is the property the writers build on: a document
// decoded and written back through WriteIn in pieces of any size is its
// bytes again, for every kind of charset (one byte, EUC, shifting,
// UTF-16 with its byte order mark).
func TestWriteInKeepsBytes(t *testing.T) {
	for _, enc := range []string{"windows-1252", "euc-kr", "Big5", "Shift_JIS", "ISO-2022-JP", "HZ-GB-2312", "GB18030"} {
		text := `<?xml version="1.0" encoding="` + enc + `"?>` + "\n<f a=\"é가中日\">\n<t>€ 가나 中文 日本語 ~ x</t><![CDATA[中~]]><!-- 日 -->\n</f>\n"
		data, got, cs := decodedLenient(t, enc, text)
		for _, piece := range []int{1, 3, 7, 4096} {
			var b bytes.Buffer
			WriteIn(&b, cs, func(w io.Writer) error {
				for i := 0; i < len(got); i += piece {
					if _, err := w.Write(got[i:min(i+piece, len(got))]); err != nil {
						return err
					}
				}
				return nil
			})
			if !bytes.Equal(b.Bytes(), data) {
				t.Errorf("%s in pieces of %d: %q\nwant %q", enc, piece, b.Bytes(), data)
			}
		}
	}
	u16 := []byte{0xFF, 0xFE}
	for _, c := range `<?xml version="1.0" encoding="UTF-16"?><a>é</a>` {
		u16 = append(u16, byte(c), byte(c>>8))
	}
	got, cs, err := xmlscan.Decode(u16)
	if err != nil {
		t.Fatal(err)
	}
	if back := EncodeIn(got, cs); !bytes.Equal(back, u16) {
		t.Errorf("UTF-16LE: %q", back)
	}
}

// decodedLenient is decoded for a text some of whose characters the
// charset may lack, which it drops from the text first.
func decodedLenient(t *testing.T, enc, text string) ([]byte, []byte, *xmlscan.Charset) {
	t.Helper()
	_, cs, err := xmlscan.Decode([]byte(`<?xml version="1.0" encoding="` + enc + `"?><a/>`))
	if err != nil {
		t.Fatal(err)
	}
	var keep strings.Builder
	for _, r := range text {
		if !bytes.Contains(EncodeIn([]byte(string(r)), cs), []byte("&#x")) {
			keep.WriteRune(r)
		}
	}
	return decoded(t, enc, keep.String())
}

// FuzzWriteIn reads any input as the bindings do (xmlscan.Decode) and
// writes a well-formed one back in its charset (WriteIn): decoding never
// panics, and what is written decodes again to a well-formed document
// that holds the same text, a character the charset lacks written as a
// reference (or the document in UTF-8).
//
//	$ go test -fuzz=FuzzWriteIn ./feeds/internal/xmlutil
func FuzzWriteIn(f *testing.F) {
	for _, enc := range []string{"ISO-8859-1", "windows-1252", "euc-kr", "Big5", "Shift_JIS", "ISO-2022-JP", "GB18030", "KOI8-R"} {
		f.Add([]byte(`<?xml version="1.0" encoding="` + enc + `"?><a b="é">x<![CDATA[y]]><!--z--></a>`))
	}
	f.Add([]byte("<?xml version=\"1.0\" encoding=\"euc-kr\"?>\n<a>\xb0\xa1 &#xB620;</a>"))
	f.Add([]byte("\xff\xfe<\x00a\x00/\x00>\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		text, cs, err := xmlscan.Decode(data)
		if err != nil || cs == nil || xmlscan.Check(text) != nil {
			return
		}
		out := EncodeIn(text, cs)
		back, _, err := xmlscan.Decode(out)
		if err != nil {
			t.Fatalf("written %q does not decode: %v", out, err)
		}
		if err := xmlscan.Check(back); err != nil {
			t.Fatalf("written %q does not scan: %v", out, err)
		}
		if texts(t, back) != texts(t, text) {
			t.Fatalf("text changed:\n%q\n%q", texts(t, back), texts(t, text))
		}
	})
}

// texts returns the character data and attribute values of a document,
// references decoded, CDATA sections read as text.
func texts(t *testing.T, doc []byte) string {
	var b strings.Builder
	s := xmlscan.New(doc)
	for s.Next() {
		tok := s.Token()
		switch tok.Kind {
		case xmlscan.Text, xmlscan.CDATA:
			b.WriteString(tok.Text)
		case xmlscan.StartElement:
			for _, a := range tok.Attrs {
				b.WriteString("\x00" + a.Value + "\x00")
			}
		}
	}
	return b.String()
}
