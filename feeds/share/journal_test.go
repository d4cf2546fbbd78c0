package share

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// testRecord is a journal record holding a one-item feed.
func testRecord(t *testing.T, id string, at int64) journalRecord {
	t.Helper()
	p := writeFeed(t, t.TempDir(), "f.xml", emptyFeeds["rss"])
	apply(t, p, stamp{"A", t0}, create(id, id))
	return journalRecord{Stamp: at, Until: at, Dialect: "feedsync-1.0.2", Items: []stampedID{{id, "sum-" + id}}, Feed: readFile(t, p)}
}

// A record cut short by a kill while it was appended (never
// acknowledged), or whose bytes are damaged, ends the journal: the
// records before it are read, and the torn tail is cut off when the
// journal is opened.
func TestJournalTornTail(t *testing.T) {
	feed := filepath.Join(t.TempDir(), "hub.xml")
	os.MkdirAll(filepath.Dir(journalPath(feed)), 0o755)
	j, recs, err := openJournal(feed)
	if err != nil || len(recs) != 0 {
		t.Fatalf("a new journal: %v, %d records", err, len(recs))
	}
	var whole []byte
	for i, id := range []string{"a", "b"} {
		r := testRecord(t, id, int64(100+i))
		data, err := r.encode()
		if err != nil {
			t.Fatal(err)
		}
		if err := j.write(j.reserve(), data); err != nil {
			t.Fatal(err)
		}
		whole = data
	}
	if err := j.wait(2); err != nil {
		t.Fatal(err)
	}
	seg := j.segName(j.seg)
	j.close()
	sound, _ := os.ReadFile(seg)
	for name, tail := range map[string][]byte{
		"cut short": whole[:len(whole)/2],
		"damaged":   append(bytes.Clone(whole[:len(whole)-1]), whole[len(whole)-1]^0xff),
		"garbage":   []byte("\xff\xff\xff\xff"),
	} {
		t.Run(name, func(t *testing.T) {
			os.WriteFile(seg, append(bytes.Clone(sound), tail...), 0o644)
			j, recs, err := openJournal(feed)
			if err != nil {
				t.Fatal(err)
			}
			defer j.close()
			if len(recs) != 2 || recs[0].Items[0].ID != "a" || recs[1].Items[0].ID != "b" || recs[1].Stamp != 101 {
				t.Fatalf("read %+v, want the records of a and b", recs)
			}
			if got, _ := os.ReadFile(seg); !bytes.Equal(got, sound) {
				t.Errorf("the torn tail was not cut off: %d bytes, want %d", len(got), len(sound))
			}
		})
	}
}

// crash stops a hub as kill -9 would: nothing folded, nothing closed
// cleanly; only the process's locks go, as the system releases them.
func (th *testHub) crash() {
	h := th.hub
	hubClosed(h)
	th.srv.Close()
	th.srv = nil
	close(h.quit)
	<-h.done
	h.j.f.Close()
	h.versions.Close()
	h.release()
}

// An accepted POST is in the journal, not yet in FEED, which is written
// by a fold; a hub killed before it folds replays the journal when it
// starts again: FEED then holds the POST, and the stamps and until are
// those the hub gave before (the subscriber that posted is up to date).
func TestHubReplaysTheJournal(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			defer setFoldIdle(time.Hour)()
			th := startHub(t, kind, Options{Window: Window{Items: 5}})
			th.edit("A", create("a", "A"))
			e := th.endpoint("E")
			e.sync()
			onDisk := readFile(t, th.path)
			e.edit(create("b", "B"), edit("a", "A by E", false))
			e.sync()
			if got, _ := os.ReadFile(th.path); !bytes.Equal(got, onDisk) {
				t.Fatal("a POST wrote FEED; the journal should hold it until a fold")
			}
			until := th.get("/").Sharing().Until
			stampB := th.hub.st.Items["b"]
			th.crash()
			th.start(Options{Window: Window{Items: 5}})
			if got, want := itemSums(t, th.path), itemSums(t, e.local); !sameSums(got, want) {
				t.Errorf("after the restart FEED holds %v, want E's %v", got, want)
			}
			if got := th.get("/").Sharing().Until; got != until {
				t.Errorf("until %v after the restart, want %v", got, until)
			}
			if got := th.hub.st.Items["b"]; got != stampB {
				t.Errorf("b stamped %+v after the restart, want %+v", got, stampB)
			}
			if res := e.sync(); res.Pushed != 0 || res.Changed != 0 {
				t.Errorf("E's sync after the restart: %+v, want nothing pushed or changed", res)
			}
			if segs, _ := segments(journalPath(th.path)); len(segs) > 1 {
				t.Errorf("segments %v left after the start's fold", segs)
			}
		})
	}
}

