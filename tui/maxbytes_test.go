package tui

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/feedgen"
)

// restoreMaxBytes puts the size limits back after a test that set them
// through $FEEDSYNC_MAX_BYTES.
func restoreMaxBytes(t *testing.T) {
	t.Cleanup(func() {
		atomicfile.SetMaxBytes(atomicfile.MaxBytes)
	})
}

// TestMaxBytesFromTheEnvironment: $FEEDSYNC_MAX_BYTES sets the one limit
// of what feedsync reads and writes (issue 21 item 4: a 1M-item pair is
// 2 GB); unset, the limit stays 256 MiB; a value that is no size is
// refused before anything is read.
func TestMaxBytesFromTheEnvironment(t *testing.T) {
	restoreMaxBytes(t)
	l, r := feedgen.Pair(2_000, 0.1, 1) // about 2 MB each
	h := newHarness(t)
	local, remote := h.write("local.xml", string(l)), h.write("remote.xml", string(r))

	if code, _, stderr := h.run("", "merge", local, remote, "-o", h.path("out.xml")); code > 1 {
		t.Fatalf("unset: exit %d: %s", code, stderr)
	}
	if atomicfile.Limit() != atomicfile.MaxBytes || downloader.Limits().MaxBytes != atomicfile.MaxBytes {
		t.Fatalf("unset: limits %d and %d, want 256 MiB", atomicfile.Limit(), downloader.Limits().MaxBytes)
	}

	h.env[maxBytesEnv] = "1MiB"
	code, _, stderr := h.run("", "merge", local, remote, "-o", h.path("lowered.xml"))
	if code != ExitError || !strings.Contains(stderr, "larger than 1 MiB") {
		t.Errorf("1MiB: exit %d, stderr %q; want the 2 MB inputs refused", code, stderr)
	}

	h.env[maxBytesEnv] = "3GiB"
	if code, _, stderr := h.run("", "merge", local, remote, "-o", h.path("raised.xml")); code > 1 {
		t.Fatalf("3GiB: exit %d: %s", code, stderr)
	}
	if atomicfile.Limit() != 3<<30 || downloader.Limits().MaxBytes != 3<<30 {
		t.Errorf("3GiB: limits %d and %d, want 3 GiB for reading, writing and downloading", atomicfile.Limit(), downloader.Limits().MaxBytes)
	}
	if _, err := atomicfile.Read(h.path("raised.xml")); err != nil {
		t.Errorf("reading under the raised limit: %v", err)
	}

	for _, bad := range []string{"lots", "1KiB", "65GiB"} {
		h.env[maxBytesEnv] = bad
		code, _, stderr := h.run("", "merge", local, remote, "-o", h.path("bad.xml"))
		if code != ExitError || !strings.Contains(stderr, "FEEDSYNC_MAX_BYTES") {
			t.Errorf("%s: exit %d, stderr %q; want it refused", bad, code, stderr)
		}
	}
}

// TestOneSizeLimitForEveryPath: $FEEDSYNC_MAX_BYTES is the one size limit
// of a feed wherever one is read or written (issue 29 item 4): a download,
// a file, a CSE tree and the hub's --max-body all take it. Before,
// downloads and the CSE reader kept 256 MiB whatever it said, so a feed a
// hub served or a command wrote under a lowered (or raised) limit could
// be read where it could not be written, or the reverse.
func TestOneSizeLimitForEveryPath(t *testing.T) {
	restoreMaxBytes(t)
	big, _ := feedgen.PairSSE(2_000, 0, 1) // about 1.5 MB of RSS, a CSE tree of one feed too
	if len(big) < 1<<20+1<<18 {
		t.Fatalf("the feed is %d bytes: the test wants one past 1 MiB", len(big))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(big) }))
	defer srv.Close()
	h := newHarness(t)
	file := h.write("big.xml", string(big))
	h.env[maxBytesEnv] = "1MiB"
	for name, args := range map[string][]string{
		"download": {"validate", srv.URL + "/big.xml"},
		"file":     {"validate", file},
		"cse tree": {"cse", "pull", file, h.path("cache")},
	} {
		code, _, stderr := h.run("", args...)
		if code == ExitOK || !strings.Contains(stderr, "larger than 1 MiB") {
			t.Errorf("%s: exit %d, stderr %.300q; want the 1.5 MB feed refused at the 1 MiB limit", name, code, stderr)
		}
	}
	delete(h.env, maxBytesEnv)
	atomicfile.SetMaxBytes(atomicfile.MaxBytes) // as a new process starts
	if code, _, stderr := h.run("", "validate", srv.URL+"/big.xml"); code != ExitOK {
		t.Errorf("unset: the download refused: exit %d, %s", code, stderr)
	}
	h.env[maxBytesEnv] = "1MiB"
	code, _, stderr := h.run("", "serve", file, "--max-body", "2MiB")
	if code != ExitError || !strings.Contains(stderr, "1 MiB") {
		t.Errorf("serve --max-body past the limit: exit %d, stderr %q", code, stderr)
	}
}
