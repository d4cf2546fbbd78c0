package feeds

import (
	"bytes"
	"errors"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzParse checks that parsing never panics and that a feed that loads,
// written and read again, gives the same items and the same bytes.
//
// $ go test -fuzz=FuzzParse ./feeds
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"testdata/*/*.xml", "testdata/interop/*"} {
		files, _ := filepath.Glob(pattern)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(atomWith(`<sx:sync id="a" updates="2"><sx:history sequence="2" when="2005-05-21T11:43:33Z"/><sx:conflicts><entry><sx:sync id="a" updates="2"><sx:history sequence="2" by="x"/></sx:sync></entry></sx:conflicts></sx:sync>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("fuzz.xml", data)
		if err != nil {
			if _, ok := err.(Problems); !ok {
				t.Fatalf("error is %T, not Problems: %v", err, err)
			}
			return
		}
		checkDigests(t, "fuzz.xml", d)
		out := d.Bytes()
		feedtest.WellFormed(t, out)
		d2, err := Parse("fuzz.xml", out)
		if err != nil {
			t.Fatalf("written feed does not load: %v\n%s", err, out)
		}
		if diff := itemsEqual(d.Items(), d2.Items()); diff != "" {
			t.Fatalf("items changed through a write: %s", diff)
		}
		if out2 := d2.Bytes(); !bytes.Equal(out, out2) {
			t.Fatalf("second write differs:\n%s", feedtest.LineDiff(string(out), string(out2)))
		}
	})
}

// FuzzMerge checks, for any two feeds that load, that merging them never
// panics or fails but for a noconflicts disagreement, that the result loads
// back to the same items, and that merging it with the remote feed again
// changes nothing.
//
// $ go test -fuzz=FuzzMerge ./feeds
func FuzzMerge(f *testing.F) {
	files, _ := filepath.Glob("testdata/merge/*.txtar")
	for _, file := range files {
		raw, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		a := feedtest.ParseArchive(string(raw))
		f.Add([]byte(a.Files["local.xml"]), []byte(a.Files["remote.xml"]))
		f.Add([]byte(a.Files["remote.xml"]), []byte(a.Files["local.xml"]))
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		local, err1 := Parse("local.xml", a)
		remote, err2 := Parse("remote.xml", b)
		if err1 != nil || err2 != nil {
			return
		}
		m, err := Merge(local, remote)
		if err != nil {
			if _, ok := err.(Problems); !ok {
				t.Fatalf("Merge error is %T: %v", err, err)
			}
			return
		}
		out := m.Bytes()
		feedtest.WellFormed(t, out)
		back, err := Parse("merged.xml", out)
		if err != nil {
			t.Fatalf("merged feed does not load: %v\n%s", err, out)
		}
		if d := itemsEqual(m.Items(), back.Items()); d != "" {
			t.Fatalf("merged items change through a write: %s\n%s", d, out)
		}
		again, err := Merge(back, remote)
		if err != nil {
			t.Fatal(err)
		}
		if out2 := again.Bytes(); !bytes.Equal(out, out2) {
			t.Fatalf("merging again changed the feed:\n%s", feedtest.LineDiff(string(out), string(out2)))
		}
	})
}

// FuzzCategoryValue checks that a category's value reads back as the term
// and scheme it was made from: every term but one that begins with "<"
// (refused), every scheme without " (" in it.
//
// $ go test -fuzz=FuzzCategoryValue ./feeds
func FuzzCategoryValue(f *testing.F) {
	f.Add("home (x)", "")
	f.Add("home", "http://d")
	f.Add(" ()", "")
	f.Add("a)", "b)")
	f.Add("a (b", "")
	f.Fuzz(func(t *testing.T, term, scheme string) {
		v := CategoryValue(term, scheme)
		gt, gs, err := ParseCategory(v)
		switch {
		case strings.HasPrefix(strings.TrimLeft(term, " \t\r\n"), "<"):
			if !errors.Is(err, ErrFieldValue) {
				t.Errorf("ParseCategory(%q) = %v, want ErrFieldValue", v, err)
			}
		case strings.Contains(scheme, " ("):
			// Not expressible: a value's scheme is what follows its last " (".
		case gt != term || gs != scheme || err != nil:
			t.Errorf("CategoryValue(%q, %q) = %q reads back as %q, %q, %v", term, scheme, v, gt, gs, err)
		}
	})
}
