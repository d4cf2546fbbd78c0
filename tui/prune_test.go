package tui

import (
	"os"
	"strings"
	"testing"

	"github.com/feedsync/feedsync/feeds/feedgen"
)

// TestBatchCommandsStoreWhatTheyStoredBeforeThePrune: merge, update,
// create and adopt, which prune what they read to what leaves before
// they save (saving.pruneReads), write the same feed and the same version
// store, byte for byte, as the same commands that keep all they read
// (not batchCommands): no version that leaves is lost from the store.
func TestBatchCommandsStoreWhatTheyStoredBeforeThePrune(t *testing.T) {
	l, r := feedgen.Pair(3_000, 0.2, 5)
	id := itemID(t, string(r))
	steps := [][]string{
		{"merge", "out.xml", "remote.xml", "-o", "out.xml"},
		{"update", "out.xml", "--id", id, "--title", "changed", "--by", "me", "--when", "2030-01-01T00:00:00Z", "-o", "out.xml"},
		{"merge", "out.xml", "remote.xml", "-o", "out.xml"},
		{"create", "out.xml", "--id", "new-one", "--title", "new", "--by", "me", "--when", "2030-01-02T00:00:00Z", "-o", "out.xml"},
		{"update", "out.xml", "--id", id, "--delete", "--by", "me", "--when", "2030-01-03T00:00:00Z", "-o", "out.xml"},
		{"adopt", "plain.xml", "--by", "me", "--when", "2030-01-04T00:00:00Z", "-o", "out.xml"},
	}
	run := func(batch bool) (out, versions []string) {
		h := newHarness(t)
		h.write("out.xml", string(l))
		h.write("remote.xml", string(r))
		h.write("plain.xml", plainFeed)
		for _, s := range steps {
			if !batch {
				delete(batchCommands, s[0])
				defer func() { batchCommands[s[0]] = true }()
			}
			args := append([]string{}, s...)
			for i, a := range args {
				if strings.HasSuffix(a, ".xml") {
					args[i] = h.path(a)
				}
			}
			if code, _, stderr := h.run("", args...); code > 1 {
				t.Fatalf("%s: exit %d: %s", s[0], code, stderr)
			}
			v, err := os.ReadFile(h.path(".feedsync/out.xml.versions"))
			if err != nil {
				t.Fatal(err)
			}
			out, versions = append(out, h.read("out.xml")), append(versions, string(v))
		}
		return out, versions
	}
	pOut, pVersions := run(true)
	kOut, kVersions := run(false)
	for i, s := range steps {
		if pOut[i] != kOut[i] {
			t.Errorf("step %d, %s: the feed written differs", i+1, s[0])
		}
		if pVersions[i] != kVersions[i] {
			t.Errorf("step %d, %s: the store holds %d bytes pruned, %d kept", i+1, s[0], len(pVersions[i]), len(kVersions[i]))
		}
	}
}

// itemID returns the sx:sync id of the first item of feed.
func itemID(t *testing.T, feed string) string {
	_, rest, ok := strings.Cut(feed, `<sx:sync id="`)
	id, _, _ := strings.Cut(rest, `"`)
	if !ok || id == "" {
		t.Fatal("no item with sx:sync")
	}
	return id
}

// plainFeed is an RSS feed without sync data, for adopt.
const plainFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0">
 <channel>
  <title>plain</title>
  <item><title>one</title><description>&lt;p&gt;a &amp; b&lt;/p&gt;</description><guid>one</guid></item>
  <item><title>two</title><description><![CDATA[<b>two</b>]]></description><guid>two</guid></item>
 </channel>
</rss>
`
