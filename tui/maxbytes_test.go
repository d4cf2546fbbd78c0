package tui

import (
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/atomicfile"
	"github.com/feedsync/feedsync/feeds/feedgen"
	"github.com/feedsync/feedsync/feeds/fetch"
)

// restoreMaxBytes puts the size limits back after a test that set them
// through $FEEDSYNC_MAX_BYTES.
func restoreMaxBytes(t *testing.T) {
	t.Cleanup(func() {
		maxFeedBytes, writeLimit = fetch.MaxBytes, atomicfile.MaxBytes
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
	if maxFeedBytes != fetch.MaxBytes || writeLimit != atomicfile.MaxBytes {
		t.Fatalf("unset: limits %d and %d, want 256 MiB", maxFeedBytes, writeLimit)
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
	if maxFeedBytes != 3<<30 || writeLimit != 3<<30 {
		t.Errorf("3GiB: limits %d and %d, want 3 GiB for reading and writing", maxFeedBytes, writeLimit)
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
