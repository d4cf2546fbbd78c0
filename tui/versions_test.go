package tui

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/feedsync/feedsync/engine"
	"github.com/feedsync/feedsync/feeds"
	"github.com/feedsync/feedsync/feeds/dialect"
	"github.com/feedsync/feedsync/feeds/feedtest"
	"github.com/feedsync/feedsync/feeds/store"
	"github.com/feedsync/feedsync/feeds/threeway"
	"github.com/feedsync/feedsync/tui/resolver"
)

// baseOf looks up in the store beside feed the version of id whose
// topmost history entry is seq, when, by, and returns its title.
func baseOf(t *testing.T, feed, id string, seq int, when, by string) (string, bool) {
	t.Helper()
	st, warn := store.Open(feed)
	if warn != nil {
		t.Fatalf("store: %v", warn)
	}
	defer st.Close()
	w, err := time.Parse(time.RFC3339, when)
	if err != nil {
		t.Fatal(err)
	}
	fs, ok := st.Base(id, dialect.History{Number: seq, Stamp: engine.Stamp{When: w, By: by}})
	return fieldValue(fs, "title"), ok
}

func fieldValue(fs []feeds.Field, key string) string {
	for _, f := range fs {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

// The README's hub example at the command line: both endpoints edit the
// item their copies share; the merge finds the version both started from
// in the store beside each, recorded when each update replaced it.
func TestCommandsRecordTheBase(t *testing.T) {
	h := newHarness(t)
	h.write("a.xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title></channel></rss>\n")
	a, b := h.path("a.xml"), h.path("b.xml")
	steps := [][]string{
		{"create", a, "--id", "x", "--title", "Buy milk", "--by", "A", "--when", "2021-01-01T00:00:00Z", "-o", a},
		{"merge", b, a, "-o", b}, // b does not exist yet: b starts as a's copy
		{"update", a, "--id", "x", "--title", "Buy 2 litres of milk", "--by", "A", "--when", "2021-01-01T00:01:00Z", "-o", a},
		{"update", b, "--id", "x", "--title", "Buy oat milk", "--by", "B", "--when", "2021-01-01T00:02:00Z", "-o", b},
		{"merge", a, b, "-o", a},
	}
	h.write("b.xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title></channel></rss>\n")
	for _, args := range steps {
		if code, _, stderr := h.run("", args...); code > 1 || strings.Contains(stderr, "warning") {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	for _, feed := range []string{a, b} {
		title, ok := baseOf(t, feed, "x", 1, "2021-01-01T00:00:00Z", "A")
		if !ok || title != "Buy milk" {
			t.Errorf("%s: base = %q, %v; want \"Buy milk\"", filepath.Base(feed), title, ok)
		}
	}
	// Each side's edit is recorded where it was made, as it left or as
	// what the command changed.
	if title, ok := baseOf(t, a, "x", 2, "2021-01-01T00:02:00Z", "B"); !ok || title != "Buy oat milk" {
		t.Errorf("a.xml: B's version = %q, %v", title, ok)
	}
}

// Nothing is recorded where no feed is written: standard output.
func TestNoStoreForStandardOutput(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", oneItem)
	if code, _, stderr := h.run("", "update", a, "--id", "item1", "--title", "T", "--by", "A", "--when", "2021-01-01T00:00:00Z"); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(h.path(".feedsync")); err == nil {
		t.Error("a command that wrote no file made a store")
	}
}

// A damaged store never blocks a save: it is set aside with one warning,
// and the command goes on and writes.
func TestDamagedStoreDoesNotBlockTheSave(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", oneItem)
	os.MkdirAll(h.path(".feedsync"), 0o755)
	h.write(".feedsync/a.xml.versions", "not a store at all")
	code, _, stderr := h.run("", "update", a, "--id", "item1", "--title", "T", "--by", "A", "--when", "2021-01-01T00:00:00Z", "-o", a)
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if n := strings.Count(stderr, "warning"); n != 1 || !strings.Contains(stderr, "set aside as") {
		t.Errorf("want one warning saying where the store went:\n%s", stderr)
	}
	if !strings.Contains(h.read("a.xml"), "<title>T</title>") {
		t.Error("the update was not saved")
	}
	if title, ok := baseOf(t, a, "item1", 1, "2005-05-21T09:43:33Z", "REO1750"); !ok || title != "Buy groceries" {
		t.Errorf("the new store lacks the version the update replaced: %q, %v", title, ok)
	}
}

// The merge driver records the ancestor's version that both sides
// changed, beside the file in the work tree, so that the base is known
// after git merge returns.
func TestGitMergeRecordsTheBase(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join("..", "testdata", "gitmerge", "same-item.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	a := feedtest.ParseArchive(string(raw))
	h := newHarness(t)
	h.write("todo.xml", a.Files["ours.xml"]) // the work tree's file
	base, ours, theirs := h.write(".merge_file_base", a.Files["base.xml"]), h.write(".merge_file_ours", a.Files["ours.xml"]), h.write(".merge_file_theirs", a.Files["theirs.xml"])
	if code, _, stderr := h.run("", "git-merge", base, ours, theirs, "todo.xml"); code != ExitAttention {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	title, ok := baseOf(t, h.path("todo.xml"), "item1", 1, "2005-05-21T09:43:33Z", "REO1750")
	if !ok || title != "Buy groceries" {
		t.Errorf("base = %q, %v; want the ancestor's \"Buy groceries\"", title, ok)
	}
}

// 'feedsync store' shows the store and --prune keeps what the retention
// policy keeps: the versions named by the feed's histories to
// store.KeepDepth.
func TestStoreCommand(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title></channel></rss>\n")
	if code, stdout, _ := h.run("", "store", a); code != 0 || !strings.Contains(stdout, "no versions recorded yet") {
		t.Errorf("an empty store: exit %d, %q", code, stdout)
	}
	for i := 1; i <= store.KeepDepth+4; i++ {
		args := []string{"update", a, "--id", "x", "--title", "v" + strings.Repeat("i", i), "--by", "A", "--when", "2021-01-01T00:00:" + twoDigits(i) + "Z", "-o", a}
		if i == 1 {
			args[0] = "create"
		}
		if code, _, stderr := h.run("", args...); code != 0 {
			t.Fatalf("%v: exit %d\n%s", args, code, stderr)
		}
	}
	want := ".feedsync/a.xml.versions: 12 versions of 1 item"
	if code, stdout, _ := h.run("", "store", a); code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("store: exit %d, %q; want %q", code, stdout, want)
	}
	code, stdout, stderr := h.run("", "store", a, "--prune")
	if want := "8 versions of 1 item"; code != 0 || !strings.Contains(stdout, want) || !strings.Contains(stdout, "pruned 4 versions") {
		t.Errorf("store --prune: exit %d, %q %s; want %q and 4 pruned", code, stdout, stderr, want)
	}
	if _, ok := baseOf(t, a, "x", 4, "2021-01-01T00:00:04Z", "A"); ok {
		t.Error("a version deeper than KeepDepth survived the prune")
	}
	if _, ok := baseOf(t, a, "x", 5, "2021-01-01T00:00:05Z", "A"); !ok {
		t.Error("a version the history names to KeepDepth was pruned")
	}
}

func twoDigits(i int) string { return string(rune('0'+i/10)) + string(rune('0'+i%10)) }

// The demo holds a store: every conflict of its pair has its base, the
// version where the winner and each conflict version diverged.
func TestDemoHasBases(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo.xml")
	var stderr strings.Builder
	recordDemoBase(&Env{Stderr: &stderr}, out)
	if stderr.Len() > 0 {
		t.Fatalf("warnings: %s", stderr.String())
	}
	l, r := demoFeedsForTest(t)
	merged, err := dialect.Merge(l, r)
	if err != nil {
		t.Fatal(err)
	}
	st, warn := store.Open(out)
	if warn != nil {
		t.Fatal(warn)
	}
	defer st.Close()
	n := 0
	for _, e := range merged.Entries() {
		for i := range e.Versions() {
			c := e.Divergence(i).Common
			if c == nil {
				t.Errorf("%s: version %d shares no history with the winner", e.ID(), i+1)
				continue
			}
			if _, ok := st.Base(e.ID(), *c); !ok {
				t.Errorf("%s: no base for version %d (diverged after #%d by %s)", e.ID(), i+1, c.Number, c.By)
			}
			n++
		}
	}
	if n < 7 {
		t.Errorf("%d conflict versions looked at; the demo has more", n)
	}
}

func demoFeedsForTest(t *testing.T) (*dialect.Doc, *dialect.Doc) {
	t.Helper()
	lb, rb := resolver.DemoFeeds()
	l, err := dialect.Parse("demo/local.xml", lb)
	if err != nil {
		t.Fatal(err)
	}
	r, err := dialect.Parse("demo/remote.xml", rb)
	if err != nil {
		t.Fatal(err)
	}
	return l, r
}

// TestStoreCommandNeedsTheFeed: 'feedsync store FEED' shows the store
// beside a feed file; a FEED that does not exist, is a folder or is empty
// is an error (exit 2), as for --prune, not an empty store at a made-up
// place (".feedsync/..versions" for "").
func TestStoreCommandNeedsTheFeed(t *testing.T) {
	h := newHarness(t)
	dir := h.path("folder")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, feed := range []string{h.path("missing.xml"), dir, ""} {
		for _, args := range [][]string{{"store", feed}, {"store", feed, "--prune"}} {
			code, stdout, stderr := h.run("", args...)
			if code != ExitError || stdout != "" || !strings.HasPrefix(stderr, "feedsync store: ") {
				t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit %d and an error", args, code, stdout, stderr, ExitError)
			}
		}
	}
}

// adopt records the first versions it gives a plain feed's items (what the
// command changed), so that an edit of them on two endpoints has a base.
func TestAdoptRecordsItsVersions(t *testing.T) {
	h := newHarness(t)
	a := h.write("plain.xml", "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>t</title>"+
		"<item><title>Buy milk</title><guid>g1</guid></item></channel></rss>\n")
	if code, _, stderr := h.run("", "adopt", a, "--by", "A", "--when", "2021-01-01T00:00:00Z", "-o", a); code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	doc, err := dialect.Parse(a, []byte(h.read("plain.xml")))
	if err != nil {
		t.Fatal(err)
	}
	e := doc.Entries()[0]
	top, _ := e.Winner().Top()
	st, warn := store.Open(a)
	if warn != nil {
		t.Fatal(warn)
	}
	defer st.Close()
	if fs, ok := st.Base(e.ID(), top); !ok || fieldValue(fs, "title") != "Buy milk" {
		t.Errorf("Base of the adopted version = %+v, %v", fs, ok)
	}
}

// The resolver's save records, before it writes, the versions the session
// loaded that the saved feed no longer holds: a resolution's winner and
// conflict versions, which a later conflict may have as its base.
func TestResolverSaveRecords(t *testing.T) {
	h := newHarness(t)
	a := h.write("a.xml", conflictFeed)
	cfg := sessionBackend(a)
	doc, _, err := cfg.Load(func(resolver.Loading) {})
	if err != nil {
		t.Fatal(err)
	}
	e, _ := doc.Entry("x")
	res, err := doc.Resolve(e, engine.Stamp{When: time.Date(2021, 1, 2, 0, 0, 0, 0, time.UTC), By: "R"}, dialect.Resolution{}, dialect.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc.Set(res)
	if err := cfg.Save(doc); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		seq       int
		when, by  string
		wantTitle string
	}{{2, "2021-01-01T00:02:00Z", "A", "A's"}, {2, "2021-01-01T00:03:00Z", "B", "B's"}, {3, "2021-01-02T00:00:00Z", "R", "A's"}} {
		if title, ok := baseOf(t, a, "x", c.seq, c.when, c.by); !ok || title != c.wantTitle {
			t.Errorf("#%d by %s: %q, %v; want %q", c.seq, c.by, title, ok, c.wantTitle)
		}
	}
}

const conflictFeed = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:sx="http://feedsync.org/2007/feedsync">
 <channel>
  <title>T</title>
  <item>
   <title>A's</title>
   <sx:sync id="x" updates="2">
    <sx:history sequence="2" when="2021-01-01T00:02:00Z" by="A"/>
    <sx:history sequence="1" when="2021-01-01T00:01:00Z" by="O"/>
    <sx:conflicts>
     <item>
      <title>B's</title>
      <sx:sync id="x" updates="2">
       <sx:history sequence="2" when="2021-01-01T00:03:00Z" by="B"/>
       <sx:history sequence="1" when="2021-01-01T00:01:00Z" by="O"/>
      </sx:sync>
     </item>
    </sx:conflicts>
   </sx:sync>
  </item>
 </channel>
</rss>
`

// With the demo's bases, its offsite item, whose endpoints changed
// different words (the dates; the city and the head count), combines
// whole, and the plumber's, whose sides each appended to the title at the
// same place, clashes: the demo shows both.
func TestDemoBasesCombine(t *testing.T) {
	out := filepath.Join(t.TempDir(), "demo.xml")
	recordDemoBase(&Env{Stderr: io.Discard}, out)
	l, r := demoFeedsForTest(t)
	merged, err := dialect.Merge(l, r)
	if err != nil {
		t.Fatal(err)
	}
	st, warn := store.Open(out)
	if warn != nil {
		t.Fatal(warn)
	}
	defer st.Close()
	got := map[string]bool{}
	for _, e := range merged.Entries() {
		if e.InConflict() {
			plan, err := threeway.Combine(e, storeBases{st})
			got[e.ID()] = err == nil && plan.Clean()
		}
	}
	t.Logf("combines: %v", got)
	for id, clean := range map[string]bool{"item-offsite": true, "item-plumber": false} {
		if c, ok := got[id]; !ok || c != clean {
			t.Errorf("%s: combines %v (in conflict: %v), want %v", id, c, ok, clean)
		}
	}
}
