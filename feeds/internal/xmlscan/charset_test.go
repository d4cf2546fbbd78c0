package xmlscan

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
)

// TestCharsetTableAgreesWithXText checks that lookup, which reads the
// table gencharsets.go makes, finds for every name it holds, in every
// case, with spaces around, and for names it does not hold, the charset
// (or the message) that it found when it consulted golang.org/x/text's
// IANA and WHATWG indexes, whose inits every process paid for.
func TestCharsetTableAgreesWithXText(t *testing.T) {
	names := []string{"x-nonesuch", "", " ", "utf-7", "UTF-32", "replacement", "iso-2022-kr", "ISO-8859-1 x"}
	for _, n := range charsetNames {
		names = append(names, n.name, strings.ToUpper(n.name), strings.ToLower(n.name), " "+n.name+"\t",
			strings.ToUpper(n.name[:1])+strings.ToLower(n.name[1:]))
	}
	for _, name := range names {
		got, gotMsg := lookup(name)
		want, wantMsg := xtextLookup(name)
		if gotMsg != wantMsg {
			t.Errorf("lookup(%q): %q, want %q", name, gotMsg, wantMsg)
			continue
		}
		if (got == nil) != (want == nil) {
			t.Errorf("lookup(%q) = %+v, want %+v", name, got, want)
			continue
		}
		if got == nil {
			continue
		}
		if got.single == nil && got.enc != want.enc {
			t.Errorf("lookup(%q): encoding %v, want %v", name, got.enc, want.enc)
		}
		got.enc, want.enc = nil, nil // US-ASCII's was ianaindex's own; both read it by the table
		if !reflect.DeepEqual(got, want) {
			t.Errorf("lookup(%q) = %+v, want %+v", name, got, want)
		}
	}
	if len(charsetNames) < 800 {
		t.Errorf("the table holds %d names; x/text's indexes know about a thousand", len(charsetNames))
	}
}

// xtextLookup is lookup as it was when it consulted x/text's indexes.
func xtextLookup(name string) (*Charset, string) {
	e, err := ianaindex.IANA.Encoding(name)
	known := err == nil
	if e == nil {
		if w, err := htmlindex.Get(name); err == nil && w != encoding.Replacement {
			e = w
		}
	}
	if e == nil {
		if known {
			return nil, "names encoding " + quote(name) + ", an IANA character set that feedsync (golang.org/x/text) does not read: convert the document to UTF-8"
		}
		return nil, "names encoding " + quote(name) + ", which is no character set feedsync knows (IANA's names and aliases, WHATWG's labels): convert the document to UTF-8"
	}
	canonical, _ := ianaindex.IANA.Name(e)
	return charsetFor(name, e, canonical)
}

// TestCharsetTableIsCurrent runs gencharsets.go and fails when what it
// writes differs from charsets_gen.go: after an upgrade of
// golang.org/x/text, run 'go generate ./feeds/internal/xmlscan'.
func TestCharsetTableIsCurrent(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go run")
	}
	out := filepath.Join(t.TempDir(), "charsets_gen.go")
	if msg, err := exec.Command("go", "run", "gencharsets.go", "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("go run gencharsets.go: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	have, err := os.ReadFile("charsets_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, have) {
		t.Errorf("charsets_gen.go is not what gencharsets.go writes from the golang.org/x/text in go.mod: run go generate ./feeds/internal/xmlscan")
	}
}