// A fold writes FEED from the model, keeps the feed it replaces as
// FEED.bak, saves the stamps and empties the journal; a clean stop folds.
func TestHubFolds(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "atom", Options{})
	th.edit("A", create("a", "A"))
	th.get("/")
	e := th.endpoint("E")
	e.sync()
	before := readFile(t, th.path)
	e.edit(create("b", "B"))
	e.sync()
	if segs, _ := segments(journalPath(th.path)); len(segs) != 1 {
		t.Fatalf("segments %v, want one holding the POST", segs)
	}
	th.stop()
	if got := ids(mustParse(t, th.path, readFile(t, th.path))); got != "a,b" {
		t.Errorf("after a clean stop FEED holds %s, want a,b", got)
	}
	if bak, err := os.ReadFile(th.path + ".bak"); err != nil || !bytes.Equal(bak, before) {
		t.Errorf("FEED.bak is not the feed the fold replaced (%v)", err)
	}
	if segs, _ := segments(journalPath(th.path)); len(segs) != 0 {
		t.Errorf("segments %v left after a clean stop", segs)
	}
	st, err := loadStamps(th.hub.state, t0)
	if err != nil || st.Items["b"].At == 0 {
		t.Errorf("the saved stamps lack b: %v %+v", err, st)
	}
}

// Another command may edit FEED between folds: the hub takes its change
// in and keeps what the journal holds (it is merged with FEED), stamps
// only what changed, and an item only the journal holds is no purge
// (1.0.2 §4.2.4: since does not move).
func TestHubTakesFEEDEditedBetweenFolds(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			th := startHub(t, kind, Options{Window: Window{Items: 10}})
			th.edit("A", create("a", "A"))
			e := th.endpoint("E")
			e.sync()
			e.edit(create("e1", "E1"))
			e.sync() // e1: in the journal only
			purged := th.hub.st.Purged
			th.edit("X", edit("a", "A by X", false)) // FEED lacks e1
			if got := ids(th.get("/complete")); got != "a,e1" {
				t.Errorf("the hub serves %s, want a,e1", got)
			}
			if th.hub.st.Purged != purged {
				t.Error("an item only the journal held was taken for a purge")
			}
			if got := itemSums(t, th.path); len(got) != 2 {
				t.Errorf("after the fold FEED holds %v, want a and e1", got)
			}
			if res := e.sync(); res.OutOfSync || res.Changed != 1 || res.Pushed != 0 {
				t.Errorf("E's sync: %+v, want X's edit of a alone", res)
			}
		})
	}
}

// POSTs that arrive together share an fsync of the journal (group
// commit): while one fsync is under way, the POSTs that came meanwhile
// are written, and the next fsync makes them all durable at once. No
// fold may start meanwhile: it would hold the hub while it waits for the
// fsync held here, and the POSTs with it (under load the four came more
// than the folder's 100 ms of quiet after the first, and the test
// failed so).
func TestHubGroupCommit(t *testing.T) {
	defer setFoldIdle(time.Hour)()
	th := startHub(t, "rss", Options{MaxPosts: 8})
	th.edit("A", create("a", "A"))
	th.get("/")
	var syncs atomic.Int64
	first, release := make(chan struct{}), make(chan struct{})
	var once sync.Once
	th.hub.j.mu.Lock()
	th.hub.j.syncHook = func() {
		if syncs.Add(1) == 1 {
			once.Do(func() { close(first) })
			<-release
		}
	}
	th.hub.j.mu.Unlock()
	var wg sync.WaitGroup
	post := func(i int) {
		local := writeFeed(t, t.TempDir(), "l.xml", emptyFeeds["rss"])
		apply(t, local, stamp{"P", t0}, create(string(rune('b'+i)), "x"))
		if code, _, body := th.do("POST", "/", readFile(t, local)); code != 200 {
			t.Errorf("POST %d: %d %s", i, code, body)
		}
	}
	wg.Go(func() { post(0) })
	<-first // the first POST's fsync is under way
	for i := 1; i <= 4; i++ {
		wg.Go(func() { post(i) })
	}
	deadline := time.Now().Add(10 * time.Second)
	for th.hub.j.last() < 5 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	close(release)
	wg.Wait()
	if n := syncs.Load(); n != 2 {
		t.Errorf("%d fsyncs for 5 POSTs, 4 of them together; want 2", n)
	}
	if got := len(items(th.get("/"))); got != 6 {
		t.Errorf("the hub holds %d items, want a and the 5 posted", got)
	}
}

