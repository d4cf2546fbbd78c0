package xmlscan

import (
	"bytes"
	"encoding/xml"
	"io"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

var benchFeed = func() []byte { l, _ := feedgen.Pair(10_000, 0.1, 1); return l }()

// BenchmarkScan reads a 10k-item feed with the scanner.
func BenchmarkScan(b *testing.B) {
	b.SetBytes(int64(len(benchFeed)))
	for b.Loop() {
		if err := Check(benchFeed); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRawToken reads the same feed with encoding/xml's RawToken, for
// comparison.
func BenchmarkRawToken(b *testing.B) {
	b.SetBytes(int64(len(benchFeed)))
	for b.Loop() {
		d := xml.NewDecoder(bytes.NewReader(benchFeed))
		for {
			_, err := d.RawToken()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}
