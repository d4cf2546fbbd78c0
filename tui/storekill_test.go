package tui

import (
	"bytes"
	"flag"
	"math/rand"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/feeds/store"
)

var storeKills = flag.Int("store.kills", 20, "kill -9 trials of TestKilledStoreAppend")

// TestKilledStoreAppend kills the real binary with SIGKILL at random
// moments of a merge whose save appends thousands of versions to the
// version store (issue 19): the feed must be the old file or the new one,
// whole, and the next command must run, warning at most once, with a
// store that holds every version a whole record holds.
//
// $ go test ./tui -run TestKilledStoreAppend -store.kills=200
func TestKilledStoreAppend(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the binary many times")
	}
	bin := builtFeedsync(t)
	h := newHarness(t)
	old := []byte(feedOf(5000))
	remote := h.write("remote.xml", strings.ReplaceAll(strings.ReplaceAll(string(old), "<title>old</title>", "<title>new</title>"),
		`updates="1">`, `updates="2">
    <sx:history sequence="2" when="2020-01-01T00:00:00Z" by="K"/>`))
	big := h.path("big.xml")
	run := func(args ...string) *exec.Cmd {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "XDG_CONFIG_HOME="+h.path("config"))
		return cmd
	}
	reset := func() {
		os.WriteFile(big, old, 0o644)
		os.RemoveAll(h.path(".feedsync"))
	}
	took := time.Hour
	for range 3 {
		reset()
		start := time.Now()
		if out, err := run("merge", big, remote, "-o", big).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		took = min(took, time.Since(start))
	}
	merged, _ := os.ReadFile(big)
	full := storeRecords(t, big)
	rng := rand.New(rand.NewSource(time.Now().UnixNano()))
	torn := 0
	for trial := range *storeKills {
		reset()
		cmd := run("merge", big, remote, "-o", big)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(float64(took) * (0.3 + 0.8*rng.Float64())))
		cmd.Process.Kill()
		cmd.Wait()
		if got, _ := os.ReadFile(big); !bytes.Equal(got, old) && !bytes.Equal(got, merged) {
			t.Fatalf("trial %d: big.xml is neither the old file nor the new one (%d bytes)", trial, len(got))
		}
		if n := storeRecords(t, big); n > 0 && n < full {
			torn++
		}
		out, err := run("merge", big, remote, "-o", big).CombinedOutput()
		if err != nil {
			t.Fatalf("trial %d: the merge after the kill: %v\n%s", trial, err, out)
		}
		if n := strings.Count(string(out), "warning"); n > 1 {
			t.Errorf("trial %d: the next command warns %d times:\n%s", trial, n, out)
		}
		if n := storeRecords(t, big); n != full {
			t.Errorf("trial %d: the store holds %d versions after the next merge, want %d", trial, n, full)
		}
	}
	t.Logf("a merge takes %v; %d trials, %d killed mid-append (a store holding part of the versions)", took, *storeKills, torn)
}

// storeRecords returns how many versions the store beside feed holds, and
// fails on a warning: a torn append is no damage.
func storeRecords(t *testing.T, feed string) int {
	t.Helper()
	st, warn := store.Open(feed)
	if warn != nil {
		t.Fatalf("store: %v", warn)
	}
	defer st.Close()
	return st.Stats().Records
}
