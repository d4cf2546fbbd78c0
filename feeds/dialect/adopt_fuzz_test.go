package dialect

import (
	"bytes"
	"errors"
	"testing"

	"github.com/feedsync/feedsync/feeds/internal/plain"
)

// FuzzAdopt: adopting any feed that loads never panics, gives a feed that
// loads, and adopting that again changes nothing.
//
// $ go test -fuzz=FuzzAdopt ./feeds/dialect
func FuzzAdopt(f *testing.F) {
	for _, s := range []string{plainRSS, plainOPML, plainAtom, rss102mixed, emptyRSS, emptyOPML, emptyAtom} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := Parse("f", data)
		if err != nil {
			return
		}
		once, _, err := d.Adopt(at(1, "A"), None)
		var de *AdoptDialectError
		if errors.As(err, &de) || errors.Is(err, plain.ErrEncoding) {
			return // refused: a dialect the format cannot take, an encoding
		}
		if err != nil {
			t.Fatalf("adopting: %v\n%s", err, data)
		}
		twice, done, err := once.Adopt(at(2, "B"), None)
		if err != nil || len(done) != 0 || !bytes.Equal(twice.Bytes(), once.Bytes()) {
			t.Fatalf("adopting again: %v, %d adopted\n%s\n---\n%s", err, len(done), once.Bytes(), twice.Bytes())
		}
	})
}