// A torn record at the end of the journal (the hub killed while
// appending a POST it never acknowledged) is dropped when the hub starts
// again; everything acknowledged before it is kept.
func TestHubDropsATornRecord(t *testing.T) {
	th := startHub(t, "rss", Options{})
	th.edit("A", create("a", "A"))
	e := th.endpoint("E")
	e.sync()
	e.edit(create("b", "B"))
	e.sync()
	th.crash()
	segs, _ := segments(journalPath(th.path))
	seg := journalPath(th.path) + "." + strconv.Itoa(segs[len(segs)-1])
	f, err := os.OpenFile(seg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte{0, 0, 1, 0, 1, 2, 3, 4, '<', 'r'}) // a record cut short
	f.Close()
	th.start(Options{})
	if got := ids(mustParse(t, th.path, readFile(t, th.path))); got != "a,b" {
		t.Errorf("after the restart FEED holds %s, want a,b", got)
	}
}

// setFoldIdle sets how long the hub waits without a POST before it
// folds, and returns what puts it back.
func setFoldIdle(d time.Duration) func() {
	old := foldIdle
	foldIdle = d
	return func() { foldIdle = old }
}

// TestFoldIsDueByTheJournalsShareOfFEED: a fold rewrites the whole feed,
// so the journal is folded once it holds foldRecords records and an
// eighth of FEED's size, not after a count of records alone: beside a big
// FEED, 256 one-item records are far too little to be worth a fold, and
// a POST's share of the folds stays a few times its own record (issue 21:
// a POST's cost in CPU and bytes written does not grow with the feed).
func TestFoldIsDueByTheJournalsShareOfFEED(t *testing.T) {
	for _, c := range []struct {
		records   int
		bytes     int64
		feed      int64
		want      bool
		situation string
	}{
		{255, 1 << 20, 1 << 20, false, "fewer records than foldRecords"},
		{256, 256 * 3300, 1 << 20, true, "256 records of a 1k feed's size"},
		{256, 256 * 3300, 100 << 20, false, "256 records beside a 100k feed"},
		{4000, 4000 * 3300, 100 << 20, true, "an eighth of a 100k feed"},
	} {
		h := &Hub{hubJournal: hubJournal{pending: c.records, pendingB: c.bytes}}
		h.setID(fileID{size: c.feed})
		if got := h.foldDue(); got != c.want {
			t.Errorf("%s: fold due %v, want %v", c.situation, got, c.want)
		}
	}
}

// TestJournalSegmentThatIsALinkIsRefused: a symbolic link where a journal
// segment would be is refused, with its name, and the file it names is
// left as it was: read as a segment, its bytes were a torn record, and
// cutting it off truncated the linked file to nothing.
func TestJournalSegmentThatIsALinkIsRefused(t *testing.T) {
	dir := t.TempDir()
	feed := filepath.Join(dir, "todo.xml")
	if err := os.WriteFile(feed, []byte(`<rss version="2.0"><channel><title>T</title></channel></rss>`), 0o644); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.txt")
	if err := os.WriteFile(other, []byte("precious\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, ".feedsync"), 0o755); err != nil {
		t.Fatal(err)
	}
	seg := journalPath(feed) + ".1"
	if err := os.Symlink(other, seg); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	h, err := NewHub(feed, Options{})
	if err == nil {
		h.Close()
		t.Fatal("a hub started on a journal segment that is a symbolic link")
	}
	if !strings.Contains(err.Error(), seg) || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("error %q does not name the segment and what is wrong", err)
	}
	if got, _ := os.ReadFile(other); string(got) != "precious\n" {
		t.Errorf("the linked file holds %q, want it untouched", got)
	}
}

// A record longer than 1 GiB (a POST under a raised size limit) is read
// back as it was written: the reader took 1 GiB at most and cut such a
// record off as a torn tail, after the hub had acknowledged it. Skipped
// with -short: it writes and reads a segment of 1 GiB.
func TestJournalReadsBackARecordOverAGiB(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 1 GiB journal segment")
	}
	feed := filepath.Join(t.TempDir(), "hub.xml")
	os.MkdirAll(filepath.Dir(journalPath(feed)), 0o755)
	j, _, err := openJournal(feed)
	if err != nil {
		t.Fatal(err)
	}
	seg := j.segName(j.seg)
	j.close()
	head, _ := json.Marshal(journalRecord{Stamp: 100, Until: 100, Items: []stampedID{{"big", "sum"}}})
	body := bytes.Repeat([]byte("x"), 1<<30+1<<20)
	payload := append(binary.BigEndian.AppendUint32(nil, uint32(len(head))), head...)
	crc := crc32.Update(crc32.Checksum(payload, crcTable()), crcTable(), body)
	frame := binary.BigEndian.AppendUint32(nil, uint32(len(payload)+len(body)))
	frame = binary.BigEndian.AppendUint32(frame, crc)
	f, err := os.Create(seg)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(frame)
	f.Write(payload)
	f.Write(body)
	f.Close()
	body = nil
	j, recs, err := openJournal(feed)
	if err != nil {
		t.Fatal(err)
	}
	defer j.close()
	if len(recs) != 1 || len(recs[0].Feed) != 1<<30+1<<20 {
		t.Fatalf("read %d records, want the one of 1 GiB", len(recs))
	}
}
