package feeds

import (
	"testing"

	"github.com/feedsync/feedsync/engine"
)

// foreignData is engine.Data this package did not make.
type foreignData string

func (f foreignData) Digest() string { return string(f) }

// TestSameDigestIsDigestEquality: SameDigest, which compares the bytes
// data read from a feed keeps, answers as comparing Digests does, for
// every pair of versions (read, composed by a merge, converted across
// formats) of the merge scenarios' feeds and their merges, nil data and
// data of another package.
func TestSameDigestIsDigestEquality(t *testing.T) {
	var data []engine.Data
	for _, p := range mergeScenarios(t) {
		local, lerr := Parse("local.xml", []byte(p[0]))
		remote, rerr := Parse("remote.xml", []byte(p[1]))
		if lerr != nil || rerr != nil {
			continue
		}
		docs := []*Doc{local, remote}
		if m, err := Merge(local, remote); err == nil {
			docs = append(docs, m)
		}
		if m, err := Merge(remote, local); err == nil {
			docs = append(docs, m)
		}
		for _, d := range docs {
			for _, it := range d.Items() {
				data = append(data, it.Data)
				for _, c := range it.Conflicts {
					data = append(data, c.Data)
				}
			}
		}
	}
	first := data[0].Digest()
	data = append(data, nil, foreignData(first), foreignData("x"))
	same, other := 0, 0
	for _, a := range data {
		for _, b := range data {
			want := digestOf(a) == digestOf(b)
			if got := SameDigest(a, b); got != want {
				t.Fatalf("SameDigest = %v, Digests %q and %q", got, digestOf(a), digestOf(b))
			}
			if want {
				same++
			} else {
				other++
			}
		}
	}
	if same <= len(data) || other == 0 {
		t.Errorf("%d pairs with the same digest, %d with others: the cases do not tell", same, other)
	}
}
