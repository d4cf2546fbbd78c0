package store

import (
	"flag"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var kills = flag.Int("kills", 20, "kill -9 trials of TestKilledAppender")

// TestKilledAppender kills, with SIGKILL at random moments, a child
// process that appends to a store in a loop (this test binary, running
// TestAppenderChild): the next Open must not warn (a torn last record is
// no damage), must hold every whole record, and the next Record must
// append after them.
//
// $ go test ./feeds/store -run TestKilledAppender -kills=200
func TestKilledAppender(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process per trial")
	}
	feed := feedIn(t)
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	last := 0
	for trial := range *kills {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAppenderChild$")
		cmd.Env = append(os.Environ(), "STORE_CHILD_FEED="+feed, fmt.Sprintf("STORE_CHILD_TRIAL=%d", trial))
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(20+rng.Intn(200)) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		s, warn := Open(feed)
		if warn != nil {
			t.Fatalf("trial %d: Open warns after a kill: %v", trial, warn)
		}
		n := s.Stats().Records
		if n < last {
			t.Fatalf("trial %d: %d records, fewer than the %d before", trial, n, last)
		}
		extra := item{id: fmt.Sprint("after", trial), title: "A", hist: []string{"1@01@parent"}}
		if err := s.Record(parse(t, rss(extra))); err != nil {
			t.Fatalf("trial %d: Record after a kill: %v", trial, err)
		}
		s.Close()
		s2 := open(t, feed)
		if _, ok := s2.Base(extra.id, hist("1@01@parent")); !ok || s2.Stats().Records != n+1 {
			t.Fatalf("trial %d: the record after the kill is not there (%d records, want %d)", trial, s2.Stats().Records, n+1)
		}
		last = n + 1
		s2.Close()
	}
	t.Logf("%d trials: %d records", *kills, last)
}

// TestAppenderChild is the child of TestKilledAppender: it records new
// versions in the store until it is killed.
func TestAppenderChild(t *testing.T) {
	feed := os.Getenv("STORE_CHILD_FEED")
	if feed == "" {
		t.Skip("the child of TestKilledAppender")
	}
	s, _ := Open(feed)
	n, desc := 50, "a description long enough to make records of some size"
	if os.Getenv("STORE_CHILD_BIG") != "" { // the tail merged into the index every few rounds
		n, desc = 200, strings.Repeat("big ", 1000)
	}
	if os.Getenv("STORE_CHILD_CAP") != "" { // and compacted too
		s.SetMaxBytes(3 << 20)
	} else if os.Getenv("STORE_CHILD_BIG") != "" { // never compacted, however many trials
		s.SetMaxBytes(math.MaxInt64)
	}
	for round := 0; ; round++ {
		var items []item
		for i := range n {
			items = append(items, item{id: fmt.Sprintf("t%s-r%d-i%d", os.Getenv("STORE_CHILD_TRIAL"), round, i),
				title: "a title", desc: desc, hist: []string{"1@01@child"}})
		}
		s.Record(parse(t, rss(items...)))
	}
}

// TestKilledIndexer is TestKilledAppender with records big enough that
// the child merges its tail into the index file every few rounds, and,
// with the cap at 3 MiB, compacts the store: a kill in the middle of
// either leaves a store that opens without a warning (the index is the
// old one, or made again from the log), takes the next Record and finds
// it, and leaves at most one temporary file of each kind beside it: a
// kill while compacting, which writes the new log and its index, leaves
// one of each, and each is removed before another of its kind is written
// (the log's by the next compaction, the index's by the next index).
//
// $ go test ./feeds/store -run TestKilledIndexer -kills=200
func TestKilledIndexer(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process per trial")
	}
	for _, compact := range []bool{false, true} {
		feed := feedIn(t)
		rng := rand.New(rand.NewSource(time.Now().UnixNano()))
		last := 0
		for trial := range *kills {
			cmd := exec.Command(os.Args[0], "-test.run=^TestAppenderChild$")
			cmd.Env = append(os.Environ(), "STORE_CHILD_FEED="+feed, fmt.Sprintf("STORE_CHILD_TRIAL=%d", trial), "STORE_CHILD_BIG=1")
			if compact {
				cmd.Env = append(cmd.Env, "STORE_CHILD_CAP=1")
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(time.Duration(50+rng.Intn(400)) * time.Millisecond)
			cmd.Process.Kill()
			cmd.Wait()
			s, warn := Open(feed)
			if warn != nil {
				t.Fatalf("compact %v, trial %d: Open warns after a kill: %v", compact, trial, warn)
			}
			if !compact {
				s.SetMaxBytes(math.MaxInt64) // past DefaultMaxBytes with many trials, which would compact
			}
			n := s.Stats().Records
			if !compact && n < last {
				t.Fatalf("trial %d: %d records, fewer than the %d before", trial, n, last)
			}
			extra := item{id: fmt.Sprint("after", trial), title: "A", hist: []string{"1@01@parent"}}
			if err := s.Record(parse(t, rss(extra))); err != nil {
				t.Fatalf("compact %v, trial %d: Record after a kill: %v", compact, trial, err)
			}
			s.Close()
			s2 := open(t, feed)
			if _, ok := s2.Base(extra.id, hist("1@01@parent")); !ok {
				t.Fatalf("compact %v, trial %d: the record after the kill is not there", compact, trial)
			}
			last = s2.Stats().Records
			s2.Close()
			tmps, _ := filepath.Glob(filepath.Join(filepath.Dir(Path(feed)), ".*.tmp-*"))
			kinds := map[string]int{}
			for _, tmp := range tmps {
				kind, _, _ := strings.Cut(filepath.Base(tmp), ".tmp-")
				if kinds[kind]++; kinds[kind] > 1 {
					t.Fatalf("compact %v, trial %d: temporary files pile up: %v", compact, trial, tmps)
				}
			}
		}
		t.Logf("compact %v: %d trials, %d records", compact, *kills, last)
	}
}
