package store

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

// Writers that share a store take turns under its lock: every version
// each recorded is there once, whatever the interleaving. Each writer has
// its own Store, as separate processes do; half the versions are recorded
// by every writer, to race on the same keys.
func TestConcurrentWriters(t *testing.T) {
	feed := feedIn(t)
	const writers, rounds = 4, 10
	var wg sync.WaitGroup
	errs := make(chan error, writers*rounds)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, warn := Open(feed)
			if warn != nil {
				errs <- warn
				return
			}
			defer s.Close()
			for r := range rounds {
				own := item{id: fmt.Sprintf("w%d-%d", w, r), title: "T", desc: "d", hist: []string{"1@01@o"}}
				shared := item{id: fmt.Sprintf("s%d", r), title: "S", desc: "d", hist: []string{"1@01@o"}}
				if err := s.Record(parse(t, rss(own, shared))); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	s := open(t, feed)
	if st := s.Stats(); st.Records != writers*rounds+rounds || st.Items != st.Records {
		t.Errorf("Stats = %+v, want %d records, each of its own item", st, writers*rounds+rounds)
	}
	// The file holds no record twice: Stats counts keys, the file records.
	n := 0
	data := readAll(t, Path(feed))
	sc := newScanner(bytes.NewReader(data), int64(len(data)), int64(headerSize))
	for _, _, ok := sc.next(); ok; _, _, ok = sc.next() {
		n++
	}
	if sc.damaged > 0 || sc.End() != int64(len(data)) {
		t.Errorf("the file is not whole records: %s, ends at %d of %d", sc.damage(), sc.End(), len(data))
	}
	if n != writers*rounds+rounds {
		t.Errorf("%d records in the file, want %d", n, writers*rounds+rounds)
	}
}
