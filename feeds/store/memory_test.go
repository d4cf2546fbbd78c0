package store

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds"
)

// writeStore writes a store file of n versions of n/per items, each with
// a field of size bytes, as format 1 writes it (no index file): a big
// store made fast.
func writeStore(t testing.TB, path string, n, per, size int) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	w.Write(header(0))
	value := strings.Repeat("v", size)
	var b []byte
	for i := range n {
		v := version{id: fmt.Sprint("i", i/per), h: hist(fmt.Sprintf("%d@01@o", i%per+1)), digest: fmt.Sprint("d", i),
			fields: []feeds.Field{{Key: "title", Label: "Title", Value: value, Shared: true}}}
		b = v.encode(b[:0])
		w.Write(b)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// TestMemoryDoesNotGrowWithTheStore runs, each in a process of its own,
// what commands do with a store of 70 MiB (160,000 versions): open it (the
// first time, from a store without an index file, as an older feedsync
// left it; then again) and look up a thousand versions and record ten, as
// a merge and the resolver do; and prune it. Each process's peak resident
// memory (its VmHWM, Linux's) must stay under 48 MiB, a third of what the
// store holds and less than one read of it: 19, 7 and 11 MiB here (before,
// Open read the whole file and indexed every version in memory: 190 MiB
// each; issue 29, item 7).
func TestMemoryDoesNotGrowWithTheStore(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 70 MiB store")
	}
	feed := feedIn(t)
	writeStore(t, Path(feed), 160_000, 4, 400)
	if err := os.WriteFile(feed, rss(itemA), 0o644); err != nil {
		t.Fatal(err)
	}
	const limit = 48 << 20
	size := fileSize(t, Path(feed))
	for _, op := range []string{"open", "open", "prune"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryChild$")
		cmd.Env = append(os.Environ(), "STORE_MEMORY_FEED="+feed, "STORE_MEMORY_OP="+op)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", op, err, out)
		}
		// The child's own peak (VmHWM, which starts anew at exec; rusage's
		// maxrss would count the parent's memory at fork).
		var kib int64
		if _, after, ok := strings.Cut(string(out), "peak-kib "); ok {
			fmt.Sscan(after, &kib)
		}
		if kib == 0 {
			t.Skipf("no VmHWM in /proc/self/status here:\n%s", out)
		}
		peak := kib << 10
		t.Logf("%s: peak %d MiB; %s", op, peak>>20, strings.TrimSpace(string(out)))
		if peak > limit {
			t.Errorf("%s of a %d MiB store peaked at %d MiB, want under %d MiB", op, size>>20, peak>>20, limit>>20)
		}
	}
}

// TestMemoryChild is the child of TestMemoryDoesNotGrowWithTheStore.
func TestMemoryChild(t *testing.T) {
	feed, op := os.Getenv("STORE_MEMORY_FEED"), os.Getenv("STORE_MEMORY_OP")
	if feed == "" {
		t.Skip("the child of TestMemoryDoesNotGrowWithTheStore")
	}
	s, warn := Open(feed)
	if warn != nil {
		t.Fatal(warn)
	}
	defer s.Close()
	switch op {
	case "open":
		found := 0
		for i := range 1000 {
			if _, ok := s.Base(fmt.Sprint("i", i*37), hist("2@01@o")); ok {
				found++
			}
		}
		var items []item
		for i := range 10 {
			items = append(items, item{id: "new" + strconv.Itoa(i), title: "T", hist: []string{"1@01@o"}})
		}
		if err := s.Record(parse(t, rss(items...))); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%d of 1000 found, %+v\n", found, s.Stats())
	case "prune":
		if err := s.Prune(parse(t, rss(itemA))); err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%+v\n", s.Stats())
	}
	status, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			fmt.Printf("peak-kib %s\n", strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
		}
	}
}
